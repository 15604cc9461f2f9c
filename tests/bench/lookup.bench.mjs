// 1. Batch lookup: locateMany against the fastest plain-JS lookup a careful
// reader author would write (tests/bench/plain-lookup.mjs), each form
// against its like (outputs passed in, outputs allocated per call), the
// batch in WebAssembly memory (locateBatch) against outputs kept, and
// against the same kernel built natively.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChunkGrid } from 'zarr-rectilinear';
import { heapInUse } from '#internals';
import { faulting, freshMemory, inTurns, median, ms, ratio, spread, table, times } from './measure.mjs';
import { prefixSums, plainLocateMany, plainLocateRuns, plainLocateSorted, runTables } from './plain-lookup.mjs';
import { indices, irregularEdges, mixedRuns, seeded } from './datasets.mjs';

const ROWS = 1_000_000;
// Every figure is taken once per round, the figures of a round one after
// another (in turns), so that a burst from another tenant of the machine
// spoils one round of every figure rather than all rounds of one.
const ROUNDS = 5;
const nativeBench = new URL('../../build/native/zr_bench', import.meta.url).pathname;

// The same kernel built natively, on the same data, in a process of its own.
function nativeKernel(shape, chunkShapes, idx) {
  const dir = mkdtempSync(join(tmpdir(), 'zr-bench-'));
  writeFileSync(join(dir, 'grid.json'), JSON.stringify({ shape, chunk_shapes: chunkShapes }));
  writeFileSync(join(dir, 'indices.f64'), new Uint8Array(idx.buffer, idx.byteOffset, idx.byteLength));
  return {
    time: () => Number(execFileSync(nativeBench, [join(dir, 'grid.json'), join(dir, 'indices.f64'), '7'], { encoding: 'utf8' })),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

function check(plain, idx, located) {
  const chunks = new Float64Array(idx.length);
  const offsets = new Float64Array(idx.length);
  plain(idx, chunks, offsets);
  for (let i = 0; i < idx.length; i++) {
    if (located.chunks[i] !== chunks[i] || located.offsets[i] !== offsets[i]) throw new Error(`lookup mismatch at ${i}`);
  }
}

// One dataset and input order, measured over the rounds.
// `plain(idx, chunks, offsets)` is the plain-JS lookup.
function measure(name, input, grid, plain, idx, shape, chunkShapes) {
  const n = idx.length;
  const out = { chunks: new Float64Array(n), offsets: new Float64Array(n) };
  check(plain, idx, grid.locateMany(idx));
  check(plain, idx, grid.locateMany(idx, out));
  // The batch's indices are written once, outside the timing, as the
  // plain lookup's input is: each then reads its input where it lies.
  // Its locate() is the WebAssembly kernel alone, what locateMany adds
  // its copies in and out to (and, by default, its two new arrays).
  const batch = grid.locateBatch(n / grid.ndim);
  batch.indices.set(idx);
  check(plain, idx, batch.locate());
  const plainOut = [new Float64Array(n), new Float64Array(n)];
  // What allocating and writing two fresh output arrays costs in plain JS,
  // with no lookup at all: the part of the default form no kernel removes.
  const filled = new Float64Array(n).fill(1);
  const fresh = () => {
    const chunks = new Float64Array(n);
    chunks.set(filled);
    const offsets = new Float64Array(n);
    offsets.set(filled);
    return { chunks, offsets };
  };
  const nat = nativeKernel(shape, chunkShapes, idx);
  const t = { plain: [], plainNew: [], ours: [], oursFaults: [], into: [], batch: [], fresh: [], freshFaults: [], native: [] };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      inTurns(round, [
        () => t.plain.push(median(() => plain(idx, ...plainOut))),
        () => t.plainNew.push(median(() => plain(idx, new Float64Array(n), new Float64Array(n)))),
        () => {
          const ours = faulting(() => grid.locateMany(idx));
          t.ours.push(ours.time);
          t.oursFaults.push(ours.faults);
        },
        () => t.into.push(median(() => grid.locateMany(idx, out))),
        () => {
          // Written again each round: other calls between rounds may grow
          // WebAssembly memory, which detaches the views of the last.
          batch.indices.set(idx);
          t.batch.push(median(() => batch.locate()));
        },
        () => {
          const alone = faulting(fresh);
          t.fresh.push(alone.time);
          t.freshFaults.push(alone.faults);
        },
        () => t.native.push(nat.time()),
      ]);
    }
  } finally {
    batch.dispose();
    nat.dispose();
  }
  const per = (a, b) => a.map((x, i) => x / b[i]);
  const middle = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
  const mid = (values) => ms(middle(values));
  const count = (values) => Math.round(middle(values)).toLocaleString('en');
  return {
    calls: [name, input, mid(t.plainNew), mid(t.ours), spread(per(t.plainNew, t.ours), times),
      mid(t.plain), mid(t.into), spread(per(t.plain, t.into), times), (middle(t.into) / n * 1e6).toFixed(2),
      mid(t.batch), spread(per(t.plain, t.batch), times), (middle(t.batch) / n * 1e6).toFixed(2)],
    parts: [name, input, mid(t.batch), spread(per(t.ours, t.batch), times), count(t.oursFaults), spread(per(t.into, t.batch), times),
      mid(t.fresh), count(t.freshFaults), mid(t.native), spread(per(t.batch, t.native), times)],
  };
}

