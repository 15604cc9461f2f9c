// @ts-check
// Copies between two flat buffers, one axis list at a time. Each iterated
// axis is a pair of offset lists, in elements: where the k-th element along
// the axis lies in the source and in the destination. Integer axes fold into
// the base offsets. A slice, a strided slice, an integer array and a mask
// all become such lists, so one loop serves every selection.

// Per-axis offsets `indices[k] * stride`, as a Float64Array.
export function scaled(indices, stride) {
  const out = new Float64Array(indices.length);
  for (let k = 0; k < indices.length; k++) out[k] = indices[k] * stride;
  return out;
}

// True when the offsets are first, first + 1, ...: one run of memory.
function unitRun(offsets) {
  for (let k = 1; k < offsets.length; k++) if (offsets[k] !== offsets[k - 1] + 1) return false;
  return true;
}

// axes: [{src: offsets, dst: offsets}], outermost first, equal lengths per axis.
export function copyRegion(dst, dstBase, src, srcBase, axes) {
  const n = axes.length;
  if (n === 0) {
    dst[dstBase] = src[srcBase];
    return;
  }
  for (const axis of axes) if (axis.src.length === 0) return;
  const inner = axes[n - 1];
  const length = inner.src.length;
  const run = length > 1 && unitRun(inner.src) && unitRun(inner.dst);
  const s0 = inner.src[0];
  const d0 = inner.dst[0];
  const copyInner = (d, s) => {
    if (run) {
      dst.set(src.subarray(s + s0, s + s0 + length), d + d0);
    } else {
      const is = inner.src;
      const id = inner.dst;
      for (let k = 0; k < length; k++) dst[d + id[k]] = src[s + is[k]];
    }
  };
  const outer = (axis, d, s) => {
    if (axis === n - 1) return copyInner(d, s);
    const { src: os, dst: od } = axes[axis];
    for (let k = 0; k < os.length; k++) outer(axis + 1, d + od[k], s + os[k]);
  };
  outer(0, dstBase, srcBase);
}

// Sets every selected element of dst to one value.
export function fillRegion(dst, dstBase, value, axes) {
  const n = axes.length;
  if (n === 0) {
    dst[dstBase] = value;
    return;
  }
  for (const axis of axes) if (axis.dst.length === 0) return;
  const outer = (axis, d) => {
    const od = axes[axis].dst;
    if (axis === n - 1) {
      for (let k = 0; k < od.length; k++) dst[d + od[k]] = value;
      return;
    }
    for (let k = 0; k < od.length; k++) outer(axis + 1, d + od[k]);
  };
  outer(0, dstBase);
}

export function cStrides(shape) {
  const stride = new Array(shape.length);
  for (let d = shape.length - 1, step = 1; d >= 0; step *= shape[d--]) stride[d] = step;
  return stride;
}

const iota = (n, stride) => {
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) out[k] = k * stride;
  return out;
};

// A fresh C-ordered copy of a decoded chunk, whatever its stride.
export function toCOrder(chunk, Raw) {
  const size = chunk.shape.reduce((a, b) => a * b, 1);
  const out = new Raw(size);
  const dstStride = cStrides(chunk.shape);
  const axes = chunk.shape.map((len, d) => ({ src: iota(len, chunk.stride[d]), dst: iota(len, dstStride[d]) }));
  if (size > 0) copyRegion(out, 0, chunk.data, 0, axes);
  return out;
}
