// grid.locateBatch(rows): lookups whose indices and answers stay in
// WebAssembly memory. Its answers are locateMany's; bad rows are named;
// a view detached by memory growth is never read as if written; disposed
// batches and grids are refused; nothing leaks.
// Run with --expose-gc.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid } from 'zarr-rectilinear';
import { collectGarbage, inUse, throwsWith } from './support.mjs';

// Shape [10, 12]: axis 0 the step 3, axis 1 the list [5, 4, 4].
const grid = ChunkGrid.fromChunkShapes([10, 12], [3, [5, 4, 4]]);

// A random grid of 1 to 3 axes (a step, a table-sized list, a long list of
// runs) and random rows inside its shape.
function randomCase(seed) {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const ndim = 1 + Math.floor(rnd() * 3);
  const chunkShapes = Array.from({ length: ndim }, (_, d) => {
    if (d === 0 && rnd() < 0.3) return 1 + Math.floor(rnd() * 50);
    const items = 1 + Math.floor(rnd() * (rnd() < 0.5 ? 20 : 3000));
    return Array.from({ length: items }, () => (rnd() < 0.3 ? [1 + Math.floor(rnd() * 9), 1 + Math.floor(rnd() * 5)] : 1 + Math.floor(rnd() * 40)));
  });
  const shape = chunkShapes.map((c) => (typeof c === 'number' ? c * 7 - 3 : c.reduce((a, e) => a + (Array.isArray(e) ? e[0] * e[1] : e), 0)));
  const rows = Math.floor(rnd() * 3000);
  const indices = new Float64Array(rows * ndim).map((_, i) => Math.floor(rnd() * shape[i % ndim]));
  // Sorted rows half of the time: each axis's column in order.
  if (rnd() < 0.5) {
    for (let d = 0; d < ndim; d++) {
      const column = Float64Array.from({ length: rows }, (_, r) => indices[r * ndim + d]).sort();
      column.forEach((v, r) => { indices[r * ndim + d] = v; });
    }
  }
  return { grid: ChunkGrid.fromChunkShapes(shape, chunkShapes), indices, rows };
}

test('locateBatch gives what locateMany gives, on random grids and rows', () => {
  for (let seed = 1; seed <= 200; seed++) {
    const { grid: g, indices, rows } = randomCase(seed);
    const want = g.locateMany(indices);
    const batch = g.locateBatch(rows);
    batch.indices.set(indices);
    const got = batch.locate();
    assert.deepEqual(got.chunks, want.chunks, `seed ${seed}`);
    assert.deepEqual(got.offsets, want.offsets, `seed ${seed}`);
    // The getters view the same answers.
    assert.deepEqual(batch.chunks, want.chunks);
    assert.deepEqual(batch.offsets, want.offsets);
    batch.dispose();
    g.dispose();
  }
});

test('locate(n) looks up the first n rows and returns views of their answers', () => {
  const batch = grid.locateBatch(4);
  assert.equal(batch.rows, 4);
  assert.equal(batch.indices.length, 8);
  batch.indices.set([0, 0, 9, 11, 3, 5, 8, 4]);
  const two = batch.locate(2);
  assert.deepEqual(two, { chunks: new Float64Array([0, 0, 3, 2]), offsets: new Float64Array([0, 0, 0, 2]) });
  assert.deepEqual(batch.locate(0), { chunks: new Float64Array(0), offsets: new Float64Array(0) });
  // A bad row past n is not read.
  batch.indices[7] = 12;
  assert.deepEqual(batch.locate(3).chunks, new Float64Array([0, 0, 3, 2, 1, 1]));
  batch.dispose();
});

test('locateBatch names the first bad row, as locateMany does, and the module keeps working', () => {
  const batch = grid.locateBatch(3);
  for (const [bad, pattern] of [[10, /row 1 \[10, 1\] lies outside the array shape \[10, 12\]/], [1.5, /row 1 \[1\.5, 1\].*must be integers/],
    [-1, /row 1 \[-1, 1\]/], [NaN, /row 1 \[NaN, 1\]/], [2 ** 53, /row 1/], [Infinity, /row 1/]]) {
    batch.indices.set([0, 0, bad, 1, 99, 99]);
    throwsWith(() => batch.locate(), RangeError, pattern);
    batch.indices.set([0, 0, 9, 11, 3, 5]);
    assert.deepEqual(batch.locate().chunks, new Float64Array([0, 0, 3, 2, 1, 1]));
  }
  // A column past the shape on the last axis, beyond the edge sum too.
  batch.indices.set([0, 12, 0, 0, 0, 0]);
  throwsWith(() => batch.locate(), RangeError, /row 0 \[0, 12\]/);
  batch.dispose();
});

