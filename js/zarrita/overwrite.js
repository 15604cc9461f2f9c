// @ts-check
// The place where create and createGroup write a node. A node already there
// is a NodeExistsError; with `overwrite: true` it is removed first, as
// zarr-python's overwrite removes it, so that no chunk of the old node reads
// as data of the new one:
//
// - a store that lists its keys (keys(), as a Map has) loses every key under
//   the node's path, its zarr.json last;
// - a store that cannot list loses the old array's chunks one by one, each
//   key from the old zarr.json's grid and chunk key encoding (up to
//   MAX_CHUNKS_REMOVED of them), then its zarr.json. An old group cannot be
//   removed so, as its children cannot be found: UnsupportedError;
// - a store without delete(key) cannot overwrite: UnsupportedError.
//
// Nothing is deleted before the new document has passed every check.
import { disposeGrids, readMetadata } from '../document/read-metadata.js';
import { NodeExistsError, UnsupportedError } from './errors.js';
import { canList, keysUnder } from './listing.js';
import { chunkKeyEncoder, keyFor } from './metadata.js';
import { runPool } from './pool.js';
import { checkKey, deleteKey, readKey } from './store.js';
import { writesUnderSettled } from './write-order.js';

/** The most chunk keys removed one by one from a store that cannot list. */
export const MAX_CHUNKS_REMOVED = 1_000_000;
const DELETES_IN_FLIGHT = 16;

// The keys an array's chunks (shards) may be stored under: one per chunk of
// its grid, listed by the core's projection of the whole array.
function* chunkKeys(grid, encode, path) {
  for (const { chunkCoords } of grid.project()) yield keyFor(path, encode(chunkCoords));
}

function keysToRemove(path, read) {
  const at = `overwrite at ${path}`;
  if (read.kind === 'group') {
    throw new UnsupportedError(`${at}: the group there may have children, and this store cannot list its keys (it has no keys()) to remove them; remove the group with the store's own tools first`);
  }
  if (read.kind !== 'array' || !read.valid) {
    const why = read.errors.map((p) => `${p.path || '/'}: ${p.message}`).join('; ');
    throw new UnsupportedError(`${at}: its zarr.json is not a readable array (${why}), so which chunks belong to it is unknown, and this store cannot list its keys (it has no keys()); remove the node with the store's own tools first`);
  }
  if (BigInt(read.grid.numChunks) > BigInt(MAX_CHUNKS_REMOVED)) {
    throw new UnsupportedError(`${at}: the old array has ${read.grid.numChunks} chunks, more than the ${MAX_CHUNKS_REMOVED} removed one by one from a store that cannot list its keys; remove it with the store's own tools first`);
  }
  return chunkKeys(read.grid, chunkKeyEncoder(read.chunkKeyEncoding), path);
}

/**
 * Makes room for a node at `path`: NodeExistsError when a zarr.json is
 * there, unless `overwrite`, which removes the node (see above).
 * @param {any} store
 * @param {string} path
 * @param {boolean} overwrite
 */
export async function makeRoom(store, path, overwrite) {
  const key = keyFor(path, 'zarr.json');
  // Sets called before this overwrite, on any handle of this store object,
  // land first: a chunk of theirs landing after the removal would read as
  // the new node's data (docs/semantics.md, "Concurrent writes").
  if (overwrite) await writesUnderSettled(store, path);
  const bytes = await readKey(store, key);
  // Keys left under the path go too, with no zarr.json (a node removed by hand).
  const listed = overwrite && canList(store) ? (await keysUnder(store, path)).filter((k) => k !== key) : [];
  if (!bytes && !listed.length) return;
  // Lenient: any zarr.json a known writer wrote names its chunks.
  const read = bytes ? readMetadata(bytes, { lenient: true }) : null;
  try {
    if (read && !overwrite) throw new NodeExistsError(path, key, read.kind === 'array' || read.kind === 'group' ? read.kind : null);
    if (typeof store.delete !== 'function') {
      throw new UnsupportedError(`overwrite at ${path}: the store has no delete(key), so the old node's chunks would stay and read as the new node's data`);
    }
    // Every listed key is checked before any is deleted: a key the store
    // lists but no read or write may use (a file named "%2e%2e") would
    // otherwise stop the removal halfway, the old array left with its
    // zarr.json and without its chunks.
    for (const k of listed) checkKey('deleting', k);
    await deleteAll(store, read && !canList(store) ? keysToRemove(path, read) : listed);
    if (read) await deleteKey(store, key);
  } finally {
    if (read) disposeGrids(read);
  }
}

async function deleteAll(store, keys) {
  const tasks = (function* () {
    for (const key of keys) yield () => deleteKey(store, key);
  })();
  await runPool(tasks, DELETES_IN_FLIGHT);
}
