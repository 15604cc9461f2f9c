// @ts-check
// Copies between two flat buffers, described axis by axis without listing
// elements. Each iterated axis has `n` elements and, on each side, where its
// k-th element lies: `start + k * step`, or `start + list[k] * step` when the
// side has a list (an integer array or a mask). A slice and a strided slice
// need no list, so their copies cost no per-element bookkeeping; integer axes
// fold into the base offsets.
//
// Before copying, axes of one element fold into the bases, and the innermost
// axes that are one unbroken run of memory on both sides fold into a run:
// a whole chunk into a matching output is then a single copy.

/**
 * @typedef {{ start: number, step: number, list: ArrayLike<number> | null }} Side
 * @typedef {{ n: number, src: Side, dst: Side }} CopyAxis
 */

// From this many elements on, TypedArray.set on a subarray beats an element
// loop (measured in Node 20); below it the view it allocates costs more than
// it saves.
const SET_RUN = 24;

const at = (side, k) => side.start + (side.list === null ? k : side.list[k]) * side.step;

// A 64-bit integer element copies as two 32-bit words: reading it from a
// BigInt64Array would allocate a BigInt.
const WORDS = 2;
const wordsOf = (raw) => new Uint32Array(raw.buffer, raw.byteOffset, raw.length * WORDS);
const isBig = (raw) => raw instanceof BigInt64Array || raw instanceof BigUint64Array;
const inWords = ({ start, step, list }) => ({ start: start * WORDS, step: step * WORDS, list });

// {axes, dstBase, srcBase, run}: the axes still to iterate (outermost first)
// and the length of the contiguous run each innermost step copies, all in
// units of `unit` buffer elements per selected element; null when some axis
// selects nothing.
function folded(dstBase, srcBase, axes, unit) {
  const kept = [];
  for (const axis of axes) {
    if (axis.n === 0) return null;
    if (axis.n === 1) {
      dstBase += at(axis.dst, 0);
      srcBase += at(axis.src, 0);
    } else {
      kept.push(unit === 1 ? axis : { n: axis.n, src: inWords(axis.src), dst: inWords(axis.dst) });
    }
  }
  dstBase *= unit;
  srcBase *= unit;
  let run = unit;
  while (kept.length > 0) {
    const { n, src, dst } = kept[kept.length - 1];
    if (src.list !== null || dst.list !== null || src.step !== run || dst.step !== run) break;
    dstBase += dst.start;
    srcBase += src.start;
    run *= n;
    kept.pop();
  }
  return { axes: kept, dstBase, srcBase, run };
}

// A plain Array (strings) has no set: its runs copy element by element.
function copyRun(dst, d, src, s, run) {
  if (run >= SET_RUN && !Array.isArray(dst)) {
    dst.set(src.subarray(s, s + run), d);
  } else {
    for (let k = 0; k < run; k++) dst[d + k] = src[s + k];
  }
}

// The innermost iterated axis: one run per element.
function copyLine(dst, d, src, s, axis, run) {
  const { n, src: is, dst: id } = axis;
  if (is.list === null && id.list === null) {
    const ss = is.step;
    const ds = id.step;
    s += is.start;
    d += id.start;
    if (run === 1) {
      for (let k = 0; k < n; k++) dst[d + k * ds] = src[s + k * ss];
    } else {
      for (let k = 0; k < n; k++) copyRun(dst, d + k * ds, src, s + k * ss, run);
    }
    return;
  }
  for (let k = 0; k < n; k++) copyRun(dst, d + at(id, k), src, s + at(is, k), run);
}

function copyAxes(dst, d, src, s, axes, axis, run) {
  if (axis === axes.length - 1) return copyLine(dst, d, src, s, axes[axis], run);
  const { n, src: is, dst: id } = axes[axis];
  for (let k = 0; k < n; k++) copyAxes(dst, d + at(id, k), src, s + at(is, k), axes, axis + 1, run);
}

/**
 * Copies the selected elements of `src` into `dst`.
 * @param {any} dst
 * @param {number} dstBase
 * @param {any} src
 * @param {number} srcBase
 * @param {CopyAxis[]} axes outermost first
 */
export function copyRegion(dst, dstBase, src, srcBase, axes) {
  const big = isBig(dst) && isBig(src);
  const plan = folded(dstBase, srcBase, axes, big ? WORDS : 1);
  if (plan === null) return;
  if (big) {
    dst = wordsOf(dst);
    src = wordsOf(src);
  }
  if (plan.axes.length === 0) copyRun(dst, plan.dstBase, src, plan.srcBase, plan.run);
  else copyAxes(dst, plan.dstBase, src, plan.srcBase, plan.axes, 0, plan.run);
}

function fillAxes(dst, d, value, axes, axis, run) {
  const { n, dst: id } = axes[axis];
  const inner = axis === axes.length - 1;
  for (let k = 0; k < n; k++) {
    const to = d + at(id, k);
    if (!inner) fillAxes(dst, to, value, axes, axis + 1, run);
    else if (run === 1) dst[to] = value;
    else dst.fill(value, to, to + run);
  }
}

/**
 * Sets every selected element of `dst` to one value (the `src` sides are
 * ignored).
 * @param {any} dst
 * @param {number} dstBase
 * @param {unknown} value
 * @param {CopyAxis[]} axes
 */
export function fillRegion(dst, dstBase, value, axes) {
  const plan = folded(dstBase, 0, axes, 1);
  if (plan === null) return;
  if (plan.axes.length === 0) dst.fill(value, plan.dstBase, plan.dstBase + plan.run);
  else fillAxes(dst, plan.dstBase, value, plan.axes, 0, plan.run);
}

export function cStrides(shape) {
  const stride = new Array(shape.length);
  for (let d = shape.length - 1, step = 1; d >= 0; step *= shape[d--]) stride[d] = step;
  return stride;
}

// A fresh C-ordered copy of a decoded chunk, whatever its stride.
export function toCOrder(chunk, Raw) {
  const size = chunk.shape.reduce((a, b) => a * b, 1);
  const out = new Raw(size);
  const dstStride = cStrides(chunk.shape);
  const axes = chunk.shape.map((n, d) => ({ n, src: { start: 0, step: chunk.stride[d], list: null }, dst: { start: 0, step: dstStride[d], list: null } }));
  copyRegion(out, 0, chunk.data, 0, axes);
  return out;
}
