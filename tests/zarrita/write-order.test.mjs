// Writes through a handle are what its reads see next, and writes to one
// chunk land in the order set was called, whatever their size, codec
// (bytes, gzip) or concurrency:
// - getChunk on a sharded array keeps shard indices (or whole shards) in a
//   cache; a set through any handle on the same store object, or an
//   overwrite, leaves nothing stale in it;
// - a set that covers a whole chunk takes its turn before it encodes;
// - a set of many chunks, still working through its pool, is not overtaken
//   on a chunk it has not reached yet by a later set;
// - a ranged read of a shard (its index, then an inner chunk) that a set
//   rewrites in between never pairs the old index with the new bytes.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { open, get, set, create, createGroup } from 'zarr-rectilinear/zarrita';
import { writesInFlight } from '../../js/zarrita/write-order.js';
import { memoryStore, random } from './support.mjs';

const bytesCodec = { name: 'bytes', configuration: { endian: 'little' } };
const gzip = { name: 'gzip', configuration: { level: 1 } };
const sharding = (chunk_shape, codecs = [bytesCodec]) => ({
  name: 'sharding_indexed',
  configuration: { chunk_shape, codecs, index_codecs: [bytesCodec, { name: 'crc32c' }] },
});

// A Map store with delete, and getRange, or (ranges: false) get alone.
function rangeStore({ ranges = true } = {}) {
  const store = memoryStore();
  store.delete = async (key) => void store.map.delete(key);
  if (ranges) {
    store.getRange = async (key, range) => {
      const bytes = store.map.get(key);
      if (!bytes) return undefined;
      const start = 'suffixLength' in range ? bytes.length - range.suffixLength : range.offset;
      return bytes.slice(start, 'suffixLength' in range ? bytes.length : start + range.length);
    };
  }
  return store;
}

for (const ranges of [true, false]) {
  const label = ranges ? 'indices cached' : 'whole shards cached';
  test(`getChunk after a set on the same sharded handle reads what was written (${label})`, async () => {
    const store = rangeStore({ ranges });
    // Shape [8]: shards of 4, inner chunks of 2.
    const arr = await create(store, { shape: [8], chunk_shapes: [[4, 4]], dtype: 'int32', fill_value: -1, codecs: [sharding([2])] });
    await set(arr, [zarr.slice(0, 2)], { data: Int32Array.of(1, 2), shape: [2] });
    assert.deepEqual([...(await arr.getChunk([0])).data], [1, 2]);
    assert.deepEqual([...(await arr.getChunk([1])).data], [-1, -1], 'an empty inner chunk of a shard in the cache');
    assert.deepEqual([...(await arr.getChunk([2])).data], [-1, -1], 'a missing shard in the cache');
    // Rewrite an inner chunk, write one that was empty, and create the missing shard.
    await set(arr, [zarr.slice(0, 2)], { data: Int32Array.of(100, 200), shape: [2] });
    await set(arr, [zarr.slice(2, 4)], { data: Int32Array.of(3, 4), shape: [2] });
    await set(arr, [zarr.slice(4, 6)], { data: Int32Array.of(5, 6), shape: [2] });
    assert.deepEqual([...(await arr.getChunk([0])).data], [100, 200]);
    assert.deepEqual([...(await arr.getChunk([1])).data], [3, 4]);
    assert.deepEqual([...(await arr.getChunk([2])).data], [5, 6]);
    // A scalar set over everything, then each chunk again.
    await set(arr, null, 9);
    for (let c = 0; c < 4; c++) assert.deepEqual([...(await arr.getChunk([c])).data], [9, 9], `chunk ${c}`);
    // What get and a fresh handle see agree.
    assert.deepEqual([...(await get(arr)).data], new Array(8).fill(9));
    assert.deepEqual([...(await get(await open(store, { kind: 'array' }))).data], new Array(8).fill(9));
  });
  test(`getChunk on one handle after a set or an overwrite through another reads what was written (${label})`, async () => {
    const store = rangeStore({ ranges });
    const shape = { shape: [8], chunk_shapes: [[4, 4]], dtype: 'int32', fill_value: -1, codecs: [sharding([2])] };
    const writer = await create(store, shape);
    // Shard 0 holds inner chunk 1 alone, at its first byte.
    await set(writer, [zarr.slice(2, 4)], { data: Int32Array.of(3, 4), shape: [2] });
    const reader = await open(store, { kind: 'array' });
    assert.deepEqual([...(await reader.getChunk([1])).data], [3, 4]);
    assert.deepEqual([...(await reader.getChunk([0])).data], [-1, -1], 'an empty inner chunk in the reader\'s cache');
    assert.deepEqual([...(await reader.getChunk([2])).data], [-1, -1], 'a missing shard in the reader\'s cache');
    // Inner chunk 0 written takes the shard's first bytes, and moves chunk
    // 1 after it: an old index would read chunk 0's bytes for chunk 1. The
    // missing shard is written.
    await set(writer, [zarr.slice(0, 2)], { data: Int32Array.of(1, 2), shape: [2] });
    await set(writer, [zarr.slice(4, 6)], { data: Int32Array.of(5, 6), shape: [2] });
    assert.deepEqual([...(await reader.getChunk([1])).data], [3, 4]);
    assert.deepEqual([...(await reader.getChunk([0])).data], [1, 2]);
    assert.deepEqual([...(await reader.getChunk([2])).data], [5, 6]);
    // An overwrite removes the shards: the reader's cache drops them too.
    await create(store, { ...shape, overwrite: true });
    assert.deepEqual([...(await reader.getChunk([1])).data], [-1, -1], 'a shard removed by an overwrite');
  });
}

