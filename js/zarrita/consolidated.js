// @ts-check
// withConsolidatedMetadata(store): zarrita's store extension of the same
// name, for v3 consolidated metadata, without its loss of precision.
//
// zarrita's version parses the root zarr.json with JSON.parse and hands each
// entry back through JSON.stringify, so a uint64 shape or fill value past
// 2^53 comes back rounded. Ours reads the root document once with
// readMetadata (every value exact, each entry checked as a document of its
// own) and keeps each entry's read: `open` takes it directly, with no
// further read of the store and no second parse. Anyone else asking the
// store for such a zarr.json (zarrita's own open) gets the entry's own
// text, the very bytes of its value in the root document: never JSON
// written again from parsed values, which would turn a -0.0 fill value
// into 0 and NaN or 1e400 in attributes into null.
import { defineStoreExtension, InvalidMetadataError, NotFoundError } from 'zarrita';
import { strictOption } from '../grid/arguments.js';
import { pointerToken } from '../document/json-pointer.js';
import { memberSpans } from '../document/member-span.js';
import { disposeGrids, readMetadata } from '../document/read-metadata.js';
import { keyFor, normalizePath, unreadableError } from './metadata.js';
import { readKey } from './store.js';

// The property of a wrapped store through which `open` finds an entry's read.
export const CONSOLIDATED = Symbol.for('zarr-rectilinear.consolidated');

const ENTRIES = '/consolidated_metadata/metadata/';

// The errors of a group's own document, not those it lists again for its
// entries. Every pointer is from the root document, so a group listed as an
// entry at `pointer` owns the errors below `pointer` that are not its own
// entries'.
export const ownErrors = (read, pointer = '') => ownProblems(read.errors, pointer);

// The problems of `list` (a group's errors or warnings, at pointers of the
// root document) that are the group's own, not its entries'.
export const ownProblems = (list, pointer = '') => list.filter((p) => !p.path.startsWith(`${pointer}${ENTRIES}`));

// key → the bytes of each entry's value as the root document writes them,
// found by the core in one walk of the text. Where a key is written
// twice, the last place: the one the core reads (and refuses for the
// duplicate, when opened).
function entryTexts(bytes, known) {
  const keys = [...known.keys()].filter((key) => key !== '/zarr.json');
  const places = memberSpans(bytes, keys.map((key) => /** @type {{pointer: string}} */ (known.get(key)).pointer));
  return new Map(keys.map((key, i) => {
    const [start, end] = /** @type {[number, number]} */ (places[i]);
    return [key, bytes.subarray(start, end)];
  }));
}

// key ("/a/b/zarr.json") → {read, pointer}: every entry of the root's
// consolidated metadata (flattened keys "a/b", as zarr-python writes them),
// and those that child groups list for themselves when the root does not.
function entriesOf(root) {
  const known = new Map([['/zarr.json', { read: root, pointer: '' }]]);
  const walk = (consolidated, base, pointer) => {
    for (const [path, read] of consolidated) {
      const at = normalizePath(`${base}/${path}`);
      const key = keyFor(at, 'zarr.json');
      const entryPointer = `${pointer}${ENTRIES}${pointerToken(path)}`;
      if (!known.has(key)) known.set(key, { read, pointer: entryPointer });
    }
    // Nested lists after the root's own, so that the root's entries win.
    for (const [path, read] of consolidated) {
      if (read.kind === 'group' && read.consolidated) walk(read.consolidated, normalizePath(`${base}/${path}`), `${pointer}${ENTRIES}${pointerToken(path)}`);
    }
  };
  walk(root.consolidated, '/', '');
  return known;
}

/**
 * Reads the root zarr.json of `store` with its consolidated metadata and
 * gives the store back wrapped: `contents()` lists every node, reads of the
 * listed zarr.json documents are served without touching the store, and
 * `open` opens arrays and groups from the entries as read. Throws
 * NotFoundError without a root zarr.json, InvalidMetadataError when it holds
 * no consolidated metadata (or the `null` zarr-python 3.0-3.1 wrote).
 *
 * Typed from js/zarrita.d.ts: zarrita's defineStoreExtension types its
 * result as a collapsed store type that TypeScript cannot relate to the
 * store passed in, so its own type is set aside here.
 * @type {typeof import('../zarrita.js').withConsolidatedMetadata}
 */
