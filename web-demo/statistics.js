// Min, max and mean of the values that are not NaN, or null when none is:
// of a clicked chunk (store-panel.js), of the first drawn tile (tiles.js).
// A loop, as spreading a chunk's values into Math.min overflows the stack
// past some hundred thousand.
export function statistics(values) {
  let count = 0;
  let sum = 0;
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    const v = Number(value);
    if (Number.isNaN(v)) continue;
    count++;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return count ? { min, max, mean: sum / count } : null;
}
