// WebAssembly memory under load: 1,000,000 create/dispose cycles, and
// failed parses of every kind, leave the allocator's in-use bytes
// (mallinfo().uordblks, not the memory size) exactly where they started.
// Run with: node --expose-gc --test tests/js/memory.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, GridError, validateMetadata } from 'zarr-rectilinear';
import { collectGarbage, inUse } from './support.mjs';
import { badInputs } from '../data/bad-inputs.mjs';
import { badArguments } from './bad-arguments.mjs';
import { validText } from './document-text.mjs';

const utf8 = (text) => new TextEncoder().encode(text);

// The small bad inputs of the catalogue (tests/data/bad-inputs/), as text
// where they are text, each with the mode it is refused in; and the
// arguments no document can spell.
const SMALL = 64 * 1024;
const badSmall = [
  ...badInputs()
    .filter((e) => e.byteLength <= SMALL)
    .map((e) => ({ input: e.isText ? e.text() : e.bytes(), opts: e.errors.length ? {} : { strict: true }, grid: e.refuses('fromMetadata') })),
  ...badArguments().map(({ input }) => ({ input, opts: {}, grid: true })),
];

function assertModuleWorks() {
  const grid = ChunkGrid.fromMetadata(validText);
  assert.deepEqual(grid.locate([20, 15]), { chunk: [1, 0], offset: [4, 15] });
  grid.dispose();
}

// The ways a grid is made, each used in turn.
const validBytes = utf8(validText);
const validObject = JSON.parse(validText);
const makers = [
  () => ChunkGrid.fromChunkShapes([100, 50], [7, [[3, 10], 5, 15]]),
  () => ChunkGrid.fromMetadata(validText),
  () => ChunkGrid.fromMetadata(validBytes),
  () => ChunkGrid.fromMetadata(validObject),
  () => ChunkGrid.fromEdges([[5, 5, 2], [1, 2, 3, 4]]),
];

test('tests run with --expose-gc', () => {
  assert.equal(typeof globalThis.gc, 'function', 'run node with --expose-gc');
});

test('1,000,000 create/dispose cycles leave in-use bytes where they started', (t) => {
  for (let i = 0; i < 5000; i++) makers[i % makers.length]().dispose(); // warm-up: lazily made buffers
  const start = inUse();
  const started = performance.now();
  const cycles = 1_000_000;
  let peak = start;
  for (let i = 0; i < cycles; i++) {
    const grid = makers[i % makers.length]();
    if (i % 100_000 === 0) peak = Math.max(peak, inUse());
    grid.dispose();
  }
  const ms = performance.now() - started;
  t.diagnostic(`1,000,000 cycles in ${(ms / 1000).toFixed(1)} s (${((ms * 1000) / cycles).toFixed(1)} us each); in use ${start} -> ${inUse()} bytes`);
  assert.ok(peak > start, 'a held grid is visible in the in-use bytes');
  assert.equal(inUse(), start);
  assertModuleWorks();
});

test('grids held and then disposed in bulk return every byte (100,000 at once)', () => {
  const start = inUse();
  const held = Array.from({ length: 100_000 }, (_, i) => makers[i % makers.length]());
  assert.ok(inUse() - start > 100_000 * 64, `holding 100,000 grids uses ${inUse() - start} bytes`);
  for (const g of held) g.dispose();
  assert.equal(inUse(), start);
});

test('a failed parse leaks nothing: 100,000 GridErrors of many kinds', () => {
  // The small bad inputs whose problem fromMetadata sees.
  const failing = badSmall.filter((e) => e.grid).map((e) => [e.input, e.opts]);
  assert.ok(failing.length > 100);
  // Whether each one fails is bad-input.test.mjs's business; here only
  // the bytes count, so a grid that is (wrongly) built is disposed.
  let errors = 0;
  const runOnce = (k) => {
    const [input, opts] = failing[k % failing.length];
    try {
      ChunkGrid.fromMetadata(input, opts).dispose();
    } catch (error) {
      if (!(error instanceof GridError)) throw error;
      errors++;
    }
  };
  for (let k = 0; k < failing.length; k++) runOnce(k); // warm-up
  const start = inUse();
  errors = 0;
  for (let k = 0; k < 100_000; k++) runOnce(k);
  assert.equal(inUse(), start);
  assert.ok(errors > 99_000, `${errors} GridErrors`);
  assertModuleWorks();
});

