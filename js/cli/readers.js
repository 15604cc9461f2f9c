// @ts-check
// `validate --readers`: the reader report (docs/readers.md) of each file, as
// a small table, or as the "readers" member of its --json object.
import { GridError } from '../index.js';
import { readerReport } from '../tools.js';
import { safeText } from './terminal-text.js';
import { githubData } from './problem-lines.js';

/** @import { ReaderVerdict } from '../tools.js' */

// The report of a document, or null when it is not valid under the strict
// rules (its problems are listed already): no verdict is given for it.
export function readersOf(/** @type {Uint8Array} */ bytes) {
  try {
    return readerReport(bytes);
  } catch (error) {
    if (error instanceof GridError) return null;
    throw error;
  }
}

// With --format github, a line that starts with a file name could be read
// by the runner as a workflow command (a folder named "::stop-commands::x"
// would silence every annotation after it): the table is a log group, its
// title the runner's data, escaped.
/** @returns {string} */
export function readersTable(/** @type {string} */ file, /** @type {ReaderVerdict[] | null} */ readers, /** @type {'text' | 'github'} */ format = 'text') {
  if (format === 'github') {
    const body = readersTable(file, readers).split('\n').slice(1).join('\n');
    return `::group::${githubData(safeText(file))}: readers${readers ? '' : ': not reported, the document is not valid under the strict rules'}\n${body}::endgroup::\n`;
  }
  if (!readers) return `${safeText(file)}: readers: not reported, the document is not valid under the strict rules\n`;
  const rows = readers.map((r) => [r.reader, r.versions, r.setting ? `${r.verdict} (${r.setting})` : r.verdict, safeText(r.pointer) || '(document)', safeText(r.reason)]);
  const widths = rows[0].slice(0, -1).map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) => `  ${row.map((cell, column) => (column < widths.length ? cell.padEnd(widths[column]) : cell)).join('  ')}`);
  return `${safeText(file)}: readers\n${lines.join('\n')}\n`;
}
