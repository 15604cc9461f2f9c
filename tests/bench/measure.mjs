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

// A seeded PRNG (mulberry32), so every run measures the same data.
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ms = (t) => `${t.toFixed(t < 10 ? 2 : 1)} ms`;
export const ratio = (ours, theirs) => `${(theirs / ours).toFixed(2)}×`;

// Prints rows of equal-width columns.
export function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  for (const [i, row] of rows.entries()) {
    console.log(row.map((cell, c) => String(cell).padEnd(widths[c])).join('  ').trimEnd());
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}
