// Defects found by a review of the public calls' argument handling: each
// test is an input that was answered wrongly (or refused for a false
// reason) and the answer it should get.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, readMetadata } from 'zarr-rectilinear';

const grid = () => ChunkGrid.fromEdges([[3, 4, 5], [10, 10]]);

test('edges() reads opts.bigint once: a getter cannot get doubles written and read as uint64', () => {
  const g = grid();
  let reads = 0;
  const opts = { get bigint() { return reads++ > 0; } };
  const edges = g.edges(0, opts);
  assert.equal(reads, 1);
  assert.deepEqual(Array.from(edges, Number), [3, 4, 5]);
});

test('edges() refuses an opts.bigint that is not a boolean, rather than reading "false" as true', () => {
  const g = grid();
  for (const bad of ['false', 'no', 1, 0, null]) {
    assert.throws(() => g.edges(0, { bigint: bad }), TypeError, String(bad));
  }
  assert.deepEqual(g.edges(0, { bigint: false }), new Float64Array([3, 4, 5]));
  assert.deepEqual(g.edges(0, { bigint: true }), new BigUint64Array([3n, 4n, 5n]));
  assert.deepEqual(g.edges(0, {}), new Float64Array([3, 4, 5]));
});

test('chunkGroups: a minSize of 2^64 or more groups every chunk (it wrapped to 0 and grouped none)', () => {
  const g = grid();
  const one = [{ first: 0, count: 3, origin: 0, lastOrigin: 7, end: 12 }];
  assert.deepEqual(g.chunkGroups(0, 0, 12, { minSize: 13 }), one);
  assert.deepEqual(g.chunkGroups(0, 0, 12, { minSize: 2 ** 64 }), one);
  assert.deepEqual(g.chunkGroups(0, 0, 12, { minSize: 2 ** 65 }), one);
  assert.deepEqual(g.chunkGroups(0, 0, 12, { minSize: 1e300 }), one);
});

test('chunkGroups: a limit of 2^32 or more is not wrapped into a false "more than N groups" refusal', () => {
  const g = grid();
  const expected = g.chunkGroups(0, 0, 12);
  for (const limit of [2 ** 32, 2 ** 32 + 1, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
    assert.deepEqual(g.chunkGroups(0, 0, 12, { limit }), expected, String(limit));
  }
});

test('RechunkPlan.sourcesOf: number coordinates give a number `reads`, or a RangeError asking for bigints', () => {
  const src = ChunkGrid.fromChunkShapes([2 ** 30, 2 ** 30], [1, 1]);
  const dst = ChunkGrid.fromChunkShapes([2 ** 30, 2 ** 30], [2 ** 30, 2 ** 30]);
  const plan = src.overlap(dst);
  assert.throws(() => plan.sourcesOf([0, 0]), { name: 'RangeError', message: /2\^53 - 1.*bigint/ });
  assert.equal(plan.sourcesOf([0n, 0]).reads, 2n ** 60n);
  assert.equal(plan.sourcesOf([0n, 0n]).reads, 2n ** 60n);
});

test('selectedChunks: a bigint anywhere in the selection makes every listed axis a BigUint64Array', () => {
  const g = grid();
  // The bigint is in a slice (answered as a range) or in an integer (listed):
  // the listed axis [1, 15] must not change type with where the bigint is.
  for (const selection of [[{ step: 2n }, [1, 15]], [5n, [1, 15]], [{ step: 2 }, [1n, 15]]]) {
    const { axes } = g.selectedChunks(selection);
    assert.ok(axes[1].chunks instanceof BigUint64Array, JSON.stringify(selection, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)));
  }
  assert.ok(g.selectedChunks([{ step: 2 }, [1, 15]]).axes[1].chunks instanceof Float64Array);
});

test('readMetadata returns the attributes it validated: a getter is read once', () => {
  const base = {
    zarr_format: 3, node_type: 'array', shape: [10], data_type: 'uint8',
    chunk_grid: { name: 'regular', configuration: { chunk_shape: [5] } },
    chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [{ name: 'bytes' }],
  };
  let reads = 0;
  const meta = { ...base };
  Object.defineProperty(meta, 'attributes', { enumerable: true, get() { return ++reads <= 3 ? {} : 'not an object'; } });
  const read = readMetadata(meta);
  assert.equal(reads, 1);
  assert.equal(read.valid, true);
  assert.deepEqual(read.attributes, {});
});

test('resize refuses opts.edges that is not an array or an object of arrays, and edges for axes the grid lacks', () => {
  const g = grid();
  for (const edges of [5, true, 'ab', '']) {
    assert.throws(() => g.resize([20, 20], { edges }), TypeError, JSON.stringify(edges));
  }
  assert.throws(() => g.resize([20, 20], { edges: [null, null, [8]] }), RangeError);
  assert.throws(() => g.resize([20, 20], { edges: { 2: [8] } }), RangeError);
  // What is documented still works.
  assert.deepEqual(g.resize([20, 20], { edges: { 0: [8] } }).toJSON().configuration.chunk_shapes, [[3, 4, 5, 8], [10, 10]]);
  assert.deepEqual(g.resize([20, 20], { edges: [undefined, [10]] }).toJSON().configuration.chunk_shapes, [[3, 4, 5, 8], [10, 10]]);
  assert.deepEqual(g.resize([20, 20], { edges: [new Float64Array([8])] }).toJSON().configuration.chunk_shapes, [[3, 4, 5, 8], [10, 10]]);
});

test('an axis that is not a number is a TypeError that names what was found', () => {
  const g = grid();
  assert.throws(() => g.runs('0'), { name: 'TypeError', message: /axis: found "0"/ });
  assert.throws(() => g.edges(1n), { name: 'TypeError', message: /axis: found 1n/ });
  assert.throws(() => g.axisChunk(null, 0), { name: 'TypeError', message: /axis: found null/ });
  assert.throws(() => g.runs(2), { name: 'RangeError', message: /axis: found 2; expected an integer in \[0, 2\)/ });
  assert.throws(() => g.runs(0.5), RangeError);
});
