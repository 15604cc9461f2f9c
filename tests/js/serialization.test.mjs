// Serialization: toJSON / toJSONText (lossless, then short; axis forms kept;
// canonical input comes back unchanged) and toRegularJSON.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid } from 'zarr-rectilinear';

const chunkShapesOf = (grid) => grid.toJSON().configuration.chunk_shapes;
const axisJSON = (length, entry) => chunkShapesOf(ChunkGrid.fromChunkShapes([length], [entry]))[0];

test('toJSON is {name: "rectilinear", configuration: {kind: "inline", chunk_shapes}}', () => {
  const json = ChunkGrid.fromChunkShapes([26, 38], [[16, 10], [24, 14]]).toJSON();
  assert.deepEqual(json, { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[16, 10], [24, 14]] } });
});

test('toJSON of a "regular" grid is rectilinear with integer axes', () => {
  const grid = ChunkGrid.fromMetadata({ shape: [10, 20], chunk_grid: { name: 'regular', configuration: { chunk_shape: [3, 7] } } });
  assert.deepEqual(grid.toJSON(), { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [3, 7] } });
});

test('an axis declared as an integer stays an integer', () => {
  assert.equal(axisJSON(12, 4), 4);
  assert.equal(axisJSON(10, 3), 3);
  assert.equal(axisJSON(0, 7), 7);
});

test('an explicit list never collapses to an integer, even when all its edges are equal', () => {
  assert.deepEqual(axisJSON(12, [4, 4, 4]), [4, 4, 4]);
  assert.deepEqual(axisJSON(12, [[4, 3]]), [4, 4, 4]);
  assert.deepEqual(axisJSON(40, [[4, 10]]), [[4, 10]]);
  assert.deepEqual(axisJSON(5, [5]), [5]);
});

test('canonical form: [4, 4, 4] stays as it is (a tie is written out)', () => {
  assert.deepEqual(axisJSON(12, [4, 4, 4]), [4, 4, 4]);
});

test('canonical form: [4, 4, 4, 4] becomes [[4, 4]]', () => {
  assert.deepEqual(axisJSON(16, [4, 4, 4, 4]), [[4, 4]]);
});

test('canonical form: [5, 5] stays as it is', () => {
  assert.deepEqual(axisJSON(10, [5, 5]), [5, 5]);
});

test('canonical form: [10, 10, 10] becomes [[10, 3]]', () => {
  assert.deepEqual(axisJSON(30, [10, 10, 10]), [[10, 3]]);
});

test('canonical form: a run is written [V, N] only when strictly shorter than V written N times', () => {
  for (const v of [1, 7, 10, 99, 100, 12345]) {
    for (let n = 1; n <= 12; n++) {
      const runText = `[${v},${n}]`;
      const listText = Array(n).fill(String(v)).join(',');
      const expected = runText.length < listText.length ? [[v, n]] : Array(n).fill(v);
      assert.deepEqual(axisJSON(v * n, Array(n).fill(v)), expected, `V=${v} N=${n}`);
      assert.deepEqual(axisJSON(v * n, [[v, n]]), expected, `[[${v}, ${n}]]`);
    }
  }
});

test('canonical form merges equal neighbours into runs, whatever the input wrote', () => {
  assert.deepEqual(axisJSON(20, [[4, 2], 4, [4, 2], 1, 1, 1]), [[4, 5], 1, 1, 1]);
  assert.deepEqual(axisJSON(100, [[10, 4], [10, 5], 5, [5, 1]]), [[10, 9], 5, 5]);
});

test('toJSONText writes compact JSON with no whitespace', () => {
  const text = ChunkGrid.fromChunkShapes([26, 38, 30], [[16, 10], 24, [[10, 3]]]).toJSONText();
  assert.equal(text, '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[16,10],24,[[10,3]]]}}');
  assert.doesNotMatch(text, /\s/);
});

test('toJSONText is the same value as toJSON', () => {
  const grid = ChunkGrid.fromChunkShapes([6, 6, 6, 6, 6], [4, [1, 2, 3], [[4, 2]], [[1, 3], 3], [4, 4, 4]]);
  assert.deepEqual(JSON.parse(grid.toJSONText()), grid.toJSON());
});

