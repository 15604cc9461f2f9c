// @ts-check
// A selection, projected by the ChunkGrid, as per-axis lists that get and set
// share. Each axis has one entry per chunk it touches: the chunk index, the
// chunk-local indices it selects, and the output positions they fill (none
// for an integer axis, which drops out of the output). Chunks are visited as
// the lazy product of the axes, so memory stays O(sum over axes).
import { copyRegion, fillRegion, scaled } from './copy.js';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function numbers(column) {
  if (column instanceof Float64Array) return column;
  return Float64Array.from(column, (v) => {
    if (v > MAX_SAFE) throw new RangeError(`a chunk index or offset ${v} exceeds 2^53 - 1; zarr-rectilinear/zarrita reads within 2^53`);
    return Number(v);
  });
}

const range = (start, stop, step) => {
  const n = Math.max(0, Math.ceil((stop - start) / step));
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) out[k] = start + k * step;
  return out;
};

function axisPlan(p) {
  if (p.kind === 'integer') {
    return { kind: 'integer', chunks: Float64Array.of(Number(p.chunk)), locals: [Float64Array.of(Number(p.index))], positions: null, length: 1 };
  }
  const chunks = numbers(p.chunks);
  const n = chunks.length;
  if (p.kind === 'slice') {
    const step = Number(p.step);
    const [starts, stops, outStarts, outStops] = [p.starts, p.stops, p.outStarts, p.outStops].map(numbers);
    const locals = Array.from({ length: n }, (_, i) => range(starts[i], stops[i], step));
    const positions = Array.from({ length: n }, (_, i) => range(outStarts[i], outStops[i], 1));
    return { kind: 'slice', step, chunks, locals, positions, length: n ? outStops[n - 1] : 0 };
  }
  const [starts, stops, offsets, outPositions] = [p.starts, p.stops, p.offsets, p.positions].map(numbers);
  const locals = Array.from({ length: n }, (_, i) => offsets.subarray(starts[i], stops[i]));
  const positions = Array.from({ length: n }, (_, i) => outPositions.subarray(starts[i], stops[i]));
  return { kind: 'points', chunks, locals, positions, length: outPositions.length };
}

// The output length of one axis's projection, read from its columns (a
// slice's is its last output stop): no per-element work.
function projectedLength(p) {
  if (p.kind === 'integer') return 1;
  const n = p.chunks.length;
  if (p.kind === 'slice') return n ? Number(p.outStops[n - 1]) : 0;
  return p.positions.length;
}

// { axes, outShape } for a selection on `grid`. `checkShape(outShape)`, when
// given, runs before any per-element list is built: it may throw.
export function planSelection(grid, selection, checkShape) {
  const projections = grid.projectAxes(selection);
  if (checkShape) checkShape(projections.filter((p) => p.kind !== 'integer').map(projectedLength));
  const axes = projections.map(axisPlan);
  const outShape = axes.filter((a) => a.kind !== 'integer').map((a) => a.length);
  return { axes, outShape };
}

// Every chunk of the plan, as the per-axis entry numbers [i0, i1, ...], last axis fastest.
export function* units(axes) {
  const counts = axes.map((a) => a.chunks.length);
  if (counts.some((c) => c === 0)) return;
  const at = counts.map(() => 0);
  for (;;) {
    yield at.slice();
    let d = axes.length - 1;
    while (d >= 0 && ++at[d] === counts[d]) at[d--] = 0;
    if (d < 0) return;
  }
}

export const chunkCoords = (axes, at) => axes.map((a, d) => a.chunks[at[d]]);

// The copy axes between a chunk (its stride) and the selection's output
// (C-ordered, `outStride`): {chunkBase, outBase, axes: [{chunk, out}]}.
function pairs(axes, at, chunkStride, outStride) {
  let chunkBase = 0;
  const lists = [];
  let o = 0;
  for (let d = 0; d < axes.length; d++) {
    const local = axes[d].locals[at[d]];
    if (axes[d].kind === 'integer') {
      chunkBase += local[0] * chunkStride[d];
      continue;
    }
    lists.push({ chunk: scaled(local, chunkStride[d]), out: scaled(axes[d].positions[at[d]], outStride[o++]) });
  }
  return { chunkBase, lists };
}

// Copies the selected elements of a decoded chunk into the output.
export function chunkToOutput(axes, at, chunk, out, outStride) {
  const { chunkBase, lists } = pairs(axes, at, chunk.stride, outStride);
  copyRegion(out, 0, chunk.data, chunkBase, lists.map((l) => ({ src: l.chunk, dst: l.out })));
}

// Copies the value's elements into a C-ordered chunk buffer; a scalar value
// (`value.scalar`) fills the selected elements.
export function valueToChunk(axes, at, value, chunkData, chunkStride) {
  const { chunkBase, lists } = pairs(axes, at, chunkStride, value.stride ?? []);
  if ('scalar' in value) fillRegion(chunkData, chunkBase, value.scalar, lists.map((l) => ({ dst: l.chunk })));
  else copyRegion(chunkData, chunkBase, value.data, 0, lists.map((l) => ({ src: l.out, dst: l.chunk })));
}

// True when the selection covers every element of the chunk inside the array
// (its data shape): then a write needs no read.
export function coversChunk(axes, at, dataShape) {
  return axes.every((a, d) => {
    const local = a.locals[at[d]];
    const n = dataShape[d];
    if (a.kind === 'integer') return n === 1;
    if (a.kind === 'slice') return local.length === n && (n <= 1 || a.step === 1) && (n === 0 || local[0] === 0);
    return local.length >= n && new Set(local).size === n;
  });
}
