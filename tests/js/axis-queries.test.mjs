// What the demo, the CLI and the reader ask of the grid instead of keeping
// a model of their own: axis summaries and data runs, the grid summary, the
// chunk at an element, chunk ranges and groups for a window, slice
// normalization, and the chunks a selection touches. Checked against a
// plain model over expanded edges on random grids, and at 10^12 chunks.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, GridError } from 'zarr-rectilinear';
import { axisSummary, resize, summary } from 'zarr-rectilinear/tools';

// Shape 10 with [[4, 3], 5]: chunks 4, 4, then 2 of a 4, and an overflow 5.
const sample = () => ChunkGrid.fromChunkShapes([10], [[[4, 3], 5]]);

test('axisSummary counts from runs', () => {
  assert.deepEqual(axisSummary(sample(), 0), {
    length: 10, edgeSum: 17, activeCount: 3, declaredCount: 4, isStep: false,
    smallestDataSize: 2, largestDataSize: 4, mostCommonDataSize: 4, mostCommonCount: 2,
  });
  const huge = ChunkGrid.fromChunkShapes([2n ** 64n - 1n], [[[1, 2n ** 64n - 1n]]]);
  assert.equal(axisSummary(huge, 0).mostCommonCount, 2n ** 64n - 1n);
  assert.throws(() => axisSummary(sample(), 1), RangeError);
});

test('dataRuns are the active chunks cut at the array end, runs kept compact', () => {
  assert.deepEqual(sample().dataRuns(0), [{ size: 4, count: 2 }, { size: 2, count: 1 }]);
  const billion = ChunkGrid.fromChunkShapes([1e12], [1000]);
  assert.deepEqual(billion.dataRuns(0), [{ size: 1000, count: 1e9 }]);
  assert.deepEqual(ChunkGrid.fromEdges([[]]).dataRuns(0), []);
});

test('summary() is the dask-style table the CLI and the demo show', () => {
  const s = summary(ChunkGrid.fromChunkShapes([10, 6], [[[4, 3], 5], 4]));
  assert.deepEqual(s.smallestChunk, [2, 2]);
  assert.deepEqual(s.largestChunk, [4, 4]);
  assert.deepEqual(s.mostCommonChunk, [4, 4]);
  assert.equal(s.mostCommonCount, 2);
  assert.equal(s.numChunks, 6);
  assert.equal(s.declaredChunks, 8);
  assert.equal(s.overflowChunks, 2);
  assert.deepEqual(s.overflowPerAxis, [1, 0]);
  assert.equal(s.regular, null);
});

test('chunkAt reaches overflow chunks; axisChunk gives origin, size and data size', () => {
  const g = ChunkGrid.fromChunkShapes([6], [[4, 4, 4]]);
  assert.deepEqual(g.chunkAt(0, 9), { chunk: 2, origin: 8, size: 4, dataSize: 0 });
  assert.deepEqual(g.chunkAt(0, 5n), { chunk: 1n, origin: 4n, size: 4n, dataSize: 2n });
  assert.deepEqual(g.axisChunk(0, 1), { chunk: 1, origin: 4, size: 4, dataSize: 2 });
  assert.throws(() => g.chunkAt(0, 12), /past the declared edges of axis 0, which sum to 12/);
  assert.throws(() => g.axisChunk(0, 3), RangeError);
  assert.throws(() => g.axisChunk(0, -1), RangeError);
  assert.throws(() => g.axisChunk(0, '1'), TypeError);
  assert.throws(() => g.chunkAt(0, 1.5), RangeError);
  // Past 2^53, number input asks for bigints; bigint input is exact.
  const huge = ChunkGrid.fromChunkShapes([2n ** 64n - 1n], [[[1, 2n ** 64n - 1n]]]);
  assert.throws(() => huge.axisChunk(0, 2 ** 53), RangeError);
  assert.equal(huge.axisChunk(0, 2n ** 64n - 2n).origin, 2n ** 64n - 2n);
});

