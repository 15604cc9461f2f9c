// @ts-check
// `compact`: the canonical compact chunk_grid; with --write, that text
// replaces the chunk_grid value in place, and every other byte stays.
import { ChunkGrid, GridError } from '../index.js';
import { locatePointers } from '../tools.js';
import { memberSpan } from '../document/member-span.js';
import { parseExact, stringifyExact } from '../document/exact-json.js';
import { bomLength, readBounded } from './read-file.js';
import { replaceFile } from './write-file.js';
import { documentLines } from './problem-lines.js';

// A UTF-8 byte-order mark (read with a warning: docs/writers-ledger.md) stays where it is:
// spans are found after it and counted from the file's first byte.
function chunkGridSpan(bytes) {
  const skip = bomLength(bytes);
  const span = memberSpan(bytes.subarray(skip), 'chunk_grid');
  if (!span) throw new Error('found no chunk_grid member to replace');
  return [span[0] + skip, span[1] + skip];
}

// A "regular" grid stays regular, so readers that know only regular grids
// can still read the file.
/**
 * @param {Uint8Array} bytes
 * @param {{ lenient?: boolean, strict?: boolean }} [opts]
 * @returns {{ text: string, warnings: import('../index.js').Problem[] }} the text, and what the writers' ledger read with a warning
 */
export function compactText(bytes, { lenient = false, strict = false } = {}) {
  const grid = ChunkGrid.fromMetadata(bytes, { lenient, strict });
  try {
    const text = grid.isRegular && declaredRegular(bytes) ? stringifyExact(grid.toRegularJSON()).text : grid.toJSONText();
    return { text, warnings: grid.warnings };
  } finally {
    grid.dispose();
  }
}

// Whether the document names its grid "regular": the core finds the name
// (in a document that fromMetadata read, so written once) and reads it.
function declaredRegular(bytes) {
  const text = bytes.subarray(bomLength(bytes));
  const [name] = locatePointers(text, ['/chunk_grid/name'])[0];
  if (!name) throw new Error('found no /chunk_grid/name');
  return parseExact(text.subarray(name.start, name.end)) === 'regular';
}

/**
 * With `write`, the file is replaced safely (write-file.js); a symlink is
 * refused, not written through.
 * @param {string} file
 * @param {{ write?: boolean, lenient?: boolean, strict?: boolean, out?: { write(text: string): unknown }, err?: { write(text: string): unknown } }} [opts]
 * @returns {Promise<number>} the exit status
 */
export async function compact(file, { write = false, lenient = false, strict = false, out = process.stdout, err = process.stderr } = {}) {
  const bytes = await readBounded(file);
  let text;
  try {
    let warnings;
    ({ text, warnings } = compactText(bytes, { lenient, strict }));
    // What the writers' ledger read (a byte-order mark, say), as inspect and validate say it.
    for (const line of documentLines(file, bytes, { errors: [], warnings })) err.write(`${line}\n`);
  } catch (error) {
    if (!(error instanceof GridError)) throw error;
    for (const line of documentLines(file, bytes, { errors: error.errors, warnings: [] })) err.write(`${line}\n`);
    return 1;
  }
  out.write(`${text}\n`);
  if (!write) return 0;
  const [begin, end] = chunkGridSpan(bytes);
  const replacement = Buffer.from(text);
  if (replacement.equals(bytes.subarray(begin, end))) return 0;
  await replaceFile(file, Buffer.concat([bytes.subarray(0, begin), replacement, bytes.subarray(end)]), { read: bytes });
  return 0;
}
