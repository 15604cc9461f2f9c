// @ts-check
// open(location, {path, kind}): reads a zarr.json once and gives an array
// (its ChunkGrid built) or a group, as zarrita's open does for v3.
import { RectilinearArray } from './array.js';
import { CONSOLIDATED, ownProblems } from './consolidated.js';
import { InvalidMetadataError, NotFoundError } from './errors.js';
import { RectilinearGroup } from './group.js';
import { keyFor, normalizePath, readArrayMetadata, unreadableError } from './metadata.js';
import { readKey } from './store.js';
import { disposeGrids, readMetadata } from '../document/read-metadata.js';
import { ChunkGrid } from '../grid/chunk-grid.js';
import { OWN, sharedHandle } from '../grid/grid-handle.js';
import { strictOption } from '../grid/arguments.js';

// A store, or a zarrita Location ({store, path}) such as zarr.root(store).resolve('a').
export function storeAndPath(location, path) {
  const isLocation = location && typeof location === 'object' && 'store' in location && typeof location.path === 'string' && typeof location.get !== 'function';
  const store = isLocation ? location.store : location;
  if (!store || typeof store.get !== 'function') throw new TypeError('store: expected a zarrita store (with get(key)) or a zarrita Location');
  // A path is a string: 5 is not "/5", nor {} "/[object Object]".
  if (path !== undefined && typeof path !== 'string') throw new TypeError(`path: found ${path === null ? 'null' : Array.isArray(path) ? 'an array' : typeof path}; expected a string`);
  const base = isLocation ? location.path : '/';
  return { store, path: normalizePath(`${base}/${path ?? ''}`) };
}

const KINDS = ['array', 'group'];

/**
 * Opens the Zarr v3 node at `opts.path` of `location` (a store or a zarrita
 * Location): an array (rectilinear or regular chunk grid) or a group.
 * `opts.kind` asks for one of them: the other is a NotFoundError whose
 * `found` names it. Throws NotFoundError without zarr.json,
 * InvalidMetadataError, UnknownCodecError or UnsupportedError for what it
 * cannot read. On a store from withConsolidatedMetadata, a listed node opens
 * from its entry with no read of the store.
 */
/**
 * @template {import('zarrita').Readable} Store
 * @overload
 * @param {Store | import('zarrita').Location<Store>} location
 * @param {import('../zarrita.js').OpenOptions & {kind: 'array'}} opts
 * @returns {Promise<import('../zarrita.js').RectilinearArray<import('../zarrita.js').SupportedDataType, Store>>}
 */
/**
 * @template {import('zarrita').Readable} Store
 * @overload
 * @param {Store | import('zarrita').Location<Store>} location
 * @param {import('../zarrita.js').OpenOptions & {kind: 'group'}} opts
 * @returns {Promise<import('../zarrita.js').RectilinearGroup<Store>>}
 */
/**
 * @template {import('zarrita').Readable} Store
 * @overload
 * @param {Store | import('zarrita').Location<Store>} location
 * @param {import('../zarrita.js').OpenOptions & {kind?: undefined}} [opts]
 * @returns {Promise<import('../zarrita.js').RectilinearArray<import('../zarrita.js').SupportedDataType, Store> | import('../zarrita.js').RectilinearGroup<Store>>}
 */
/**
 * @param {any} location
 * @param {import('../zarrita.js').OpenOptions & {kind?: 'array' | 'group'}} [opts]
 * @returns {Promise<any>}
 */
export async function open(location, opts = {}) {
  const { store, path } = storeAndPath(location, opts.path);
  const { kind } = opts;
  if (kind !== undefined && !KINDS.includes(kind)) throw new TypeError(`kind: found ${JSON.stringify(kind)}; expected "array" or "group"`);
  opts.signal?.throwIfAborted();
  const key = keyFor(path, 'zarr.json');
  const strict = Boolean(strictOption(opts));
  // An entry of consolidated metadata, already read: shared, never disposed
  // here, and used only when read as this open asks (`strict` means the
  // same whatever the store); else its own text is read as a document is.
  const listed = typeof store[CONSOLIDATED] === 'function' ? store[CONSOLIDATED](key) : undefined;
  const entry = listed?.strict === strict ? listed : undefined;
  let read = entry && ownValues(entry.read);
  const owned = !read;
  if (owned) {
    const bytes = listed ? listed.text() : await readKey(store, key, opts.signal);
    if (!bytes) throw new NotFoundError(`v3 ${kind ?? 'array or group'} at ${path} (no ${key} in the store)`, { path: key });
    // One read of the document: validated, its grid built, its values exact.
    read = readMetadata(bytes, { strict });
    const unreadable = unreadableError(read, key);
    if (unreadable) {
      disposeGrids(read);
      throw unreadable;
    }
  }
  if (kind !== undefined && read.kind !== kind) {
    if (owned) disposeGrids(read);
    throw new NotFoundError(`${kind} at ${path}: ${key} describes ${read.kind === 'group' ? 'a group' : 'an array'}`, { path, found: read.kind });
  }
  if (read.kind === 'group') {
    const errors = ownProblems(read.errors, entry?.pointer);
    if (owned) disposeGrids(read);
    if (errors.length) {
      const problems = errors.map((p) => `${p.path || '/'}: ${p.message}`).join('; ');
      throw new InvalidMetadataError(`${key} is not a valid Zarr v3 group: ${problems}`, { path: errors[0].path });
    }
    return new RectilinearGroup(store, path, read.attributes, ownProblems(read.warnings, entry?.pointer));
  }
  const meta = readArrayMetadata(read, { key });
  // A consolidated entry's grid stays the store's: each handle gets a grid
  // of its own (one more reference to the same native grid), so that
  // disposing it breaks no other handle and no later open.
  if (!owned) meta.grid = new ChunkGrid(OWN, sharedHandle(read.grid), read.grid.warnings);
  return new RectilinearArray(store, path, meta);
}

// A consolidated entry's read with values of its own: every open of it
// gives a handle that shares no object (attributes, dimension names,
// codec configurations, warnings) with another, as opens from a plain
// store do, so that changing one handle's changes no other's. The grid and
// the entries below stay the store's.
function ownValues(read) {
  const { grid, consolidated, ...values } = read;
  return { ...structuredClone(values), grid, consolidated };
}
