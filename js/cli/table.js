// @ts-check
// The CLI's summaries: rows of a name and a value, the values aligned.

/** @param {string[][]} rows [name, value] pairs */
export function table(rows) {
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
}
