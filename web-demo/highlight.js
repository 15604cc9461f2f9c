// Which element ranges of the view a selection's chunks cover, from the
// grid's own answer (grid.selectedChunks) and its chunks in the window
// (grid.chunkRange, grid.axisChunk): never more chunks than the view shows.

// Whether chunk c (a number or bigint) of an axis is selected. A strided
// answer (a huge strided slice, counted as an upper bound) holds its span.
export function axisHolds(answer, c) {
  if (answer.kind === 'list') return indexOf(answer.chunks, c) >= 0;
  const x = BigInt(c);
  return x >= BigInt(answer.first) && x < BigInt(answer.stop);
}

// Position of the first chunk at least c in a sorted Float64Array or BigUint64Array.
function lowerBound(sorted, c) {
  const x = sorted instanceof BigUint64Array ? BigInt(c) : Number(c);
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function indexOf(sorted, c) {
  const i = lowerBound(sorted, c);
  return i < sorted.length && BigInt(sorted[i]) === BigInt(c) ? i : -1;
}

// The element ranges [start, stop) of the selected chunks of one axis that
// meet the element window [v0, v1), touching ranges joined.
export function axisRanges(grid, axis, answer, [v0, v1]) {
  const lo = BigInt(Math.max(0, Math.floor(v0)));
  const hi = BigInt(Math.max(0, Math.ceil(v1)));
  const inView = grid.chunkRange(axis, lo, hi);
  const out = [];
  const push = (first, stop) => {
    const a = grid.axisChunk(axis, first);
    const b = grid.axisChunk(axis, stop - 1n);
    const [s, e] = [Number(a.origin), Number(b.origin) + Number(b.size)];
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  };
  if (answer.kind === 'list') {
    const chunks = answer.chunks;
    for (let i = lowerBound(chunks, inView.first); i < chunks.length && BigInt(chunks[i]) < inView.stop; i++) {
      push(BigInt(chunks[i]), BigInt(chunks[i]) + 1n);
    }
    return out;
  }
  const first = BigInt(answer.first) > inView.first ? BigInt(answer.first) : inView.first;
  const stop = BigInt(answer.stop) < inView.stop ? BigInt(answer.stop) : inView.stop;
  if (first < stop) push(first, stop);
  return out;
}
