// Equality and lifetime: equals (same shape, same axis forms, same declared
// edges) and dispose / Symbol.dispose (use after dispose throws).
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid } from 'zarr-rectilinear';
import { resize } from 'zarr-rectilinear/tools';

const make = (shape, chunkShapes) => ChunkGrid.fromChunkShapes(shape, chunkShapes);

test('equals: same shape, same axis forms and same declared edges are equal', () => {
  assert.ok(make([10, 12], [3, [4, 4, 4]]).equals(make([10, 12], [3, [4, 4, 4]])));
});

test('equals: the spelling of runs does not matter', () => {
  assert.ok(make([12], [[4, 4, 4]]).equals(make([12], [[[4, 3]]])));
  assert.ok(make([12], [[[4, 1], 4, [4, 1]]]).equals(make([12], [[4, 4, 4]])));
});

test('equals: a grid equals itself, and grids from different builders compare by value', () => {
  const grid = make([5, 7], [[2, 3], [7]]);
  assert.ok(grid.equals(grid));
  assert.ok(grid.equals(ChunkGrid.fromEdges([[2, 3], [7]])));
  assert.ok(grid.equals(ChunkGrid.fromMetadata({ shape: [5, 7], chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[2, 3], [7]] } } })));
});

test('equals: an integer axis is never equal to a list axis, even with the same edges', () => {
  assert.equal(make([12], [4]).equals(make([12], [[4, 4, 4]])), false);
  assert.equal(make([12], [[4, 4, 4]]).equals(make([12], [4])), false);
});

test('equals: a different shape is not equal, even with the same declared edges', () => {
  assert.equal(make([12], [[4, 4, 4]]).equals(make([10], [[4, 4, 4]])), false);
  assert.equal(make([12], [4]).equals(make([11], [4])), false);
});

test('equals: different declared edges are not equal', () => {
  assert.equal(make([12], [[4, 4, 4]]).equals(make([12], [[4, 4, 4, 4]])), false);
  assert.equal(make([12], [[4, 8]]).equals(make([12], [[8, 4]])), false);
  assert.equal(make([12], [4]).equals(make([12], [3])), false);
});

test('equals: anything that is not a ChunkGrid is not equal', () => {
  const grid = make([12], [4]);
  for (const other of [null, undefined, {}, grid.toJSON(), 4]) assert.equal(grid.equals(other), false);
});

test('dispose frees the grid: using it afterwards throws', () => {
  const grid = make([10], [3]);
  grid.dispose();
  assert.throws(() => grid.locate([1]));
  assert.throws(() => grid.locateMany([1]));
  assert.throws(() => grid.runs(0));
  assert.throws(() => grid.edges(0));
  assert.throws(() => grid.toJSONText());
  assert.throws(() => grid.toJSON());
  assert.throws(() => grid.chunkShape([0]));
  assert.throws(() => grid.projectAxes([]));
  assert.throws(() => resize(grid, [4]));
  assert.throws(() => grid.isRegular);
});

test('a disposed grid cannot be compared, from either side', () => {
  const live = make([10], [3]);
  const dead = make([10], [3]);
  dead.dispose();
  assert.throws(() => dead.equals(live));
  assert.throws(() => live.equals(dead));
});

test('Symbol.dispose disposes the grid', () => {
  const grid = make([10], [3]);
  assert.equal(typeof grid[Symbol.dispose], 'function');
  grid[Symbol.dispose]();
  assert.throws(() => grid.locate([1]));
});

test('disposing twice is harmless', () => {
  const grid = make([10], [3]);
  grid.dispose();
  assert.doesNotThrow(() => grid.dispose());
  assert.doesNotThrow(() => grid[Symbol.dispose]());
});

test('disposing one grid leaves others (including ones derived from it) usable', () => {
  const grid = make([10], [3]);
  const resized = resize(grid, [20]);
  const other = make([10], [3]);
  grid.dispose();
  assert.deepEqual(resized.locate([19]), { chunk: [6], offset: [1] });
  assert.deepEqual(other.locate([9]), { chunk: [3], offset: [0] });
});
