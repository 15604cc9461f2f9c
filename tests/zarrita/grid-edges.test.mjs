// The edges of the grid: overflow chunks that lie wholly past the array's
// end, the partial last chunk, zero-length axes, and chunks missing from the
// store. A recording store shows which keys get reads.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { open, get, set, create } from 'zarr-rectilinear/zarrita';
import { assertMatchesReference, recordingStore, referenceGet, tempStore } from './support.mjs';

test('overflow chunks past the array\'s end are never fetched, nor written', async (t) => {
  // Shape 6 with edges [4, 4, 4]: chunk 2 lies wholly past the end.
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [6, 3], chunk_shapes: [[4, 4, 4], [2, 2, 5]], dtype: 'int32' });
  await set(arr, null, { data: Int32Array.from({ length: 18 }, (_, i) => i), shape: [6, 3] });
  assert.equal(await store.get('/c/2/0'), undefined, 'no overflow chunk written');
  assert.equal(await store.get('/c/0/2'), undefined, 'no overflow chunk written');
  const recording = recordingStore(store);
  const whole = await get(await open(recording), null);
  assert.deepEqual(Array.from(whole.data), Array.from({ length: 18 }, (_, i) => i));
  assert.deepEqual(recording.reads.filter((k) => k.includes('/c/')).sort(), ['/c/0/0', '/c/0/1', '/c/1/0', '/c/1/1']);
});

test('only the chunks that hold selected elements are fetched', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [30], chunk_shapes: [[[5, 6]]], dtype: 'uint8' });
  await set(arr, null, 7);
  const recording = recordingStore(store);
  const reopened = await open(recording);
  await get(reopened, [zarr.slice(2, 30, 10)]); // 2, 12, 22: chunks 0, 2, 4
  assert.deepEqual(recording.reads.filter((k) => k.includes('/c/')).sort(), ['/c/0', '/c/2', '/c/4']);
  recording.reads.length = 0;
  await get(reopened, [[29, 29, 0]]);
  assert.deepEqual(recording.reads.filter((k) => k.includes('/c/')).sort(), ['/c/0', '/c/5']);
});

test('the partial last chunk reads only its part inside the array', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [7], chunk_shapes: [[4, 4]], dtype: 'float32', fill_value: -1 });
  await set(arr, null, { data: Float32Array.of(0, 1, 2, 3, 4, 5, 6), shape: [7] });
  assert.deepEqual(Array.from((await get(arr, [zarr.slice(3, null)])).data), [3, 4, 5, 6]);
  assertMatchesReference(await get(arr, [zarr.slice(null, null, 2)]), await referenceGet(store, '', [zarr.slice(null, null, 2)]));
});

test('an integer-step axis declares ceil(L / m) chunks and never overflows', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [10, 4], chunk_shapes: [3, [1, 3]], dtype: 'int16' });
  await set(arr, null, { data: Int16Array.from({ length: 40 }, (_, i) => i), shape: [10, 4] });
  const r = await get(arr, [zarr.slice(8, 10)]);
  assert.deepEqual(Array.from(r.data), [32, 33, 34, 35, 36, 37, 38, 39]);
  assert.ok(await store.get('/c/3/1'));
  assert.equal(await store.get('/c/4/0'), undefined);
});

test('a zero-length axis gives empty results and fetches nothing', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [0, 5], chunk_shapes: [[4], [2, 3]], dtype: 'float64' });
  const recording = recordingStore(store);
  const reopened = await open(recording);
  const r = await get(reopened, null);
  assert.deepEqual(r.shape, [0, 5]);
  assert.equal(r.data.length, 0);
  assert.ok(r.data instanceof Float64Array);
  assert.deepEqual((await get(reopened, [zarr.slice(0, 10), [1, 4]])).shape, [0, 2]);
  assert.deepEqual(recording.reads.filter((k) => k.includes('/c/')), []);
  await set(arr, null, 1); // writes nothing, and does not fail
  await assert.rejects(get(reopened, [0]), RangeError);
});

test('a zero-length axis with an integer step reads as empty too', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [3, 0], chunk_shapes: [2, 4], dtype: 'int8' });
  assert.deepEqual(arr.grid.gridShape, [2, 0]);
  const r = await get(arr, [1]);
  assert.deepEqual(r.shape, [0]);
});

test('a missing chunk reads as the fill value', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [4, 4], chunk_shapes: [[1, 3], [2, 2]], dtype: 'int32', fill_value: 42 });
  await set(arr, [0, zarr.slice(0, 2)], { data: Int32Array.of(1, 2), shape: [2] });
  const r = await get(arr);
  assert.deepEqual(Array.from(r.data), [1, 2, 42, 42, ...new Array(12).fill(42)]);
  assertMatchesReference(r, await referenceGet(store, '', []));
});

test('an array with no chunks at all reads as the fill value', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [3], chunk_shapes: [[2, 2]], dtype: 'bool', fill_value: true });
  assert.deepEqual([...(await get(arr)).data], [true, true, true]);
});

test('a 0-d array reads and writes its single element at key "c"', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [], chunk_shapes: [], dtype: 'float64', fill_value: 2.5 });
  assert.equal(await get(arr, []), 2.5);
  await set(arr, [], 7.25);
  assert.ok(await store.get('/c'));
  assert.equal(await get(await open(store)), 7.25);
});

test('run-length edges with many chunks read without expanding the grid', async (t) => {
  // 10^6 chunks of 1 along axis 0, of which a strided slice touches 4.
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [1000000], chunk_shapes: [[[1, 1000000]]], dtype: 'uint32', fill_value: 5 });
  await set(arr, [[3, 999999]], { data: Uint32Array.of(30, 99), shape: [2] });
  const recording = recordingStore(store);
  const r = await get(await open(recording), [zarr.slice(3, null, 333332)]);
  assert.deepEqual(Array.from(r.data), [30, 5, 5, 99]);
  assert.equal(recording.reads.filter((k) => k.includes('/c/')).length, 4);
});
