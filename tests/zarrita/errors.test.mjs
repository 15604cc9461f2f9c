// Errors: a failing store, a missing or invalid zarr.json, a chunk of the
// wrong byte length, a bad value for set. Every failure rejects the whole
// call: there are no partial results without an error. Also the bounded
// concurrency of chunk fetches, and abort signals.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { open, get, set, create, StoreError } from 'zarr-rectilinear/zarrita';
import { recordingStore, tempStore } from './support.mjs';

async function fixture(t, extra = {}) {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [12, 6], chunk_shapes: [[[3, 4]], [4, 2]], dtype: 'int32', ...extra });
  await set(arr, null, { data: Int32Array.from({ length: 72 }, (_, i) => i), shape: [12, 6] });
  return { store, arr };
}

test('a store that throws on a chunk is a StoreError naming the key, with the cause', async (t) => {
  const { store } = await fixture(t);
  const failing = recordingStore(store, { failOn: (key) => key === '/c/2/1' });
  const arr = await open(failing);
  await assert.rejects(get(arr), (e) => e instanceof StoreError && e.key === '/c/2/1' && /disk on fire/.test(e.cause.message) && e.message.includes('/c/2/1'));
  // A selection that avoids the chunk still reads.
  assert.equal((await get(arr, [zarr.slice(0, 6)])).data.length, 36);
});

test('a store that throws on zarr.json is a StoreError from open', async (t) => {
  const { store } = await fixture(t);
  await assert.rejects(open(recordingStore(store, { failOn: (key) => key.endsWith('zarr.json') })), (e) => e instanceof StoreError && e.key === '/zarr.json');
});

test('after a failure no further chunk is fetched, and the call rejects', async (t) => {
  const { store } = await fixture(t);
  const failing = recordingStore(store, { failOn: (key) => key === '/c/0/0' });
  const arr = await open(failing);
  failing.reads.length = 0;
  await assert.rejects(get(arr, null, { concurrency: 1 }), StoreError);
  assert.deepEqual(failing.reads, ['/c/0/0']);
});

test('a missing zarr.json is a NotFoundError', async (t) => {
  const { store } = tempStore(t);
  await assert.rejects(open(store, { path: 'nothing' }), (e) => zarr.isZarritaError(e, 'NotFoundError') && e.path === '/nothing/zarr.json');
});

test('asking for an array where a group is: a NotFoundError that says it found a group', async (t) => {
  const { store } = tempStore(t);
  await zarr.create(store);
  await assert.rejects(open(store, { kind: 'array' }), (e) => zarr.isZarritaError(e, 'NotFoundError') && e.found === 'group');
});