export const withConsolidatedMetadata = /** @type {any} */ (defineStoreExtension(async (store, /** @type {{signal?: AbortSignal, strict?: boolean, lenient?: boolean}} */ opts = {}) => {
  const bytes = await readKey(store, '/zarr.json', opts.signal);
  if (!bytes) throw new NotFoundError('v3 consolidated metadata', { path: '/zarr.json' });
  const strict = Boolean(strictOption(opts));
  const root = readMetadata(bytes, { strict });
  const unreadable = unreadableError(root, '/zarr.json');
  if (unreadable) {
    disposeGrids(root);
    throw unreadable;
  }
  if (root.kind !== 'group' || !root.consolidated || ownErrors(root).length) {
    const why = root.kind !== 'group'
      ? 'describes an array'
      : ownErrors(root).length
        ? `is not a valid group: ${ownErrors(root).map((p) => `${p.path || '/'}: ${p.message}`).join('; ')}`
        : root.warnings.some((w) => w.path === '/consolidated_metadata')
          ? 'holds "consolidated_metadata": null (as zarr-python 3.0 and 3.1 wrote), which lists nothing'
          : 'does not contain consolidated_metadata';
    disposeGrids(root);
    throw new InvalidMetadataError(`Root zarr.json ${why}`, { path: '/zarr.json' });
  }
  const known = entriesOf(root);
  const texts = entryTexts(bytes, known);
  texts.set('/zarr.json', bytes);
  // A copy for each ask: a caller that changes the bytes it was given
  // changes nothing served later.
  const textOf = (key) => texts.get(key).slice();
  // Listed keys written through this store since: served by the store from
  // then on, so that no entry outlives a write (create over a listed array).
  const written = new Set();
  // Of those, the ones deleted since (and not written again): no longer listed.
  const deleted = new Set();
  const served = (key) => known.has(key) && !written.has(key);
  const { set, delete: remove } = /** @type {{set?: (key: string, value: Uint8Array) => Promise<void>, delete?: (key: string) => Promise<unknown>}} */ (/** @type {unknown} */ (store));
  const writeTo = typeof set === 'function' ? set.bind(store) : null;
  const deleteFrom = typeof remove === 'function' ? remove.bind(store) : null;
  return {
    async get(key, options) {
      if (served(key)) return textOf(key);
      return store.get(key, options);
    },
    // Only where the store writes: a read-only store stays read-only.
    ...(writeTo && {
      set(/** @type {string} */ key, /** @type {Uint8Array} */ value) {
        if (known.has(key)) written.add(key); // chunks leave nothing behind
        deleted.delete(key);
        return writeTo(key, value);
      },
    }),
    // A listed zarr.json deleted through this store (an overwrite removes
    // the nodes under it) is asked of the store from then on, as after a write.
    ...(deleteFrom && {
      delete(/** @type {string} */ key) {
        if (known.has(key)) {
          written.add(key);
          deleted.add(key);
        }
        return deleteFrom(key);
      },
    }),
    contents() {
      return [...known].filter(([key]) => !deleted.has(key))
        .map(([key, { read }]) => ({ path: key === '/zarr.json' ? '/' : key.slice(0, -'/zarr.json'.length), kind: read.kind }));
    },
    // An entry's read, its pointer in the root document, whether it was
    // read with `strict`, and its own text (for an open that asks otherwise).
    [CONSOLIDATED]: (key) => (served(key) ? { ...known.get(key), strict, text: () => textOf(key) } : undefined),
  };
}));

/** As withConsolidatedMetadata, but gives the store back unwrapped when it has no consolidated metadata. */
export async function withMaybeConsolidatedMetadata(store, opts) {
  try {
    return await withConsolidatedMetadata(store, opts);
  } catch (error) {
    if (error instanceof NotFoundError || error instanceof InvalidMetadataError) return store;
    throw error;
  }
}