test('chunkRange gives the declared chunks that meet a span', () => {
  const g = ChunkGrid.fromEdges([[3, 3, 4, 5]]);
  assert.deepEqual(g.chunkRange(0, 2, 7), { first: 0, stop: 3 });
  assert.deepEqual(g.chunkRange(0, 2n, 7n), { first: 0n, stop: 3n });
  assert.deepEqual(g.chunkRange(0, 20, 30), { first: 0, stop: 0 });
});

test('chunkGroups draws a billion-chunk axis in a handful of groups', () => {
  const g = ChunkGrid.fromChunkShapes([1e9], [[[1, 1e9]]]);
  const groups = g.chunkGroups(0, 5e8 + 0.5, 5e8 + 1000.2, { minSize: 100 });
  assert.ok(groups.length <= 22, `${groups.length} groups`);
  assert.equal(groups[0].first, 5e8);
  for (let i = 1; i < groups.length; i++) assert.equal(groups[i].first, groups[i - 1].first + groups[i - 1].count);
  assert.throws(() => g.chunkGroups(0, 0, 1e6, { minSize: 1, limit: 10 }), /more than 10 chunk groups/);
  assert.throws(() => g.chunkGroups(0, 0, NaN), TypeError);
  assert.throws(() => g.chunkGroups(0, 0, 10, { minSize: 0 }), RangeError);
});

test('normalizeSlice follows Python, and turns {blocks} into elements', () => {
  const g = ChunkGrid.fromEdges([[3, 3, 4]]);
  assert.deepEqual(g.normalizeSlice(0, { start: -4, stop: null, step: 2 }), { start: 6, stop: 10, step: 2 });
  assert.deepEqual(g.normalizeSlice(0, null), { start: 0, stop: 10, step: 1 });
  assert.deepEqual(g.normalizeSlice(0, { blocks: [1, null] }), { start: 3, stop: 10, step: 1 });
  assert.deepEqual(g.normalizeSlice(0, { start: 1n }), { start: 1n, stop: 10n, step: 1n });
  assert.throws(() => g.normalizeSlice(0, { step: 0 }), /step of at least 1/);
  assert.throws(() => g.normalizeSlice(0, [1, 2]), TypeError);
});

test('selectedChunks answers per axis: ranges, lists, and huge strided slices by their ends', () => {
  const g = ChunkGrid.fromChunkShapes([20, 12], [[2, 8, 2, 8], 4]);
  const s = g.selectedChunks([{ start: 1, stop: 15, step: 3 }, [0, 11, 5]]);
  assert.equal(s.axes[0].kind, 'list');
  assert.deepEqual(Array.from(s.axes[0].chunks), [0, 1, 2, 3]);
  assert.deepEqual(Array.from(s.axes[1].chunks), [0, 1, 2]);
  assert.equal(s.count, 12);
  assert.equal(s.count, [...g.project([{ start: 1, stop: 15, step: 3 }, [0, 11, 5]])].length);
  const blocks = g.selectedChunks([{ blocks: [1, 3] }]);
  assert.deepEqual(blocks.axes[0], { kind: 'range', first: 1, stop: 3, count: 2, exact: true });
  assert.deepEqual(blocks.axes[1], { kind: 'range', first: 0, stop: 3, count: 3, exact: true });
  const wide = ChunkGrid.fromChunkShapes([6e12], [[[1, 1e12], [5, 1e12]]]);
  const strided = wide.selectedChunks([{ step: 3 }]);
  assert.equal(strided.axes[0].kind, 'strided');
  assert.equal(strided.exact, false);
  assert.ok(strided.count <= 2e12 && strided.count > 1e12);
  assert.throws(() => g.selectedChunks([null, null, null]), TypeError);
});

// A plain model: expanded edges and their cumulative sums.
function model(edges, length) {
  const origins = [0];
  for (const e of edges) origins.push(origins.at(-1) + e);
  return { edges, origins, length };
}

