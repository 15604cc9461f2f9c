// Reading: open() builds the ChunkGrid from zarr.json, and get() reads every
// kind of selection, checked by hand and against the element-at-a-time
// reference reader (support.mjs).
//
// The main fixture is the spec's example: shape [26, 38], chunk edges
// [[16, 10], [24, 14]], int32 values 100 * i + j, so that every value says
// where it came from.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { ChunkGrid } from 'zarr-rectilinear';
import { open, get, set, create, RectilinearArray } from 'zarr-rectilinear/zarrita';
import { assertMatchesReference, referenceGet, tempStore } from './support.mjs';

const SHAPE = [26, 38];
const value = (i, j) => 100 * i + j;

async function specExample(t, extra = {}) {
  const { store } = tempStore(t);
  const arr = await create(store, { path: 'spec', shape: SHAPE, chunk_shapes: [[16, 10], [24, 14]], dtype: 'int32', fill_value: -1, attributes: { units: 'K' }, ...extra });
  const data = Int32Array.from({ length: 26 * 38 }, (_, n) => value(Math.floor(n / 38), n % 38));
  await set(arr, null, { data, shape: SHAPE });
  return { store, arr: await open(store, { path: 'spec' }) };
}

const values = ({ data }) => Array.from(data);

test('open reads shape, dtype, attributes, fill value and codecs from zarr.json', async (t) => {
  const { arr } = await specExample(t);
  assert.ok(arr instanceof RectilinearArray);
  assert.equal(arr.kind, 'array');
  assert.deepEqual(arr.shape, [26, 38]);
  assert.equal(arr.ndim, 2);
  assert.equal(arr.dtype, 'int32');
  assert.deepEqual(arr.attrs, { units: 'K' });
  assert.equal(arr.fillValue, -1);
  assert.deepEqual(arr.codecs, [{ name: 'bytes', configuration: { endian: 'little' } }]);
  assert.equal(arr.path, '/spec');
});

test('open builds the ChunkGrid of the rectilinear chunk_grid', async (t) => {
  const { arr } = await specExample(t);
  assert.ok(arr.grid instanceof ChunkGrid);
  assert.ok(arr.grid.equals(ChunkGrid.fromChunkShapes([26, 38], [[16, 10], [24, 14]])));
  assert.deepEqual(arr.grid.locate([20, 15]), { chunk: [1, 0], offset: [4, 15] });
});

test('open reads a regular chunk_grid through the same ChunkGrid', async (t) => {
  const { store } = tempStore(t);
  await create(store, { shape: [10, 7], chunk_shape: [4, 3], dtype: 'uint8' });
  const arr = await open(store);
  assert.equal(arr.grid.isRegular, true);
  assert.deepEqual(arr.grid.declaredGridShape, [3, 3]);
  assert.equal(arr.path, '/');
});

test('open accepts a path with or without slashes, and a zarrita Location', async (t) => {
  const { store } = tempStore(t);
  await create(store, { path: 'group/temperature', shape: [3], chunk_shapes: [[1, 2]], dtype: 'int8' });
  for (const path of ['group/temperature', '/group/temperature', 'group/temperature/']) {
    assert.equal((await open(store, { path })).path, '/group/temperature');
  }
  assert.equal((await open(zarr.root(store).resolve('group'), { path: 'temperature' })).path, '/group/temperature');
  assert.equal((await open(zarr.root(store).resolve('group/temperature'))).path, '/group/temperature');
});

test('chunk keys follow the default encoding: c/i/j', async (t) => {
  const { arr } = await specExample(t);
  assert.equal(arr.chunkKey([1, 0]), '/spec/c/1/0');
});

test('null selects the whole array, and so does a missing selection', async (t) => {
  const { store, arr } = await specExample(t);
  const whole = await get(arr, [null, null]);
  assert.deepEqual(whole.shape, SHAPE);
  assert.deepEqual(whole.stride, [38, 1]);
  assert.ok(whole.data instanceof Int32Array);
  assert.equal(whole.data[20 * 38 + 15], value(20, 15));
  assertMatchesReference(whole, await referenceGet(store, 'spec', []));
  assert.deepEqual(values(await get(arr)), values(whole));
  assert.deepEqual(values(await get(arr, null)), values(whole));
});

test('a selection shorter than ndim takes the remaining axes whole', async (t) => {
  const { arr } = await specExample(t);
  const row = await get(arr, [20]);
  assert.deepEqual(row.shape, [38]);
  assert.deepEqual(values(row), Array.from({ length: 38 }, (_, j) => value(20, j)));
});

test('an integer on every axis gives a scalar, as zarrita does', async (t) => {
  const { arr } = await specExample(t);
  assert.equal(await get(arr, [20, 15]), value(20, 15));
  assert.equal(await get(arr, [0, 0]), 0);
});

test('a negative integer counts from the end', async (t) => {
  const { arr } = await specExample(t);
  assert.equal(await get(arr, [-1, -1]), value(25, 37));
  assert.equal(await get(arr, [-26, -38]), value(0, 0));
  assert.deepEqual(values(await get(arr, [null, -3])), Array.from({ length: 26 }, (_, i) => value(i, 35)));
});

