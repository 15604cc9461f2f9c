// Grid geometry: ndim, shape, gridShape (active chunks), declaredGridShape
// (every declared edge), numChunks, isRegular, runs, edges, and the per-chunk
// chunkOrigin / chunkShape / chunkDataShape.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid } from 'zarr-rectilinear';
import { throwsWith } from './support.mjs';

// Shape 6 with [4, 4, 4]: the third chunk lies wholly past the array's end.
const overflow = () => ChunkGrid.fromChunkShapes([6], [[4, 4, 4]]);

test('ndim is the number of axes', () => {
  assert.equal(ChunkGrid.fromChunkShapes([6, 7, 8], [1, 2, 3]).ndim, 3);
  assert.equal(ChunkGrid.fromEdges([[5]]).ndim, 1);
});

test('shape is a plain array of numbers', () => {
  const shape = ChunkGrid.fromChunkShapes([6, 7, 8], [1, 2, 3]).shape;
  assert.ok(Array.isArray(shape));
  assert.deepEqual(shape, [6, 7, 8]);
});

test('gridShape counts the chunks that overlap the array', () => {
  assert.deepEqual(overflow().gridShape, [2]);
  assert.deepEqual(ChunkGrid.fromChunkShapes([10, 10], [3, [4, 4, 4]]).gridShape, [4, 3]);
});

test('declaredGridShape counts every declared edge, including overflow chunks', () => {
  assert.deepEqual(overflow().declaredGridShape, [3]);
  assert.deepEqual(ChunkGrid.fromChunkShapes([10, 10], [3, [4, 4, 4, 4]]).declaredGridShape, [4, 4]);
});

test('an integer step declares ceil(L / m) chunks: it never overflows', () => {
  const grid = ChunkGrid.fromChunkShapes([10, 12], [3, 4]);
  assert.deepEqual(grid.declaredGridShape, [4, 3]);
  assert.deepEqual(grid.gridShape, [4, 3]);
});

test('numChunks is the product of gridShape, not of declaredGridShape', () => {
  assert.equal(ChunkGrid.fromChunkShapes([6, 10], [[4, 4, 4], 3]).numChunks, 2 * 4);
});

test('numChunks is a bigint when the product exceeds 2^53 - 1', () => {
  assert.equal(ChunkGrid.fromChunkShapes([1e12, 1e12], [1, 1]).numChunks, 10n ** 24n);
  assert.equal(ChunkGrid.fromChunkShapes([2 ** 26, 2 ** 27], [1, 1]).numChunks, 2n ** 53n);
  assert.equal(ChunkGrid.fromChunkShapes([2 ** 26, 2 ** 27 - 1], [1, 1]).numChunks, 2 ** 53 - 2 ** 26);
});

test('isRegular is true when every axis is a bare integer step', () => {
  assert.equal(ChunkGrid.fromChunkShapes([10, 10], [3, 5]).isRegular, true);
});

test('isRegular is false when any axis is a list, even a uniform one', () => {
  assert.equal(ChunkGrid.fromChunkShapes([10, 10], [3, [5, 5]]).isRegular, false);
  assert.equal(ChunkGrid.fromChunkShapes([10], [[[5, 2]]]).isRegular, false);
});

test('runs gives maximal runs: equal neighbours are merged, whatever the input wrote', () => {
  const grid = ChunkGrid.fromChunkShapes([30], [[[4, 2], 4, [4, 2], 1, 1, [1, 1], 9]]);
  assert.deepEqual(grid.runs(0), [{ size: 4, count: 5 }, { size: 1, count: 3 }, { size: 9, count: 1 }]);
});

test('runs keeps distinct neighbours apart', () => {
  assert.deepEqual(ChunkGrid.fromChunkShapes([6], [[1, 2, 1, 2]]).runs(0), [
    { size: 1, count: 1 }, { size: 2, count: 1 }, { size: 1, count: 1 }, { size: 2, count: 1 },
  ]);
});

test('runs of an integer axis is one run of ceil(L / m) chunks', () => {
  assert.deepEqual(ChunkGrid.fromChunkShapes([10], [3]).runs(0), [{ size: 3, count: 4 }]);
});

test('runs of a zero-length integer axis is empty', () => {
  assert.deepEqual(ChunkGrid.fromChunkShapes([0], [3]).runs(0), []);
});

