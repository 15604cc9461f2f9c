// @ts-check
// A selection, projected by the ChunkGrid, as per-axis columns that get and
// set share. Each axis has one entry per chunk it touches: the chunk index
// and what it selects there. A slice keeps its chunk-local start, its step
// and its output range (no element lists); an integer array or a mask keeps
// the core's offsets and output positions, with each entry's range in them;
// an integer axis drops out of the output. Chunks are visited as the lazy
// product of the axes, so memory stays O(sum over axes).
import { copyRegion, fillRegion } from './copy.js';

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

const tooLarge = (v) => new RangeError(`a chunk index or offset ${v} exceeds 2^53 - 1; zarr-rectilinear/zarrita reads within 2^53`);

function numbers(column) {
  if (column instanceof Float64Array) return column;
  return Float64Array.from(column, (v) => {
    if (v > MAX_SAFE) throw tooLarge(v);
    return Number(v);
  });
}

function number(v) {
  if (typeof v === 'bigint' && v > MAX_SAFE) throw tooLarge(v);
  return Number(v);
}

function axisPlan(p) {
  if (p.kind === 'integer') {
    return { kind: 'integer', chunks: Float64Array.of(number(p.chunk)), index: number(p.index), length: 1 };
  }
  const chunks = numbers(p.chunks);
  const n = chunks.length;
  if (p.kind === 'slice') {
    const [starts, outStarts, outStops] = [p.starts, p.outStarts, p.outStops].map(numbers);
    return { kind: 'slice', step: number(p.step), chunks, starts, outStarts, outStops, length: n ? outStops[n - 1] : 0 };
  }
  const [starts, stops, offsets, positions] = [p.starts, p.stops, p.offsets, p.positions].map(numbers);
  return { kind: 'points', chunks, starts, stops, offsets, positions, length: positions.length };
}

// The output length of one axis's projection, read from its columns (a
// slice's is its last output stop): no per-element work.
function projectedLength(p) {
  if (p.kind === 'integer') return 1;
  const n = p.chunks.length;
  if (p.kind === 'slice') return n ? Number(p.outStops[n - 1]) : 0;
  return p.positions.length;
}

const DEFAULT_MAX_BYTES = 2 ** 32;

// A checkShape for planSelection: refuses a selection of more than maxBytes
// of `type` (get's output, set's writes) before any per-element work.
export function sizeLimit(verb, type, maxBytes = DEFAULT_MAX_BYTES) {
  if (typeof maxBytes !== 'number' || !(maxBytes >= 0)) throw new RangeError(`maxBytes: found ${String(maxBytes)}; expected a non-negative number`);
  return (/** @type {number[]} */ shape) => {
    const elements = shape.reduce((a, b) => a * b, 1);
    const bytes = elements * type.bytes;
    if (bytes > maxBytes) {
      throw new RangeError(`${verb}: the selection has shape [${shape.join(', ')}], ${elements} elements of ${type.name} (${bytes} bytes); the limit is ${maxBytes} bytes (opts.maxBytes)`);
    }
  };
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

// The number of chunks the plan visits.
export const unitCount = (axes) => axes.reduce((n, a) => n * a.chunks.length, 1);

// The declared shape of each chunk of the plan, by its entry numbers: a
// regular grid's chunk_shape (`regularShape`) for all, else the edges the
// grid's axisChunk gives, asked once per axis entry.
export function declaredShapes(grid, regularShape, axes) {
  if (regularShape) return () => regularShape;
  const edges = axes.map((a, d) => Float64Array.from(a.chunks, (c) => grid.axisChunk(d, c).size));
  return (at) => edges.map((e, d) => e[at[d]]);
}

// The copy axes (copy.js) between a chunk (its stride) and the selection's
// output (`outStride`), from the chunk's side to the output's or, with
// `toChunk`, the other way: {chunkBase, axes}.
function copyAxes(axes, at, chunkStride, outStride, toChunk) {
  let chunkBase = 0;
  const copy = [];
  let o = 0;
  for (let d = 0; d < axes.length; d++) {
    const a = axes[d];
    const i = at[d];
    const cs = chunkStride[d];
    if (a.kind === 'integer') {
      chunkBase += a.index * cs;
      continue;
    }
    const os = outStride[o++];
    let n;
    let chunk;
    let out;
    if (a.kind === 'slice') {
      n = a.outStops[i] - a.outStarts[i];
      chunk = { start: a.starts[i] * cs, step: a.step * cs, list: null };
      out = { start: a.outStarts[i] * os, step: os, list: null };
    } else {
      const [from, to] = [a.starts[i], a.stops[i]];
      n = to - from;
      chunk = { start: 0, step: cs, list: a.offsets.subarray(from, to) };
      out = { start: 0, step: os, list: a.positions.subarray(from, to) };
    }
    copy.push(toChunk ? { n, src: out, dst: chunk } : { n, src: chunk, dst: out });
  }
  return { chunkBase, axes: copy };
}

// Copies the selected elements of a decoded chunk into the output.
export function chunkToOutput(axes, at, chunk, out, outStride) {
  const plan = copyAxes(axes, at, chunk.stride, outStride, false);
  copyRegion(out, 0, chunk.data, plan.chunkBase, plan.axes);
}

// Copies the value's elements into a C-ordered chunk buffer; a scalar value
// (`value.scalar`) fills the selected elements.
export function valueToChunk(axes, at, value, chunkData, chunkStride) {
  const plan = copyAxes(axes, at, chunkStride, value.stride ?? [], true);
  if ('scalar' in value) fillRegion(chunkData, plan.chunkBase, value.scalar, plan.axes);
  else copyRegion(chunkData, plan.chunkBase, value.data, 0, plan.axes);
}

// True when the selection covers every element of the chunk inside the array
// (its data shape): then a write needs no read.
export function coversChunk(axes, at, dataShape) {
  return axes.every((a, d) => {
    const i = at[d];
    const n = dataShape[d];
    if (a.kind === 'integer') return n === 1;
    if (a.kind === 'slice') {
      const count = a.outStops[i] - a.outStarts[i];
      return count === n && (n <= 1 || a.step === 1) && (n === 0 || a.starts[i] === 0);
    }
    const local = a.offsets.subarray(a.starts[i], a.stops[i]);
    return local.length >= n && new Set(local).size === n;
  });
}
