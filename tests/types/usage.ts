// A typed usage example: `tsc --noEmit` checks index.d.ts and tools.d.ts
// against it, and the @ts-expect-error lines check that misuse is rejected.
import { ChunkGrid, GridError, validateMetadata, readMetadata, ready, type LocateBatch, type AxisProjection, type ChunkProjection, type Natural, type Column, type Integer } from 'zarr-rectilinear';
import {
  trimmed, concat, resize, overlap, axisSummary, summary, locatePointers, readerReport, READERS, repairMetadata, ready as toolsReady,
  type RepairChange, type ReaderVerdict, type Verdict, type RechunkPlan, type RechunkTotals, type PointerPlace, type AxisSummary, type GridSummary,
} from 'zarr-rectilinear/tools';

await ready;
await toolsReady;
const grid = ChunkGrid.fromMetadata('{"shape":[26,38],"chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[16,10],[24,14]]}}}');
const small: { chunk: number[]; offset: number[] } = grid.locate([20, 15]);
const batch: Float64Array = grid.locateMany(new Float64Array([20, 15, 0, 0])).chunks;
const bigBatch: BigUint64Array = grid.locateMany(new BigUint64Array([20n, 15n])).offsets;
const axis: Float64Array = grid.locateAxis(0, [1, 2, 3]).chunks;
// Output arrays passed in, of the type the input gives.
const into = { chunks: new Float64Array(4), offsets: new Float64Array(4) };
const same: Float64Array = grid.locateMany(new Float64Array([20, 15, 0, 0]), into).chunks;
const bigInto: BigUint64Array = grid.locateMany(new BigUint64Array([20n, 15n]), { chunks: new BigUint64Array(2), offsets: new BigUint64Array(2) }).chunks;
const axisInto: Float64Array = grid.locateAxis(0, [1, 2, 3, 4], into).offsets;
// @ts-expect-error the output needs both arrays
grid.locateMany([20, 15], { chunks: new Float64Array(2) });
// A batch in WebAssembly memory: write indices, look up, read answers.
const kept: LocateBatch = grid.locateBatch(2);
kept.indices.set([20, 15, 0, 0]);
const keptChunks: Float64Array = kept.locate(1).chunks;
const keptOffsets: Float64Array = kept.offsets;
const keptRows: number = kept.rows;
// @ts-expect-error the batch's arrays are the batch's: not to be replaced
kept.indices = new Float64Array(4);
kept.dispose();
const edges: BigUint64Array = grid.edges(0, { bigint: true });
const shape: Array<number | bigint> = grid.shape;
for (const p of grid.project([{ start: 0, stop: 20, step: 2 }, 3])) {
  const c: ChunkProjection = p;
  void c.chunkCoords;
}
const axes: AxisProjection[] = grid.projectAxes([null, [1, 2, 3]]);
if (axes[0].kind === 'slice') void axes[0].outStops;
const regular = grid.toRegularJSON();
if (regular) void regular.configuration.chunk_shape;
const resized: ChunkGrid = resize(grid, [30, 38], { edges: { 0: [4] } });
const report = validateMetadata({ zarr_format: 3 }, { lenient: true });
if (!report.valid) void report.errors[0].path;
try {
  ChunkGrid.fromChunkShapes([6], [[[1, 3], 3]]);
} catch (e) {
  if (e instanceof GridError) void e.errors.map((p) => p.message);
}
resized.dispose();
grid[Symbol.dispose]();
void [small, batch, bigBatch, axis, same, bigInto, axisInto, edges, shape, ChunkGrid.fromEdges([[5, 5], []])];

// @ts-expect-error: grids are built by the static factories only
new ChunkGrid();
// @ts-expect-error: a selection entry cannot be a string
grid.project(['0:10']);
// @ts-expect-error: a slice has no `end` (a TypeError at run time too)
grid.project([{ start: 0, end: 10 }]);
// @ts-expect-error: number coordinates give numbers, not bigints
const notBig: bigint[] = grid.chunkOrigin([1, 1]);
const origin: number[] = grid.chunkOrigin([1, 1]);
const bigOrigin: bigint[] = grid.chunkDataShape([1n, 1n]);
const outShape: number[] = grid.selectionShape([{ start: 0, stop: 20, step: 2 }, [1, 2]]);
void notBig, origin, bigOrigin, outShape;

