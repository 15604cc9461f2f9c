// zarr-rectilinear/tools: the plans and summaries that were ChunkGrid's
// members are functions that take grids (trimmed, concat, resize, overlap,
// axisSummary, summary). They refuse what is not a grid, name a disposed
// grid as the argument it is, give what the members gave, and build
// ordinary ChunkGrids, though they work in a WebAssembly module of their own
// (docs/wasm-boundary.md, "Two modules"), which importing zarr-rectilinear
// alone never loads (docs/size.md).
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ChunkGrid, GridError } from 'zarr-rectilinear';
import { axisSummary, concat, overlap, resize, summary, trimmed } from 'zarr-rectilinear/tools';

const specExample = () => ChunkGrid.fromChunkShapes([26, 38], [[16, 10], [24, 14]]);
const chunkShapes = (grid) => grid.toJSON().configuration.chunk_shapes;
const MAX = 2n ** 64n - 1n;

// Each tool that takes grids, called with `grid` where a grid goes.
const GRID_ARGUMENTS = {
  resize: (grid) => resize(grid, [30, 38]),
  'overlap (source)': (grid) => overlap(grid, specExample()),
  'overlap (target)': (grid) => overlap(specExample(), grid),
  concat: (grid) => concat([specExample(), grid], 0),
  axisSummary: (grid) => axisSummary(grid, 0),
  summary: (grid) => summary(grid),
};

test('each tool refuses a value that is not a ChunkGrid with a TypeError', () => {
  const notGrids = [undefined, null, {}, specExample().toJSON(), [[16, 10], [24, 14]], 'grid', 4];
  for (const [name, call] of Object.entries(GRID_ARGUMENTS)) {
    for (const value of notGrids) assert.throws(() => call(value), TypeError, `${name}(${JSON.stringify(value)})`);
  }
  // What it found, where the message can say.
  assert.throws(() => resize({}, [1]), { name: 'TypeError', message: 'resize: found an object; expected a ChunkGrid' });
  assert.throws(() => summary(null), { name: 'TypeError', message: 'summary: found null; expected a ChunkGrid' });
  assert.throws(() => axisSummary(undefined, 0), { name: 'TypeError', message: 'axisSummary: found undefined; expected a ChunkGrid' });
  assert.throws(() => concat(specExample(), 0), TypeError, 'concat takes an array of grids');
});

test('a disposed grid is named as the argument it is', () => {
  const disposed = specExample();
  disposed.dispose();
  const messages = {
    resize: 'resize: the grid has been disposed',
    'overlap (source)': 'overlap: the source ChunkGrid has been disposed',
    'overlap (target)': 'overlap: the target ChunkGrid has been disposed',
    concat: 'concat: grids[1] has been disposed',
    axisSummary: 'axisSummary: the grid has been disposed',
    summary: 'summary: the grid has been disposed',
  };
  for (const [name, call] of Object.entries(GRID_ARGUMENTS)) {
    assert.throws(() => call(disposed), (e) => e instanceof Error && !(e instanceof TypeError) && e.message === messages[name], name);
  }
});

test('the tools give what the members they replace gave', () => {
  const g = specExample();
  // grid.resize(newShape, opts)
  assert.deepEqual(chunkShapes(resize(g, [30, 40], { edges: [[4], [2]] })), [[16, 10, 4], [24, 14, 2]]);
  assert.deepEqual(chunkShapes(resize(g, [20, 38])), [[16, 10], [24, 14]]);
  assert.deepEqual(resize(g, [20, 38]).shape, [20, 38]);
  // ChunkGrid.concat(grids, axis)
  assert.deepEqual(chunkShapes(concat([g, g], 0)), [[16, 10, 16, 10], [24, 14]]);
  assert.deepEqual(chunkShapes(concat([g, g], 1)), [[16, 10], [24, 14, 24, 14]]);
  assert.throws(() => concat([g, ChunkGrid.fromChunkShapes([26, 9], [[16, 10], 3])], 0), GridError);
  // ChunkGrid.trimmed(shape, chunkShape)
  assert.deepEqual(chunkShapes(trimmed([26, 38], [16, 24])), [[16, 10], [24, 14]]);
  assert.deepEqual(chunkShapes(trimmed([32, 38], [16, 19])), [16, 19]);
  // source.overlap(target)
  const totals = overlap(g, ChunkGrid.fromChunkShapes([26, 38], [13, 19])).totals();
  assert.deepEqual([totals.sourceChunks, totals.targetChunks, totals.maxReads, totals.meanReads], [4, 4, 4, 2.25]);
  assert.deepEqual(totals.amplificationExact, { numerator: 42n * 62n, denominator: 26n * 38n });
  assert.deepEqual(totals.axes.map((a) => [a.reads, a.readElements]), [[3n, 42n], [3n, 62n]]);
  // grid.axisSummary(axis), grid.summary()
  assert.deepEqual(axisSummary(g, 1), {
    length: 38, edgeSum: 38, activeCount: 2, declaredCount: 2, isStep: false,
    smallestDataSize: 14, largestDataSize: 24, mostCommonDataSize: 24, mostCommonCount: 1,
  });
  const s = summary(g);
  assert.deepEqual([s.smallestChunk, s.largestChunk, s.numChunks, s.overflowChunks, s.regular], [[10, 14], [16, 24], 4, 0, null]);
});

