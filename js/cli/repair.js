// @ts-check
// `repair`: each writers' ledger entry (docs/writers-ledger.md) of every
// zarr.json under the targets, written back as conformant metadata by
// repairMetadata, which changes nothing else. A dry run by default: it
// prints each change (pointer, old text, new text, entry); with --write,
// each changed file is replaced safely (write-file.js, which refuses a
// symlink). What has no conformant spelling is listed and left.
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
 * @param {{ write?: boolean, out?: { write(text: string): unknown }, err?: { write(text: string): unknown } }} [opts]
 * @returns {Promise<number>} the exit status: 0 unless a file could not be read, repaired or written
 */
export async function repair(targets, { write = false, out = process.stdout, err = process.stderr } = {}) {
  const summary = { changed: 0, unchanged: 0, failed: 0, changes: 0 };
  for await (const source of sources(targets)) {
    const file = safeText(source.file);
    try {
      if (source.url) throw new Error('repair reads and writes files, not URLs');
      const bytes = await source.read();
      const { text, changes, unrepaired } = repairMetadata(bytes);
      for (const c of changes) {
        out.write(`${file}: ${safeText(c.pointer) || '(document)'}: ${shown(c.old)} -> ${c.new === '' ? '(removed)' : shown(c.new)} (${c.entry})\n`);
      }
      for (const u of unrepaired) out.write(`${file}: ${safeText(u.pointer) || '(document)'}: not repaired (${u.entry}): ${safeText(u.reason)}\n`);
      if (write && changes.length > 0) await replaceFile(source.file, text, { read: bytes });
      summary.changes += changes.length;
      summary[changes.length > 0 ? 'changed' : 'unchanged']++;
    } catch (caught) {
      summary.failed++;
      if (caught instanceof GridError) {
        for (const e of caught.errors) err.write(`${file}: ${safeText(e.path || '(document)')}: ${safeText(e.message)}\n`);
      } else {
        err.write(`${file}: cannot repair: ${reason(caught)}\n`);
      }
    }
  }
  const { changed, unchanged, failed, changes } = summary;
  const done = changed === 0 ? (write ? 'nothing written' : 'nothing to write') : write ? 'written' : 'a dry run: nothing written (--write writes them)';
  out.write(`${changes} changes in ${changed} files, ${unchanged} unchanged, ${failed} not repaired; ${done}\n`);
  return failed === 0 ? 0 : 1;
}