test('runs throws RangeError for an axis outside [0, ndim)', () => {
  const grid = ChunkGrid.fromChunkShapes([10], [3]);
  assert.throws(() => grid.runs(1), RangeError);
  assert.throws(() => grid.runs(-1), RangeError);
});

test('edges gives the declared edges as a Float64Array', () => {
  const e = ChunkGrid.fromChunkShapes([10, 6], [3, [[1, 3], 3]]);
  assert.ok(e.edges(0) instanceof Float64Array);
  assert.deepEqual(Array.from(e.edges(0)), [3, 3, 3, 3]);
  assert.deepEqual(Array.from(e.edges(1)), [1, 1, 1, 3]);
  assert.deepEqual(Array.from(overflow().edges(0)), [4, 4, 4]);
});

test('edges with {bigint: true} gives a BigUint64Array', () => {
  const e = ChunkGrid.fromChunkShapes([10], [[[1, 3], 7]]).edges(0, { bigint: true });
  assert.ok(e instanceof BigUint64Array);
  assert.deepEqual(Array.from(e), [1n, 1n, 1n, 7n]);
});

test('edges throws RangeError for an edge above 2^53 - 1 without bigint', () => {
  const grid = ChunkGrid.fromChunkShapes([9007199254740993n], [[9007199254740992n, 1]]);
  throwsWith(() => grid.edges(0), RangeError, /bigint/);
  assert.deepEqual(Array.from(grid.edges(0, { bigint: true })), [9007199254740992n, 1n]);
});

test('edges expands at least 2^24 edges', () => {
  const grid = ChunkGrid.fromChunkShapes([2 ** 25], [[[2, 2 ** 24]]]);
  const e = grid.edges(0);
  assert.equal(e.length, 2 ** 24);
  assert.equal(e[0], 2);
  assert.equal(e[2 ** 24 - 1], 2);
});

test('edges throws RangeError for more edges than its limit: use runs then', () => {
  const grid = ChunkGrid.fromChunkShapes([1e9], [[[1, 1e9]]]);
  throwsWith(() => grid.edges(0), RangeError, /runs/);
  throwsWith(() => grid.edges(0, { bigint: true }), RangeError);
  assert.deepEqual(grid.runs(0), [{ size: 1, count: 1e9 }]);
});

test('a [[1000, 1000000000]] axis is built and queried instantly: runs stay compact', () => {
  const t0 = performance.now();
  const grid = ChunkGrid.fromChunkShapes([1e12], [[[1000, 1e9]]]);
  assert.deepEqual(grid.gridShape, [1e9]);
  assert.equal(grid.numChunks, 1e9);
  assert.deepEqual(grid.locate([999_999_999_999]), { chunk: [999_999_999], offset: [999] });
  assert.deepEqual(grid.chunkOrigin([123_456_789]), [123_456_789_000]);
  assert.deepEqual(grid.chunkShape([999_999_999]), [1000]);
  assert.deepEqual(grid.runs(0), [{ size: 1000, count: 1e9 }]);
  const axes = grid.projectAxes([{ start: 5e11 + 10, stop: 5e11 + 2500 }]);
  assert.deepEqual(Array.from(axes[0].chunks), [5e8, 5e8 + 1, 5e8 + 2]);
  const { chunks } = grid.locateMany(new Float64Array([0, 5e11, 1e12 - 1]));
  assert.deepEqual(Array.from(chunks), [0, 5e8, 1e9 - 1]);
  assert.ok(performance.now() - t0 < 1000, `took ${performance.now() - t0} ms`);
});

test('chunkOrigin is the array index of the chunk\'s first element', () => {
  const grid = ChunkGrid.fromChunkShapes([10, 12], [3, [5, 4, 4]]);
  assert.deepEqual(grid.chunkOrigin([0, 0]), [0, 0]);
  assert.deepEqual(grid.chunkOrigin([3, 2]), [9, 9]);
  assert.deepEqual(grid.chunkOrigin([1, 1]), [3, 5]);
});

test('chunkShape is the declared edge lengths (what the codec sees)', () => {
  const grid = ChunkGrid.fromChunkShapes([10, 12], [3, [5, 4, 4]]);
  assert.deepEqual(grid.chunkShape([3, 2]), [3, 4]);
  assert.deepEqual(grid.chunkShape([0, 0]), [3, 5]);
});

test('chunkDataShape is the part inside the array, smaller at the end of an axis', () => {
  const grid = ChunkGrid.fromChunkShapes([10, 12], [3, [5, 4, 4]]);
  assert.deepEqual(grid.chunkDataShape([3, 2]), [1, 3]);
  assert.deepEqual(grid.chunkDataShape([2, 1]), [3, 4]);
});

