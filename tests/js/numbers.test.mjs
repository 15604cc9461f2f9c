// The number rules: a bigint in gives a bigint out; mixed input counts as
// bigint; no value ever loses precision silently; values no input decides are
// numbers up to 2^53 - 1 and bigints above; object metadata above 2^53 is
// rejected; JSON text is exact up to uint64.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, GridError } from 'zarr-rectilinear';
import { collect, throwsWith } from './support.mjs';

const grid = ChunkGrid.fromChunkShapes([10, 12], [3, [5, 4, 4]]);
// Shape [2^53 + 1]: one chunk of 2^53, then one of 1.
const hugeText = '{"shape":[9007199254740993],"chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[9007199254740992,1]]}}}';
const huge = ChunkGrid.fromMetadata(hugeText);

const allBigInt = (values) => Array.from(values).every((v) => typeof v === 'bigint');
const allNumber = (values) => Array.from(values).every((v) => typeof v === 'number');

test('number input gives number output', () => {
  const { chunk, offset } = grid.locate([9, 11]);
  assert.ok(allNumber([...chunk, ...offset]));
  assert.ok(allNumber(grid.chunkOrigin([1, 1])));
  assert.ok(allNumber(grid.chunkShape([1, 1])));
  assert.ok(allNumber(grid.chunkDataShape([1, 1])));
});

test('a bigint in gives a bigint out: locate', () => {
  assert.deepEqual(grid.locate([9n, 11n]), { chunk: [3n, 2n], offset: [0n, 2n] });
});

test('mixed input counts as bigint: locate', () => {
  assert.deepEqual(grid.locate([9n, 11]), { chunk: [3n, 2n], offset: [0n, 2n] });
  assert.deepEqual(grid.locate([9, 11n]), { chunk: [3n, 2n], offset: [0n, 2n] });
});

test('a bigint in gives a bigint out: chunkOrigin, chunkShape, chunkDataShape', () => {
  assert.deepEqual(grid.chunkOrigin([3n, 2n]), [9n, 9n]);
  assert.deepEqual(grid.chunkShape([3n, 2]), [3n, 4n]);
  assert.deepEqual(grid.chunkDataShape([3, 2n]), [1n, 3n]);
});

test('a bigint in gives a bigint out: projectAxes and project', () => {
  const [slice, integer] = grid.projectAxes([{ stop: 4n }, 7]);
  assert.equal(typeof slice.step, 'bigint');
  assert.ok(slice.chunks instanceof BigUint64Array);
  assert.equal(typeof integer.chunk, 'bigint');
  assert.equal(typeof integer.index, 'bigint');
  const [p] = collect(grid.project([1n, 7]));
  assert.ok(allBigInt(p.chunkCoords));
  assert.equal(typeof p.mapping[1].from, 'bigint');
});

test('a bigint in gives a bigint out: {blocks} with bigint bounds', () => {
  const [axis] = grid.projectAxes([{ blocks: [1n, 2n] }]);
  assert.ok(axis.chunks instanceof BigUint64Array);
  assert.deepEqual(Array.from(axis.chunks), [1n]);
});

test('values no input decides are numbers up to 2^53 - 1', () => {
  const edge = ChunkGrid.fromMetadata('{"shape":[9007199254740991],"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[9007199254740991]}}}');
  assert.deepEqual(edge.shape, [9007199254740991]);
  assert.deepEqual(edge.runs(0), [{ size: 9007199254740991, count: 1 }]);
  assert.equal(edge.toJSON().configuration.chunk_shapes[0], 9007199254740991);
});

test('values no input decides are bigints above 2^53 - 1 (shape, runs, toJSON)', () => {
  assert.deepEqual(huge.shape, [9007199254740993n]);
  assert.deepEqual(huge.gridShape, [2]);
  assert.deepEqual(huge.declaredGridShape, [2]);
  assert.deepEqual(huge.runs(0), [{ size: 9007199254740992n, count: 1 }, { size: 1, count: 1 }]);
  assert.deepEqual(huge.toJSON().configuration.chunk_shapes, [[9007199254740992n, 1]]);
  const exactly = ChunkGrid.fromChunkShapes([2n ** 53n], [2n ** 53n]);
  assert.deepEqual(exactly.shape, [2n ** 53n]);
});

test('JSON text is parsed exactly up to uint64 (JSON.parse would round 2^53 + 1)', () => {
  assert.equal(huge.shape[0], 9007199254740993n);
  assert.deepEqual(Array.from(huge.edges(0, { bigint: true })), [9007199254740992n, 1n]);
  const max = ChunkGrid.fromMetadata('{"shape":[18446744073709551615],"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[18446744073709551615]}}}');
  assert.deepEqual(max.shape, [18446744073709551615n]);
});

test('the bigint path works above 2^53: locate, locateMany, locateAxis', () => {
  assert.deepEqual(huge.locate([9007199254740992n]), { chunk: [1n], offset: [0n] });
  assert.deepEqual(huge.locate([9007199254740991n]), { chunk: [0n], offset: [9007199254740991n] });
  const many = huge.locateMany(new BigUint64Array([9007199254740992n, 5n]));
  assert.deepEqual(Array.from(many.chunks), [1n, 0n]);
  assert.deepEqual(Array.from(many.offsets), [0n, 5n]);
  const axis = huge.locateAxis(0, new BigInt64Array([9007199254740992n]));
  assert.deepEqual(Array.from(axis.chunks), [1n]);
  throwsWith(() => huge.locate([9007199254740993n]), RangeError);
});

