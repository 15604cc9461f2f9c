// @ts-check
// `validate`: every zarr.json under the targets, one line per problem, a
// summary line, or one JSON report with --json (written as it goes).
import { disposeGrids, readMetadata } from '../read-metadata.js';
import { sources } from './walk.js';

const where = (path) => path || '(document)';

// One read per file: a group (node_type "group") is checked as a group, its
// consolidated metadata entry by entry; anything else as an array.
// With `strict`, what the writers' ledger reads with a warning is an error.
function check(bytes, strict) {
  const read = readMetadata(bytes, { strict });
  disposeGrids(read);
  const { kind, valid, errors, warnings } = read;
  return { kind, valid, errors, warnings };
}

export async function validate(targets, { json = false, strict = false, out = process.stdout, err = process.stderr } = {}) {
  const summary = { valid: 0, invalid: 0, unreadable: 0 };
  const progress = err.isTTY ? (n) => err.write(`\rchecked ${n} files`) : () => {};
  let count = 0;
  if (json) out.write('{"files":[');
  for await (const { file, read } of sources(targets)) {
    let report;
    try {
      report = { file, ...check(await read(), strict) };
    } catch (caught) {
      const error = /** @type {NodeJS.ErrnoException} */ (caught);
      report = { file, kind: 'unreadable', valid: false, errors: [{ path: '', message: `cannot read: ${error.code ?? error.message}` }], warnings: [] };
    }
    summary[report.kind === 'unreadable' ? 'unreadable' : report.valid ? 'valid' : 'invalid']++;
    if (json) {
      out.write(`${count ? ',' : ''}${JSON.stringify(report)}`);
    } else {
      for (const e of report.errors) out.write(`${file}: ${where(e.path)}: ${e.message}\n`);
      for (const w of report.warnings) out.write(`${file}: ${where(w.path)}: warning: ${w.message}\n`);
    }
    if (++count % 100 === 0) progress(count);
  }
  if (err.isTTY && count >= 100) err.write('\n');
  if (json) out.write(`],"summary":${JSON.stringify(summary)}}\n`);
  else out.write(`${summary.valid} valid, ${summary.invalid} invalid, ${summary.unreadable} unreadable\n`);
  if (count === 0) err.write(`found no zarr.json in ${targets.join(', ')}\n`);
  return count > 0 && summary.invalid === 0 && summary.unreadable === 0 ? 0 : 1;
}
