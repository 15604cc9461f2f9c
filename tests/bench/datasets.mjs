// The benchmark data, seeded so every run measures the same thing.
import { random } from './measure.mjs';

// Random edges in [1, maxEdge], with equal neighbours avoided so each edge
// is its own run: the hardest case for a run-based lookup.
export function irregularEdges(count, rnd, maxEdge = 100) {
  const edges = [];
  for (let i = 0; i < count; i++) {
    let e = 1 + Math.floor(rnd() * maxEdge);
    if (e === edges[i - 1]) e = e === maxEdge ? 1 : e + 1;
    edges.push(e);
  }
  return edges;
}

// chunk_shapes mixing runs [V, N] and single edges, `chunks` chunks in all.
export function mixedRuns(chunks, rnd) {
  const items = [];
  for (let left = chunks; left > 0; ) {
    const count = Math.min(left, 1 + Math.floor(rnd() * 5));
    const size = 1 + Math.floor(rnd() * 50);
    items.push(count === 1 ? size : [size, count]);
    left -= count;
  }
  return items;
}

// n random rows inside `shape`; with `sorted`, each column is sorted.
export function indices(shape, n, rnd, { sorted = false } = {}) {
  const nd = shape.length;
  const out = new Float64Array(n * nd);
  const columns = shape.map((len) => {
    const c = new Float64Array(n);
    for (let i = 0; i < n; i++) c[i] = Math.floor(rnd() * Number(len));
    return sorted ? c.sort() : c;
  });
  for (let i = 0; i < n; i++) for (let d = 0; d < nd; d++) out[i * nd + d] = columns[d][i];
  return out;
}

export const seeded = (seed) => random(seed);
