// @ts-check
// `plan`: the totals of a rechunk plan from one array's chunk grid (the
// source) to another's (the target), computed from runs; --json for tools.
import { disposeGrids, readMetadata } from '../document/read-metadata.js';
import { overlap } from '../tools.js';
import { readBounded } from './read-file.js';
import { documentLines } from './problem-lines.js';
import { reason, safeText } from './terminal-text.js';
import { list } from '../grid/arguments.js';
import { table } from './table.js';
import { stringifyExact } from '../document/exact-json.js';

// The grid of an array document, or its problems written to `err`.
// `reading`: readMetadata's options (strict, or the default).
async function gridOf(file, reading, err) {
  let bytes;
  try {
    bytes = await readBounded(file);
  } catch (error) {
    err.write(`${safeText(file)}: cannot read: ${reason(error)}\n`); // which of the two
    return null;
  }
  const read = readMetadata(bytes, reading);
  if (read.kind !== 'array') {
    disposeGrids(read);
    err.write(`${safeText(file)}: found a group; expected an array document\n`);
    return null;
  }
  // Problems, and what the writers' ledger read with a warning, as validate says them.
  for (const line of documentLines(file, bytes, { errors: read.errors, warnings: read.warnings })) err.write(`${line}\n`);
  return read.grid ?? null;
}

const fixed = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(4));

export function describePlan(t) {
  return table([
    ['shape', list(t.shape)],
    ['source chunks', String(t.sourceChunks)],
    ['target chunks', String(t.targetChunks)],
    ['reads per target chunk', `at most ${t.maxReads}, mean ${fixed(t.meanReads)}`],
    ...t.axes.map((a, d) => [`  axis ${d}`, `at most ${a.maxReads}, mean ${fixed(a.meanReads)}`]),
    ['read amplification', `${fixed(t.amplification)} (source elements read / array size)`],
  ]);
}

export async function plan(sourceFile, targetFile, { json = false, lenient = false, strict = false, out = process.stdout, err = process.stderr } = {}) {
  /** @type {import('../index.js').ChunkGrid | null} */
  let source = null;
  /** @type {import('../index.js').ChunkGrid | null} */
  let target = null;
  try {
    const reading = { lenient, strict };
    source = await gridOf(sourceFile, reading, err);
    target = source && (await gridOf(targetFile, reading, err));
    if (!source || !target) return 1;
    const totals = overlap(source, target).totals();
    out.write(json ? `${safeText(stringifyExact({ source: sourceFile, target: targetFile, ...totals }, { parsed: true }).text)}\n` : `${describePlan(totals)}\n`);
    return 0;
  } finally {
    source?.dispose();
    target?.dispose();
  }
}