test('an overflow chunk has a declared shape, an origin, and data shape 0', () => {
  const grid = overflow();
  assert.deepEqual(grid.chunkOrigin([2]), [8]);
  assert.deepEqual(grid.chunkShape([2]), [4]);
  assert.deepEqual(grid.chunkDataShape([2]), [0]);
  assert.deepEqual(grid.chunkDataShape([1]), [2]);
});

test('chunkOrigin, chunkShape and chunkDataShape throw RangeError outside the declared grid', () => {
  const grid = ChunkGrid.fromChunkShapes([10, 12], [3, [5, 4, 4]]);
  for (const coords of [[4, 0], [0, 3], [-1, 0], [0, 1e15], [1.5, 0]]) {
    assert.throws(() => grid.chunkOrigin(coords), RangeError, `chunkOrigin ${coords}`);
    assert.throws(() => grid.chunkShape(coords), RangeError, `chunkShape ${coords}`);
    assert.throws(() => grid.chunkDataShape(coords), RangeError, `chunkDataShape ${coords}`);
  }
});

test('chunkRegion gives chunkOrigin, chunkShape and chunkDataShape at once, bigints for bigints', () => {
  const grid = ChunkGrid.fromChunkShapes([10, 12], [3, [5, 4, 4]]);
  for (const coords of [[0, 0], [3, 2], [1, 1], [3, 0]]) {
    assert.deepEqual(grid.chunkRegion(coords), { origin: grid.chunkOrigin(coords), shape: grid.chunkShape(coords), dataShape: grid.chunkDataShape(coords) }, `${coords}`);
  }
  assert.deepEqual(grid.chunkRegion([3, 2]), { origin: [9, 9], shape: [3, 4], dataShape: [1, 3] });
  assert.deepEqual(grid.chunkRegion([3n, 2]), { origin: [9n, 9n], shape: [3n, 4n], dataShape: [1n, 3n] });
  for (const coords of [[4, 0], [0, 3], [-1, 0], [1.5, 0]]) assert.throws(() => grid.chunkRegion(coords), RangeError, `${coords}`);
  assert.throws(() => grid.chunkRegion([0]), TypeError);
  // Past 2^53 - 1: numbers in are refused rather than rounded; bigints in answer exactly.
  const huge = ChunkGrid.fromChunkShapes([2n ** 62n], [2n ** 60n]);
  assert.throws(() => huge.chunkRegion([3]), /exceeds 2\^53 - 1/);
  assert.deepEqual(huge.chunkRegion([3n]), { origin: [3n * 2n ** 60n], shape: [2n ** 60n], dataShape: [2n ** 60n] });
});

test('chunk geometry rejects coordinates of the wrong rank', () => {
  const grid = ChunkGrid.fromChunkShapes([10, 12], [3, [5, 4, 4]]);
  assert.throws(() => grid.chunkOrigin([0]), TypeError);
  assert.throws(() => grid.chunkShape([0, 0, 0]), TypeError);
});

test('a zero-length integer axis has no chunks: its step still must be at least 1', () => {
  const grid = ChunkGrid.fromChunkShapes([0, 4], [5, 2]);
  assert.deepEqual(grid.gridShape, [0, 2]);
  assert.deepEqual(grid.declaredGridShape, [0, 2]);
  assert.equal(grid.numChunks, 0);
  assert.deepEqual(Array.from(grid.edges(0)), []);
  assert.throws(() => grid.chunkOrigin([0, 0]), RangeError);
});

test('a zero-length list axis keeps its declared edges, none of them active', () => {
  const grid = ChunkGrid.fromChunkShapes([0], [[5, 5]]);
  assert.deepEqual(grid.gridShape, [0]);
  assert.deepEqual(grid.declaredGridShape, [2]);
  assert.deepEqual(grid.chunkDataShape([1]), [0]);
  assert.deepEqual(grid.chunkOrigin([1]), [5]);
});

test('a 0-d grid (shape []) has one chunk', () => {
  const grid = ChunkGrid.fromChunkShapes([], []);
  assert.equal(grid.ndim, 0);
  assert.deepEqual(grid.shape, []);
  assert.deepEqual(grid.gridShape, []);
  assert.equal(grid.numChunks, 1);
  assert.deepEqual(grid.chunkOrigin([]), []);
});
