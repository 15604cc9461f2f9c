// Resize (follows zarr-python): an integer axis keeps its step; an explicit
// axis keeps its edges when shrinking and appends edges when growing past
// their sum. The number of dimensions never changes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid } from 'zarr-rectilinear';
import { resize } from 'zarr-rectilinear/tools';
import { throwsWith } from './support.mjs';

const shapesOf = (grid) => grid.toJSON().configuration.chunk_shapes;
// Shape [10, 12]: axis 0 the integer step 3, axis 1 the list [4, 4, 4].
const base = () => ChunkGrid.fromChunkShapes([10, 12], [3, [4, 4, 4]]);

test('resize gives a new grid and leaves the original unchanged', () => {
  const grid = base();
  const resized = resize(grid, [20, 12]);
  assert.notEqual(resized, grid);
  assert.ok(resized instanceof ChunkGrid);
  assert.deepEqual(grid.shape, [10, 12]);
  assert.deepEqual(resized.shape, [20, 12]);
});

test('an integer axis takes the new length, keeping its step (growing)', () => {
  const resized = resize(base(), [20, 12]);
  assert.equal(shapesOf(resized)[0], 3);
  assert.deepEqual(resized.gridShape, [7, 3]);
});

test('an integer axis takes the new length, keeping its step (shrinking)', () => {
  const resized = resize(base(), [4, 12]);
  assert.equal(shapesOf(resized)[0], 3);
  assert.deepEqual(resized.gridShape, [2, 3]);
  assert.deepEqual(resized.declaredGridShape, [2, 3]);
});

test('an integer axis ignores opts.edges: it stays an integer step', () => {
  const resized = resize(base(), [20, 12], { edges: [[10, 10]] });
  assert.equal(shapesOf(resized)[0], 3);
});

test('an explicit axis keeps every edge when shrinking', () => {
  const resized = resize(base(), [10, 5]);
  assert.deepEqual(shapesOf(resized)[1], [4, 4, 4]);
  assert.deepEqual(resized.gridShape, [4, 2]);
  assert.deepEqual(resized.declaredGridShape, [4, 3]);
});

test('an explicit axis keeps its edges when the new length is still within their sum', () => {
  const grid = ChunkGrid.fromChunkShapes([6], [[4, 4, 4]]);
  const resized = resize(grid, [11]);
  assert.deepEqual(shapesOf(resized), [[4, 4, 4]]);
  assert.deepEqual(resized.gridShape, [3]);
});

test('an explicit axis growing past its edge sum appends one edge of newLength - sum', () => {
  const resized = resize(base(), [10, 15]);
  assert.deepEqual(Array.from(resized.edges(1)), [4, 4, 4, 3]);
  assert.deepEqual(resized.shape, [10, 15]);
});

test('an explicit axis growing appends opts.edges[axis] instead, when given', () => {
  const resized = resize(base(), [10, 20], { edges: [undefined, [4, 4]] });
  assert.deepEqual(Array.from(resized.edges(1)), [4, 4, 4, 4, 4]);
  assert.deepEqual(shapesOf(resized)[1], [[4, 5]]);
});

test('opts.edges may be an object keyed by axis', () => {
  const resized = resize(base(), [10, 20], { edges: { 1: [2, 6] } });
  assert.deepEqual(Array.from(resized.edges(1)), [4, 4, 4, 2, 6]);
});

test('appended edges may overflow the new length by whole chunks', () => {
  const resized = resize(base(), [10, 20], { edges: [undefined, [4, 4, 4]] });
  assert.deepEqual(resized.declaredGridShape, [4, 6]);
  assert.deepEqual(resized.gridShape, [4, 5]);
});

test('appended edges that do not reach the new length are a RangeError', () => {
  throwsWith(() => resize(base(), [10, 20], { edges: [undefined, [4, 3]] }), RangeError, /20/);
});

test('edges given for an axis that does not grow are ignored', () => {
  const resized = resize(base(), [10, 8], { edges: [[1], [1]] });
  assert.deepEqual(Array.from(resized.edges(1)), [4, 4, 4]);
  assert.equal(shapesOf(resized)[0], 3);
});

test('a new shape of the wrong rank is a TypeError: the number of dimensions never changes', () => {
  assert.throws(() => resize(base(), [10]), TypeError);
  assert.throws(() => resize(base(), [10, 10, 10]), TypeError);
  assert.throws(() => resize(base(), 10), TypeError);
});

test('a negative new length is a RangeError', () => {
  assert.throws(() => resize(base(), [10, -1]), RangeError);
  assert.throws(() => resize(base(), [-1n, 10]), RangeError);
});

test('resize to zero length keeps each axis form', () => {
  const resized = resize(base(), [0, 0]);
  assert.deepEqual(resized.shape, [0, 0]);
  assert.deepEqual(shapesOf(resized), [3, [4, 4, 4]]);
  assert.deepEqual(resized.gridShape, [0, 0]);
});

test('a zero-length axis from fromEdges([]) grows with its integer step 1', () => {
  const resized = resize(ChunkGrid.fromEdges([[]]), [5]);
  assert.deepEqual(shapesOf(resized), [1]);
  assert.deepEqual(resized.gridShape, [5]);
});

test('resize takes bigint lengths, beyond 2^53', () => {
  const resized = resize(ChunkGrid.fromChunkShapes([10], [1000]), [2n ** 60n]);
  assert.deepEqual(resized.shape, [2n ** 60n]);
  assert.equal(shapesOf(resized)[0], 1000);
});

test('a resized grid has no warnings', () => {
  const grid = ChunkGrid.fromMetadata('{"shape":[10],"chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[5.0]}}}');
  assert.equal(grid.warnings.length, 1);
  assert.deepEqual(resize(grid, [20]).warnings, []);
});

test('resize refuses opts.edges that is not an array or an object of arrays, and edges for axes the grid lacks', () => {
  const g = ChunkGrid.fromEdges([[3, 4, 5], [10, 10]]);
  for (const edges of [5, true, 'ab', '']) {
    assert.throws(() => resize(g, [20, 20], { edges }), TypeError, JSON.stringify(edges));
  }
  assert.throws(() => resize(g, [20, 20], { edges: [null, null, [8]] }), RangeError);
  assert.throws(() => resize(g, [20, 20], { edges: { 2: [8] } }), RangeError);
  // What is documented still works.
  assert.deepEqual(resize(g, [20, 20], { edges: { 0: [8] } }).toJSON().configuration.chunk_shapes, [[3, 4, 5, 8], [10, 10]]);
  assert.deepEqual(resize(g, [20, 20], { edges: [undefined, [10]] }).toJSON().configuration.chunk_shapes, [[3, 4, 5, 8], [10, 10]]);
  assert.deepEqual(resize(g, [20, 20], { edges: [new Float64Array([8])] }).toJSON().configuration.chunk_shapes, [[3, 4, 5, 8], [10, 10]]);
});

test('resize reads opts.edges once, and refuses a hole in it at its index', () => {
  const g = ChunkGrid.fromEdges([[3, 4, 5], [10, 10]]);
  // eslint-disable-next-line no-sparse-arrays
  assert.throws(() => resize(g, [20, 20], { edges: [, [10]] }), { name: 'TypeError', message: /^opts\.edges\[0\]: found a hole/ });
  let reads = 0;
  const edges = { get 0() { reads++; return reads === 1 ? [8] : [1, 1, 1, 1, 1, 1, 1, 1]; } };
  assert.deepEqual(resize(g, [20, 20], { edges }).runs(0).at(-1), { size: 8, count: 1 });
  assert.equal(reads, 1);
});