test('Property: axis queries agree with expanded edges on random axes', () => {
  let seed = 7;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let round = 0; round < 300; round++) {
    const edges = Array.from({ length: 1 + random(12) }, () => 1 + random(6));
    const sum = edges.reduce((a, b) => a + b);
    const length = random(sum + 1);
    const g = ChunkGrid.fromChunkShapes([length], [edges]);
    const m = model(edges, length);
    for (let e = 0; e < sum; e++) {
      const c = g.chunkAt(0, e);
      assert.ok(m.origins[c.chunk] <= e && e < m.origins[c.chunk + 1]);
      assert.equal(c.dataSize, Math.max(0, Math.min(c.size, length - c.origin)));
    }
    const data = [];
    for (const { size, count } of g.dataRuns(0)) for (let k = 0; k < count; k++) data.push(size);
    assert.deepEqual(data, edges.map((e, i) => Math.min(e, length - m.origins[i])).filter((_, i) => m.origins[i] < length));
    const step = 1 + random(4);
    const start = random(length + 1);
    const selected = g.selectedChunks([{ start, step }]);
    const projected = [...g.project([{ start, step }])].map((p) => p.chunkCoords[0]);
    assert.equal(Number(selected.count), projected.length, `round ${round}`);
    g.dispose();
  }
});

test('GridError carries the code of its first problem', () => {
  const codeOf = (fn) => {
    try {
      fn();
    } catch (e) {
      assert.ok(e instanceof GridError);
      return e.code;
    }
    assert.fail('no error');
  };
  assert.equal(codeOf(() => ChunkGrid.fromChunkShapes([10], [[3, 3]])), 'SUM_BELOW_LENGTH');
  assert.equal(codeOf(() => ChunkGrid.fromChunkShapes([10], [[[5, 1, 2]]])), 'WRONG_TYPE');
  assert.equal(codeOf(() => ChunkGrid.fromChunkShapes([10], [0])), 'NOT_POSITIVE');
  assert.equal(codeOf(() => ChunkGrid.fromChunkShapes([10, 2], [5])), 'AXIS_COUNT');
  assert.equal(codeOf(() => ChunkGrid.fromMetadata('{"shape": [1], ')), 'SYNTAX');
  assert.equal(codeOf(() => ChunkGrid.fromMetadata({ shape: [2 ** 60], chunk_grid: {} })), 'UNSAFE_NUMBER');
  assert.equal(codeOf(() => ChunkGrid.fromChunkShapes([10], [[[2n ** 63n, 2]]])), 'OVERFLOW');
  const resized = (() => {
    try {
      resize(ChunkGrid.fromEdges([[5]]), [10], { edges: [[2]] });
    } catch (e) {
      return e;
    }
  })();
  assert.ok(resized instanceof RangeError);
  assert.equal(resized.code, 'SUM_BELOW_LENGTH');
});

test('chunkGroups: a minSize of 2^64 or more groups every chunk (it wrapped to 0 and grouped none)', () => {
  const g = ChunkGrid.fromEdges([[3, 4, 5], [10, 10]]);
  const one = [{ first: 0, count: 3, origin: 0, lastOrigin: 7, end: 12 }];
  assert.deepEqual(g.chunkGroups(0, 0, 12, { minSize: 13 }), one);
  assert.deepEqual(g.chunkGroups(0, 0, 12, { minSize: 2 ** 64 }), one);
  assert.deepEqual(g.chunkGroups(0, 0, 12, { minSize: 2 ** 65 }), one);
  assert.deepEqual(g.chunkGroups(0, 0, 12, { minSize: 1e300 }), one);
});

test('chunkGroups: a limit of 2^32 or more is not wrapped into a false "more than N groups" refusal', () => {
  const g = ChunkGrid.fromEdges([[3, 4, 5], [10, 10]]);
  const expected = g.chunkGroups(0, 0, 12);
  for (const limit of [2 ** 32, 2 ** 32 + 1, 2 ** 40, Number.MAX_SAFE_INTEGER]) {
    assert.deepEqual(g.chunkGroups(0, 0, 12, { limit }), expected, String(limit));
  }
});
