// @ts-check
// The keys of a store under a node, for stores that can list them. zarrita's
// store interface has no listing; a store that has one offers `keys()` as a
// Map does (an iterable or async iterable of absolute keys, or a promise of
// one). HTTP stores and zarrita's FileSystemStore do not.
import { StoreError } from './errors.js';

export const canList = (store) => typeof store?.keys === 'function';

// The keys strictly below the node at `path` ("/" for the whole store).
export async function keysUnder(store, path) {
  const prefix = path === '/' ? '/' : `${path}/`;
  const found = [];
  try {
    for await (const key of await store.keys()) {
      if (typeof key === 'string' && key.startsWith(prefix)) found.push(key);
    }
  } catch (error) {
    throw new StoreError('listing', prefix, error);
  }
  return found;
}

// A node's path segments as Zarr v3 allows them: not empty, not made of
// periods alone (".", "..", "..."), not starting "__" (reserved). Keys from
// a store are data: a path that breaks these names no node.
export const isNodePath = (relative) => relative.split('/').every((name) => name !== '' && !/^\.+$/.test(name) && !name.startsWith('__'));