// Store writes of the chunk key, in the order they landed, decoded by the
// array's own reader: the values each write left.
function landed(store, key) {
  const order = [];
  const inner = store.set;
  store.set = async (k, v) => {
    if (k === key) order.push(v);
    return inner(k, v);
  };
  return order;
}

for (const codecs of [[bytesCodec], [bytesCodec, gzip]]) {
  const label = codecs.map((c) => c.name).join(' + ');
  test(`a whole-chunk set, then a partial set of the same chunk: the partial one lands last (${label})`, async () => {
    for (let run = 0; run < 10; run++) {
      const store = memoryStore();
      const arr = await create(store, { shape: [4], chunk_shapes: [[4]], dtype: 'uint8', codecs });
      const writes = landed(store, '/c/0');
      await Promise.all([
        set(arr, null, { data: Uint8Array.of(1, 2, 3, 4), shape: [4] }),
        set(arr, [zarr.slice(0, 1)], 9),
      ]);
      assert.deepEqual([...(await get(arr)).data], [9, 2, 3, 4], `run ${run}`);
      assert.equal(writes.length, 2);
    }
  });

  test(`two whole-chunk sets land in the order they were called (${label})`, async () => {
    // The first value takes longer to encode (random bytes) than the second (a scalar).
    const rand = random(9);
    const first = Uint8Array.from({ length: 1 << 16 }, () => rand.int(0, 255));
    for (let run = 0; run < 10; run++) {
      const store = memoryStore();
      const arr = await create(store, { shape: [1 << 16], chunk_shapes: [[1 << 16]], dtype: 'uint8', codecs });
      await Promise.all([set(arr, null, { data: first, shape: [1 << 16] }), set(arr, null, 7)]);
      const { data } = await get(arr);
      assert.ok(data.every((v) => v === 7), `run ${run}: the first write landed last`);
    }
  });
}

