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

// Page faults per call of fn over a median's calls (Node counts them): how
// much of the memory a call wrote was fresh, mapped page by page.
export function faulting(fn, opts) {
  const before = process.resourceUsage().minorPageFault;
  const time = median(fn, opts);
  const calls = (opts?.reps ?? 7) + (opts?.warmup ?? 2);
  return { time, faults: (process.resourceUsage().minorPageFault - before) / calls };
}

// What fresh memory costs on this machine: filling a new 64 MiB array (too
// large for an allocator to keep, so the system maps it page by page as it
// is written), then filling it again.
export function freshMemory() {
  const before = process.resourceUsage().minorPageFault;
  const t0 = performance.now();
  const array = new Float64Array(2 ** 23).fill(1);
  const fresh = performance.now() - t0;
  const faults = process.resourceUsage().minorPageFault - before;
  const t1 = performance.now();
  array.fill(2);
  const warm = performance.now() - t1;
  return `fresh memory: filling a new 64 MiB array took ${ms(fresh)} (${faults.toLocaleString('en')} page faults, ` +
    `${(((fresh - warm) / Math.max(faults, 1)) * 1000).toFixed(1)} µs each), filling it again ${ms(warm)}`;
}

// One round of measurements, starting each round at the next one: what a
// measurement leaves behind (garbage, memory freed or kept) then falls on
// each of them in turn.
export function inTurns(round, measurements) {
  for (let i = 0; i < measurements.length; i++) measurements[(round + i) % measurements.length]();
}

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
