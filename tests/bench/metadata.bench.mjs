// 3. Metadata: fromMetadata on a zarr.json with 10^7 explicit edges,
// against JSON.parse of the same text alone. JSON.parse is inexact above
// 2^53 and validates nothing: a lower bound, not a peer.
import { execFileSync } from 'node:child_process';
import { ChunkGrid } from 'zarr-rectilinear';
import { native, heapInUse } from '#internals';
import { median, ms, table } from './measure.mjs';
import { irregularEdges, seeded } from './datasets.mjs';

export function document(edgeCount, rnd) {
  const edges = irregularEdges(edgeCount, rnd, 999);
  const length = edges.reduce((a, b) => a + b);
  return `{"zarr_format":3,"node_type":"array","shape":[${length}],"data_type":"uint8",` +
    `"chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[${edges.join(',')}]]}},` +
    `"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":[{"name":"bytes","configuration":{"endian":"little"}}]}`;
}

// The peak wasm heap of one fromMetadata call: measured in a fresh process,
// as the growth of a heap that nothing else has used.
function peakHeap(edges) {
  const code = `
    import { native } from '#internals';
    import { ChunkGrid } from 'zarr-rectilinear';
    import { document } from ${JSON.stringify(import.meta.url)};
    import { seeded } from ${JSON.stringify(new URL('./datasets.mjs', import.meta.url).href)};
    const bytes = new TextEncoder().encode(document(${edges}, seeded(7)));
    const before = native.HEAPU8.length;
    ChunkGrid.fromMetadata(bytes).dispose();
    console.log(native.HEAPU8.length - before);`;
  // From the package's folder, where 'zarr-rectilinear' and '#internals' resolve.
  const cwd = new URL('../..', import.meta.url).pathname;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8', cwd }));
}

export function run() {
  const EDGES = 10_000_000;
  const text = document(EDGES, seeded(7));
  const bytes = new TextEncoder().encode(text);
  const mb = bytes.length / 1e6;
  const parse = median(() => JSON.parse(text), { reps: 5, warmup: 1 });
  const fromText = median(() => ChunkGrid.fromMetadata(text).dispose(), { reps: 5, warmup: 1 });
  const fromBytes = median(() => ChunkGrid.fromMetadata(bytes).dispose(), { reps: 5, warmup: 1 });
  const before = heapInUse();
  const grid = ChunkGrid.fromMetadata(bytes);
  const held = heapInUse() - before;
  const runs = grid.runs(0).length;
  grid.dispose();
  console.log(`\n3. Metadata: ${EDGES.toLocaleString('en')} explicit edges, ${mb.toFixed(1)} MB of JSON`);
  table([
    ['reader', 'time', 'MB/s', 'vs JSON.parse'],
    ['JSON.parse (text, inexact, unvalidated)', ms(parse), (mb / parse * 1e3).toFixed(0), '1.00×'],
    ['ChunkGrid.fromMetadata(text)', ms(fromText), (mb / fromText * 1e3).toFixed(0), `${(fromText / parse).toFixed(2)}×`],
    ['ChunkGrid.fromMetadata(bytes)', ms(fromBytes), (mb / fromBytes * 1e3).toFixed(0), `${(fromBytes / parse).toFixed(2)}×`],
  ]);
  const peak = peakHeap(EDGES);
  console.log(`peak wasm heap growth: ${(peak / 1e6).toFixed(0)} MB = ${(peak / runs).toFixed(0)} bytes per run, the input's ` +
    `${(bytes.length / runs).toFixed(1)} bytes per run included; the grid then keeps ${held.toLocaleString('en')} bytes = ` +
    `${(held / runs).toFixed(1)} bytes per run`);
}
