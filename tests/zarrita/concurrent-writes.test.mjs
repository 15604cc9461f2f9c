// Concurrent set calls on disjoint regions of the same chunks lose nothing:
// writes to one chunk (or shard) take turns in the order set was called,
// through every handle opened on that store object (write-order.test.mjs
// checks the order).
import test from 'node:test';
import assert from 'node:assert/strict';
import { open, get, set, create } from 'zarr-rectilinear/zarrita';
import { writesInFlight } from '../../js/zarrita/write-order.js';
import { random } from './support.mjs';

// An in-memory store whose every get and set takes a random (seeded) time.
function slowStore(seed) {
  const map = new Map();
  const rand = random(seed);
  const pause = () => new Promise((r) => setTimeout(r, rand.int(0, 4)));
  return {
    async get(key) {
      await pause();
      const v = map.get(key);
      return v && v.slice();
    },
    async set(key, value) {
      await pause();
      map.set(key, value.slice());
    },
  };
}

const SHARDED = [{
  name: 'sharding_indexed',
  configuration: {
    chunk_shape: [2, 5],
    codecs: [{ name: 'bytes', configuration: { endian: 'little' } }],
    index_codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'crc32c' }],
  },
}];

for (const [label, codecs] of [['unsharded', undefined], ['sharded', SHARDED]]) {
  test(`concurrent sets through two handles on one slow store write every element (${label})`, async () => {
    const store = slowStore(7);
    // 3,000 elements in few chunks: [[20, 40], [10, 30, 35]] declares 2 × 3 chunks (shards).
    const a = await create(store, { shape: [60, 50], chunk_shapes: [[20, 40], [10, 30, 10]], dtype: 'int32', fill_value: -1, codecs });
    const b = await open(store, { kind: 'array' });
    const rand = random(11);
    // One set per row, in random halves, on alternating handles, all at once:
    // each row crosses every chunk (shard) of its row of chunks.
    const jobs = [];
    for (let row = 0; row < 60; row++) {
      const split = rand.int(1, 49);
      for (const [lo, hi] of [[0, split], [split, 50]]) {
        const data = Int32Array.from({ length: hi - lo }, (_, i) => row * 50 + lo + i);
        jobs.push(set(row % 2 ? a : b, [row, { start: lo, stop: hi }], { data, shape: [hi - lo] }));
      }
    }
    await Promise.all(jobs);
    const { data } = await get(a, null);
    let wrong = 0;
    for (let i = 0; i < 3000; i++) if (data[i] !== i) wrong++;
    assert.equal(wrong, 0, `${wrong} of 3000 elements lost`);
    assert.equal(writesInFlight(store), 0, 'no write left registered');
  });
}

test('concurrent scalar sets on one chunk keep every element; a failing write releases its lock', async () => {
  const store = slowStore(3);
  const arr = await create(store, { shape: [40], chunk_shapes: [[40]], dtype: 'uint8' });
  await Promise.all(Array.from({ length: 40 }, (_, i) => set(arr, [i], i + 1)));
  assert.deepEqual(Array.from((await get(arr, null)).data), Array.from({ length: 40 }, (_, i) => i + 1));
  // A write that fails releases its lock: the next set on that chunk runs.
  const realSet = store.set;
  store.set = async () => { throw new Error('disk full'); };
  await assert.rejects(set(arr, [0], 9), (e) => e.name === 'StoreError');
  assert.equal(writesInFlight(store), 0);
  store.set = realSet;
  await set(arr, [0], 9);
  assert.equal(await get(arr, [0]), 9);
});

test('an abort while waiting for a chunk lock settles set at once, and its write never lands', async () => {
  const map = new Map();
  let releaseWrite = () => {};
  let holding = false;
  const store = {
    async get(key) { return map.get(key); },
    async set(key, value) {
      // The first write to the chunk hangs until released: it holds the lock.
      if (!holding && !key.endsWith('zarr.json')) {
        holding = true;
        await new Promise((r) => { releaseWrite = () => r(undefined); });
      }
      map.set(key, value.slice());
    },
  };
  const arr = await create(store, { shape: [4], chunk_shapes: [[4]], dtype: 'uint8' });
  const first = set(arr, [0], 1);
  while (!holding) await new Promise((r) => setTimeout(r, 1));
  const controller = new AbortController();
  const second = set(arr, [1], 2, { signal: controller.signal });
  await new Promise((r) => setTimeout(r, 5));
  controller.abort();
  const settled = await Promise.race([second.then(() => 'resolved', (e) => e.name), new Promise((r) => setTimeout(() => r('pending'), 200))]);
  assert.equal(settled, 'AbortError', 'set settles while the lock is still held');
  releaseWrite();
  await first;
  await new Promise((r) => setTimeout(r, 10));
  assert.deepEqual(Array.from((await get(arr, null)).data), [1, 0, 0, 0], 'the aborted write never landed');
  assert.equal(writesInFlight(store), 0);
});
