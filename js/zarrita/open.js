// @ts-check
// open(store, {path}): reads zarr.json and builds the array's ChunkGrid.
import { RectilinearArray } from './array.js';
import { NotFoundError } from './errors.js';
import { keyFor, normalizePath, readArrayMetadata } from './metadata.js';
import { readKey } from './store.js';
import { disposeGrids, readMetadata } from '../read-metadata.js';

// A store, or a zarrita Location ({store, path}) such as zarr.root(store).resolve('a').
export function storeAndPath(location, path) {
  const isLocation = location && typeof location === 'object' && 'store' in location && typeof location.path === 'string' && typeof location.get !== 'function';
  const store = isLocation ? location.store : location;
  if (!store || typeof store.get !== 'function') throw new TypeError('store: expected a zarrita store (with get(key)) or a zarrita Location');
  const base = isLocation ? location.path : '/';
  return { store, path: normalizePath(`${base}/${path ?? ''}`) };
}

/**
 * Opens the Zarr v3 array at `opts.path` of `store`: rectilinear or regular
 * chunk grid. Throws NotFoundError without zarr.json, InvalidMetadataError,
 * UnknownCodecError or UnsupportedError for what it cannot read.
 */
export async function open(location, opts = {}) {
  const { store, path } = storeAndPath(location, opts.path);
  const key = keyFor(path, 'zarr.json');
  const bytes = await readKey(store, key, opts.signal);
  if (!bytes) throw new NotFoundError(`v3 array at ${path} (no ${key} in the store)`, { path: key });
  // One read of the document: validated, its grid built, its values exact.
  const read = readMetadata(bytes, { lenient: opts.lenient });
  if (read.kind === 'group') {
    disposeGrids(read);
    throw new NotFoundError(`array at ${path}: ${key} describes a group`, { path: key, found: 'group' });
  }
  return new RectilinearArray(store, path, readArrayMetadata(read, { key }));
}
