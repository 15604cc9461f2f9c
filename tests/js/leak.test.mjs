// WebAssembly memory: grids free their native memory on dispose(), and the
// FinalizationRegistry frees dropped ones; errors leak nothing and leave the
// module working. The tools (zarr-rectilinear/tools) work on copies of
// grids in a module of their own: they leak nothing in either module. In-use
// bytes come from each module's wasm allocator (mallinfo).
// Run with --expose-gc.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, GridError, readMetadata, validateMetadata } from 'zarr-rectilinear';
import { axisSummary, concat, locatePointers, overlap, readerReport, repairMetadata, resize, summary, trimmed } from 'zarr-rectilinear/tools';
import { collectGarbage, inUse, toolsInUse } from './support.mjs';
import { validText } from './document-text.mjs';

// In-use bytes of both modules.
const bothInUse = () => ({ reader: inUse(), tools: toolsInUse() });

const make = () => ChunkGrid.fromChunkShapes([100, 50], [7, [[3, 10], 5, 15]]);

// A known-good query: the module still answers correctly.
function assertModuleWorks() {
  const grid = ChunkGrid.fromChunkShapes([26, 38], [[16, 10], [24, 14]]);
  assert.deepEqual(grid.locate([20, 15]), { chunk: [1, 0], offset: [4, 15] });
  assert.equal(grid.toJSONText(), '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[16,10],[24,14]]}}');
  grid.dispose();
}

test('tests run with --expose-gc', () => {
  assert.equal(typeof globalThis.gc, 'function', 'run node with --expose-gc');
});

test('heapInUse reports the allocator\'s in-use bytes (it grows while grids are held)', () => {
  const before = inUse();
  const held = Array.from({ length: 1000 }, make);
  assert.ok(inUse() > before, `in use ${inUse()} after holding 1000 grids, ${before} before`);
  for (const g of held) g.dispose();
  assert.equal(inUse(), before);
});

test('creating and disposing 100,000 grids returns in-use bytes to where they started', () => {
  for (let i = 0; i < 1000; i++) make().dispose(); // warm-up
  const start = inUse();
  for (let i = 0; i < 100_000; i++) make().dispose();
  assert.equal(inUse(), start);
});

test('Symbol.dispose frees as dispose() does', () => {
  for (let i = 0; i < 100; i++) make()[Symbol.dispose]();
  const start = inUse();
  for (let i = 0; i < 10_000; i++) make()[Symbol.dispose]();
  assert.equal(inUse(), start);
});

test('every query frees what it allocates', () => {
  const grid = make();
  const run = () => {
    grid.locate([99, 49]);
    grid.locateMany(new Float64Array([0, 0, 99, 49]));
    grid.locateMany(new BigUint64Array([0n, 0n, 99n, 49n]));
    grid.locateAxis(1, [0, 30, 49]);
    grid.runs(1);
    grid.edges(1);
    grid.edges(1, { bigint: true });
    grid.chunkOrigin([1, 2]);
    grid.chunkShape([1, 2]);
    grid.chunkDataShape([14, 11]);
    Array.from(grid.project([{ start: 1, step: 3 }, [1, -1, 7]]));
    grid.projectAxes([5, new Uint8Array(50).fill(1)]);
    grid.projectAxes([{ blocks: [1, 3] }]);
    grid.toJSON();
    grid.toRegularJSON();
    grid.equals(grid);
    resize(grid, [200, 80]).dispose();
    validateMetadata('{"zarr_format":3}');
  };
  run();
  const start = inUse();
  for (let i = 0; i < 2000; i++) run();
  assert.equal(inUse(), start);
  grid.dispose();
});

test('10,000 grids dropped without dispose are freed by the FinalizationRegistry after GC', async () => {
  for (let i = 0; i < 1000; i++) make().dispose(); // warm-up
  await collectGarbage();
  const start = inUse();
  let held = Array.from({ length: 10_000 }, make);
  const whileHeld = inUse();
  assert.ok(whileHeld - start > 100_000, `holding 10,000 grids uses ${whileHeld - start} bytes`);
  held = null;
  await collectGarbage();
  const after = inUse();
  assert.ok(after - start < 4096, `in use ${after} after GC, ${start} before, ${whileHeld} while held`);
  assert.equal(held, null);
});

