// Building grids: ChunkGrid.fromMetadata (object, JSON text, UTF-8 bytes;
// "regular" and "rectilinear"; lenient mode), fromChunkShapes and fromEdges.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, GridError } from 'zarr-rectilinear';
import { arrayDocument, documentText, rectilinear, regular, utf8 } from './support.mjs';

// Shape [26, 38] with edges [[16, 10], [24, 14]]: the spec's indexing example.
const specDocument = arrayDocument([26, 38], rectilinear([[16, 10], [24, 14]]));
const specText = JSON.stringify(specDocument);

function assertSpecGrid(grid) {
  assert.equal(grid.ndim, 2);
  assert.deepEqual(grid.shape, [26, 38]);
  assert.deepEqual(grid.gridShape, [2, 2]);
  assert.deepEqual(Array.from(grid.edges(0)), [16, 10]);
  assert.deepEqual(Array.from(grid.edges(1)), [24, 14]);
}

test('fromMetadata reads a metadata object', () => {
  assertSpecGrid(ChunkGrid.fromMetadata(specDocument));
});

test('fromMetadata reads JSON text', () => {
  assertSpecGrid(ChunkGrid.fromMetadata(specText));
});

test('fromMetadata reads UTF-8 bytes (a Uint8Array, as a store returns them)', () => {
  assertSpecGrid(ChunkGrid.fromMetadata(utf8(specText)));
});

test('fromMetadata reads a Uint8Array that is a view into a larger buffer', () => {
  const bytes = utf8(`xxxx${specText}yyyy`).subarray(4, 4 + specText.length);
  assertSpecGrid(ChunkGrid.fromMetadata(bytes));
});

test('fromMetadata needs only shape and chunk_grid', () => {
  const grid = ChunkGrid.fromMetadata({ shape: [26, 38], chunk_grid: rectilinear([[16, 10], [24, 14]]) });
  assertSpecGrid(grid);
});

test('fromMetadata ignores the other fields: they are validateMetadata\'s business', () => {
  const grid = ChunkGrid.fromMetadata({ ...specDocument, zarr_format: 2, codecs: 'nonsense', data_type: 7 });
  assertSpecGrid(grid);
});

test('fromMetadata reads a "regular" grid as integer-step axes', () => {
  const grid = ChunkGrid.fromMetadata(arrayDocument([10, 20], regular([3, 7])));
  assert.deepEqual(grid.shape, [10, 20]);
  assert.deepEqual(grid.gridShape, [4, 3]);
  assert.equal(grid.isRegular, true);
  assert.deepEqual(grid.toJSON().configuration.chunk_shapes, [3, 7]);
  assert.deepEqual(Array.from(grid.edges(0)), [3, 3, 3, 3]);
});

test('fromMetadata reads "rectilinear" integers, lists and runs', () => {
  const grid = ChunkGrid.fromMetadata(arrayDocument([10, 10, 10], rectilinear([5, [2, 8], [[5, 2]]])));
  assert.deepEqual(grid.declaredGridShape, [2, 2, 2]);
  assert.deepEqual(Array.from(grid.edges(1)), [2, 8]);
  assert.deepEqual(Array.from(grid.edges(2)), [5, 5]);
});

test('fromMetadata throws GridError for an invalid chunk_grid, with the JSON Pointer', () => {
  assert.throws(
    () => ChunkGrid.fromMetadata(arrayDocument([10], rectilinear([[[4, 0]]]))),
    (e) => e instanceof GridError && e.path === '/chunk_grid/configuration/chunk_shapes/0/0/1',
  );
});

test('fromMetadata throws GridError for an invalid shape', () => {
  assert.throws(() => ChunkGrid.fromMetadata(arrayDocument([-1], regular([1]))), (e) => e instanceof GridError && e.path === '/shape/0');
  assert.throws(() => ChunkGrid.fromMetadata({ chunk_grid: regular([1]) }), (e) => e instanceof GridError && e.path === '/shape');
});

test('fromMetadata throws GridError when chunk_grid is missing', () => {
  assert.throws(() => ChunkGrid.fromMetadata({ shape: [4] }), (e) => e instanceof GridError && e.path === '/chunk_grid');
});

