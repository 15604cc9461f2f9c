// Grids people build and combine: trimmed grids, dask's chunks in and out,
// concatenation and rechunk plans. Checked against expanded chunks on random
// small grids, and against closed forms over bigints on axes of 10^9
// chunks and more, which the package must never expand.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, GridError } from 'zarr-rectilinear';
import { axisSummary, concat, overlap, resize, trimmed } from 'zarr-rectilinear/tools';
import { expandAxis, mulberry32, randInt } from './support.mjs';

const MAX = 2n ** 64n - 1n;

// A random chunk_shapes entry for an axis of `length`: a step, or a list
// that may run past the length (overflow chunks).
function randomEntry(rand, length, overflow = true) {
  if (rand() < 0.3) return randInt(rand, 1, 7);
  const edges = [];
  let sum = 0;
  const reach = length + (overflow && rand() < 0.5 ? randInt(rand, 1, 8) : 0);
  while (sum < reach || edges.length === 0) {
    const e = randInt(rand, 1, 7);
    edges.push(e);
    sum += e;
  }
  return edges;
}

// Data spans [start, stop) of the active chunks.
function dataSpans(length, entry) {
  const out = [];
  let origin = 0;
  for (const e of expandAxis(length, entry)) {
    if (origin >= length) break;
    out.push([origin, Math.min(origin + e, length)]);
    origin += e;
  }
  return out;
}

test('trimmed: the last chunk ends at the array end; exact axes are steps', () => {
  const g = trimmed([1000, 1024, 0, 10], [64, 64, 64, 64]);
  assert.deepEqual(g.toJSON().configuration.chunk_shapes, [[[64, 15], 40], 64, 64, [10]]);
  assert.deepEqual(g.shape, [1000, 1024, 0, 10]);
  assert.equal(axisSummary(g, 0).edgeSum, 1000);
  // Resize: a step axis follows the length; a list axis appends one edge of the difference.
  assert.deepEqual(resize(g, [1100, 1100, 5, 10]).toJSON().configuration.chunk_shapes, [[[64, 15], 40, 100], 64, 64, [10]]);
  const big = trimmed([MAX], [2n ** 63n]);
  assert.deepEqual(big.runs(0), [{ size: 2n ** 63n, count: 1 }, { size: 2n ** 63n - 1n, count: 1 }]);
  assert.throws(() => trimmed([10], [0]), (e) => e instanceof GridError && e.code === 'NOT_POSITIVE' && e.path === '/chunkShape/0');
  assert.throws(() => trimmed([10], [1, 2]), TypeError);
  assert.throws(() => trimmed([-1], [2]), RangeError);
});

