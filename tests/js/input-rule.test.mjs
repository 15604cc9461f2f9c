// One input rule for every index, in every call (js/grid/indices.js): a value is
// a safe-integer number or a bigint, in range for what it addresses, or a
// TypeError/RangeError that names its position. These are the inputs that
// were once answered wrongly without an error.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid } from 'zarr-rectilinear';

const spec = () => ChunkGrid.fromChunkShapes([26, 38], [[16, 10], [24, 14]]);
const huge = () => ChunkGrid.fromChunkShapes([2n ** 64n - 1n], [[[1, 2n ** 64n - 1n]]]);

test('locateMany and locateAxis never wrap bigints modulo 2^64', () => {
  assert.throws(() => spec().locateMany([2n ** 64n + 20n, 15n]), { name: 'RangeError', message: /indices\[0\] \(row 0, axis 0\).*2\^64 - 1/ });
  assert.throws(() => spec().locateMany([-(2n ** 64n) + 20n, 15n]), /indices\[0\]/);
  assert.throws(() => spec().locateMany([20n, -1n]), /indices\[1\] \(row 0, axis 1\)/);
  assert.throws(() => spec().locateAxis(0, [2n ** 64n]), /indices\[0\]/);
  assert.throws(() => spec().locateMany(BigInt64Array.of(20n, -15n)), /indices\[1\]/);
  assert.deepEqual(Array.from(spec().locateMany([20n, 15n]).chunks), [1n, 0n]);
});

test('locateMany coerces nothing: null, booleans, strings and nested arrays are TypeErrors', () => {
  for (const bad of [null, true, '20', [20], undefined, {}]) {
    assert.throws(() => spec().locateMany([bad, 15]), { name: 'TypeError', message: /indices\[0\] \(row 0, axis 0\): found/ }, String(bad));
    assert.throws(() => spec().locateAxis(1, [3, bad]), { name: 'TypeError', message: /indices\[1\]/ });
  }
  assert.throws(() => spec().locateMany([[20], [15]]), TypeError);
  assert.throws(() => spec().locateMany('2015'), TypeError);
});

test('numbers and bigints mix in any array, typed or plain', () => {
  assert.deepEqual(Array.from(spec().locateMany([20, 15n]).chunks), [1n, 0n]);
  const { chunks } = spec().locateMany(Int32Array.of(20, 15, 0, 37));
  assert.deepEqual(Array.from(chunks), [1, 0, 0, 1]);
  // A typed array on one axis beside a bigint on another.
  const p = spec().projectAxes([Float64Array.of(0, 20), 5n]);
  assert.deepEqual(Array.from(p[0].chunks), [0n, 1n]);
  const q = spec().projectAxes([Int32Array.of(-1), [1n]]);
  assert.deepEqual(Array.from(q[0].offsets), [9n]);
});

test('integer-array selections of bigints reach past int64 on both sides, and never wrap', () => {
  const g = huge();
  // 2^63 is an index, not a count from the end.
  const [p] = g.projectAxes([[2n ** 63n]]);
  assert.deepEqual(Array.from(p.chunks), [2n ** 63n]);
  // -(2^64 - 1) counts from the end of an axis of length 2^64 - 1: index 0.
  const [q] = g.projectAxes([[-(2n ** 64n - 1n), 5n]]);
  assert.deepEqual(Array.from(q.chunks), [0n, 5n]);
  assert.throws(() => g.projectAxes([[2n ** 64n + 3n]]), { name: 'RangeError', message: /selection\[0\]\[0\]/ });
  assert.throws(() => spec().projectAxes([[2n ** 64n + 3n]]), RangeError);
  assert.throws(() => spec().projectAxes([[null, '20', true]]), { name: 'TypeError', message: /selection\[0\]\[0\]: found null/ });
  assert.throws(() => spec().projectAxes([[1, 2 ** 60]]), /selection\[0\]\[1\]/);
  assert.throws(() => spec().projectAxes([[1.5]]), RangeError);
});

test('the module keeps answering after every refusal', () => {
  const g = spec();
  for (const bad of [[null, 1], [2n ** 70n, 1], ['1', 1]]) assert.throws(() => g.locateMany(bad));
  assert.deepEqual(g.locate([20, 15]), { chunk: [1, 0], offset: [4, 15] });
});

test('chunk geometry asks for a bigint past 2^53 - 1, and calls an integer out of range outside the grid', () => {
  const g = ChunkGrid.fromChunkShapes([10], [3]);
  assert.throws(() => g.chunkOrigin([2 ** 53]), /pass a bigint/);
  assert.throws(() => g.chunkShape([1.5]), /expected a non-negative integer/);
  assert.throws(() => g.chunkDataShape([5]), /lies outside the declared grid \[4\]/);
  assert.throws(() => g.chunkOrigin(['1']), TypeError);
  assert.deepEqual(g.chunkOrigin([3n]), [9n]);
});
