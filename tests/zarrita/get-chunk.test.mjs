// arr.getChunk(coords, {signal}): one chunk of the grid a reader iterates,
// as zarrita's Array.getChunk gives it. On regular stores the two are
// compared chunk by chunk (zarrita writes one of them itself); on
// rectilinear ones each chunk is checked against get() of its region.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { open, get, set, create, StoreError } from 'zarr-rectilinear/zarrita';
import { BoundedCache } from '../../js/zarrita/bounded-cache.js';
import { logical, recordingStore, sharding, tempStore } from './support.mjs';

function* allCoords(gridShape) {
  const n = gridShape.map(Number);
  if (n.some((c) => c === 0)) return;
  const at = n.map(() => 0);
  for (;;) {
    yield at.slice();
    let d = n.length - 1;
    while (d >= 0 && ++at[d] === n[d]) at[d--] = 0;
    if (d < 0) return;
  }
}

// Both readers on the same array, every chunk of the grid.
async function sideBySide(store, path) {
  const ours = await open(store, { path, kind: 'array' });
  const theirs = await zarr.open(zarr.root(store).resolve(path), { kind: 'array' });
  let count = 0;
  for (const coords of allCoords(ours.chunkGrid.gridShape)) {
    const [a, b] = await Promise.all([ours.getChunk(coords), theirs.getChunk(coords)]);
    assert.deepEqual(a.shape, b.shape, `${path} ${coords}: shape`);
    assert.deepEqual(a.stride, b.stride, `${path} ${coords}: stride`);
    assert.deepEqual(Array.from(a.data), Array.from(b.data), `${path} ${coords}: data`);
    assert.equal(a.data.constructor, b.data.constructor, `${path} ${coords}: typed array`);
    count++;
  }
  return count;
}

test('on regular stores getChunk gives what zarrita gives: edge chunks, missing chunks, transpose, gzip, sharding', async (t) => {
  const { store } = tempStore(t);
  const values = Float32Array.from({ length: 23 * 17 }, (_, n) => n * 0.25 - 3);
  // gzip (which zarrita cannot encode), edge chunks cut by the array's end, one chunk missing.
  const plain = await create(store, {
    path: 'plain', shape: [23, 17], chunk_shape: [5, 6], dtype: 'float32', fill_value: 7.5,
    codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'gzip', configuration: { level: 1 } }],
  });
  await set(plain, null, { data: values, shape: [23, 17] });
  await store.delete('/plain/c/1/1');
  // Written by zarrita: transposed, one row of chunks missing.
  const tr = await zarr.create(zarr.root(store).resolve('transposed'), {
    shape: [7, 9], chunkShape: [4, 4], dtype: 'int16', fillValue: -2,
    codecs: [{ name: 'transpose', configuration: { order: [1, 0] } }, { name: 'bytes', configuration: { endian: 'little' } }],
  });
  await zarr.set(tr, [zarr.slice(0, 4), null], { data: Int16Array.from({ length: 36 }, (_, n) => n), shape: [4, 9], stride: [9, 1] });
  // Sharded, regular outer grid (zarrita reads it; written here).
  const sh = await create(store, { path: 'sharded', shape: [12, 10], chunk_shape: [6, 10], dtype: 'uint16', fill_value: 3, codecs: [sharding([3, 5])] });
  await set(sh, [zarr.slice(0, 6), null], { data: Uint16Array.from({ length: 60 }, (_, n) => n + 100), shape: [6, 10] });
  assert.equal(await sideBySide(store, 'plain'), 15);
  assert.equal(await sideBySide(store, 'transposed'), 6);
  assert.equal(await sideBySide(store, 'sharded'), 8);
});

