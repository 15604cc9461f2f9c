// open() reads an array's zarr.json once: one get() of the key, and one
// parse of the document by the core (no group sniff, no second validation,
// no JSON.parse for values).
import test from 'node:test';
import assert from 'node:assert/strict';
import { open, create } from 'zarr-rectilinear/zarrita';
import { native, toolsModule } from '#internals';
import { recordingStore, tempStore } from './support.mjs';

// Every core entry point that parses JSON text, in the module that has it.
const PARSERS = [
  ...['readGridMetadata', 'readChunkShapes', 'readEdges', 'readJSON', 'readDocument', 'validateMetadata', 'memberSpan', 'floatPlaces'].map((name) => [native, name]),
  ...['locatePointers', 'readerFacts', 'repairMetadata'].map((name) => [toolsModule.native, name]),
];

// Counts the core's parses while fn runs.
async function countParses(fn) {
  const calls = Object.fromEntries(PARSERS.map(([, name]) => [name, 0]));
  const saved = PARSERS.map(([module, name]) => module[name]);
  PARSERS.forEach(([module, name], i) => {
    module[name] = (...args) => (calls[name]++, saved[i](...args));
  });
  const parse = JSON.parse;
  JSON.parse = (...args) => (calls.JSON = (calls.JSON ?? 0) + 1, parse(...args));
  try {
    return { result: await fn(), calls };
  } finally {
    PARSERS.forEach(([module, name], i) => (module[name] = saved[i]));
    JSON.parse = parse;
  }
}

test('open reads zarr.json with one get() and parses it once', async (t) => {
  const { store: inner } = tempStore(t);
  await create(inner, { path: 'a', shape: [10, 2n ** 60n], chunk_shapes: [[4, 6], 2n ** 59n], dtype: 'uint64', fill_value: 2n ** 63n + 1n });
  const store = recordingStore(inner);
  const { result: arr, calls } = await countParses(() => open(store, { path: 'a' }));
  assert.deepEqual(store.reads.filter((key) => key.endsWith('zarr.json')), ['/a/zarr.json']);
  assert.equal(calls.readDocument, 1);
  assert.deepEqual(Object.entries(calls).filter(([name, n]) => name !== 'readDocument' && n > 0), []);
  assert.equal(arr.fillValue, 2n ** 63n + 1n);
  assert.deepEqual(arr.shape, [10, 2n ** 60n]);
});

test('open on a group reads it once; asked for an array, it says it is a group', async (t) => {
  const { store: inner } = tempStore(t);
  await inner.set('/zarr.json', new TextEncoder().encode('{"zarr_format":3,"node_type":"group","attributes":{}}'));
  const store = recordingStore(inner);
  const { calls } = await countParses(() => assert.rejects(open(store, { kind: 'array' }), /describes a group/));
  assert.deepEqual(store.reads, ['/zarr.json']);
  assert.equal(calls.readDocument, 1);
  const { result: group, calls: again } = await countParses(() => open(store));
  assert.equal(group.kind, 'group');
  assert.equal(again.readDocument, 1);
});