// 32 chunks are listed key by key when set is called; 3,000 are too many
// to list, and are kept per axis: both orders hold.
for (const chunks of [32, 3000]) {
  test(`a set of ${chunks} chunks is not overtaken on a chunk it has not reached yet`, async () => {
    const store = memoryStore();
    const n = 2 * chunks;
    const arr = await create(store, { shape: [n], chunk_shapes: [2], dtype: 'uint8', codecs: chunks > 100 ? [bytesCodec] : [bytesCodec, gzip] });
    // One chunk at a time; then at once a whole-chunk and a partial set of the last chunk,
    // another set of every other element after them, and one of the others after all.
    const first = set(arr, null, 1, { concurrency: 1 });
    const second = set(arr, [zarr.slice(n - 2, n)], { data: Uint8Array.of(2, 3), shape: [2] });
    const third = set(arr, [n - 1], 4);
    const fourth = set(arr, [zarr.slice(0, n - 2, 2)], 5, { concurrency: 3 });
    const fifth = set(arr, [n - 4], 6);
    const sixth = set(arr, [zarr.slice(1, n, 2)], 7, { concurrency: 2 });
    await Promise.all([first, second, third, fourth, fifth, sixth]);
    const { data } = await get(arr);
    assert.deepEqual([...data.subarray(n - 6)], [5, 7, 6, 7, 2, 7]);
    assert.ok(data.subarray(0, n - 6).every((v, i) => v === (i % 2 ? 7 : 5)));
    assert.equal(writesInFlight(store), 0);
  });
}

test('a large set waits for a small earlier one still writing its chunk', async () => {
  const store = memoryStore();
  const arr = await create(store, { shape: [4000], chunk_shapes: [2], dtype: 'uint8' });
  // The first write of the last chunk hangs until released.
  const inner = store.set;
  let release = () => {};
  let held = false;
  store.set = async (key, value) => {
    if (key === '/c/1999' && !held) {
      held = true;
      await new Promise((r) => { release = () => r(undefined); });
    }
    return inner(key, value);
  };
  const small = set(arr, [3999], 9);
  const large = set(arr, null, 1, { concurrency: 8 });
  while (!held) await new Promise((r) => setTimeout(r, 1));
  await new Promise((r) => setTimeout(r, 50)); // the large set has had time to reach the last chunk
  release();
  await Promise.all([small, large]);
  const { data } = await get(arr);
  assert.ok(data.every((v) => v === 1), `found ${data[3999]} at the end`);
  assert.equal(writesInFlight(store), 0);
});

test('random overlapping sets through two handles leave what the last call of each element wrote', async () => {
  for (const [label, codecs] of [['chunks', [bytesCodec, gzip]], ['shards', [sharding([3], [bytesCodec, gzip])]]]) {
    const store = memoryStore();
    const a = await create(store, { shape: [30], chunk_shapes: [[6, 12, 12]], dtype: 'uint16', codecs });
    const b = await open(store, { kind: 'array' });
    const rand = random(5);
    const expected = new Array(30).fill(0);
    const calls = [];
    for (let n = 1; n <= 60; n++) {
      const start = rand.int(0, 29);
      const stop = rand.int(start + 1, 30);
      for (let i = start; i < stop; i++) expected[i] = n;
      const value = rand() < 0.5 ? n : { data: new Uint16Array(stop - start).fill(n), shape: [stop - start] };
      calls.push(set(n % 2 ? a : b, [zarr.slice(start, stop)], value, { concurrency: rand.int(1, 4) }));
    }
    await Promise.all(calls);
    assert.deepEqual([...(await get(a)).data], expected, label);
    assert.equal(writesInFlight(store), 0);
  }
});

// A Map store with ranged reads. Each read takes its bytes when it is made;
// `hold(predicate)` delays the answer of the reads it matches (a slow
// response) until `release()`.
function rangedStore() {
  const map = new Map();
  let held = null;
  let gate = null;
  let open = () => {};
  const slow = async (key, range, bytes) => {
    if (held?.(key, range)) await gate;
    return bytes;
  };
  const cut = (bytes, range) => {
    if (!bytes) return undefined;
    if (range === undefined) return bytes;
    if ('suffixLength' in range) return bytes.slice(bytes.length - range.suffixLength);
    return bytes.slice(range.offset, range.offset + range.length);
  };
  return {
    map,
    get: (key) => slow(key, undefined, cut(map.get(key))),
    getRange: (key, range) => slow(key, range, cut(map.get(key), range)),
    set: async (key, value) => void map.set(key, value),
    hold(predicate) {
      held = predicate;
      gate = new Promise((resolve) => { open = resolve; });
    },
    release() {
      held = null;
      open();
    },
  };
}

