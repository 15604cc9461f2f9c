// What a read holds does not depend on when the event loop next runs a
// task: reads from a store that answers at once (a Map, a cache), one after
// another with no task between them, hold no more memory after thousands
// of calls than after a few hundred. A per-call shard cache held through a
// WeakRef lived to the end of the job: 2,500 reads of a sharded array held
// 49 MB. Run with --expose-gc.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { create, get, open, set } from 'zarr-rectilinear/zarrita';
import { sharding } from './support.mjs';

// The JS heap and the ArrayBuffers outside it (a shard's bytes), after a collection.
const heap = () => {
  globalThis.gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

test('reads of a sharded array from a Map hold bounded memory, with no task between them', async () => {
  assert.equal(typeof globalThis.gc, 'function', 'run node with --expose-gc');
  const map = new Map();
  // One shard of 64 x 64 float64 (32 KB), read whole by each call: the store has no getRange.
  const written = await create(map, { path: 'a', shape: [64, 64], chunkShapes: [[64], [64]], dtype: 'float64', codecs: [sharding([8, 8])] });
  await set(written, null, { data: Float64Array.from({ length: 64 * 64 }, (_, i) => i), shape: [64, 64] });
  // A cache in front of the Map: each answer a copy, in a promise that resolves at once.
  const store = { get: async (key) => map.get(key)?.slice() };
  const arr = await open(store, { path: 'a', kind: 'array' });
  const read = async (n) => {
    for (let i = 0; i < n; i++) {
      const { data } = await get(arr, [zarr.slice(i % 8, (i % 8) + 8), zarr.slice(0, 8)]);
      assert.equal(data[0], (i % 8) * 64);
      await arr.getChunk([i % 8, 0]);
    }
  };
  // Everything below runs in one job: no await gives the event loop a turn.
  await read(300);
  const start = heap();
  await read(3000);
  const grown = heap() - start;
  assert.ok(grown < 8 * 2 ** 20, `3,000 more reads held ${(grown / 2 ** 20).toFixed(1)} MB`);
});

// The changes a store keeps are bounded: past a few thousand keys the list
// starts again from a floor, and a read from before it is stale whatever
// key it was of. A handle's cached shard index, then a write of the shard
// through another handle, then writes of 5,000 other keys: the first
// handle reads the new shard.
test('a shard written before the list of changes starts again is still read anew', async () => {
  const map = new Map();
  const a = await create(map, { path: 's', shape: [8], chunkShapes: [[8]], dtype: 'uint8', codecs: [sharding([4])] });
  await set(a, null, { data: new Uint8Array(8).fill(1), shape: [8] });
  const reader = await open(map, { path: 's', kind: 'array' });
  assert.deepEqual(Array.from((await reader.getChunk([0])).data), [1, 1, 1, 1]);
  await set(a, null, { data: new Uint8Array(8).fill(2), shape: [8] });
  const many = await create(map, { path: 'many', shape: [5000], chunkShapes: [[[1, 5000]]], dtype: 'uint8' });
  await set(many, null, { data: new Uint8Array(5000).fill(3), shape: [5000] });
  assert.deepEqual(Array.from((await reader.getChunk([0])).data), [2, 2, 2, 2]);
  assert.deepEqual(Array.from((await get(reader)).data), [2, 2, 2, 2, 2, 2, 2, 2]);
});