test('fromMetadata throws GridError for an unknown grid name', () => {
  assert.throws(
    () => ChunkGrid.fromMetadata(arrayDocument([4], { name: 'irregular', configuration: {} })),
    (e) => e instanceof GridError && e.path === '/chunk_grid/name',
  );
});

test('fromMetadata throws GridError for JSON text that does not parse, at path ""', () => {
  assert.throws(() => ChunkGrid.fromMetadata('{"shape": [4], '), (e) => e instanceof GridError && e.path === '');
});

test('fromMetadata throws GridError for input that is not an object, text or bytes', () => {
  for (const bad of [42, null, true, [1, 2]]) {
    assert.throws(() => ChunkGrid.fromMetadata(bad), (e) => e instanceof GridError && e.path === '', String(bad));
  }
});

test('a strict grid has no warnings', () => {
  assert.deepEqual(ChunkGrid.fromMetadata(specDocument).warnings, []);
  assert.deepEqual(ChunkGrid.fromMetadata(specDocument, { lenient: true }).warnings, []);
});

test('strict mode rejects an integral float such as 10.0 in the text', () => {
  assert.throws(
    () => ChunkGrid.fromMetadata(documentText('[10.0]', '[[5, 5]]')),
    (e) => e instanceof GridError && e.path === '/shape/0',
  );
});

test('integral floats as edges (10.0, 1e3) are read, each with a warning; in shape they are errors', () => {
  const grid = ChunkGrid.fromMetadata(documentText('[10, 1000]', '[[5.0, 5], [[1e2, 10]]]'), { lenient: true });
  assert.deepEqual(grid.shape, [10, 1000]);
  assert.deepEqual(Array.from(grid.edges(0)), [5, 5]);
  assert.deepEqual(grid.declaredGridShape, [2, 10]);
  const paths = grid.warnings.map((w) => w.path).sort();
  assert.deepEqual(paths, ['/chunk_grid/configuration/chunk_shapes/0/0', '/chunk_grid/configuration/chunk_shapes/1/0/0']);
  for (const w of grid.warnings) assert.equal(w.code, 'INTEGRAL_FLOAT');
  assert.throws(() => ChunkGrid.fromMetadata(documentText('[10.0]', '[[5, 5]]')), (e) => e instanceof GridError && e.path === '/shape/0');
  // A run count is no edge.
  assert.throws(() => ChunkGrid.fromMetadata(documentText('[1000]', '[[[100, 1e1]]]')), (e) => e instanceof GridError);
});

test('lenient mode does not accept a non-integral float', () => {
  assert.throws(() => ChunkGrid.fromMetadata(documentText('[10.5]', '[[5, 6]]'), { lenient: true }), GridError);
});

test('strict mode rejects a "regular" grid that holds edge lists', () => {
  const meta = { shape: [10, 20], chunk_grid: { name: 'regular', configuration: { chunk_shape: [2, [5, 10, 5]] } } };
  assert.throws(() => ChunkGrid.fromMetadata(meta, { strict: true }), (e) => e instanceof GridError && e.path.startsWith('/chunk_grid/configuration/chunk_shape'));
});

test('lenient mode reads zarr-python 3.2.1\'s "regular" grid with edge lists as rectilinear, with a warning', () => {
  const meta = { shape: [10, 20], chunk_grid: { name: 'regular', configuration: { chunk_shape: [2, [5, 10, 5]] } } };
  const grid = ChunkGrid.fromMetadata(meta, { lenient: true });
  assert.deepEqual(grid.declaredGridShape, [5, 3]);
  assert.deepEqual(Array.from(grid.edges(1)), [5, 10, 5]);
  assert.equal(grid.isRegular, false);
  assert.equal(grid.warnings.length, 1);
  assert.ok(grid.warnings[0].path.startsWith('/chunk_grid/configuration/chunk_shape'));
});

test('fromChunkShapes takes the spec\'s chunk_shapes: integers, lists and [V, N] runs', () => {
  const grid = ChunkGrid.fromChunkShapes([6, 6, 6, 6, 6], [4, [1, 2, 3], [[4, 2]], [[1, 3], 3], [4, 4, 4]]);
  assert.deepEqual(grid.shape, [6, 6, 6, 6, 6]);
  assert.deepEqual(grid.declaredGridShape, [2, 3, 2, 4, 3]);
  assert.deepEqual(Array.from(grid.edges(3)), [1, 1, 1, 3]);
});