export function run() {
  const rnd = seeded(42);
  const cases = [];
  const a = [0, 1].map(() => irregularEdges(1000, rnd));
  cases.push({ name: '(a) 2-d, 1000 irregular chunks/axis', edges: a, chunkShapes: a, shape: a.map((e) => e.reduce((x, y) => x + y)) });
  const b = [0, 1, 2].map(() => mixedRuns(100, rnd));
  const bGrid = ChunkGrid.fromChunkShapes(b.map(() => 1), b);
  const bShape = b.map((_, d) => bGrid.edges(d).reduce((x, y) => x + y));
  const bEdges = b.map((_, d) => Array.from(bGrid.edges(d)));
  bGrid.dispose();
  cases.push({ name: '(b) 3-d, 100 chunks/axis, mixed runs', edges: bEdges, chunkShapes: b, shape: bShape });

  const calls = [['dataset', 'input', 'plain JS, new out', 'locateMany(idx)', 'speed-up',
    'plain JS, kept out', 'locateMany(idx, out)', 'speed-up', 'ns per value', 'batch.locate()', 'speed-up', 'ns per value']];
  const parts = [['dataset', 'input', 'wasm kernel (batch)', 'call / kernel', 'its page faults', 'call with out / kernel',
    'fresh outputs alone', 'their page faults', 'native kernel', 'kernel wasm / native']];
  const add = ({ calls: c, parts: p }) => {
    calls.push(c);
    parts.push(p);
  };
  for (const c of cases) {
    const grid = ChunkGrid.fromChunkShapes(c.shape, c.chunkShapes);
    const starts = c.edges.map(prefixSums);
    for (const sorted of [false, true]) {
      const search = sorted ? plainLocateSorted : plainLocateMany;
      const plain = (idx, chunks, offsets) => search(starts, idx, chunks, offsets);
      add(measure(c.name, sorted ? 'sorted' : 'random', grid, plain, indices(c.shape, ROWS, rnd, { sorted }), c.shape, c.chunkShapes));
    }
    grid.dispose();
  }

  // (c) A run-heavy axis, which no careful user would expand: one run, so
  // plain JS divides.
  const heavyCount = 1e9;
  const before = heapInUse();
  const heavy = ChunkGrid.fromChunkShapes([1000 * heavyCount], [[[1000, heavyCount]]]);
  const heavyBytes = heapInUse() - before;
  const heavyRuns = [runTables([[1000, heavyCount]])];
  const plainRuns = (idx, chunks, offsets) => plainLocateRuns(heavyRuns, idx, chunks, offsets);
  for (const sorted of [false, true]) {
    const idx = indices([1000 * heavyCount], ROWS, rnd, { sorted });
    add(measure('(c) [[1000, 1e9]] (plain JS divides)', sorted ? 'sorted' : 'random', heavy, plainRuns, idx,
      [1000 * heavyCount], [[[1000, heavyCount]]]));
  }
  heavy.dispose();
  console.log(`\n1. Batch lookup, ${ROWS.toLocaleString('en')} rows per call; times are medians over ${ROUNDS} rounds, ` +
    'ratios the median (and range) of the rounds\' ratios, page faults the median per call');
  console.log(freshMemory());
  table(calls);
  console.log('');
  table(parts);
  console.log(`(c) memory: ours ${heavyBytes} bytes for 1e9 chunks; plain JS's run tables 32 bytes (its prefix sums would take ` +
    `${(heavyCount * 8 / 1e9).toFixed(0)} GB).`);

  // The per-call cost of locate against one locateMany row.
  const grid = ChunkGrid.fromChunkShapes(cases[0].shape, cases[0].chunkShapes);
  const count = 100_000;
  const idx = indices(cases[0].shape, count, rnd);
  const pairs = Array.from({ length: count }, (_, i) => [idx[2 * i], idx[2 * i + 1]]);
  const single = median(() => { for (const p of pairs) grid.locate(p); }, { reps: 5 });
  const batch = median(() => grid.locateMany(idx), { reps: 5 });
  console.log(`per lookup: locate ${(single / count * 1e6).toFixed(0)} ns, locateMany ${(batch / count * 1e6).toFixed(1)} ns ` +
    `(${ratio(batch, single)} cheaper in a batch)`);
  grid.dispose();
}