// readMetadata: one read, an array or a group.
{
  const read = readMetadata('{}', { lenient: true });
  if (read.kind === 'array') {
    const grid: ChunkGrid | null = read.grid;
    const shape: Natural[] | null = read.shape;
    void grid, shape, read.fillValue, read.dimensionNames;
  } else {
    for (const [path, entry] of read.consolidated ?? new Map()) {
      const p: string = path;
      const valid: boolean = entry.valid;
      void p, valid;
    }
  }
}

// Builders and plans.
{
  const t: ChunkGrid = trimmed([1000], [64]);
  const joined: ChunkGrid = concat([t, trimmed([10n], [4n])], 0);
  const chunks: Natural[][] = joined.toDaskChunks();
  const plan: RechunkPlan = overlap(t, trimmed([1000], [100]));
  const source: ChunkGrid = plan.source;
  const totals: RechunkTotals = plan.totals();
  const mean: number = totals.meanReads;
  const exact: bigint = totals.amplificationExact.numerator;
  const one = plan.sourcesOf([0]);
  const first: Integer = one.axes[0].sourceFirst;
  const cols = plan.axisSources(0, 0, 10);
  const stops: Column = cols.sourceStop;
  void chunks, mean, exact, first, stops, source, one.axes[0].intersections?.[0]?.start;
  // Summaries of a grid.
  const perAxis: AxisSummary = axisSummary(joined, 0);
  const step: boolean = perAxis.isStep;
  const whole: GridSummary = summary(joined);
  const largest: Natural[] = whole.largestChunk;
  void step, largest;
  // @ts-expect-error: the tools take a grid, not its JSON
  summary(joined.toJSON());
  // @ts-expect-error: resize is a function of the grid now, not a method
  joined.resize([10]);
  // @ts-expect-error: nor are the plans members of ChunkGrid
  ChunkGrid.trimmed([10], [4]);
}

// locatePointers: one array of places per pointer.
{
  const places: PointerPlace[][] = locatePointers('{"a": [1]}', ['/a', '/a/0']);
  const [first] = places[0];
  const keyStart: number | undefined = first?.keyStart;
  const bytes: number = locatePointers(new Uint8Array([0x7b, 0x7d]), [''])[0][0].end;
  void keyStart, bytes;
  // @ts-expect-error: pointers are strings
  locatePointers('{}', [0]);
}

// A chunk's region: numbers in, numbers out; bigints in, Integer out.
{
  const region: { origin: number[]; shape: number[]; dataShape: number[] } = grid.chunkRegion([1, 1]);
  const right: number = region.origin[1] + region.dataShape[1];
  const exact: Integer[] = grid.chunkRegion([1n, 0]).origin;
  void right, exact;
}

// Repair: the text comes back in the form given.
const repairedText: string = repairMetadata('{"zarr_format":3}').text;
const repairedBytes: Uint8Array = repairMetadata(new Uint8Array()).text;
const repairChanges: RepairChange[] = repairMetadata('{}').changes;
const leftEntry: string | undefined = repairMetadata('{}').unrepaired[0]?.entry;
// @ts-expect-error bytes in, bytes out
const notText: string = repairMetadata(new Uint8Array()).text;
void repairedText, repairedBytes, repairChanges, leftEntry, notText;

// The reader report: one verdict per reader, in READERS' order.
const verdicts: ReaderVerdict[] = readerReport('{"zarr_format":3}');
const firstVerdict: Verdict = verdicts[0].verdict;
const setting: string | undefined = verdicts[0].setting;
const readerNames: string[] = READERS.map((r) => `${r.reader} ${r.versions}: ${r.rules.length} rules, checked ${r.checked}`);
// @ts-expect-error a rule's verdict is never plain `reads`
const plain: (typeof READERS)[number]['rules'][number]['verdict'] = 'reads';
void [firstVerdict, setting, readerNames, plain];
