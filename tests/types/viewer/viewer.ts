// A tile viewer's use of the API under `strict`, written with no casts:
// `tsc --noEmit -p tests/types` compiles it. Number coordinates give
// number results, bigint ones bigint results, and a selection of integers
// reads a scalar, so nothing here needs `as`, `Number()` or a type guard.
import * as zarr from 'zarrita';
import { ChunkGrid, type AxisChunk } from 'zarr-rectilinear';
import { open, get, type NdArray } from 'zarr-rectilinear/zarrita';

const store = new zarr.FetchStore('https://example.org/image.zarr');
const arr = await open(store, { path: 'image', kind: 'array' });

// The tiles in a viewport, in the coordinates getChunk takes.
const tiles = arr.chunkGrid;
const viewport = { top: 120, left: 300, height: 480, width: 640 };
for (const row of tiles.chunkGroups(0, viewport.top, viewport.top + viewport.height)) {
  for (const col of tiles.chunkGroups(1, viewport.left, viewport.left + viewport.width)) {
    const first: AxisChunk<number> = tiles.chunkAt(0, viewport.top);
    const coords = [first.chunk, tiles.chunkAt(1, viewport.left).chunk];
    const [y, x]: number[] = tiles.chunkOrigin(coords);
    const [h, w]: number[] = tiles.chunkDataShape(coords);
    const [declaredH]: number[] = tiles.chunkShape(coords);
    const tile: NdArray = await arr.getChunk(coords);
    const drawAt = { x: x - viewport.left, y: y - viewport.top, scale: h / declaredH };
    void row, col, w, tile, drawAt;
  }
}

// One pixel under the cursor: a scalar, and where it lives.
if (arr.is('float32')) {
  const value: number = await get(arr, [200, 410]);
  const { chunk, offset }: { chunk: number[]; offset: number[] } = arr.grid.locate([200, 410]);
  void value, chunk, offset;
}

// A region: its shape before reading, to size the canvas.
const region = [{ start: 100, stop: 400, step: 2 }, zarr.slice(0, 640)];
const [height, width]: number[] = arr.grid.selectionShape(region);
const canvas = { width, height };
const pixels: NdArray = await get(arr, region);
const { start, stop, step }: { start: number; stop: number; step: number } = arr.grid.normalizeSlice(0, region[0]);
const { first, stop: end }: { first: number; stop: number } = arr.grid.chunkRange(0, start, stop);
void canvas, pixels, step, first, end;

// A reader of its own on ChunkGrid: the chunks of the region and where
// each part lands, all numbers.
for (const { chunkCoords, mapping } of arr.grid.project([{ start: 100, stop: 400 }, 7])) {
  const [row]: number[] = chunkCoords;
  const [rows] = mapping;
  if (rows.to !== null && !ArrayBuffer.isView(rows.from)) {
    const [from, to, by]: number[] = rows.from;
    void from, to, by;
  }
  void row;
}
const [rowsAxis] = arr.grid.projectAxes([{ start: 100, stop: 400 }]);
if (rowsAxis.kind === 'slice') {
  const chunks: Float64Array = rowsAxis.chunks;
  const by: number = rowsAxis.step;
  void chunks, by;
}

// Bigints in, bigints out, for arrays past 2^53 elements.
const huge = ChunkGrid.fromChunkShapes([2n ** 60n], [[[1n << 20n, 1n << 40n]]]);
const origin: bigint[] = huge.chunkOrigin([3n]);
const at: AxisChunk<bigint> = huge.chunkAt(0, 2n ** 59n);
const located: { chunk: bigint[]; offset: bigint[] } = huge.locate([2n ** 50n]);
void origin, at, located;
huge.dispose();
