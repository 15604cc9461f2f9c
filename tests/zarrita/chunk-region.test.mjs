// arr.chunkRegion(coords): where getChunk(coords)'s chunk lies, in the
// coordinates getChunk takes. For a sharded array these are the inner
// chunks; the outer grid (arr.grid) would give a shard's origin, or refuse
// coordinates past the shards. Each region is checked against get() of it.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { open, get, set, create } from 'zarr-rectilinear/zarrita';
import { logical, sharding, tempStore } from './support.mjs';

// Every chunk: its region's data part equals get() of that region.
async function checkEveryRegion(arr) {
  const [rows, cols] = arr.chunkGrid.gridShape;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const { origin, shape, dataShape } = arr.chunkRegion([i, j]);
      const chunk = await arr.getChunk([i, j]);
      assert.deepEqual(chunk.shape, shape, `[${i}, ${j}]: shape is getChunk's`);
      const region = await get(arr, origin.map((o, d) => zarr.slice(o, o + dataShape[d])));
      const cut = [];
      for (let a = 0; a < dataShape[0]; a++) for (let b = 0; b < dataShape[1]; b++) cut.push(chunk.data[a * chunk.stride[0] + b * chunk.stride[1]]);
      assert.deepEqual(cut, logical(region), `[${i}, ${j}]: data`);
    }
  }
}

test('a sharded array: regions of inner chunks, where the outer grid would be wrong or refuse', async (t) => {
  const { store } = tempStore(t);
  // Shards [[4, 6], [3, 6]] over [9, 8]: the last row and column of shards
  // reach past the array, so edge inner chunks are cut.
  await create(store, { path: 's', shape: [9, 8], chunkShapes: [[4, 6], [3, 6]], dtype: 'int32', fillValue: -1, codecs: [sharding([2, 3])] });
  const arr = await open(store, { path: 's', kind: 'array' });
  await set(arr, null, { data: Int32Array.from({ length: 72 }, (_, n) => n), shape: [9, 8] });
  assert.deepEqual(arr.chunkGrid.gridShape, [5, 3]);
  assert.deepEqual(arr.chunkRegion([1, 1]), { origin: [2, 3], shape: [2, 3], dataShape: [2, 3] });
  assert.deepEqual(arr.grid.chunkOrigin([1, 1]), [4, 3], 'the outer grid answers for the shard, not the chunk');
  assert.deepEqual(arr.chunkRegion([4, 2]), { origin: [8, 6], shape: [2, 3], dataShape: [1, 2] });
  assert.throws(() => arr.grid.chunkOrigin([4, 2]), /outside the declared grid/);
  await checkEveryRegion(arr);
});

test('unsharded rectilinear and regular arrays: the grid\'s own chunks', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [26, 38], chunkShapes: [[16, 10, 4], [[12, 2], 14]], dtype: 'int16' });
  await set(arr, null, { data: Int16Array.from({ length: 26 * 38 }, (_, n) => n), shape: [26, 38] });
  assert.deepEqual(arr.chunkRegion([1, 2]), { origin: [16, 24], shape: [10, 14], dataShape: [10, 14] });
  await checkEveryRegion(arr);
  const regular = await create(store, { path: 'r', shape: [7, 5], chunkShape: [3, 2], dtype: 'uint8' });
  await set(regular, null, { data: Uint8Array.from({ length: 35 }, (_, n) => n), shape: [7, 5] });
  assert.deepEqual(regular.chunkRegion([2, 2]), { origin: [6, 4], shape: [3, 2], dataShape: [1, 1] });
  await checkEveryRegion(regular);
});

test('coordinates are checked as getChunk checks them; bigints give bigints', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [26, 38], chunkShapes: [[16, 10, 4], [[12, 2], 14]], dtype: 'int8' });
  // [2, 0] is declared (the overflow row of 4) but not a chunk getChunk reads.
  assert.deepEqual(arr.grid.chunkOrigin([2, 0]), [26, 0]);
  for (const bad of [[2, 0], [0, 3], [-1, 0], [0.5, 0], [0], [0, 0, 0]]) {
    assert.throws(() => arr.chunkRegion(bad), RangeError, `[${bad}]`);
    await assert.rejects(arr.getChunk(bad), RangeError, `[${bad}]`);
  }
  assert.throws(() => arr.chunkRegion([0, '1']), TypeError);
  assert.deepEqual(arr.chunkRegion([1n, 2]), { origin: [16n, 24n], shape: [10n, 14n], dataShape: [10n, 14n] });
});