test('getChunk of a sharded array never gives another inner chunk\'s bytes when a set rewrites the shard while its index is in flight', async () => {
  const store = rangedStore();
  const arr = await create(store, { path: 's', shape: [4], chunk_shapes: [[4]], dtype: 'int32', fill_value: 0, codecs: [sharding([2])] });
  await set(arr, [zarr.slice(2, 4)], { data: Int32Array.of(7, 8), shape: [2] }); // inner chunk 1 alone, at offset 0
  // The index read takes the old index now and answers late.
  store.hold((key, range) => key === '/s/c/0' && range && 'suffixLength' in range);
  const reading = arr.getChunk([1]);
  await new Promise((r) => setTimeout(r, 10));
  // Inner chunk 0 is written: it now lies at offset 0, inner chunk 1 after it.
  await set(arr, [zarr.slice(0, 2)], { data: Int32Array.of(1, 2), shape: [2] });
  store.release();
  const chunk = await reading;
  // Old or new, inner chunk 1 holds 7, 8; never inner chunk 0's 1, 2.
  assert.deepEqual(Array.from(chunk.data), [7, 8]);
});

test('get of a sharded array never gives another inner chunk\'s bytes when a set rewrites the shard while its index is in flight', async () => {
  const store = rangedStore();
  const arr = await create(store, { path: 's', shape: [4], chunk_shapes: [[4]], dtype: 'int32', fill_value: 0, codecs: [sharding([2])] });
  await set(arr, [zarr.slice(2, 4)], { data: Int32Array.of(7, 8), shape: [2] });
  store.hold((key, range) => key === '/s/c/0' && range && 'suffixLength' in range);
  const reading = get(arr, [zarr.slice(2, 4)]);
  await new Promise((r) => setTimeout(r, 10));
  await set(arr, [zarr.slice(0, 2)], { data: Int32Array.of(1, 2), shape: [2] });
  store.release();
  assert.deepEqual(Array.from((await reading).data), [7, 8]);
});

// An overwrite removes the old node's keys; a set called before it, still
// writing, must land before that removal, or its chunks read as the new
// array's data. Chunk writes are slow here; a listing store and one that
// cannot list (keys named by the old grid), few chunks and too many to list.
for (const listing of [true, false]) {
  for (const length of [4, 4000]) {
    test(`create with overwrite waits for a set on the old array still writing (${listing ? 'listing store' : 'store that cannot list'}, ${length / 2} chunks)`, async () => {
      const map = new Map();
      const store = {
        get: async (k) => map.get(k),
        set: async (k, v) => {
          if (k.includes('/c/')) await new Promise((r) => setTimeout(r, 20));
          map.set(k, v);
        },
        delete: async (k) => void map.delete(k),
        has: async (k) => map.has(k),
        ...(listing && { keys: () => [...map.keys()] }),
      };
      const old = await create(store, { path: 'g/v', shape: [length], chunk_shape: [2], dtype: 'int32' });
      let pending = set(old, null, 7);
      const fresh = await create(store, { path: 'g/v', shape: [length], chunk_shape: [2], dtype: 'int32', fill_value: -1, overwrite: true });
      await pending;
      assert.deepEqual(new Set((await get(fresh)).data), new Set([-1]), 'no chunk of the old array reads as the new one\'s');
      assert.equal(writesInFlight(store), 0);
      if (!listing) return;
      // An overwrite of the parent removes every key under it, those of a set still writing too.
      pending = set(fresh, null, 7);
      await createGroup(store, { path: 'g', overwrite: true });
      await pending;
      assert.deepEqual([...map.keys()].filter((k) => k.startsWith('/g/')), ['/g/zarr.json']);
    });
  }
}
