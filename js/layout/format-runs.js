// @ts-check
// Runs written compactly for people, shared by the web demo's table and the
// CLI's `inspect`: "16, 10" or "[1000, 1000000000]", shortened past `limit`.
export function formatRuns(runs, limit = 8) {
  const text = runs.map(({ size, count }) => (BigInt(count) === 1n ? String(size) : `[${size}, ${count}]`));
  if (text.length <= limit) return text.join(', ');
  return `${text.slice(0, limit - 2).join(', ')}, … (${text.length - limit + 1} more runs), ${text[text.length - 1]}`;
}