test('the bigint path works above 2^53: chunk geometry', () => {
  assert.deepEqual(huge.chunkOrigin([1n]), [9007199254740992n]);
  assert.deepEqual(huge.chunkShape([0n]), [9007199254740992n]);
  assert.deepEqual(huge.chunkDataShape([1n]), [1n]);
});

test('a result that cannot be an exact number throws a RangeError asking for bigints', () => {
  throwsWith(() => huge.chunkOrigin([1]), RangeError, /bigint/);
  throwsWith(() => huge.chunkShape([0]), RangeError, /bigint/);
  throwsWith(() => huge.projectAxes([null]), RangeError, /bigint/);
  // The data shape of chunk 1 is 1: it is exact as a number.
  assert.deepEqual(huge.chunkDataShape([1]), [1]);
});

test('a number index above 2^53 - 1 is rejected with a RangeError asking for a bigint: locate', () => {
  throwsWith(() => huge.locate([9007199254740992]), RangeError, /bigint/);
});

test('a number index above 2^53 - 1 is rejected with a RangeError asking for a bigint: locateMany and locateAxis', () => {
  // 2^53 as a double may be a rounded 2^53 + 1: it must not be answered silently.
  assert.throws(() => huge.locateMany(new Float64Array([9007199254740992])), RangeError);
  assert.throws(() => huge.locateMany([9007199254740992]), RangeError);
  assert.throws(() => huge.locateAxis(0, new Float64Array([9007199254740992])), RangeError);
});

test('a number above 2^53 - 1 in a selection is rejected with a RangeError asking for a bigint', () => {
  const regularHuge = ChunkGrid.fromMetadata('{"shape":[9007199254740993],"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[1000]}}}');
  throwsWith(() => regularHuge.projectAxes([9007199254740992]), RangeError, /bigint/);
  throwsWith(() => regularHuge.projectAxes([{ start: 9007199254740992 }]), RangeError, /bigint/);
  // The same rule for integer arrays: 2^53 as a double may be a rounded 2^53 + 1.
  assert.throws(() => regularHuge.projectAxes([[9007199254740992]]), RangeError);
  assert.throws(() => regularHuge.projectAxes([new Float64Array([9007199254740992])]), RangeError);
  // With a bigint it is exact.
  const [axis] = regularHuge.projectAxes([[9007199254740992n]]);
  assert.deepEqual(Array.from(axis.chunks), [9007199254740n]);
  assert.deepEqual(Array.from(axis.offsets), [992n]);
});

test('a number coordinate above 2^53 - 1 is rejected by fromChunkShapes (GridError asking for text or bigint)', () => {
  throwsWith(() => ChunkGrid.fromChunkShapes([2 ** 60], [4]), GridError, /bigint/);
});

test('object metadata with a number above 2^53 is a GridError that asks for JSON text or bigint', () => {
  const meta = { shape: [2 ** 53 + 2], chunk_grid: { name: 'regular', configuration: { chunk_shape: [1] } } };
  assert.throws(() => ChunkGrid.fromMetadata(meta), (e) => e instanceof GridError && e.path === '/shape/0' && /JSON text/.test(e.message) && /bigint/.test(e.message));
  const edge = { shape: [10], chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[2 ** 53, 1]] } } };
  assert.throws(() => ChunkGrid.fromMetadata(edge), (e) => e instanceof GridError && e.path === '/chunk_grid/configuration/chunk_shapes/0/0');
});

test('object metadata with bigint values above 2^53 is exact', () => {
  const meta = { shape: [9007199254740993n], chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[9007199254740992n, 1]] } } };
  assert.ok(ChunkGrid.fromMetadata(meta).equals(huge));
});

test('4.0 in an object is the integer 4 (only text shows the difference)', () => {
  const grid = ChunkGrid.fromMetadata({ shape: [8.0], chunk_grid: { name: 'regular', configuration: { chunk_shape: [4.0] } } });
  assert.deepEqual(grid.shape, [8]);
  assert.deepEqual(grid.warnings, []);
  assert.throws(() => ChunkGrid.fromMetadata('{"shape":[8.0],"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[4]}}}'), GridError);
});

test('a non-integral number in an object is a GridError', () => {
  assert.throws(() => ChunkGrid.fromMetadata({ shape: [8.5], chunk_grid: { name: 'regular', configuration: { chunk_shape: [4] } } }), (e) => e instanceof GridError && e.path === '/shape/0');
});

test('NaN and Infinity in an object are GridErrors at their pointer', () => {
  for (const bad of [NaN, Infinity]) {
    assert.throws(() => ChunkGrid.fromMetadata({ shape: [bad], chunk_grid: { name: 'regular', configuration: { chunk_shape: [4] } } }), (e) => e instanceof GridError && e.path === '/shape/0');
  }
});

test('a negative bigint or one beyond uint64 is rejected', () => {
  assert.throws(() => ChunkGrid.fromChunkShapes([-1n], [1]), GridError);
  assert.throws(() => ChunkGrid.fromChunkShapes([2n ** 64n], [1]), GridError);
  assert.throws(() => grid.locate([2n ** 64n, 0]), RangeError);
});

test('values are checked uint64: an edge sum that would overflow is an error, never wrapped', () => {
  throwsWith(() => ChunkGrid.fromChunkShapes([10], [[[2n ** 63n - 1n, 4]]]), GridError);
  throwsWith(() => ChunkGrid.fromChunkShapes([2n ** 64n - 1n], [2n ** 63n]), GridError);
});