test('grids cross to the tools module and back exactly, uint64 values included', () => {
  const grids = [
    specExample(),
    ChunkGrid.fromEdges([[2n ** 63n, 2n ** 63n - 1n]]),
    ChunkGrid.fromChunkShapes([MAX, 3], [[[1n, 2n ** 63n], [2n ** 63n - 1n, 1n]], [1, 2]]),
    ChunkGrid.fromChunkShapes([10, 0], [4, 3]),
  ];
  for (const grid of grids) {
    // A one-part concatenation is the grid itself, copied there and back.
    const copy = concat([grid], 0);
    assert.equal(copy.toJSONText(), grid.toJSONText());
    assert.ok(copy.equals(grid));
    assert.deepEqual(summary(copy), summary(grid));
  }
});

test('grids from the tools are ordinary ChunkGrids: they locate, go back into the tools, and dispose', () => {
  const g = specExample();
  const target = trimmed([52, 38], [13, 19]);
  const built = [
    [concat([g, g], 0), { chunk: [2, 1], offset: [4, 6] }],
    [resize(g, [52, 38], { edges: [[16, 10]] }), { chunk: [2, 1], offset: [4, 6] }],
    [trimmed([52, 38], [16, 24]), { chunk: [1, 1], offset: [14, 6] }],
  ];
  for (const [grid, located] of built) {
    assert.ok(grid instanceof ChunkGrid);
    assert.deepEqual(grid.warnings, []);
    assert.deepEqual(grid.locate([30, 30]), located);
    assert.equal(axisSummary(grid, 0).length, 52);
    const plan = overlap(grid, target);
    assert.equal(plan.source, grid);
    assert.equal(plan.totals().targetChunks, 8);
    grid.dispose();
    assert.throws(() => grid.locate([0, 0]), /has been disposed/);
    assert.throws(() => summary(grid), /summary: the grid has been disposed/);
    assert.doesNotThrow(() => grid.dispose());
  }
  // The concatenation is the grid built from the same edges, cell for cell.
  const joined = concat([g, g], 0);
  assert.ok(joined.equals(ChunkGrid.fromChunkShapes([52, 38], [[16, 10, 16, 10], [24, 14]])));
  assert.deepEqual(joined.locate([30, 30]), { chunk: [2, 1], offset: [4, 6] });
  // Disposing the grids a tool was given leaves what it built working.
  g.dispose();
  assert.deepEqual(joined.chunkShape([3, 1]), [10, 14]);
});

// The SHA-256 of each WebAssembly module the fixture saw compiled while
// importing `entry` (and using it), in a fresh Node; `conditions` picks
// package.json's export conditions ('module' gives js/, as bundlers get it,
// and `from` says which the entry point resolved to).
const root = fileURLToPath(new URL('../../', import.meta.url));
function compiledModules(entry, conditions, from) {
  const fixture = fileURLToPath(new URL('./wasm-loads-fixture.mjs', import.meta.url));
  const out = execFileSync(process.execPath, [...conditions.map((c) => `--conditions=${c}`), fixture, entry], { cwd: root, encoding: 'utf8' });
  const [resolved, ...hashes] = out.split('\n').filter(Boolean);
  assert.ok(resolved.startsWith(new URL(from, `file://${root}`).href), `${entry} resolved to ${resolved}, not into ${from}`);
  return hashes;
}
const sha256 = (file) => createHash('sha256').update(readFileSync(new URL(`../../${file}`, import.meta.url))).digest('hex');

test('importing zarr-rectilinear, and reading with it, never loads the tools module; zarr-rectilinear/tools does', () => {
  // The built modules (the build for Node copies them from build/wasm/, and
  // js/ embeds them: unpack.test.mjs checks they decode to the same bytes).
  const reader = sha256('dist/node/zarr_rectilinear.wasm');
  const tools = sha256('dist/node/zarr_rectilinear_tools.wasm');
  for (const [conditions, from] of [[[], 'dist/node/'], [['module'], 'js/']]) {
    const how = from === 'js/' ? 'js/' : 'the build for Node';
    const alone = compiledModules('zarr-rectilinear', conditions, from);
    assert.ok(alone.includes(reader), `${how}: zarr-rectilinear loads the reader module`);
    assert.ok(!alone.includes(tools), `${how}: zarr-rectilinear loads the tools module`);
    assert.ok(!compiledModules('zarr-rectilinear/zarrita', conditions, from).includes(tools), `${how}: zarr-rectilinear/zarrita loads the tools module`);
    // The check sees the tools module when it is loaded.
    const withTools = compiledModules('zarr-rectilinear/tools', conditions, from);
    assert.ok(withTools.includes(tools) && withTools.includes(reader), `${how}: zarr-rectilinear/tools loads both modules`);
  }
});
