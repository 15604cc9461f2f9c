// `plan`: the totals of a rechunk plan from one array's chunk grid (the
// source) to another's (the target), computed from runs; --json for tools.
import { readFile } from 'node:fs/promises';
import { readMetadata } from '../read-metadata.js';
import { stringifyExact } from '../exact-json.js';

const where = (path) => path || '(document)';

// The grid of an array document, or its problems written to `err`.
async function gridOf(file, lenient, err) {
  const read = readMetadata(await readFile(file), { lenient });
  if (read.kind !== 'array') {
    err.write(`${file}: found a group; expected an array document\n`);
    return null;
  }
  if (!read.grid) {
    for (const e of read.errors) err.write(`${file}: ${where(e.path)}: ${e.message}\n`);
    return null;
  }
  return read.grid;
}

const fixed = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(4));
const list = (values) => `[${values.join(', ')}]`;

export function describePlan(t) {
  const rows = [
    ['shape', list(t.shape)],
    ['source chunks', String(t.sourceChunks)],
    ['target chunks', String(t.targetChunks)],
    ['reads per target chunk', `at most ${t.maxReads}, mean ${fixed(t.meanReads)}`],
    ...t.axes.map((a, d) => [`  axis ${d}`, `at most ${a.maxReads}, mean ${fixed(a.meanReads)}`]),
    ['read amplification', `${fixed(t.amplification)} (source elements read / array size)`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
}

export async function plan(sourceFile, targetFile, { json = false, lenient = false, out = process.stdout, err = process.stderr } = {}) {
  const source = await gridOf(sourceFile, lenient, err);
  const target = source && (await gridOf(targetFile, lenient, err));
  try {
    if (!source || !target) return 1;
    const totals = source.overlap(target).totals();
    out.write(json ? `${stringifyExact({ source: sourceFile, target: targetFile, ...totals }, { parsed: true }).text}\n` : `${describePlan(totals)}\n`);
    return 0;
  } finally {
    source?.dispose();
    target?.dispose();
  }
}
