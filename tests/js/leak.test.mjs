// WebAssembly memory: grids free their native memory on dispose(), and the
// FinalizationRegistry frees dropped ones; errors leak nothing and leave the
// module working. In-use bytes come from the wasm allocator (mallinfo).
// Run with --expose-gc.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, GridError, validateMetadata } from 'zarr-rectilinear';
// The module object is internal: reach it through the package's own file.
import { collectGarbage, inUse } from './support.mjs';

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
    grid.resize([200, 80]).dispose();
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
    [() => grid.resize([100, 200], { edges: [undefined, [1]] }), RangeError],
    [() => grid.resize([100]), TypeError],
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
    assert.throws(() => grid.resize([100, 200], { edges: [undefined, [1]] }), RangeError);
  }
  await collectGarbage();
  assert.equal(inUse(), start);
  assertModuleWorks();
  grid.dispose();
});
