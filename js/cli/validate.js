// @ts-check
// `validate`: every zarr.json under the targets, one line per problem as
// compilers print them (`file:line:col: CODE /pointer: message`), GitHub
// Actions annotations with --format github, or one JSON report with --json
// (written as it goes); then a summary line. A group's consolidated copies
// are compared with its children's own zarr.json (stale.js).
import { disposeGrids, readMetadata } from '../read-metadata.js';
import { documentLines, positions } from './problem-lines.js';
import { staleCopies } from './stale.js';
import { sources } from './walk.js';
import { readersOf, readersTable } from './readers.js';
import { safeText } from './terminal-text.js';

// One read per file: a group (node_type "group") is checked as a group, its
// consolidated metadata entry by entry; anything else as an array.
// With `strict`, what the writers' ledger reads with a warning is an error.
async function check(source, bytes, strict) {
  const read = readMetadata(bytes, { strict });
  disposeGrids(read);
  const { kind, valid, errors } = read;
  const stale = source.url ? [] : await staleCopies(source.file, bytes, read, source.tree);
  return { kind, valid, errors, warnings: [...read.warnings, ...stale] };
}

// Each problem with the line and column of its pointer, for --json.
function placed(bytes, problems) {
  const at = positions(bytes, problems);
  return problems.map((p, i) => (at[i] ? { ...p, ...at[i] } : p));
}

/**
 * @param {string[]} targets
 * @param {{ format?: 'text' | 'json' | 'github', strict?: boolean, readers?: boolean, timeout?: number, out?: { write(text: string): unknown }, err?: { write(text: string): unknown, isTTY?: boolean } }} [opts]
 * @returns {Promise<number>} the exit status
 */
export async function validate(targets, { format = 'text', strict = false, readers = false, timeout, out = process.stdout, err = process.stderr } = {}) {
  const json = format === 'json';
  const summary = { valid: 0, invalid: 0, unreadable: 0 };
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
      report = { file, ...(await check(source, bytes, strict)), ...(readers ? { readers: readersOf(bytes) } : {}) };
    } catch (caught) {
      const error = /** @type {NodeJS.ErrnoException} */ (caught);
      report = { file, kind: 'unreadable', valid: false, errors: [{ path: '', code: 'UNREADABLE', message: `cannot read: ${error.code ?? error.message}` }], warnings: [] };
    }
    summary[report.kind === 'unreadable' ? 'unreadable' : report.valid ? 'valid' : 'invalid']++;
    if (json) {
      // JSON.stringify escapes C0 controls only; DEL, C1 and bidi controls
      // (legal raw in a JSON string, and only there) are escaped as well,
      // for a terminal: the text stays valid JSON with the same values.
      out.write(`${count ? ',' : ''}${safeText(JSON.stringify({ ...report, errors: placed(bytes, report.errors), warnings: placed(bytes, report.warnings) }))}`);
    } else {
      for (const line of documentLines(file, bytes, report, format === 'github' ? 'github' : 'text')) out.write(`${line}\n`);
      if (report.readers !== undefined) out.write(readersTable(file, report.readers, format === 'github' ? 'github' : 'text'));
    }
    if (++count % 100 === 0) progress(count);
  }
  if (err.isTTY && count >= 100) err.write('\n');
  if (json) out.write(`],"summary":${JSON.stringify(summary)}}\n`);
  else out.write(`${summary.valid} valid, ${summary.invalid} invalid, ${summary.unreadable} unreadable\n`);
  return summary.invalid === 0 && summary.unreadable === 0 ? 0 : 1;
}
