// 5. Scale: building huge grids, and how lookup time grows with the
// number of runs.
import { ChunkGrid } from 'zarr-rectilinear';
import { heapInUse } from '#internals';
import { median, ms, table } from './measure.mjs';
import { document } from './metadata.bench.mjs';
import { indices, irregularEdges, seeded } from './datasets.mjs';

function built(make) {
  const before = heapInUse();
  const t0 = performance.now();
  const grid = make();
  const time = performance.now() - t0;
  const bytes = heapInUse() - before;
  return { grid, time, bytes };
}

export function run() {
  const rnd = seeded(11);
  const rows = [['grid', 'build', 'bytes held', 'runs']];
  const billion = built(() => ChunkGrid.fromChunkShapes([1e9], [[[1, 1e9]]]));
  rows.push(['1 axis, [[1, 1e9]]: 10^9 chunks', ms(billion.time), billion.bytes.toLocaleString('en'), 1]);
  billion.grid.dispose();
  const text = document(10_000_000, rnd);
  const distinct = built(() => ChunkGrid.fromMetadata(text));
  rows.push(['1 axis, 10^7 distinct explicit edges', ms(distinct.time), distinct.bytes.toLocaleString('en'), distinct.grid.runs(0).length.toLocaleString('en')]);
  distinct.grid.dispose();
  console.log('\n5. Scale');
  table(rows);

  const curve = [['runs', 'ns per lookup (random)', 'ns per lookup (sorted)', 'bytes per run']];
  const LOOKUPS = 1_000_000;
  // Into arrays passed in: the lookup alone, without the allocation of its
  // outputs, which costs the same whatever the runs (section 1).
  const out = { chunks: new Float64Array(LOOKUPS), offsets: new Float64Array(LOOKUPS) };
  for (let runs = 10; runs <= 1e7; runs *= 10) {
    const edges = irregularEdges(runs, rnd);
    const g = built(() => ChunkGrid.fromEdges([edges]));
    const random = indices(g.grid.shape, LOOKUPS, rnd);
    const sorted = indices(g.grid.shape, LOOKUPS, rnd, { sorted: true });
    const r = median(() => g.grid.locateMany(random, out), { reps: 5 });
    const s = median(() => g.grid.locateMany(sorted, out), { reps: 5 });
    curve.push([runs.toLocaleString('en'), (r / LOOKUPS * 1e6).toFixed(1), (s / LOOKUPS * 1e6).toFixed(1), (g.bytes / runs).toFixed(1)]);
    g.grid.dispose();
  }
  console.log(`\nLookup time against the number of runs (${LOOKUPS.toLocaleString('en')} lookups per call, into arrays passed in)`);
  table(curve);
}
