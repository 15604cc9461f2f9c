// The spec's worked examples (docs/semantics.md, "Worked facts"), plus
// its overflow and zero-length rules.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, validateMetadata } from 'zarr-rectilinear';
import { arrayDocument, rectilinear } from './support.mjs';

// The spec's indexing example: shape [26, 38], edges [[16, 10], [24, 14]].
const indexing = () => ChunkGrid.fromMetadata(arrayDocument([26, 38], rectilinear([[16, 10], [24, 14]])));
// The spec's metadata example: five axes of length 6.
const fiveAxes = () => ChunkGrid.fromChunkShapes([6, 6, 6, 6, 6], [4, [1, 2, 3], [[4, 2]], [[1, 3], 3], [4, 4, 4]]);

test('spec: index (20, 15) gives chunk (1, 0) at offset (4, 15)', () => {
  assert.deepEqual(indexing().locate([20, 15]), { chunk: [1, 0], offset: [4, 15] });
});

test('spec: chunk (0, 0) has shape [16, 24]', () => {
  assert.deepEqual(indexing().chunkShape([0, 0]), [16, 24]);
});

test('spec: chunk (0, 1) has shape [16, 14] (the spec text\'s [14, 16] is a typo)', () => {
  assert.deepEqual(indexing().chunkShape([0, 1]), [16, 14]);
});

test('spec: the metadata example is valid', () => {
  const doc = arrayDocument([6, 6, 6, 6, 6], rectilinear([4, [1, 2, 3], [[4, 2]], [[1, 3], 3], [4, 4, 4]]));
  assert.deepEqual(validateMetadata(doc), { valid: true, errors: [], warnings: [] });
});

test('spec: the five axes expand to [4, 4], [1, 2, 3], [4, 4], [1, 1, 1, 3] and [4, 4, 4]', () => {
  const grid = fiveAxes();
  const expanded = [0, 1, 2, 3, 4].map((d) => Array.from(grid.edges(d)));
  assert.deepEqual(expanded, [[4, 4], [1, 2, 3], [4, 4], [1, 1, 1, 3], [4, 4, 4]]);
});

test('spec: gridShape is [2, 3, 2, 4, 2] and declaredGridShape is [2, 3, 2, 4, 3]', () => {
  const grid = fiveAxes();
  assert.deepEqual(grid.gridShape, [2, 3, 2, 4, 2]);
  assert.deepEqual(grid.declaredGridShape, [2, 3, 2, 4, 3]);
});

test('spec: length 10 with the integer 3 expands to [3, 3, 3, 3]', () => {
  assert.deepEqual(Array.from(ChunkGrid.fromChunkShapes([10], [3]).edges(0)), [3, 3, 3, 3]);
});

test('ZEP 0003: index (17, 17) is chunk (3, 1) at offset (2, 7) (its text\'s (2, 2) is wrong)', () => {
  const grid = ChunkGrid.fromChunkShapes([100, 100], [[5, 5, 5, 15, 15, 20, 35], 10]);
  assert.deepEqual(grid.locate([17, 17]), { chunk: [3, 1], offset: [2, 7] });
});

test('semantics: shape 6 with [4, 4, 4] has gridShape [2] and declaredGridShape [3]', () => {
  const grid = ChunkGrid.fromChunkShapes([6], [[4, 4, 4]]);
  assert.deepEqual(grid.gridShape, [2]);
  assert.deepEqual(grid.declaredGridShape, [3]);
});

test('semantics: 4 on length 6 declares 2 cells; [4, 4, 4] declares 3', () => {
  assert.deepEqual(ChunkGrid.fromChunkShapes([6], [4]).declaredGridShape, [2]);
  assert.deepEqual(ChunkGrid.fromChunkShapes([6], [[4, 4, 4]]).declaredGridShape, [3]);
});

test('semantics: only the last active chunk of an axis has a smaller data shape; chunks past the end have 0', () => {
  const grid = ChunkGrid.fromChunkShapes([10], [[4, 4, 4, 4]]);
  assert.deepEqual([0, 1, 2, 3].map((c) => grid.chunkDataShape([c])[0]), [4, 4, 2, 0]);
  assert.deepEqual([0, 1, 2, 3].map((c) => grid.chunkShape([c])[0]), [4, 4, 4, 4]);
});

test('semantics: project visits active chunks only', () => {
  const grid = ChunkGrid.fromChunkShapes([6], [[4, 4, 4]]);
  assert.deepEqual(Array.from(grid.project([null]), (p) => p.chunkCoords), [[0], [1]]);
});

test('spec: a sum of edges below the axis length is invalid; overflow by whole chunks is allowed', () => {
  assert.equal(validateMetadata(arrayDocument([13], rectilinear([[4, 4, 4]]))).valid, false);
  assert.equal(validateMetadata(arrayDocument([12], rectilinear([[4, 4, 4]]))).valid, true);
  assert.equal(validateMetadata(arrayDocument([1], rectilinear([[4, 4, 4]]))).valid, true);
});
