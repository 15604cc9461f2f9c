// @ts-check
// Stale consolidated metadata: a group's zarr.json lists a copy of each
// child's document, and a child written since no longer matches it. Each
// copy is compared with the child's own zarr.json (read by the guarded
// reader, inside the tree), and a warning marks the first place they differ.
// Only the copies' values are compared, not their layout or spelling; a
// child group's own consolidated_metadata is left out, as writers leave it
// out of copies.
import { dirname, join, relative, sep } from 'node:path';
import { parseExact } from '../document/exact-json.js';
import { pointerToken, valueAt } from '../document/json-pointer.js';
import { bomLength, readBounded } from './read-file.js';
import { sources } from './walk.js';

const CODE = 'STALE_CONSOLIDATION';

function describe(v) {
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object' && v !== null) return 'an object';
  if (Object.is(v, -0)) return '-0'; // String(-0) is "0"
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

// How deep below a copy a difference is placed: the walk builds a pointer
// for each value it meets, at a cost in proportion to its depth (time and
// memory in the square of the depth, over a deep chain), so below this no
// pointer is built, and a difference deeper is reported at its ancestor
// this deep, whose values differ.
const DEEPEST = 64;

// The pointer (relative) of the first difference between two parsed JSON
// values, and the two values there (`deeper`: the difference is further
// down); null when they are equal. A walk with its own stack, not
// recursion: the core reads documents nested deeper than JavaScript's call
// stack goes.
function difference(a, b) {
  /** @type {[unknown, unknown, string, number, { at: string, copy: unknown, own: unknown } | null][]} */
  const stack = [[a, b, '', 0, null]];
  while (stack.length) {
    const [x, y, at, depth, cut] = /** @type {[any, any, string, number, any]} */ (stack.pop());
    if (typeof x === 'object' && x !== null && typeof y === 'object' && y !== null && Array.isArray(x) === Array.isArray(y)) {
      const keys = Array.isArray(x) ? Array.from({ length: Math.max(x.length, y.length) }, (_, i) => String(i)) : [...new Set([...Object.keys(x), ...Object.keys(y)])];
      const has = (o, key) => Object.prototype.hasOwnProperty.call(o, key);
      const below = cut ?? (depth === DEEPEST ? { at, copy: x, own: y, deeper: true } : null);
      // Pushed last key first, so the first key is compared first.
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        if (depth === 0 && key === 'consolidated_metadata') continue;
        stack.push([has(x, key) ? x[key] : undefined, has(y, key) ? y[key] : undefined, below ? '' : `${at}/${pointerToken(key)}`, depth + 1, below]);
      }
      continue;
    }
    // The same value, as a reader reads it (the README's `validate`):
    // parseExact gives one value one form (a
    // number, or a bigint past 2^53), and SameValue is equality by what is
    // held, so that text compares equal to itself: NaN is NaN (where !==
    // would call a copy equal byte for byte stale, with nothing to clear
    // it), and -0 is not 0 (a reader of the copy would read another fill).
    if (!Object.is(x, y)) return cut ?? { at, copy: x, own: y };
  }
  return null;
}

/**
 * Warnings for the consolidated copies in a group's zarr.json (`file`,
 * `bytes`, read as `read`) that differ from their children's own zarr.json.
 * @param {string} file
 * @param {Uint8Array} bytes
 * @param {import('../index.js').MetadataRead} read
 * @param {string} [tree] the folder the file was found in (else its own)
 */
export async function staleCopies(file, bytes, read, tree) {
  if (read.kind !== 'group' || !read.consolidated) return [];
  const folder = dirname(file);
  const warnings = [];
  let parsed;
  for (const [path, entry] of read.consolidated) {
    if (!entry.valid) continue; // reported as an error already
    const pointer = `/consolidated_metadata/metadata/${pointerToken(path)}`;
    const child = join(folder, ...path.split('/'), 'zarr.json');
    let own;
    try {
      own = parseExact(await readBounded(child, { tree: tree ?? folder }));
    } catch (caught) {
      const error = /** @type {NodeJS.ErrnoException} */ (caught);
      if (error.code === 'ENOENT') {
        warnings.push({ path: pointer, code: CODE, message: `found a copy of ${path}/zarr.json, which does not exist; expected a copy of a child's document (consolidate the metadata again)` });
      }
      continue; // the child itself is reported where it is checked
    }
    parsed ??= parseExact(bytes.subarray(bomLength(bytes)));
    const copy = valueAt(parsed, pointer);
    const found = difference(copy, own);
    if (found) {
      warnings.push({
        path: `${pointer}${found.at}`, code: CODE,
        message: found.deeper
          ? `found values that differ more than ${DEEPEST} levels inside this one, in the consolidated copy and in ${path}/zarr.json; expected the same (consolidate the metadata again)`
          : `found ${describe(found.copy)} in the consolidated copy and ${describe(found.own)} in ${path}/zarr.json; expected the same (consolidate the metadata again)`,
      });
    }
  }
  return [...warnings, ...(await unlisted(folder, read.consolidated))];
}

// Children on disk that the consolidated metadata does not list: a reader
// that trusts it (zarr-python, withConsolidatedMetadata) does not see them.
// The group's folder is walked as validate walks one (walk.js: symlinks
// only inside the tree given); one warning names them, at the listing.
async function unlisted(folder, consolidated) {
  const missing = [];
  for await (const { file } of sources([folder])) {
    if (!file.endsWith(`${sep}zarr.json`)) continue;
    const path = relative(folder, dirname(file)).split(sep).join('/');
    if (path !== '' && !path.startsWith('..') && !consolidated.has(path)) missing.push(path);
  }
  if (missing.length === 0) return [];
  const named = missing.slice(0, 3).map((path) => `${path}/zarr.json`).join(', ') + (missing.length > 3 ? ` and ${missing.length - 3} more` : '');
  return [{
    path: '/consolidated_metadata/metadata', code: CODE,
    message: `found ${named} on disk, not listed here; expected a copy of every child's document (consolidate the metadata again)`,
  }];
}
