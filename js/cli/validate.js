// @ts-check
// `validate`: every zarr.json under the targets, one line per problem as
// compilers print them (`file:line:col: CODE /pointer: message`), GitHub
// Actions annotations with --format github, or one JSON report with --json
// (written as it goes); then a summary line. A group's consolidated copies
// are compared with its children's own zarr.json (stale.js).
import { disposeGrids, readMetadata } from '../document/read-metadata.js';
import { repairMetadata } from '../tools/repair.js';
import { documentLines, notCheckedLines, placed } from './problem-lines.js';
import { staleCopies } from './stale.js';
import { sources } from './walk.js';
import { readersOf, readersTable } from './readers.js';
import { safeText } from './terminal-text.js';

// The writers' ledger entries of a document the default rules accept: each
// is one repairMetadata writes back, or one it leaves (docs/writers-ledger.md).
function ledgerEntries(bytes) {
  const { changes, unrepaired } = repairMetadata(bytes);
  return [...changes, ...unrepaired].map((c) => c.entry);
}

// With `strict`, what the writers' ledger reads with a warning is an error,
// except the entries `allow` names: a document whose only entries are
// allowed ones is read as by default, each with its warning; one with any
// other entry is judged by the strict rules alone.
function readAs(bytes, strict, allow) {
  if (strict && allow.length) {
    const read = readMetadata(bytes);
    if (read.valid && ledgerEntries(bytes).every((entry) => allow.includes(entry))) return read;
    disposeGrids(read);
  }
  return readMetadata(bytes, { strict });
}

// What validating a URL leaves out: a URL's folder cannot be listed, and
// the children its consolidated copies name are not fetched.
const URL_UNCHECKED = "stale consolidated metadata: the copies were not compared with the children's own zarr.json (a URL's children are not fetched; validate a local copy to compare them)";

// One read per file: a group (node_type "group") is checked as a group, its
// consolidated metadata entry by entry; anything else as an array.
async function check(source, bytes, strict, allow) {
  const read = readAs(bytes, strict, allow);
  disposeGrids(read);
  const { kind, valid, errors } = read;
  const consolidated = read.kind === 'group' && read.consolidated !== null;
  const stale = source.url ? [] : await staleCopies(source.file, bytes, read, source.tree);
  return { kind, valid, errors, warnings: [...read.warnings, ...stale], ...(source.url && consolidated ? { notChecked: [URL_UNCHECKED] } : {}) };
}

/**
 * @param {string[]} targets
 * @param {{ format?: 'text' | 'json' | 'github', strict?: boolean, allow?: string[], maxWarnings?: number, readers?: boolean, timeout?: number, out?: { write(text: string): unknown }, err?: { write(text: string): unknown, isTTY?: boolean } }} [opts]
 * @returns {Promise<number>} the exit status: 1 when a file is invalid or unreadable, or with more warnings in all than `maxWarnings`
 */
export async function validate(targets, { format = 'text', strict = false, allow = [], maxWarnings = Infinity, readers = false, timeout, out = process.stdout, err = process.stderr } = {}) {
  const json = format === 'json';
  const summary = { valid: 0, invalid: 0, unreadable: 0, warnings: 0 };
  const progress = err.isTTY ? (n) => err.write(`\rchecked ${n} files`) : () => {};
  let count = 0;
  if (json) out.write('{"files":[');
  for await (const source of sources(targets, { timeout })) {
    const { file } = source;
    let report;
    /** @type {Uint8Array | null} */
    let bytes = null;
    try {
      bytes = await source.read();
      const checked = await check(source, bytes, strict, allow);
      report = { file, ...checked, ...(readers ? { readers: checked.valid ? readersOf(bytes) : null } : {}) };
    } catch (caught) {
      const error = /** @type {NodeJS.ErrnoException} */ (caught);
      report = { file, kind: 'unreadable', valid: false, errors: [{ path: '', code: 'UNREADABLE', message: `cannot read: ${error.code ?? error.message}` }], warnings: [] };
    }
    summary[report.kind === 'unreadable' ? 'unreadable' : report.valid ? 'valid' : 'invalid']++;
    summary.warnings += report.warnings.length;
    if (json) {
      // JSON.stringify escapes C0 controls only; DEL, C1 and bidi controls
      // (legal raw in a JSON string, and only there) are escaped as well,
      // for a terminal: the text stays valid JSON with the same values.
      out.write(`${count ? ',' : ''}${safeText(JSON.stringify({ ...report, errors: placed(bytes, report.errors), warnings: placed(bytes, report.warnings) }))}`);
    } else {
      for (const line of documentLines(file, bytes, report, format === 'github' ? 'github' : 'text')) out.write(`${line}\n`);
      for (const line of notCheckedLines(file, report.notChecked ?? [], format === 'github' ? 'github' : 'text')) out.write(`${line}\n`);
      if (report.readers !== undefined) out.write(readersTable(file, report.readers, format === 'github' ? 'github' : 'text'));
    }
    if (++count % 100 === 0) progress(count);
  }
  if (err.isTTY && count >= 100) err.write('\n');
  if (json) out.write(`],"summary":${JSON.stringify(summary)}}\n`);
  else out.write(`${summary.valid} valid, ${summary.invalid} invalid, ${summary.unreadable} unreadable\n`);
  // Stale copies count, as every warning does: a CI job that holds the
  // line at none holds it for all.
  const tooMany = summary.warnings > maxWarnings;
  if (tooMany) err.write(`zarr-rectilinear: found ${summary.warnings} warnings; expected at most ${maxWarnings} (--max-warnings)\n`);
  return summary.invalid === 0 && summary.unreadable === 0 && !tooMany ? 0 : 1;
}
