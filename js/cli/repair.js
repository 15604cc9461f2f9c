// @ts-check
// `repair`: each writers' ledger entry (docs/writers-ledger.md) of every
// zarr.json under the targets, written back as conformant metadata by
// repairMetadata, which changes nothing else. A dry run by default: it
// prints each change (pointer, old text, new text, entry); with --write,
// each changed file is replaced safely (write-file.js, which refuses a
// symlink). What has no conformant spelling is listed and left as written.
// With --json, one report: each file's changes, what was left, and errors.
import { GridError } from '../index.js';
import { repairMetadata } from '../tools.js';
import { sources } from './walk.js';
import { replaceFile } from './write-file.js';
import { reason, safeText } from './terminal-text.js';

// Long texts (an edge list, a raw fill value) are shown by their start; a
// byte-order mark, invisible, as its escape.
const SHOWN = 120;
const shown = (/** @type {string} */ text) =>
  safeText(text.length <= SHOWN ? text : `${text.slice(0, SHOWN)}... (${text.length} characters)`).replace(/\uFEFF/g, '\\ufeff');

/**
 * @param {string[]} targets
 * @param {{ write?: boolean, json?: boolean, out?: { write(text: string): unknown }, err?: { write(text: string): unknown } }} [opts]
 * @returns {Promise<number>} the exit status: 0 unless a file could not be read, repaired or written
 */
export async function repair(targets, { write = false, json = false, out = process.stdout, err = process.stderr } = {}) {
  // One meaning per word: a change is written back ("changed"); an entry
  // with no conformant spelling is "left as written"; a file that could
  // not be read, repaired or written "failed".
  const summary = { changes: 0, changed: 0, unchanged: 0, left: 0, failed: 0, written: write };
  let count = 0;
  if (json) out.write('{"files":[');
  for await (const source of sources(targets)) {
    const file = safeText(source.file);
    /** @type {{ file: string, changes: import('../tools.js').RepairChange[], left: import('../tools.js').Unrepaired[], written: boolean, errors: { path?: string, message: string }[] }} */
    const report = { file: source.file, changes: [], left: [], written: false, errors: [] };
    try {
      if (source.url) throw new Error('repair reads and writes files, not URLs');
      const bytes = await source.read();
      const { text, changes, unrepaired } = repairMetadata(bytes);
      Object.assign(report, { changes, left: unrepaired });
      if (!json) {
        for (const c of changes) {
          out.write(`${file}: ${safeText(c.pointer) || '(document)'}: ${shown(c.old)} -> ${c.new === '' ? '(removed)' : shown(c.new)} (${c.entry})\n`);
        }
        for (const u of unrepaired) out.write(`${file}: ${safeText(u.pointer) || '(document)'}: left as written (${u.entry}): ${safeText(u.reason)}\n`);
      }
      if (write && changes.length > 0) {
        await replaceFile(source.file, text, { read: bytes });
        report.written = true;
      }
      summary.changes += changes.length;
      summary.left += unrepaired.length;
      summary[changes.length > 0 ? 'changed' : 'unchanged']++;
    } catch (caught) {
      summary.failed++;
      report.errors = caught instanceof GridError
        ? caught.errors.map((e) => ({ path: e.path, message: e.message }))
        : [{ message: `cannot repair: ${reason(caught)}` }]; // not about a place in a document
      if (!json) for (const e of report.errors) err.write(`${file}: ${e.path === undefined ? '' : `${safeText(e.path || '(document)')}: `}${safeText(e.message)}\n`);
    }
    // JSON.stringify escapes C0 controls only; safeText the rest (as
    // validate --json does): the text stays valid JSON with the same values.
    if (json) out.write(`${count++ ? ',' : ''}${safeText(JSON.stringify(report))}`);
  }
  const { changed, unchanged, left, failed, changes } = summary;
  if (json) {
    out.write(`],"summary":${JSON.stringify(summary)}}\n`);
  } else {
    const done = changed === 0 ? (write ? 'nothing written' : 'nothing to write') : write ? 'written' : 'a dry run: nothing written (--write writes them)';
    out.write(`${changes} changes in ${changed} files, ${unchanged} unchanged, ${left} left as written, ${failed} failed; ${done}\n`);
  }
  return failed === 0 ? 0 : 1;
}
