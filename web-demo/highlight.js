// Which chunks a selection touches, per axis, as grid.project(selection)
// returns them, without ever listing more chunks than the view can show.
//
// grid.project is a product over axes of per-axis chunk lists (that is what
// grid.projectAxes returns). An axis whose list is small goes to the core
// as it is. An axis whose list could be huge (a slice over a billion chunks)
// is answered from its ends: a step-1 slice, or a strided one whose step is at
// most the smallest chunk it crosses, touches every chunk from the first to
// the last; one whose step is at least the largest chunk touches one chunk
// per selected element. Only the count of a huge strided slice between the
// two is an upper bound.
import { axisRuns } from '../js/layout.js';

const CORE_LIMIT = 200_000; // chunks per axis handed to projectAxes
const ENUMERATE_LIMIT = 20_000; // selected elements per axis enumerated in view
const EMPTY = Object.freeze({ start: 0, stop: 0 });

const big = (v) => BigInt(v);
const num = (v) => Number(v);
const isBlocks = (e) => typeof e === 'object' && e !== null && 'blocks' in e;
const isSlice = (e) => e === null || e === undefined || (typeof e === 'object' && !Array.isArray(e) && !ArrayBuffer.isView(e) && !isBlocks(e));

// Python slice semantics on an axis of length n, in bigints: {start, step, count}.
function normalizeSlice({ start = null, stop = null, step = null } = {}, n) {
  const s = step === null || step === undefined ? 1n : big(step);
  const clampIndex = (v, fallback) => {
    if (v === null || v === undefined) return fallback;
    let x = big(v);
    if (x < 0n) x += n;
    return x < 0n ? 0n : x > n ? n : x;
  };
  const a = clampIndex(start, 0n);
  const b = clampIndex(stop, n);
  const count = b > a ? (b - a + s - 1n) / s : 0n;
  return { start: a, step: s, count };
}

// Chunk of element e on an axis, through the core.
function chunkOf(grid, axis, e) {
  const { chunks } = grid.locateAxis(axis, [e]);
  return big(chunks[0]);
}

// Per-axis answer: {kind: 'list', chunks} (sorted, unique), {kind: 'range',
// first, last}, {kind: 'strided', first, last, start, step, lastElement},
// plus {count, exact}.
function describeAxis(grid, axis, entry) {
  const n = big(grid.shape[axis]);
  if (isSlice(entry)) {
    const { start, step, count } = normalizeSlice(entry ?? {}, n);
    if (count === 0n) return { kind: 'list', chunks: new Float64Array(0), count: 0n, exact: true };
    const lastElement = start + (count - 1n) * step;
    const first = chunkOf(grid, axis, start);
    const last = chunkOf(grid, axis, lastElement);
    const span = last - first + 1n;
    if (step === 1n) return { kind: 'range', first, last, count: span, exact: true };
    if (span <= BigInt(CORE_LIMIT)) return { kind: 'core', entry };
    const t = axisRuns(grid, axis);
    let smallest = Infinity;
    let largest = 0;
    for (let r = t.runAtChunk(num(first)); r < t.n && t.first[r] <= num(last); r++) {
      smallest = Math.min(smallest, t.size[r]);
      largest = Math.max(largest, t.size[r]);
    }
    const strided = { kind: 'strided', first, last, start, step, lastElement };
    // No chunk is smaller than the step: none is skipped.
    if (num(step) <= smallest) return { kind: 'range', first, last, count: span, exact: true };
    // No chunk is larger than the step: each holds at most one selected element.
    if (num(step) >= largest) return { ...strided, count, exact: true };
    return { ...strided, count: span < count ? span : count, exact: false };
  }
  if (isBlocks(entry)) {
    // Chunks start to stop - 1, as a slice over the chunks that overlap the array.
    const [start = null, stop = null] = entry.blocks ?? [];
    const { start: first, count } = normalizeSlice({ start, stop }, big(grid.gridShape[axis]));
    if (count === 0n) return { kind: 'list', chunks: new Float64Array(0), count: 0n, exact: true };
    return { kind: 'range', first, last: first + count - 1n, count, exact: true };
  }
  return { kind: 'core', entry };
}

const byNumber = (a, b) => a - b;

function uniqueSorted(values) {
  const sorted = Float64Array.from(values).sort(byNumber);
  let k = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[k++] = sorted[i];
  return sorted.subarray(0, k);
}