test('fromChunkShapes accepts typed arrays and bigints', () => {
  const grid = ChunkGrid.fromChunkShapes(new Uint32Array([10, 10]), [4n, new Uint32Array([5, 5])]);
  assert.deepEqual(grid.shape, [10, 10]);
  assert.deepEqual(grid.declaredGridShape, [3, 2]);
});

test('fromChunkShapes reports paths as if its arguments were {shape, chunk_shapes}', () => {
  assert.throws(() => ChunkGrid.fromChunkShapes([10, 10], [4, [[4, 2], 0]]), (e) => e instanceof GridError && e.path === '/chunk_shapes/1/1');
  assert.throws(() => ChunkGrid.fromChunkShapes([10, 10], [4, [[0, 3]]]), (e) => e instanceof GridError && e.path === '/chunk_shapes/1/0/0');
  assert.throws(() => ChunkGrid.fromChunkShapes([-3], [4]), (e) => e instanceof GridError && e.path === '/shape/0');
});

test('fromChunkShapes rejects chunk_shapes whose length differs from the shape\'s', () => {
  assert.throws(() => ChunkGrid.fromChunkShapes([10, 10], [4]), (e) => e instanceof GridError && e.path === '/chunk_shapes');
});

test('fromChunkShapes rejects edges whose sum does not reach the axis length', () => {
  assert.throws(() => ChunkGrid.fromChunkShapes([10], [[4, 5]]), (e) => e instanceof GridError && e.path === '/chunk_shapes/0');
});

test('fromChunkShapes rejects [] (an empty edge list) even on a zero-length axis', () => {
  assert.throws(() => ChunkGrid.fromChunkShapes([0], [[]]), (e) => e instanceof GridError && e.path === '/chunk_shapes/0');
});

test('fromChunkShapes rejects an integer step of 0, even on a zero-length axis', () => {
  assert.throws(() => ChunkGrid.fromChunkShapes([0], [0]), (e) => e instanceof GridError && e.path === '/chunk_shapes/0');
});

test('fromEdges: one list of chunk lengths per axis, the shape is their sums', () => {
  const grid = ChunkGrid.fromEdges([[2, 3, 5], [7]]);
  assert.deepEqual(grid.shape, [10, 7]);
  assert.deepEqual(grid.gridShape, [3, 1]);
  assert.deepEqual(Array.from(grid.edges(0)), [2, 3, 5]);
  assert.equal(grid.isRegular, false);
});

test('fromEdges accepts typed arrays and bigints', () => {
  const grid = ChunkGrid.fromEdges([new Float64Array([2, 3]), new BigUint64Array([4n, 4n]), [1n, 2]]);
  assert.deepEqual(grid.shape, [5, 8, 3]);
});

test('fromEdges: an axis given as [] is a zero-length axis with integer step 1', () => {
  const grid = ChunkGrid.fromEdges([[], [2, 2]]);
  assert.deepEqual(grid.shape, [0, 4]);
  assert.deepEqual(grid.gridShape, [0, 2]);
  assert.deepEqual(grid.declaredGridShape, [0, 2]);
  assert.equal(grid.numChunks, 0);
  assert.deepEqual(grid.toJSON().configuration.chunk_shapes[0], 1);
});

test('fromEdges: an axis given as [0] (dask\'s zero-length axis) is a zero-length axis with integer step 1', () => {
  const grid = ChunkGrid.fromEdges([[0]]);
  assert.deepEqual(grid.shape, [0]);
  assert.deepEqual(grid.gridShape, [0]);
  assert.equal(grid.isRegular, true);
  assert.ok(grid.equals(ChunkGrid.fromChunkShapes([0], [1])));
});

test('fromEdges rejects a zero edge among others, with the path /chunk_shapes/axis/i', () => {
  assert.throws(() => ChunkGrid.fromEdges([[1, 2], [3, 0]]), (e) => e instanceof GridError && e.path === '/chunk_shapes/1/1');
});

test('fromEdges rejects runs and integers: it takes plain edge lists', () => {
  assert.throws(() => ChunkGrid.fromEdges([[1, 2], [[3, 2]]]), (e) => e instanceof GridError && e.path === '/chunk_shapes/1/0');
  assert.throws(() => ChunkGrid.fromEdges([[1, 2], 4]), (e) => e instanceof GridError && e.path === '/chunk_shapes/1');
});
