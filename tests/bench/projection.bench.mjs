// 2. Projection against zarrita's own BasicIndexer, on a regular grid.
// zarrita's exports map hides the indexer, so it is imported by file URL,
// here only; zarrita stays a devDependency.
import { ChunkGrid } from 'zarr-rectilinear';
import { faulting, inTurns, median, ms, ratio, spread, table, times } from './measure.mjs';

const ROUNDS = 5;

// zarrita's entry is dist/src/index.js; the indexer sits beside it.
const { BasicIndexer } = await import(new URL('./indexing/indexer.js', import.meta.resolve('zarrita')).href);
const { slice } = await import('zarrita');

// zarrita yields chunks a strided slice passes over without selecting
// anything; we skip them. Compare after dropping those, as sets: zarrita
// varies the first axis fastest, we vary the last (row-major, as
// itertools.product does).
const selects = (m) => m.to === null || m.to[1] > m.to[0];
const key = ({ chunkCoords, mapping }) =>
  `${chunkCoords}|${mapping.map((m) => (m.to === null ? m.from : `${m.from[0]},${m.from[1]},${m.from[2]}>${m.to[0]},${m.to[1]}`)).join(';')}`;

function agree(ours, theirs) {
  const a = ours.map(key).sort();
  const b = theirs.filter((p) => p.mapping.every(selects)).map(key).sort();
  if (a.length !== b.length || a.some((k, i) => k !== b[i])) throw new Error('projections disagree with zarrita');
  return a.length;
}

export function run() {
  const rows = [['workload', 'zarrita', 'ours', 'speed-up', 'chunks']];

  // Per-object form: every projection of a 2-d selection, ~10^6 chunks.
  const shape = [20000, 20000];
  const chunkShape = [20, 20];
  const grid = ChunkGrid.fromMetadata({ shape, chunk_grid: { name: 'regular', configuration: { chunk_shape: chunkShape } } });
  const selection = [slice(5, 19995, 3), slice(1, 20000, 7)];
  const count = agree([...grid.project(selection)], [...new BasicIndexer({ selection, shape, chunkShape })]);
  const walk = (iterable) => {
    let n = 0;
    for (const p of iterable) n += p.mapping.length;
    return n;
  };
  const theirs = median(() => walk(new BasicIndexer({ selection, shape, chunkShape })), { reps: 5 });
  const ours = median(() => walk(grid.project(selection)), { reps: 5 });
  rows.push(['project (per-object) vs BasicIndexer', ms(theirs), ms(ours), ratio(ours, theirs), count.toLocaleString('en')]);
  grid.dispose();

  console.log('\n2. Projection on a regular grid, against zarrita 0.7 (results checked equal)');
  table(rows);

  // Batch form: the same O(sum over axes) work, per axis, from a thousand
  // chunks to a few million. Small calls repeat so each sample lasts long
  // enough to time. "output alone" is what the result's memory costs:
  // allocating and filling its five Float64Arrays per axis in plain JS. No
  // projectAxes can be faster than that, so zarrita / output alone is the
  // ceiling of any speed-up. Each size is measured in rounds, the three
  // figures of a round one after another, in turns: times are medians over the
  // rounds, ratios the median (and range) of the rounds' ratios. Page
  // faults per call say how much of the output was fresh memory.
  const curve = [['projectAxes vs per-axis dimIndexers', 'zarrita', 'ours', 'speed-up', 'its page faults', 'output alone',
    'their page faults', 'ceiling']];
  for (const per of [1e3, 1e4, 1e5, 1e6]) {
    const long = [per * 1000, per * 500];
    const longChunks = [500, 1000];
    const big = ChunkGrid.fromMetadata({ shape: long, chunk_grid: { name: 'regular', configuration: { chunk_shape: longChunks } } });
    const wide = [slice(7, long[0] - 3, 3), slice(0, long[1], 2)];
    const indexer = () => new BasicIndexer({ selection: wide, shape: long, chunkShape: longChunks });
    const lengths = big.projectAxes(wide).map((a) => a.chunks.length);
    const chunks = lengths.reduce((a, b) => a + b);
    const theirChunks = indexer().dimIndexers.reduce((n, ixr) => n + [...ixr].length, 0);
    if (chunks !== theirChunks) throw new Error(`projectAxes gives ${chunks} chunks, zarrita ${theirChunks}`);
    const repeat = Math.max(1, 1e5 / per);
    const perAxis = () => {
      let n = 0;
      for (let i = 0; i < repeat; i++) {
        for (const ixr of indexer().dimIndexers) for (const p of ixr) n += p.dimChunkSel[1];
      }
      return n;
    };
    // The columns of one result are all alive at its end, as projectAxes's are.
    const output = () => {
      let result;
      for (let i = 0; i < repeat; i++) {
        result = lengths.map((n) => Array.from({ length: 5 }, () => {
          const column = new Float64Array(n);
          for (let j = 0; j < n; j++) column[j] = j;
          return column;
        }));
      }
      return result;
    };
    // Each is first run for a while: V8 optimizes JS, and tiers WebAssembly
    // up from its baseline compiler, only after many calls, which the
    // small sizes take long to make.
    const warm = (fn) => {
      for (const t0 = performance.now(); performance.now() - t0 < 300;) fn();
    };
    warm(perAxis);
    warm(() => { for (let i = 0; i < repeat; i++) big.projectAxes(wide); });
    warm(output);
    const t = { theirs: [], ours: [], oursFaults: [], floor: [], floorFaults: [] };
    for (let round = 0; round < ROUNDS; round++) {
      inTurns(round, [
        () => t.theirs.push(median(perAxis, { reps: 5 }) / repeat),
        () => {
          const ours = faulting(() => { for (let i = 0; i < repeat; i++) big.projectAxes(wide); }, { reps: 5 });
          t.ours.push(ours.time / repeat);
          t.oursFaults.push(ours.faults / repeat);
        },
        () => {
          const floor = faulting(output, { reps: 5 });
          t.floor.push(floor.time / repeat);
          t.floorFaults.push(floor.faults / repeat);
        },
      ]);
    }
    const ratios = (a, b) => a.map((x, i) => x / b[i]);
    const middle = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
    const mid = (values) => ms(middle(values));
    const count = (values) => middle(values).toLocaleString('en', { maximumFractionDigits: 1 });
    curve.push([`${chunks.toLocaleString('en')} chunks`, mid(t.theirs), mid(t.ours), spread(ratios(t.theirs, t.ours), times), count(t.oursFaults),
      mid(t.floor), count(t.floorFaults), spread(ratios(t.theirs, t.floor), times)]);
    big.dispose();
  }
  console.log('');
  table(curve);
}