test('input that is already canonical comes back byte-identical', () => {
  for (const [shape, chunkGrid] of [
    ['[26,38]', '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[16,10],[24,14]]}}'],
    ['[100,7,12]', '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[[10,9],5,5],[1,2,4],4]}}'],
    ['[6,6,6,6,6]', '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[4,[1,2,3],[4,4],[1,1,1,3],[4,4,4]]}}'],
    ['[1000000000000]', '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[[1000,1000000000]]]}}'],
    ['[18446744073709551615]', '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[[9223372036854775807,2],1]]}}'],
  ]) {
    const grid = ChunkGrid.fromMetadata(`{"shape":${shape},"chunk_grid":${chunkGrid}}`);
    assert.equal(grid.toJSONText(), chunkGrid);
  }
});

test('round trip: reading toJSON back gives the same shape, edges and declared grid shape', () => {
  for (const [shape, chunkShapes] of [
    [[6, 6, 6, 6, 6], [4, [1, 2, 3], [[4, 2]], [[1, 3], 3], [4, 4, 4]]],
    [[6, 0, 0], [[4, 4, 4], 3, [2, 2]]],
    [[100], [[[10, 4], [10, 5], 5, [5, 1], 30]]],
  ]) {
    const grid = ChunkGrid.fromChunkShapes(shape, chunkShapes);
    const again = ChunkGrid.fromChunkShapes(shape, chunkShapesOf(grid));
    assert.ok(again.equals(grid));
    assert.deepEqual(again.declaredGridShape, grid.declaredGridShape);
    for (let d = 0; d < shape.length; d++) assert.deepEqual(again.edges(d), grid.edges(d));
  }
});

test('toJSONText is exact beyond 2^53', () => {
  const text = '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[9007199254740993,7],18446744073709551615]}}';
  const grid = ChunkGrid.fromMetadata(`{"shape":[9007199254741000,18446744073709551615],"chunk_grid":${text}}`);
  assert.equal(grid.toJSONText(), text);
});

test('toJSON gives bigints above 2^53 - 1 and numbers below', () => {
  const grid = ChunkGrid.fromChunkShapes([9007199254741000n], [[9007199254740993n, 7]]);
  assert.deepEqual(chunkShapesOf(grid), [[9007199254740993n, 7]]);
  const edge = ChunkGrid.fromChunkShapes([9007199254740991], [[9007199254740991]]);
  assert.deepEqual(chunkShapesOf(edge), [[9007199254740991]]);
});

test('toRegularJSON: [4, 4, 4] on length 12 qualifies', () => {
  assert.deepEqual(ChunkGrid.fromChunkShapes([12], [[4, 4, 4]]).toRegularJSON(), { name: 'regular', configuration: { chunk_shape: [4] } });
});

test('toRegularJSON: [4, 4, 4] on length 6 gives null (an overflow chunk a regular grid would not declare)', () => {
  assert.equal(ChunkGrid.fromChunkShapes([6], [[4, 4, 4]]).toRegularJSON(), null);
});

test('toRegularJSON: [4, 4, 2] on length 10 gives null (a short last edge)', () => {
  assert.equal(ChunkGrid.fromChunkShapes([10], [[4, 4, 2]]).toRegularJSON(), null);
});

test('toRegularJSON: integer axes qualify, and every axis must qualify', () => {
  assert.deepEqual(ChunkGrid.fromChunkShapes([10, 12], [3, [4, 4, 4]]).toRegularJSON(), { name: 'regular', configuration: { chunk_shape: [3, 4] } });
  assert.equal(ChunkGrid.fromChunkShapes([10, 12], [3, [4, 8]]).toRegularJSON(), null);
});

test('toRegularJSON: [4, 4, 4] on length 10 qualifies (a regular 4 declares the same three edges)', () => {
  assert.deepEqual(ChunkGrid.fromChunkShapes([10], [[4, 4, 4]]).toRegularJSON(), { name: 'regular', configuration: { chunk_shape: [4] } });
});

test('toRegularJSON: [4] on a zero-length axis gives null (a regular grid declares no edge there)', () => {
  assert.equal(ChunkGrid.fromChunkShapes([0], [[4]]).toRegularJSON(), null);
  assert.deepEqual(ChunkGrid.fromChunkShapes([0], [4]).toRegularJSON(), { name: 'regular', configuration: { chunk_shape: [4] } });
});