test('locateBatch refuses a bad row count, and locate a count past the batch', () => {
  for (const rows of [-1, 1.5, NaN, '3', 2n, undefined, 2 ** 53]) {
    assert.throws(() => grid.locateBatch(/** @type {any} */ (rows)), TypeError, String(rows));
  }
  throwsWith(() => grid.locateBatch(2 ** 40), RangeError, /4 GiB/);
  const batch = grid.locateBatch(2);
  for (const rows of [3, -1, 0.5, NaN, '1']) throwsWith(() => batch.locate(/** @type {any} */ (rows)), RangeError, /rows: found/);
  batch.dispose();
});

test('an indices view detached by memory growth stops locate; a fresh one works', () => {
  const batch = grid.locateBatch(2);
  const stale = batch.indices;
  stale.set([9, 11, 3, 5]);
  // Memory grows: a grid of 2 million runs needs more than is free.
  const before = stale.buffer;
  const big = ChunkGrid.fromEdges([Array.from({ length: 2_000_000 }, (_, i) => 1 + (i % 3))]);
  assert.notEqual(batch.indices.buffer, before, 'memory did not grow: the test needs a larger grid');
  // A write to the stale view is lost; locate says so instead of answering.
  stale[0] = 0;
  const fresh = batch.indices; // taken again, but `stale` was taken last before it
  assert.equal(fresh[0], 9, 'the write to the detached view was lost');
  fresh.set([0, 0, 3, 5]);
  assert.deepEqual(batch.locate().chunks, new Float64Array([0, 0, 1, 1]));
  // Taking the view before the growth and none after is refused.
  const old = batch.indices;
  old.set([9, 11, 3, 5]);
  const bigger = ChunkGrid.fromEdges([Array.from({ length: 4_000_000 }, (_, i) => 1 + (i % 3))]);
  throwsWith(() => batch.locate(), Error, /taken before WebAssembly memory grew/);
  // The answers' getters still give the memory's current views.
  assert.equal(batch.chunks.buffer, bigger.locateBatch(0).chunks.buffer);
  batch.indices.set([9, 11, 3, 5]);
  assert.deepEqual(batch.locate().offsets, new Float64Array([0, 2, 0, 0]));
  big.dispose();
  bigger.dispose();
  batch.dispose();
});

test('a disposed batch, or a batch of a disposed grid, refuses every call', () => {
  const g = ChunkGrid.fromChunkShapes([10], [3]);
  const batch = g.locateBatch(1);
  batch.indices[0] = 4;
  assert.deepEqual(batch.locate().chunks, new Float64Array([1]));
  g.dispose();
  throwsWith(() => batch.locate(), Error, /has been disposed/);
  batch.dispose();
  batch.dispose(); // harmless
  throwsWith(() => batch.locate(), Error, /batch has been disposed/);
  throwsWith(() => batch.indices, Error, /batch has been disposed/);
  assert.throws(() => g.locateBatch(1), /has been disposed/);
  // What `using` calls on leaving its block.
  const scoped = grid.locateBatch(1);
  const dispose = scoped[Symbol.dispose ?? Symbol.for('Symbol.dispose')];
  assert.equal(typeof dispose, 'function');
  dispose.call(scoped);
  throwsWith(() => scoped.locate(), Error, /batch has been disposed/);
});

test('batches free their memory: disposed, or dropped and collected', async () => {
  for (let i = 0; i < 100; i++) grid.locateBatch(100).dispose(); // warm-up
  await collectGarbage(); // what earlier tests dropped
  const before = inUse();
  for (let i = 0; i < 10_000; i++) grid.locateBatch(1 + (i % 500)).dispose();
  assert.equal(inUse(), before);
  for (let i = 0; i < 10_000; i++) grid.locateBatch(1 + (i % 500));
  await collectGarbage();
  assert.equal(inUse(), before);
});

test('a batch on a 0-d grid holds no rows to look up', () => {
  const scalar = ChunkGrid.fromChunkShapes([], []);
  const batch = scalar.locateBatch(5);
  assert.equal(batch.indices.length, 0);
  assert.deepEqual(batch.locate(), { chunks: new Float64Array(0), offsets: new Float64Array(0) });
  batch.dispose();
  scalar.dispose();
});