test('fromEdges reads dask chunks; 0 inside an axis and NaN get dask-specific errors', () => {
  assert.deepEqual(ChunkGrid.fromEdges([[], [0], [3, 2]]).shape, [0, 0, 5]);
  assert.throws(() => ChunkGrid.fromEdges([[5, 0, 3]]), (e) => e instanceof GridError && e.code === 'NOT_POSITIVE' &&
    e.path === '/chunk_shapes/0/1' && /found 0 at \/chunk_shapes\/0\/1; dask writes 0 only for an empty axis/.test(e.message));
  assert.throws(() => ChunkGrid.fromEdges([[2], [5, NaN]]), (e) => e instanceof GridError && e.path === '/chunk_shapes/1/1' &&
    /found NaN at \/chunk_shapes\/1\/1: dask's unknown chunk sizes; compute them first \(dask: compute_chunk_sizes\(\)\)/.test(e.message));
  assert.throws(() => ChunkGrid.fromEdges([new Float64Array([NaN])]), /dask's unknown chunk sizes/);
});

test('toDaskChunks gives the data sizes of the active chunks and round-trips through fromEdges', () => {
  const rand = mulberry32(3);
  for (let n = 0; n < 300; n++) {
    const shape = [randInt(rand, 0, 30), randInt(rand, 0, 30)];
    const g = ChunkGrid.fromChunkShapes(shape, shape.map((l) => randomEntry(rand, l)));
    const chunks = g.toDaskChunks();
    chunks.forEach((sizes, d) => {
      const expected = dataSpans(shape[d], g.toJSON().configuration.chunk_shapes[d]).map(([a, b]) => b - a);
      assert.deepEqual(sizes, expected.length ? expected : [0]);
    });
    const back = ChunkGrid.fromEdges(chunks);
    assert.deepEqual(back.shape, shape);
    assert.deepEqual(back.toDaskChunks(), chunks);
  }
  assert.deepEqual(ChunkGrid.fromChunkShapes([MAX - 1n], [[2n ** 63n, 2n ** 63n - 1n]]).toDaskChunks(), [[2n ** 63n, 2n ** 63n - 2n]]);
});

test('toDaskChunks refuses past 2^24 chunks, from the counts, before expanding', () => {
  const huge = ChunkGrid.fromChunkShapes([10n ** 18n], [1000]); // 10^15 chunks
  const t0 = performance.now();
  assert.throws(() => huge.toDaskChunks(), (e) => e instanceof RangeError && /more than 16777216/.test(e.message));
  assert.ok(performance.now() - t0 < 100);
  assert.throws(() => ChunkGrid.fromChunkShapes([2 ** 23 + 1, 2 ** 23], [1, 1]).toDaskChunks(), RangeError);
  assert.equal(ChunkGrid.fromChunkShapes([2 ** 23, 2 ** 23], [1, 1]).toDaskChunks()[1].length, 2 ** 23);
});

test('concat agrees with laid-out edges on random grids; runs merge at the joins', () => {
  const rand = mulberry32(5);
  for (let n = 0; n < 300; n++) {
    const other = randInt(rand, 0, 12);
    const otherEntry = randomEntry(rand, other);
    const count = randInt(rand, 1, 4);
    const lengths = Array.from({ length: count }, () => randInt(rand, 0, 15));
    const entries = lengths.map((l, k) => randomEntry(rand, l, k === count - 1));
    // Every part but the last must end at its length: make its list exact.
    const parts = entries.map((e, k) => {
      if (k < count - 1 && typeof e === 'number' && lengths[k] % e !== 0) e = dataSpans(lengths[k], e).map(([a, b]) => b - a);
      if (k < count - 1 && Array.isArray(e)) e = lengths[k] === 0 ? 1 : dataSpans(lengths[k], e).map(([a, b]) => b - a);
      return { length: lengths[k], entry: e, grid: ChunkGrid.fromChunkShapes([other, lengths[k]], [otherEntry, e]) };
    });
    const joined = concat(parts.map((p) => p.grid), 1);
    const total = lengths.reduce((a, b) => a + b, 0);
    assert.deepEqual(joined.shape, [other, total]);
    assert.deepEqual(Array.from(joined.edges(1)), parts.flatMap((p) => expandAxis(p.length, p.entry)));
    assert.ok(joined.runs(1).every((r, i, rs) => i === 0 || rs[i - 1].size !== r.size), 'maximal runs');
    assert.deepEqual(joined.toJSON().configuration.chunk_shapes[0], parts[0].grid.toJSON().configuration.chunk_shapes[0]);
  }
});

test('concat: forms, and errors that name the part and the axis', () => {
  const step = ChunkGrid.fromChunkShapes([3, 8], [[3], 4]);
  const list = ChunkGrid.fromChunkShapes([3, 8], [[3], [4, 4]]);
  assert.deepEqual(concat([step, list], 0).toJSON().configuration.chunk_shapes, [[3, 3], 4]);
  assert.deepEqual(concat([list, step], 0).toJSON().configuration.chunk_shapes, [[3, 3], [4, 4]]);
  assert.deepEqual(concat([ChunkGrid.fromChunkShapes([8], [4]), ChunkGrid.fromChunkShapes([6], [4])], 0).toJSON().configuration.chunk_shapes, [4]);
  const differ = ChunkGrid.fromChunkShapes([3, 8], [[3], [4, 5]]);
  assert.throws(() => concat([step, list, differ], 0), (e) => e instanceof GridError && e.code === 'INVALID' &&
    e.part === 2 && e.axis === 1 && /part 2, axis 1/.test(e.message));
  assert.throws(() => concat([step, ChunkGrid.fromChunkShapes([3, 9], [[3], 4])], 0), /part 1, axis 1: found length 9; expected 8/);
  const over = ChunkGrid.fromChunkShapes([2, 8], [[3], 4]);
  assert.throws(() => concat([over, step], 0), (e) => e.part === 0 && e.axis === 0 && /edges sum to 3, past its length 2/.test(e.message));
  assert.equal(concat([step, over], 0).shape[0], 5); // the last part may overflow
  assert.throws(() => concat([ChunkGrid.fromChunkShapes([MAX], [1]), ChunkGrid.fromChunkShapes([1], [1])], 0),
    (e) => e instanceof GridError && e.code === 'OVERFLOW' && e.part === 1);
  assert.throws(() => concat([step, ChunkGrid.fromChunkShapes([3], [3])], 0), (e) => e.code === 'AXIS_COUNT');
  assert.throws(() => concat([], 0), TypeError);
  assert.throws(() => concat([step], 2), RangeError);
  const huge = concat([ChunkGrid.fromChunkShapes([1e12], [1000]), ChunkGrid.fromChunkShapes([1e12], [[[500, 2e9]]])], 0);
  assert.deepEqual(huge.runs(0), [{ size: 1000, count: 1e9 }, { size: 500, count: 2e9 }]);
});

// The plan of random grids, from expanded data spans.
function bruteAxis(length, sourceEntry, targetEntry) {
  const S = dataSpans(length, sourceEntry), T = dataSpans(length, targetEntry);
  const per = T.map(([a, b]) => S.map(([c, d], k) => [k, c, d]).filter(([, c, d]) => c < b && a < d));
  return {
    per,
    targets: T,
    maxReads: Math.max(0, ...per.map((p) => p.length)),
    reads: BigInt(per.reduce((n, p) => n + p.length, 0)),
    readElements: BigInt(per.reduce((n, p) => n + p.reduce((m, [, c, d]) => m + d - c, 0), 0)),
  };
}

test('Property: overlap agrees with intersected chunks on random grids', () => {
  const rand = mulberry32(9);
  for (let n = 0; n < 400; n++) {
    const shape = [randInt(rand, 0, 40), randInt(rand, 0, 25)];
    const se = shape.map((l) => randomEntry(rand, l)), te = shape.map((l) => randomEntry(rand, l));
    const plan = overlap(ChunkGrid.fromChunkShapes(shape, se), ChunkGrid.fromChunkShapes(shape, te));
    const brute = shape.map((l, d) => bruteAxis(l, se[d], te[d]));
    const totals = plan.totals();
    brute.forEach((b, d) => {
      assert.equal(totals.axes[d].maxReads, b.maxReads);
      assert.equal(totals.axes[d].reads, b.reads);
      assert.equal(totals.axes[d].readElements, b.readElements);
    });
    // N-d: every pair of target chunks, counted directly.
    let max = 0, reads = 0n, elements = 0n;
    brute[0].per.forEach((p0) => brute[1].per.forEach((p1) => {
      max = Math.max(max, p0.length * p1.length);
      reads += BigInt(p0.length * p1.length);
      elements += BigInt(p0.reduce((m, [, c, d]) => m + d - c, 0) * p1.reduce((m, [, c, d]) => m + d - c, 0));
    }));
    assert.equal(totals.maxReads, max);
    assert.equal(totals.meanReadsExact.numerator, reads);
    assert.equal(totals.meanReadsExact.denominator, BigInt(brute[0].targets.length * brute[1].targets.length));
    assert.equal(totals.amplificationExact.numerator, elements);
    assert.equal(totals.amplificationExact.denominator, BigInt(shape[0] * shape[1]));
    // Detail: one chunk, and a range of chunks per axis.
    if (brute[0].targets.length && brute[1].targets.length) {
      const t = [randInt(rand, 0, brute[0].targets.length - 1), randInt(rand, 0, brute[1].targets.length - 1)];
      const one = plan.sourcesOf(t);
      one.axes.forEach((a, d) => {
        const p = brute[d].per[t[d]];
        assert.equal(a.sourceFirst, p[0][0]);
        assert.equal(a.sourceStop, p[p.length - 1][0] + 1);
        assert.deepEqual([a.start, a.stop], brute[d].targets[t[d]]);
        assert.deepEqual(a.intersections.map((i) => [i.chunk, i.start, i.stop]),
          p.map(([k, c, e]) => [k, Math.max(c, a.start), Math.min(e, a.stop)]));
      });
      const cols = plan.axisSources(0, 0, brute[0].targets.length);
      assert.deepEqual(Array.from(cols.sourceFirst), brute[0].per.map((p) => p[0][0]));
      assert.deepEqual(Array.from(cols.sourceStop), brute[0].per.map((p) => p[p.length - 1][0] + 1));
    }
  }
});

// Closed forms for step axes s and u on a length that both divide: target
// chunks L/u, shared origins L/lcm, every phase a multiple of gcd reached.
function gcd(a, b) { return b === 0n ? a : gcd(b, a % b); }
function stepOracle(length, s, u) {
  const g = gcd(s, u), lcm = s / g * u;
  const S = length / s, T = length / u, shared = length / lcm;
  const phase = T >= s / g ? s - g : null; // the largest phase, when every one is reached
  return {
    reads: T + S - shared,
    readElements: length + s * (T - shared),
    maxReads: phase === null ? null : 1n + (phase + u - 1n) / s,
  };
}

test('overlap on axes of 10^9 chunks and more, against closed forms over bigints', () => {
  const cases = [
    [10n ** 12n * 1001n, 1000n, 1001n],
    [2n ** 40n * 3n * 5n * 7n, 3n * 2n ** 20n, 5n * 7n],
    [2n ** 63n, 2n ** 10n, 2n ** 3n],
    [2n ** 63n, 2n ** 3n, 2n ** 10n],
    [6n * 10n ** 18n, 6n, 4n],
    [2n ** 64n - 1n, 1n, 2n ** 64n - 1n],
    [2n ** 64n - 1n, 2n ** 64n - 1n, 1n],
    [2n ** 64n - 1n, 3n, 5n],
  ];
  for (const [length, s, u] of cases) {
    const t0 = performance.now();
    const plan = overlap(ChunkGrid.fromChunkShapes([length], [s]), ChunkGrid.fromChunkShapes([length], [u]));
    const { axes: [axis] } = plan.totals();
    const oracle = stepOracle(length, s, u);
    assert.equal(axis.reads, oracle.reads, `${length} ${s} ${u}`);
    assert.equal(axis.readElements, oracle.readElements, `${length} ${s} ${u}`);
    if (oracle.maxReads !== null) assert.equal(BigInt(axis.maxReads), oracle.maxReads, `${length} ${s} ${u}`);
    assert.ok(performance.now() - t0 < 50, 'from runs, never expanded');
  }
  // Sums past 2^64 stay exact; N-d products as bigints.
  const wide = overlap(ChunkGrid.fromChunkShapes([MAX, MAX], [MAX, MAX]), ChunkGrid.fromChunkShapes([MAX, MAX], [1, 1]));
  const totals = wide.totals();
  assert.equal(totals.amplificationExact.numerator, (MAX * MAX) ** 2n);
  assert.equal(totals.amplificationExact.denominator, MAX * MAX);
  assert.equal(totals.targetChunks, MAX * MAX);
  assert.equal(totals.maxReads, 1);
  // Lists of many runs across a step: an exact count from the merge.
  // 999999999 chunks of 1, then as many of 2, under a step of 3: a target
  // chunk reads 3 sources in the first run, 2 in the second.
  const list = ChunkGrid.fromChunkShapes([2999999997], [[[1, 999999999], [2, 999999999]]]);
  const axis = overlap(list, ChunkGrid.fromChunkShapes([2999999997], [3])).totals().axes[0];
  assert.equal(axis.maxReads, 3);
  assert.equal(axis.reads, 333333333n * 3n + 666666666n * 2n);
  assert.equal(axis.readElements, 333333333n * 3n + 666666666n * 4n);
});

test('overlap: zero-length axes, shapes that differ, limits and bigint detail', () => {
  const empty = overlap(ChunkGrid.fromEdges([[], [2, 2]]), ChunkGrid.fromChunkShapes([0, 4], [3, 1]));
  const t = empty.totals();
  assert.equal(t.targetChunks, 0);
  assert.equal(t.maxReads, 0);
  assert.equal(t.meanReads, 0);
  assert.equal(t.amplification, 0);
  assert.throws(() => empty.sourcesOf([0, 0]), RangeError);
  assert.throws(() => overlap(ChunkGrid.fromChunkShapes([4, 5], [1, 1]), ChunkGrid.fromChunkShapes([4, 6], [1, 1])), (e) => e instanceof RangeError && /axis 1 has length 5 in the source and 6 in the target/.test(e.message));
  assert.throws(() => overlap(ChunkGrid.fromChunkShapes([4], [1]), ChunkGrid.fromChunkShapes([4, 4], [1, 1])), RangeError);
  assert.throws(() => overlap(ChunkGrid.fromChunkShapes([4], [1]), {}), TypeError);
  const big = overlap(ChunkGrid.fromChunkShapes([1e12], [1]), ChunkGrid.fromChunkShapes([1e12], [1e6]));
  assert.throws(() => big.axisSources(0, 0, 2 ** 24 + 1), RangeError);
  const one = big.sourcesOf([999999n]);
  assert.equal(one.axes[0].sourceFirst, 999999000000n);
  assert.equal(one.axes[0].intersections, null); // 10^6 source chunks: past the listing limit
  assert.equal(one.reads, 1000000n);
  const cols = big.axisSources(0, 999990n, 1000000n);
  assert.ok(cols.sourceFirst instanceof BigUint64Array);
  assert.equal(cols.sourceStop[9], 10n ** 12n);
  const past = overlap(ChunkGrid.fromChunkShapes([MAX], [1]), ChunkGrid.fromChunkShapes([MAX], [1]));
  assert.throws(() => past.axisSources(0, 2 ** 53 - 1, 2 ** 53 - 1 + 2), RangeError);
  assert.equal(past.axisSources(0, MAX - 2n, MAX).sourceStop[1], MAX);
});

test('RechunkPlan.sourcesOf: number coordinates give a number `reads`, or a RangeError asking for bigints', () => {
  const src = ChunkGrid.fromChunkShapes([2 ** 30, 2 ** 30], [1, 1]);
  const dst = ChunkGrid.fromChunkShapes([2 ** 30, 2 ** 30], [2 ** 30, 2 ** 30]);
  const plan = overlap(src, dst);
  assert.throws(() => plan.sourcesOf([0, 0]), { name: 'RangeError', message: /2\^53 - 1.*bigint/ });
  assert.equal(plan.sourcesOf([0n, 0]).reads, 2n ** 60n);
  assert.equal(plan.sourcesOf([0n, 0n]).reads, 2n ** 60n);
});