test('on a rectilinear array the shape is the declared chunk shape and the data is the chunk', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [26, 38], chunk_shapes: [[16, 10, 4], [[12, 2], 14]], dtype: 'int32', fill_value: -9 });
  await set(arr, null, { data: Int32Array.from({ length: 26 * 38 }, (_, n) => n), shape: [26, 38] });
  assert.deepEqual(arr.chunkGrid.gridShape, [2, 3]); // the overflow row of 4 is declared, not active
  for (const coords of allCoords(arr.grid.gridShape)) {
    const chunk = await arr.getChunk(coords);
    assert.deepEqual(chunk.shape, arr.grid.chunkShape(coords).map(Number));
    assert.deepEqual(chunk.stride, [chunk.shape[1], 1]);
    const origin = arr.grid.chunkOrigin(coords).map(Number);
    const inside = arr.grid.chunkDataShape(coords).map(Number);
    const region = await get(arr, origin.map((o, d) => zarr.slice(o, o + inside[d])));
    const cut = [];
    for (let i = 0; i < inside[0]; i++) cut.push(...chunk.data.subarray(i * chunk.shape[1], i * chunk.shape[1] + inside[1]));
    assert.deepEqual(cut, logical(region), `chunk ${coords}`);
  }
  // The second row of chunks is 16 + 10 = 26: declared 10, all inside.
  assert.deepEqual((await arr.getChunk([1, 2])).shape, [10, 14]);
});

test('a missing chunk comes back filled with the fill value, exact for uint64', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [5, 7], chunk_shapes: [[2, 3], [4, 3]], dtype: 'uint64', fill_value: 2n ** 64n - 1n });
  await set(arr, [zarr.slice(0, 2), zarr.slice(0, 4)], 5n);
  const missing = await arr.getChunk([1, 1]);
  assert.deepEqual(missing.shape, [3, 3]);
  assert.ok(missing.data instanceof BigUint64Array);
  assert.deepEqual([...missing.data], Array(9).fill(2n ** 64n - 1n));
  assert.deepEqual([...(await arr.getChunk([0, 0])).data], Array(8).fill(5n));
});

test('coordinates outside the active grid, of the wrong length or not integers are a RangeError', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [26, 38], chunk_shapes: [[16, 10, 4], [[12, 2], 14]], dtype: 'int8' });
  const sh = await create(store, { path: 's', shape: [10, 9], chunk_shapes: [[4, 6], [3, 6]], dtype: 'int8', codecs: [sharding([2, 3])] });
  for (const bad of [[2, 0], [0, 3], [-1, 0], [0.5, 0], [0], [0, 0, 0], [Number.MAX_SAFE_INTEGER + 1, 0], [2n, 0], [0, -1n]]) {
    await assert.rejects(arr.getChunk(bad), RangeError, `[${bad}]`);
  }
  await assert.rejects(arr.getChunk([0, '1']), TypeError);
  await assert.rejects(arr.getChunk('0,0'), TypeError);
  // Sharded: the grid is that of the inner chunks, [5, 3].
  assert.deepEqual(sh.chunkGrid.gridShape, [5, 3]);
  await assert.rejects(sh.getChunk([5, 0]), /expected an integer in \[0, 5\)/);
  await assert.rejects(sh.getChunk([0, 3]), RangeError);
  // Bigints within the grid read as numbers do.
  assert.deepEqual(await arr.getChunk([1n, 2n]), await arr.getChunk([1, 2]));
  assert.deepEqual(await sh.getChunk([4n, 2n]), await sh.getChunk([4, 2]));
});

test('a sharded array reads each shard index once, then one range per inner chunk', async (t) => {
  const { store: inner } = tempStore(t);
  const arr = await create(inner, { path: 's', shape: [10, 9], chunk_shapes: [[4, 6], [3, 6]], dtype: 'int32', fill_value: -1, codecs: [sharding([2, 3])] });
  await set(arr, null, { data: Int32Array.from({ length: 90 }, (_, n) => n), shape: [10, 9] });
  const store = recordingStore(inner);
  const opened = await open(store, { path: 's', kind: 'array' });
  const seen = [];
  for (const coords of allCoords(opened.chunkGrid.gridShape)) seen.push(await opened.getChunk(coords));
  for (const coords of allCoords(opened.chunkGrid.gridShape)) await opened.getChunk(coords); // all again: indices cached
  const indexReads = store.ranges.filter((r) => 'suffixLength' in r);
  assert.deepEqual(indexReads.map((r) => r.key).sort(), ['/s/c/0/0', '/s/c/0/1', '/s/c/1/0', '/s/c/1/1']);
  const chunkReads = store.ranges.filter((r) => 'offset' in r);
  assert.equal(chunkReads.length, 2 * 15); // every inner chunk, twice
  assert.ok(store.reads.every((key) => key.endsWith('zarr.json')), 'no whole shard read');
  assert.deepEqual(seen[0].shape, [2, 3]);
  assert.deepEqual([...seen[0].data], [0, 1, 2, 9, 10, 11]);
  assert.deepEqual([...seen[4].data], [21, 22, 23, 30, 31, 32]); // inner chunk [1, 1]: rows 2-3, columns 3-5
  // A store without getRange: the whole shard, read once.
  const { get: _get, set: _set } = inner;
  const plain = recordingStore({ get: _get.bind(inner), set: _set.bind(inner) });
  const whole = await open(plain, { path: 's' });
  assert.deepEqual(await whole.getChunk([1, 1]), seen[4]);
  await whole.getChunk([0, 1]);
  assert.deepEqual(plain.reads, ['/s/zarr.json', '/s/c/0/1']);
});

