// The lookup a reader author would write in plain JS: Float64Array prefix
// sums per axis and a `while (lo < hi)` binary search, no allocation per lookup.
export function prefixSums(edges) {
  const ends = new Float64Array(edges.length);
  let sum = 0;
  for (let i = 0; i < edges.length; i++) ends[i] = sum += edges[i];
  return ends;
}

export function plainLocateMany(ends, indices, chunks, offsets) {
  const ndim = ends.length;
  for (let k = 0; k < indices.length; ) {
    for (let d = 0; d < ndim; d++, k++) {
      const e = ends[d];
      const x = indices[k];
      let lo = 0;
      let hi = e.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (e[mid] <= x) lo = mid + 1;
        else hi = mid;
      }
      chunks[k] = lo;
      offsets[k] = lo === 0 ? x : x - e[lo - 1];
    }
  }
}
