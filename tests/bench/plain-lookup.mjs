// The fastest lookup a careful reader author would write in plain JS, the
// baseline of every lookup figure (docs/benchmarks.md): one Float64Array
// of chunk starts per axis (prefix sums with a leading 0, so an offset is
// one subtraction), a branch-free binary search over it (the step is added
// or not by a mask, so V8 emits no branch a random index would mispredict),
// and outputs written into arrays the caller passes (kept, or allocated
// per call: tests/bench/lookup.bench.mjs times both).
export function prefixSums(edges) {
  const starts = new Float64Array(edges.length + 1);
  let sum = 0;
  for (let i = 0; i < edges.length; i++) starts[i + 1] = sum += edges[i];
  return starts;
}

// The chunk holding x: the last i with starts[i] <= x, for 0 <= x < the
// edge sum (the search runs over starts[0..count-1]: count = edges).
function search(s, count, x) {
  let base = 0;
  let n = count;
  while (n > 1) {
    const half = n >>> 1;
    base += half & -(s[base + half] <= x);
    n -= half;
  }
  return base;
}

// For sorted indices a search that branches is faster (31 against 50 ms
// on (b)): its branches follow the order, and the predictor learns them.
// The bench takes it for sorted input, this one for random.
export function plainLocateSorted(starts, indices, chunks, offsets) {
  const ndim = starts.length;
  for (let k = 0; k < indices.length; ) {
    for (let d = 0; d < ndim; d++, k++) {
      const s = starts[d];
      const x = indices[k];
      let lo = 0;
      let hi = s.length - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >>> 1;
        if (s[mid] <= x) lo = mid;
        else hi = mid;
      }
      chunks[k] = lo;
      offsets[k] = x - s[lo];
    }
  }
}

export function plainLocateMany(starts, indices, chunks, offsets) {
  const ndim = starts.length;
  if (ndim === 3) return plainLocate3(starts, indices, chunks, offsets);
  for (let k = 0; k < indices.length; ) {
    for (let d = 0; d < ndim; d++, k++) {
      const s = starts[d];
      const x = indices[k];
      const c = search(s, s.length - 1, x);
      chunks[k] = c;
      offsets[k] = x - s[c];
    }
  }
}

// The inner loop unrolled over a fixed number of axes, as a user with 3-d
// data would: each axis's table in a local of its own.
function plainLocate3(starts, indices, chunks, offsets) {
  const [s0, s1, s2] = starts;
  const [n0, n1, n2] = [s0.length - 1, s1.length - 1, s2.length - 1];
  for (let k = 0; k < indices.length; k += 3) {
    const x0 = indices[k], x1 = indices[k + 1], x2 = indices[k + 2];
    const c0 = search(s0, n0, x0), c1 = search(s1, n1, x1), c2 = search(s2, n2, x2);
    chunks[k] = c0;
    chunks[k + 1] = c1;
    chunks[k + 2] = c2;
    offsets[k] = x0 - s0[c0];
    offsets[k + 1] = x1 - s1[c1];
    offsets[k + 2] = x2 - s2[c2];
  }
}

// For an axis of long runs, which no user would expand (10^9 chunks): per
// run its start, first chunk and edge, found by the same search, then a
// division inside the run; a 1-d grid of one run, by the division alone.
export function runTables(runs) {
  const n = runs.length;
  const t = { starts: new Float64Array(n + 1), firsts: new Float64Array(n), sizes: new Float64Array(n) };
  let sum = 0, chunk = 0;
  runs.forEach(([size, count], r) => {
    t.starts[r] = sum;
    t.firsts[r] = chunk;
    t.sizes[r] = size;
    sum += size * count;
    chunk += count;
  });
  t.starts[n] = sum;
  return t;
}

export function plainLocateRuns(tables, indices, chunks, offsets) {
  const ndim = tables.length;
  if (ndim === 1 && tables[0].sizes.length === 1) return plainDivide(tables[0].sizes[0], indices, chunks, offsets);
  for (let k = 0; k < indices.length; ) {
    for (let d = 0; d < ndim; d++, k++) {
      const { starts, firsts, sizes } = tables[d];
      const x = indices[k];
      const r = search(starts, sizes.length, x);
      const within = x - starts[r];
      const q = Math.floor(within / sizes[r]);
      chunks[k] = firsts[r] + q;
      offsets[k] = within - q * sizes[r];
    }
  }
}

// One axis of one run is a regular axis: no search, a division per index,
// as any reader divides for a regular grid (zarrita does). Exact for
// integers below 2^53: a quotient that is not an integer lies at least
// 1 / size below the next one, farther than its rounding error.
function plainDivide(size, indices, chunks, offsets) {
  for (let k = 0; k < indices.length; k++) {
    const x = indices[k];
    const q = Math.floor(x / size);
    chunks[k] = q;
    offsets[k] = x - q * size;
  }
}
