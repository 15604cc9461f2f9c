// Timing helpers: warm up, then the median of several repetitions. Figures
// are compared as ratios measured in the same run; absolute times are
// context only, since these machines are shared and noisy.
export function median(fn, { reps = 7, warmup = 2 } = {}) {
  for (let i = 0; i < warmup; i++) fn();
  const times = [];
  for (let i = 0; i < reps; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[reps >> 1];
}

// A seeded PRNG, so every run measures the same data: the tests' own.
export { mulberry32 as random } from '../js/support.mjs';

export const ms = (t) => `${t.toFixed(t < 10 ? 2 : 1)} ms`;
export const ratio = (ours, theirs) => `${(theirs / ours).toFixed(2)}×`;

// A figure measured once per round: its median, and the range over rounds.
export function spread(values, format) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted[sorted.length >> 1];
  return sorted.length === 1 ? format(mid) : `${format(mid)} (${format(sorted[0])}–${format(sorted[sorted.length - 1])})`;
}
export const times = (t) => t.toFixed(2) + '×';

// Prints rows of equal-width columns.
export function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, c) => String(cell).padEnd(widths[c])).join('  ').trimEnd());
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}