test('the shard cache is bounded: the least recently used index goes first', () => {
  const cache = new BoundedCache(2);
  cache.set('a', 1).set('b', 2);
  cache.get('a');
  cache.set('c', 3);
  assert.equal(cache.get('b'), undefined);
  assert.equal(cache.get('a'), 1);
  assert.equal(cache.size, 2);
});

test('getChunk takes an AbortSignal, and a failing store names the key', async (t) => {
  const { store: inner } = tempStore(t);
  const arr = await create(inner, { path: 'a', shape: [4, 4], chunk_shapes: [[2, 2], [2, 2]], dtype: 'uint8' });
  await set(arr, null, 1);
  const opened = await open(recordingStore(inner, { failOn: (key) => key === '/a/c/1/0' }), { path: 'a' });
  await assert.rejects(opened.getChunk([1, 0]), (e) => e instanceof StoreError && e.key === '/a/c/1/0' && /disk on fire/.test(e.cause.message));
  const aborted = AbortSignal.abort(new Error('stop'));
  await assert.rejects(opened.getChunk([0, 0], { signal: aborted }), /stop/);
  // The signal reaches the store.
  let given;
  const spy = await open({ get: (key, opts) => ((given = opts?.signal), inner.get(key)) }, { path: 'a' });
  const controller = new AbortController();
  await spy.getChunk([0, 0], { signal: controller.signal });
  assert.equal(given, controller.signal);
});

test('a shard read aborted by one caller is read again for another', async (t) => {
  const { store: inner } = tempStore(t);
  const arr = await create(inner, { path: 's', shape: [4, 6], chunk_shapes: [[4], [6]], dtype: 'int16', codecs: [sharding([2, 3])] });
  await set(arr, null, { data: Int16Array.from({ length: 24 }, (_, n) => n), shape: [4, 6] });
  const slow = {
    get: (key, opts) => inner.get(key, opts),
    getRange: async (key, range, opts) => {
      await new Promise((r) => setTimeout(r, 20));
      opts?.signal?.throwIfAborted();
      return inner.getRange(key, range, opts);
    },
  };
  const opened = await open(slow, { path: 's' });
  const controller = new AbortController();
  const first = opened.getChunk([0, 0], { signal: controller.signal });
  const second = opened.getChunk([1, 1]);
  controller.abort(new Error('first gave up'));
  await assert.rejects(first, /first gave up/);
  assert.deepEqual([...(await second).data], [15, 16, 17, 21, 22, 23]);
});

test('mutating what getChunk gives changes nothing in the store: a later get reads what was written', async () => {
  // zarrita's Map store and its bytes codec hand back views of the stored bytes.
  const map = new Map();
  const store = { get: (k) => map.get(k), set: (k, v) => void map.set(k, v) };
  const arr = await create(store, { path: 'a', shape: [4], chunk_shapes: [[4]], dtype: 'int32', fill_value: 0 });
  await set(arr, null, { data: Int32Array.of(1, 2, 3, 4), shape: [4] });
  const chunk = await arr.getChunk([0]);
  chunk.data[0] = 99;
  assert.deepEqual(Array.from((await get(arr)).data), [1, 2, 3, 4]);
  // A sharded array on a store without getRange: its shards are kept whole.
  const s = await create(store, { path: 's', shape: [4], chunk_shapes: [[4]], dtype: 'int32', fill_value: 0, codecs: [sharding([2])] });
  await set(s, null, { data: Int32Array.of(1, 2, 3, 4), shape: [4] });
  const inner = await s.getChunk([1]);
  inner.data[0] = 99;
  assert.deepEqual(Array.from((await s.getChunk([1])).data), [3, 4]);
  assert.deepEqual(Array.from((await get(s)).data), [1, 2, 3, 4]);
});
