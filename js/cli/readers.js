// @ts-check
// `validate --readers`: the reader report (docs/readers.md) of each file, as
// a small table, or as the "readers" member of its --json object.
import { readerReport } from '../tools.js';
import { safeText } from './terminal-text.js';
import { githubData } from './problem-lines.js';

/** @import { ReaderVerdict } from '../tools.js' */

const NOT_REPORTED = 'not reported, the document is not valid';

// The report of a document `validate` found valid, judged on the document
// as read: what the writers' ledger reads with a warning is read as meant,
// and the warnings are listed beside the table. (An invalid document gets
// no verdict: validate gives null, and its problems are listed already.)
export function readersOf(/** @type {Uint8Array} */ bytes) {
  return readerReport(bytes, { strict: false });
}

// With --format github, a line that starts with a file name could be read
// by the runner as a workflow command (a folder named "::stop-commands::x"
// would silence every annotation after it): the table is a log group, its
// title the runner's data, escaped.
/** @returns {string} */
export function readersTable(/** @type {string} */ file, /** @type {ReaderVerdict[] | null} */ readers, /** @type {'text' | 'github'} */ format = 'text') {
  if (format === 'github') {
    const body = readersTable(file, readers).split('\n').slice(1).join('\n');
    return `::group::${githubData(safeText(file))}: readers${readers ? '' : `: ${NOT_REPORTED}`}\n${body}::endgroup::\n`;
  }
  if (!readers) return `${safeText(file)}: readers: ${NOT_REPORTED}\n`;
  const rows = readers.map((r) => [r.reader, r.versions, r.setting ? `${r.verdict} (${r.setting})` : r.verdict, safeText(r.pointer) || '(document)', safeText(r.reason)]);
  const widths = rows[0].slice(0, -1).map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) => `  ${row.map((cell, column) => (column < widths.length ? cell.padEnd(widths[column]) : cell)).join('  ')}`);
  return `${safeText(file)}: readers\n${lines.join('\n')}\n`;
}
