// The JS tests' one reference model of the grid: each axis as runs, with
// BigInt arithmetic, so that sizes near 2^64 need no expansion. It follows
// the spec and docs/semantics.md directly, in the plainest way, and shares
// no code with the package. Not a test file.
export const MAX_UINT64 = (1n << 64n) - 1n;

// One axis from its chunk_shapes entry (a bigint step, or a list of
// bigints and [size, count] pairs) and its length. Returns {error} for an
// invalid axis: 'NOT_POSITIVE', 'EMPTY_LIST', 'OVERFLOW' or 'SUM_BELOW_LENGTH'.
export function axisModel(entry, length) {
  let runs;
  if (typeof entry === 'bigint') {
    if (entry === 0n) return { error: 'NOT_POSITIVE' };
    const count = (length + entry - 1n) / entry;
    if (count * entry > MAX_UINT64) return { error: 'OVERFLOW' };
    runs = count === 0n ? [] : [{ size: entry, count }];
  } else {
    if (entry.length === 0) return { error: 'EMPTY_LIST' };
    runs = entry.map((item) => (Array.isArray(item) ? { size: item[0], count: item[1] } : { size: item, count: 1n }));
    if (runs.some((r) => r.size === 0n || r.count === 0n)) return { error: 'NOT_POSITIVE' };
    let sum = 0n;
    for (const r of runs) {
      sum += r.size * r.count;
      if (sum > MAX_UINT64) return { error: 'OVERFLOW' };
    }
    if (sum < length) return { error: 'SUM_BELOW_LENGTH' };
  }
  const merged = [];
  for (const r of runs) {
    const last = merged.at(-1);
    if (last && last.size === r.size) last.count += r.count;
    else merged.push({ ...r });
  }
  return new AxisModel(length, typeof entry === 'bigint', merged);
}

class AxisModel {
  constructor(length, isStep, runs) {
    Object.assign(this, { length, isStep, runs });
    this.edgeSum = runs.reduce((s, r) => s + r.size * r.count, 0n);
    this.declaredCount = runs.reduce((s, r) => s + r.count, 0n);
    this.activeCount = length === 0n ? 0n : this.locate(length - 1n).chunk + 1n;
  }

  // The chunk holding element e (any e below the edge sum).
  locate(e) {
    let start = 0n;
    let first = 0n;
    for (const { size, count } of this.runs) {
      if (e < start + size * count) return { chunk: first + (e - start) / size, offset: (e - start) % size };
      start += size * count;
      first += count;
    }
    return null;
  }

  chunk(c) {
    let start = 0n;
    let first = 0n;
    for (const { size, count } of this.runs) {
      if (c < first + count) {
        const origin = start + (c - first) * size;
        const dataSize = origin >= this.length ? 0n : size < this.length - origin ? size : this.length - origin;
        return { chunk: c, origin, size, dataSize };
      }
      start += size * count;
      first += count;
    }
    return null;
  }

  dataRuns() {
    const out = [];
    for (let c = 0n; c < this.activeCount; ) {
      // Whole runs are walked by their ends: the data size changes at most at a run's end and the last chunk.
      const { dataSize, size } = this.chunk(c);
      let next = c + 1n;
      if (dataSize === size) {
        const { runEnd } = this.#runOf(c);
        next = runEnd < this.activeCount - 1n ? runEnd : this.activeCount - 1n;
        if (next <= c) next = c + 1n;
      }
      const last = out.at(-1);
      if (last && last.size === dataSize) last.count += next - c;
      else out.push({ size: dataSize, count: next - c });
      c = next;
    }
    return out;
  }

  #runOf(c) {
    let first = 0n;
    for (const { count } of this.runs) {
      if (c < first + count) return { runEnd: first + count };
      first += count;
    }
    return { runEnd: first };
  }

  // Python's slice.indices() for step >= 1.
  normalizeSlice(start, stop, step) {
    const clamp = (v, fallback) => {
      if (v === null) return fallback;
      const x = v < 0n ? v + this.length : v;
      return x < 0n ? 0n : x > this.length ? this.length : x;
    };
    const a = clamp(start, 0n);
    const b = clamp(stop, this.length);
    return { start: a, stop: b < a ? a : b, step };
  }
}