test('an invalid zarr.json is an InvalidMetadataError with the JSON Pointer of the problem', async (t) => {
  const { store } = await fixture(t);
  const doc = JSON.parse(new TextDecoder().decode(await store.get('/zarr.json')));
  doc.chunk_grid.configuration.chunk_shapes[1] = [4, 1]; // sums to 5 < 6
  await store.set('/zarr.json', new TextEncoder().encode(JSON.stringify(doc)));
  await assert.rejects(open(store), (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && e.path.startsWith('/chunk_grid/configuration/chunk_shapes/1'));
  await store.set('/zarr.json', new TextEncoder().encode('{"zarr_format": 3,'));
  await assert.rejects(open(store), (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && /byte|offset|JSON/i.test(e.message));
});

test('an unknown chunk_key_encoding is an UnsupportedError', async (t) => {
  const { store } = tempStore(t);
  await assert.rejects(create(store, { shape: [2], chunk_shapes: [[2]], dtype: 'int8', chunk_key_encoding: { name: 'fancy' } }), (e) => zarr.isZarritaError(e, 'UnsupportedError') && /fancy/.test(e.message));
});

test('a chunk of the wrong byte length is a CodecPipelineError that gives both lengths', async (t) => {
  const { store, arr } = await fixture(t);
  await store.set('/c/1/0', new Uint8Array(40)); // chunk [3, 4] of int32 takes 48 bytes
  await assert.rejects(get(arr), (e) => zarr.isZarritaError(e, 'CodecPipelineError') && e.chunkPath === '/c/1/0' && /found 40 bytes; expected 48/.test(e.message));
  await store.set('/c/1/0', new Uint8Array(50));
  await assert.rejects(get(arr), /found 50 bytes; expected 48/);
});

test('a store that returns something other than bytes is a StoreError', async (t) => {
  const { store } = await fixture(t);
  const odd = { get: async (key) => (key.endsWith('zarr.json') ? store.get(key) : 'text') };
  await assert.rejects(get(await open(odd), [0, 0]), (e) => e instanceof StoreError && /Uint8Array/.test(e.message));
});

test('a store that answers at once fails as an async one does: StoreError naming the key, no read after it', async (t) => {
  const { store } = await fixture(t);
  const bytes = new Map();
  for (let i = 0; i < 3; i++) for (let j = 0; j < 2; j++) bytes.set(`/c/${i}/${j}`, await store.get(`/c/${i}/${j}`));
  bytes.set('/zarr.json', await store.get('/zarr.json'));
  const reads = [];
  const immediate = {
    get(key) {
      reads.push(key);
      if (key === '/c/1/0') throw new Error('disk on fire');
      return key === '/c/2/1' ? 'text' : bytes.get(key);
    },
  };
  const arr = await open(immediate);
  reads.length = 0;
  await assert.rejects(get(arr, null, { concurrency: 1 }), (e) => e instanceof StoreError && e.key === '/c/1/0' && /disk on fire/.test(e.cause.message));
  assert.deepEqual(reads, ['/c/0/0', '/c/0/1', '/c/1/0']);
  await assert.rejects(get(arr, [zarr.slice(8, 12)]), (e) => e instanceof StoreError && e.key === '/c/2/1' && /Uint8Array/.test(e.message));
  await assert.rejects(get(arr, null, { signal: AbortSignal.abort() }), (e) => e.name === 'AbortError');
  // What it holds, it gives: the same values as the async store.
  assert.deepEqual(await get(arr, [zarr.slice(0, 3)]), await get(await open(store), [zarr.slice(0, 3)]));
});

test('set on a store without set() is an UnsupportedError', async (t) => {
  const { store } = await fixture(t);
  const readOnly = { get: (key) => store.get(key) };
  await assert.rejects(set(await open(readOnly), [0, 0], 1), (e) => zarr.isZarritaError(e, 'UnsupportedError'));
});

test('a value whose shape differs from the selection is an InvalidSelectionError', async (t) => {
  const { arr } = await fixture(t);
  await assert.rejects(set(arr, [zarr.slice(0, 2)], { data: new Int32Array(10), shape: [2, 5] }), (e) => zarr.isZarritaError(e, 'InvalidSelectionError') && /\[2, 6\]/.test(e.message));
  await assert.rejects(set(arr, [0, 0], 'seven'), TypeError);
});

test('fetches run in parallel, never more than `concurrency` at once', async (t) => {
  const { store } = await fixture(t);
  const slow = recordingStore(store, { delayMs: 5 });
  const arr = await open(slow);
  await get(arr, null, { concurrency: 3 });
  assert.equal(slow.maxInFlight, 3);
  const again = recordingStore(store, { delayMs: 5 });
  await get(await open(again), null);
  assert.equal(again.maxInFlight, 8, 'all 8 chunks at once under the default of 16');
  await assert.rejects(get(arr, null, { concurrency: 0 }), RangeError);
});

test('an aborted signal rejects get and set', async (t) => {
  const { arr } = await fixture(t);
  const controller = new AbortController();
  controller.abort(new Error('stop'));
  await assert.rejects(get(arr, null, { signal: controller.signal }), /stop/);
  await assert.rejects(set(arr, null, 1, { signal: controller.signal }), /stop/);
});

test('open refuses what validateMetadata refuses; zarrita.js\'s codecs [] and fill_value null only with strict', async (t) => {
  const { store } = await fixture(t);
  const original = JSON.parse(new TextDecoder().decode(await store.get('/zarr.json')));
  for (const [change, path, strict] of [
    [{ codecs: [] }, '/codecs', true],
    [{ codecs: [{ name: 'bytes' }] }, '/codecs/0', false],
    [{ fill_value: null }, '/fill_value', true],
    [{ extra: 1 }, '/extra', false],
  ]) {
    await store.set('/zarr.json', new TextEncoder().encode(JSON.stringify({ ...original, ...change })));
    await assert.rejects(open(store, { strict: true }), (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && e.path === path, JSON.stringify(change));
    // zarrita.js writes these by default: read as zarrita reads them (docs/writers-ledger.md).
    if (strict) assert.equal((await open(store)).kind, 'array', JSON.stringify(change));
    else await assert.rejects(open(store), (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && e.path === path, JSON.stringify(change));
  }
});