test('an integer outside the axis is a RangeError', async (t) => {
  const { arr } = await specExample(t);
  await assert.rejects(get(arr, [26, 0]), RangeError);
  await assert.rejects(get(arr, [-27, 0]), RangeError);
});

test('zarr.slice and {start, stop, step} select the same elements, across chunk boundaries', async (t) => {
  const { store, arr } = await specExample(t);
  const a = await get(arr, [zarr.slice(10, 20), zarr.slice(20, 30)]);
  const b = await get(arr, [{ start: 10, stop: 20 }, { start: 20, stop: 30, step: null }]);
  assert.deepEqual(a.shape, [10, 10]);
  assert.deepEqual(values(a), values(b));
  assert.equal(a.data[0], value(10, 20));
  assert.equal(a.data[99], value(19, 29));
  assertMatchesReference(a, await referenceGet(store, 'spec', [zarr.slice(10, 20), zarr.slice(20, 30)]));
});

test('a slice with a step takes every step-th element, skipping chunks it passes over', async (t) => {
  const { store, arr } = await specExample(t);
  const sel = [zarr.slice(1, 26, 7), zarr.slice(null, null, 5)];
  const r = await get(arr, sel);
  assert.deepEqual(r.shape, [4, 8]);
  assert.deepEqual(values(r).slice(0, 8), [0, 5, 10, 15, 20, 25, 30, 35].map((j) => value(1, j)));
  assertMatchesReference(r, await referenceGet(store, 'spec', sel));
});

test('slice bounds follow Python: negative from the end, clamped to the axis', async (t) => {
  const { store, arr } = await specExample(t);
  const sel = [zarr.slice(-5, 100), zarr.slice(-100, -30, 3)];
  const r = await get(arr, sel);
  assert.deepEqual(r.shape, [5, 3]);
  assertMatchesReference(r, await referenceGet(store, 'spec', sel));
  assert.deepEqual((await get(arr, [zarr.slice(10, 5), null])).shape, [0, 38]);
});

test('a slice step below 1 is a RangeError', async (t) => {
  const { arr } = await specExample(t);
  await assert.rejects(get(arr, [{ start: 0, stop: 5, step: 0 }]), RangeError);
  await assert.rejects(get(arr, [{ start: 5, stop: 0, step: -1 }]), RangeError);
});

test('an integer array selects orthogonally, in its order, with repeats and negatives', async (t) => {
  const { store, arr } = await specExample(t);
  const sel = [[25, 0, -1, 17, 17], [3, -38, 30]];
  const r = await get(arr, sel);
  assert.deepEqual(r.shape, [5, 3]);
  assert.deepEqual(values(r).slice(0, 3), [value(25, 3), value(25, 0), value(25, 30)]);
  assertMatchesReference(r, await referenceGet(store, 'spec', sel));
  const typed = await get(arr, [new Int32Array([25, 0, -1, 17, 17]), new Float64Array([3, -38, 30])]);
  assert.deepEqual(values(typed), values(r));
});

test('a boolean mask selects the true positions of its axis', async (t) => {
  const { store, arr } = await specExample(t);
  const mask = Array.from({ length: 38 }, (_, j) => j % 9 === 4);
  const r = await get(arr, [3, mask]);
  assert.deepEqual(values(r), [4, 13, 22, 31].map((j) => value(3, j)));
  const bytes = Uint8Array.from({ length: 26 }, (_, i) => (i > 13 && i < 18 ? 1 : 0));
  const sel = [bytes, mask];
  assertMatchesReference(await get(arr, sel), await referenceGet(store, 'spec', sel));
});

test('a mask of the wrong length is a RangeError', async (t) => {
  const { arr } = await specExample(t);
  await assert.rejects(get(arr, [[true, false]]), RangeError);
});

test('a selection longer than ndim is a TypeError', async (t) => {
  const { arr } = await specExample(t);
  await assert.rejects(get(arr, [0, 0, 0]), TypeError);
});

test('mixed selections combine per axis', async (t) => {
  const { store, arr } = await specExample(t);
  const sel = [zarr.slice(2, 24, 3), [30, 1, 15]];
  assertMatchesReference(await get(arr, sel), await referenceGet(store, 'spec', sel));
  const sel2 = [[-1, 12, 16], zarr.slice(null, null, 13)];
  assertMatchesReference(await get(arr, sel2), await referenceGet(store, 'spec', sel2));
});

test('{blocks} selects whole chunks, clipped to the array', async (t) => {
  const { arr } = await specExample(t);
  const r = await get(arr, [{ blocks: [1, 2] }, { blocks: [0, 1] }]);
  assert.deepEqual(r.shape, [10, 24]);
  assert.equal(r.data[0], value(16, 0));
});

test('get reads bigint selections too', async (t) => {
  const { arr } = await specExample(t);
  assert.equal(await get(arr, [20n, 15n]), value(20, 15));
  const r = await get(arr, [zarr.slice(3n, 5n), [1n, -1n]]);
  assert.deepEqual(values(r), [value(3, 1), value(3, 37), value(4, 1), value(4, 37)]);
});

test('get rejects anything but an opened array', async () => {
  await assert.rejects(get({ shape: [3] }, null), TypeError);
});