// The chunk list of one projectAxes entry.
function chunkList(p) {
  if (p.kind === 'integer') return Float64Array.of(num(p.chunk));
  if (p.kind === 'slice') return Float64Array.from(p.chunks, num);
  return uniqueSorted(Array.from(p.chunks, num));
}

// -> {axes: [per-axis answer], count: bigint, exact}. Throws what the core
// throws for a bad selection (TypeError, RangeError).
export function selectChunks(grid, selection) {
  if (selection.length > grid.ndim) throw new TypeError(`selection: found ${selection.length} entries; expected at most ${grid.ndim}`);
  const full = Array.from({ length: grid.ndim }, (_, d) => (d < selection.length ? selection[d] : null));
  const axes = full.map((entry, d) => describeAxis(grid, d, entry));
  // One call to the core for every axis it answers; empty slices elsewhere.
  if (axes.some((a) => a.kind === 'core')) {
    const projected = grid.projectAxes(axes.map((a, d) => (a.kind === 'core' ? full[d] : EMPTY)));
    axes.forEach((a, d) => {
      if (a.kind !== 'core') return;
      const chunks = chunkList(projected[d]);
      axes[d] = { kind: 'list', chunks, count: big(chunks.length), exact: true };
    });
  }
  const count = axes.reduce((acc, a) => acc * a.count, 1n);
  return { axes, count, exact: axes.every((a) => a.exact) };
}

// Whether chunk c (a number or bigint) of an axis is selected.
export function axisHolds(answer, c) {
  if (answer.kind === 'list') {
    const x = num(c);
    let lo = 0;
    let hi = answer.chunks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (answer.chunks[mid] === x) return true;
      if (answer.chunks[mid] < x) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }
  const x = big(c);
  return x >= answer.first && x <= answer.last;
}

// The element ranges [start, stop) of the selected chunks of one axis that
// meet the element window [v0, v1), touching ranges joined.
export function axisRanges(grid, axis, answer, [v0, v1]) {
  const t = axisRuns(grid, axis);
  const lo = Math.max(0, Math.floor(v0));
  const hi = Math.min(t.extent, Math.ceil(v1)) - 1;
  if (hi < lo) return [];
  // Past 2^53, `hi` may round onto the extent itself: then the last chunk.
  const lastChunk = () => t.chunk(t.n - 1, t.count[t.n - 1] - 1);
  const chunkLo = (t.chunkAtElement(lo) ?? lastChunk()).index;
  const chunkHi = (t.chunkAtElement(hi) ?? lastChunk()).index;
  const out = [];
  const push = (c) => {
    const s = t.chunkStart(num(c));
    const e = s + t.chunkSize(num(c));
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  };
  if (answer.kind === 'list') {
    const chunks = answer.chunks;
    let i = lowerBound(chunks, num(chunkLo));
    for (; i < chunks.length && chunks[i] <= num(chunkHi); i++) push(chunks[i]);
    return out;
  }
  const first = answer.first > big(chunkLo) ? answer.first : big(chunkLo);
  const last = answer.last < big(chunkHi) ? answer.last : big(chunkHi);
  if (first > last) return [];
  if (answer.kind === 'range') {
    out.push([t.chunkStart(num(first)), t.chunkEnd(num(last))]);
    return out;
  }
  // A huge strided slice: list the selected elements in view when few enough,
  // else (more than one per pixel) shade the whole stretch.
  const { start, step, lastElement } = answer;
  const from = big(lo) <= start ? start : start + ((big(lo) - start + step - 1n) / step) * step;
  const to = big(hi) < lastElement ? big(hi) : lastElement;
  if (from > to) return [];
  const m = (to - from) / step + 1n;
  if (m > BigInt(ENUMERATE_LIMIT)) {
    out.push([t.chunkStart(num(first)), t.chunkEnd(num(last))]);
    return out;
  }
  const indices = new Float64Array(num(m));
  for (let k = 0; k < indices.length; k++) indices[k] = num(from + big(k) * step);
  const { chunks } = grid.locateAxis(axis, indices);
  let previous = -1;
  for (const c of chunks) {
    if (c !== previous) push(c);
    previous = c;
  }
  return out;
}

function lowerBound(sorted, x) {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
