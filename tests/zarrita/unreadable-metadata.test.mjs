// A zarr.json that is no node at all (not JSON, a byte-order mark, garbage,
// not an object, no node_type) is reported as what it is, by open whatever
// kind it asks for and by withConsolidatedMetadata: never as "describes an
// array". Running out of WebAssembly memory while reading it is a RangeError
// with code OUT_OF_MEMORY (docs/memory.md), and the reader works afterwards.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { get, open, withConsolidatedMetadata, withMaybeConsolidatedMetadata } from 'zarr-rectilinear/zarrita';
import { memoryStore } from './support.mjs';
// The module object is internal: reach it through the package's own file.
import { native } from '#internals';

const utf8 = (text) => new TextEncoder().encode(text);

// Each text, and what its error must say.
const UNREADABLE = [
  ['{"zarr_format": 3, "node_type": "group", ', /found invalid JSON at byte 41/],
  ['\u0000\u0001garbage', /found a NUL byte at byte 0; expected JSON text/],
  ['', /The document is empty/],
  ['[1, 2]', /found an array; expected a zarr.json object/],
  ['{"zarr_format": 3, "attributes": {}}', /\/node_type: found no "node_type"/],
];

function storeWith(key, text) {
  const store = memoryStore();
  store.map.set(key, utf8(text));
  return store;
}

const isInvalid = (pattern) => (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && pattern.test(e.message) && !/describes/.test(e.message);

test('open reports a zarr.json that is not a node as it is, whatever kind it asks for', async () => {
  for (const [text, pattern] of UNREADABLE) {
    const store = storeWith('/g/zarr.json', text);
    for (const kind of ['group', 'array', undefined]) {
      await assert.rejects(open(store, { path: 'g', kind }), isInvalid(pattern), `${JSON.stringify(text)} as ${kind}`);
    }
  }
});

// A byte-order mark is a writers' ledger entry (docs/writers-ledger.md):
// read with a warning by default, refused as it is with strict.
test('a zarr.json that starts with a byte-order mark opens, and strict refuses it as such', async () => {
  const store = storeWith('/g/zarr.json', '\ufeff{"zarr_format": 3, "node_type": "group", "attributes": {}}');
  assert.deepEqual((await open(store, { path: 'g', kind: 'group' })).attrs, {});
  for (const kind of ['group', 'array', undefined]) {
    await assert.rejects(open(store, { path: 'g', kind, strict: true }), isInvalid(/byte-order mark/), String(kind));
  }
});

// As the README says: an array whose zarr.json starts with a byte-order
// mark opens and reads, and its grid carries the warning.
test('an array whose zarr.json starts with a byte-order mark opens and reads, with the warning', async () => {
  const text = '\ufeff{"zarr_format":3,"node_type":"array","shape":[4],"data_type":"uint8","chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2]}},' +
    '"chunk_key_encoding":{"name":"default"},"fill_value":7,"codecs":[{"name":"bytes"}]}';
  const store = storeWith('/a/zarr.json', text);
  const arr = await open(store, { path: 'a', kind: 'array' });
  assert.deepEqual(Array.from((await get(arr, [null])).data), [7, 7, 7, 7]);
  assert.deepEqual(arr.grid.warnings.map((w) => w.code), ['BYTE_ORDER_MARK']);
  await assert.rejects(open(store, { path: 'a', kind: 'array', strict: true }), isInvalid(/byte-order mark/));
});

test('withConsolidatedMetadata reports a root zarr.json that is not a node as it is', async () => {
  for (const [text, pattern] of UNREADABLE) {
    const store = storeWith('/zarr.json', text);
    await assert.rejects(withConsolidatedMetadata(store), isInvalid(pattern), JSON.stringify(text));
    // The maybe variant still gives the store back: it holds no usable consolidated metadata.
    assert.equal(await withMaybeConsolidatedMetadata(store), store);
  }
  // A real array at the root still says so.
  const array = storeWith('/zarr.json', JSON.stringify({
    zarr_format: 3, node_type: 'array', shape: [2], data_type: 'uint8', chunk_grid: { name: 'regular', configuration: { chunk_shape: [2] } },
    chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [{ name: 'bytes' }],
  }));
  await assert.rejects(withConsolidatedMetadata(array), /describes an array/);
});

// The core reporting that it ran out of WebAssembly memory while reading,
// as its guard does (tests/js/out-of-memory.test.mjs fills the real heap;
// that takes minutes here, so the core's answer is stood in for).
test('out of memory while reading zarr.json is a RangeError, and everything works after', async () => {
  const group = '{"zarr_format": 3, "node_type": "group", "attributes": {"title": "t"}}';
  const store = storeWith('/g/zarr.json', group);
  store.map.set('/zarr.json', utf8(group.replace('"attributes"', '"consolidated_metadata": {"kind": "inline", "must_understand": false, "metadata": {}}, "attributes"')));
  const saved = native.readDocument;
  native.readDocument = () => {
    throw Object.assign(new RangeError('out of WebAssembly memory (the 4 GiB heap is full)'), { code: 'OUT_OF_MEMORY' });
  };
  try {
    const oom = (e) => e instanceof RangeError && e.code === 'OUT_OF_MEMORY' && /reading \/(g\/)?zarr\.json: .*out of WebAssembly memory/.test(e.message);
    await assert.rejects(open(store, { path: 'g', kind: 'group' }), oom);
    await assert.rejects(open(store, { path: 'g' }), oom);
    await assert.rejects(withConsolidatedMetadata(store), oom);
    await assert.rejects(withMaybeConsolidatedMetadata(store), oom);
  } finally {
    native.readDocument = saved;
  }
  assert.deepEqual((await open(store, { path: 'g', kind: 'group' })).attrs, { title: 't' });
  assert.equal((await withConsolidatedMetadata(store)).contents().length, 1);
});