test('builders that fail leak nothing either (fromChunkShapes, fromEdges)', () => {
  const failing = [
    () => ChunkGrid.fromChunkShapes([10], [[4, 0]]),
    () => ChunkGrid.fromChunkShapes([10, 10], [[[4, 2, 1]], 3]),
    () => ChunkGrid.fromChunkShapes([10], [[[2n ** 63n, 2]]]),
    () => ChunkGrid.fromChunkShapes([2 ** 60], [1]),
    () => ChunkGrid.fromEdges([[1, -1]]),
    () => ChunkGrid.fromEdges([['x']]),
  ];
  const run = () => failing.forEach((fn) => assert.throws(fn, GridError));
  run();
  const start = inUse();
  for (let i = 0; i < 10_000; i++) run();
  assert.equal(inUse(), start);
});

test('validateMetadata of every small bad input leaks nothing (10 rounds)', () => {
  const run = () => {
    for (const e of badSmall) validateMetadata(e.input, e.opts);
  };
  run();
  const start = inUse();
  for (let i = 0; i < 10; i++) run();
  assert.equal(inUse(), start);
});

test('failed parses of large documents leak nothing (deep nesting, a 10 MB string)', () => {
  const deep = validText.replace('[[16,10],[24,14]]', `[[${'['.repeat(100_000)}16${']'.repeat(100_000)},10],[24,14]]`);
  const unclosed = validText.replace('[[16,10],[24,14]]', `[[${'['.repeat(100_000)}16,10]`);
  const long = validText.replace('[[16,10],[24,14]]', `[["${'x'.repeat(10 * 2 ** 20)}",10],[24,14]]`);
  const inputs = [deep, unclosed, long, utf8(long)];
  for (const input of inputs) assert.throws(() => ChunkGrid.fromMetadata(input), GridError); // warm-up
  const start = inUse();
  for (let i = 0; i < 5; i++) {
    for (const input of inputs) {
      assert.throws(() => ChunkGrid.fromMetadata(input), GridError);
      assert.equal(validateMetadata(input).valid, false);
    }
  }
  assert.equal(inUse(), start);
  assertModuleWorks();
});

test('grids dropped without dispose are freed by the FinalizationRegistry (100,000 grids)', async () => {
  await collectGarbage();
  const start = inUse();
  let held = Array.from({ length: 100_000 }, (_, i) => makers[i % makers.length]());
  assert.ok(inUse() - start > 100_000 * 64);
  held = null;
  await collectGarbage();
  // Embind may keep a few bytes of its own bookkeeping; the grids are gone.
  assert.ok(inUse() - start < 4096, `in use ${inUse()} after GC, ${start} before`);
  assert.equal(held, null);
});

// An axis keeps two prefix sums per run (where it starts in elements and
// in chunks) and its run buckets, at most two per run: 32 bytes, however it
// was read. Edges unlike their neighbours make every edge a run; 300,000 of them lie past
// the small axes that get a chunk table instead.
test('an axis of edges unlike their neighbours keeps at most 32 bytes per run, from a builder and from metadata', () => {
  const edges = Array.from({ length: 300_000 }, (_, i) => 1 + (i % 3));
  const length = edges.reduce((a, b) => a + b);
  const text = JSON.stringify({
    zarr_format: 3, node_type: 'array', shape: [length], data_type: 'uint8',
    chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [edges] } },
    chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [{ name: 'bytes', configuration: { endian: 'little' } }],
  });
  for (const build of [() => ChunkGrid.fromEdges([edges]), () => ChunkGrid.fromMetadata(text)]) {
    const before = inUse();
    const grid = build();
    const held = inUse() - before;
    assert.equal(grid.runs(0).length, edges.length);
    assert.ok(held <= 32 * edges.length + 4096, `${held} bytes held for ${edges.length} runs: ${(held / edges.length).toFixed(1)} per run`);
    assert.deepEqual(grid.locate([length - 1]), { chunk: [edges.length - 1], offset: [edges.at(-1) - 1] });
    grid.dispose();
    assert.equal(inUse(), before);
  }
});