test('after errors (GridError, RangeError, TypeError) the module still answers and in-use bytes do not grow', () => {
  const grid = make();
  const billion = ChunkGrid.fromChunkShapes([1e9], [[[1, 1e9]]]);
  const huge = ChunkGrid.fromMetadata('{"shape":[9007199254740993],"chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[9007199254740992,1]]}}}');
  const failing = [
    [() => ChunkGrid.fromChunkShapes([10, 10], [[4, 0], [[4, 0]]]), GridError],
    [() => ChunkGrid.fromEdges([[1, 0]]), GridError],
    [() => ChunkGrid.fromMetadata('{"shape": [4], '), GridError],
    [() => ChunkGrid.fromMetadata({ shape: [2 ** 60], chunk_grid: { name: 'regular', configuration: { chunk_shape: [1] } } }), GridError],
    [() => ChunkGrid.fromMetadata(new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d])), GridError],
    [() => grid.locate([100, 0]), RangeError],
    [() => grid.locateMany(new Float64Array([0, 0, 5, 50])), RangeError],
    [() => grid.locateMany(new BigInt64Array([0n, -1n])), RangeError],
    [() => grid.locateAxis(0, [0, 100]), RangeError],
    [() => grid.chunkOrigin([99, 0]), RangeError],
    [() => grid.projectAxes([[0, 100]]), RangeError],
    [() => grid.projectAxes([new BigInt64Array([-101n])]), RangeError],
    [() => grid.projectAxes([new Uint8Array(3)]), RangeError],
    [() => grid.projectAxes([101]), RangeError],
    [() => grid.projectAxes([{ step: 0 }]), RangeError],
    [() => grid.projectAxes([0, 0, 0]), TypeError],
    [() => resize(grid, [100, 200], { edges: [undefined, [1]] }), RangeError],
    [() => resize(grid, [100]), TypeError],
    [() => huge.edges(0), RangeError],
    [() => huge.chunkOrigin([1]), RangeError],
    [() => huge.projectAxes([null]), RangeError],
    [() => billion.edges(0), RangeError],
  ];
  const runAll = () => {
    for (const [fn, type] of failing) assert.throws(fn, type);
    for (const bad of ['{', new Uint8Array([0xff]), 42, { shape: 'x' }]) validateMetadata(bad);
  };
  runAll(); // warm-up
  const start = inUse();
  for (let i = 0; i < 200; i++) runAll();
  assertModuleWorks();
  assert.equal(inUse(), start);
  for (const g of [grid, huge, billion]) g.dispose();
});

test('after errors and GC, in-use bytes return to where they started', async () => {
  const grid = make();
  await collectGarbage();
  const start = inUse();
  for (let i = 0; i < 1000; i++) {
    assert.throws(() => ChunkGrid.fromChunkShapes([10], [[4, 0]]), GridError);
    assert.throws(() => grid.locateMany([0, 0, 100, 0]), RangeError);
    assert.throws(() => grid.projectAxes([[0, 1000]]), RangeError);
    assert.throws(() => resize(grid, [100, 200], { edges: [undefined, [1]] }), RangeError);
  }
  await collectGarbage();
  assert.equal(inUse(), start);
  assertModuleWorks();
  grid.dispose();
});

test('every tool frees what it allocates, in both modules, and so does each refusal', () => {
  const grid = make();
  const target = ChunkGrid.fromChunkShapes([100, 50], [10, 25]);
  const narrow = ChunkGrid.fromChunkShapes([100, 9], [7, 3]);
  const wide = ChunkGrid.fromChunkShapes([100, 51], [7, 3]);
  const failing = [
    [() => resize(grid, [100, 200], { edges: [undefined, [1]] }), RangeError],
    [() => concat([grid, narrow], 0), GridError],
    [() => trimmed([10], [0]), GridError],
    [() => overlap(grid, wide), RangeError],
    [() => overlap(grid, target).axisSources(0, 0, 99), RangeError],
    [() => readerReport('{"zarr_format": 3, "node_type": "array"}'), GridError],
    [() => locatePointers(validText, ['/a', 'no slash']), TypeError],
  ];
  const run = () => {
    trimmed([1000, 10], [64, 3]).dispose();
    concat([grid, grid], 1).dispose();
    resize(grid, [200, 60], { edges: [undefined, [10]] }).dispose();
    const plan = overlap(grid, target);
    plan.totals();
    plan.sourcesOf([3, 1]);
    plan.axisSources(0, 0, 10);
    axisSummary(grid, 1);
    summary(grid);
    readerReport(validText);
    repairMetadata('{"zarr_format":3,"node_type":"group","consolidated_metadata":null,"attributes":{"x":NaN}}');
    locatePointers(validText, ['/shape/0', '/chunk_grid']);
    for (const [fn, type] of failing) assert.throws(fn, type);
  };
  run(); // warm-up
  const start = bothInUse();
  for (let i = 0; i < 200; i++) run();
  assert.deepEqual(bothInUse(), start);
  assertModuleWorks();
  for (const g of [grid, target, narrow, wide]) g.dispose();
});

test('grids the tools build are freed by dispose() and, dropped, by the FinalizationRegistry', async () => {
  const grid = make();
  for (let i = 0; i < 100; i++) resize(grid, [200, 80]).dispose(); // warm-up
  await collectGarbage();
  const start = bothInUse();
  let held = Array.from({ length: 2000 }, (_, i) => (i % 2 ? concat([grid, grid], 1) : trimmed([1000, 10], [64, 3])));
  assert.ok(inUse() - start.reader > 50_000, `holding 2,000 grids from the tools uses ${inUse() - start.reader} bytes`);
  assert.equal(toolsInUse(), start.tools, 'the grids live in the reader module, none in the tools module');
  held = null;
  await collectGarbage();
  assert.ok(inUse() - start.reader < 4096, `in use ${inUse()} after GC, ${start.reader} before`);
  assert.equal(held, null);
  grid.dispose();
});
