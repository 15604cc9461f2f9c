// @ts-check
// The caches of what a store holds that reads keep (getChunk's shard
// indices, or whole shards), per store object within this process: every
// array handle on a store object registers its cache here, and a write or
// a delete of a key through this package drops that key from all of them,
// so that no handle serves what the key held before, whichever handle
// wrote it. A write by another store object, or another process, is not
// seen (zarrita keeps shard indices the same way): a store tells nobody of
// its changes.

/** @typedef {{ delete(key: string): unknown }} KeyCache */

/** @type {WeakMap<object, Set<WeakRef<KeyCache>>>} */
const CACHES = new WeakMap();

// A handle's cache goes with the handle: its entry here goes then too, so
// that a long-lived store with many short-lived handles holds no more
// entries than live caches.
const collected = new FinalizationRegistry(({ caches, ref }) => caches.delete(ref));

/**
 * Registers `cache`, kept by a handle on `store`; gives it back.
 * @template {KeyCache} C
 * @param {object} store
 * @param {C} cache
 * @returns {C}
 */
export function registerCache(store, cache) {
  let caches = CACHES.get(store);
  if (!caches) CACHES.set(store, (caches = new Set()));
  const ref = new WeakRef(cache);
  caches.add(ref);
  collected.register(cache, { caches, ref }, cache);
  return cache;
}

/**
 * Removes `cache` from those of `store` (a cache kept for one call).
 * @param {object} store
 * @param {KeyCache} cache
 */
export function unregisterCache(store, cache) {
  const caches = CACHES.get(store);
  for (const ref of caches ?? []) {
    if (ref.deref() === cache) {
      caches?.delete(ref);
      collected.unregister(cache);
    }
  }
}

// store → key → the number of writes and deletes of it in flight. A ranged
// read (a shard's index, then an inner chunk by the offsets it gives) is
// consistent only when no change of the key began or ended between the two.
/** @type {WeakMap<object, Map<string, number>>} */
const CHANGING = new WeakMap();

/**
 * Marks `key` as being changed until `end()` is called.
 * @param {object} store
 * @param {string} key
 */
export function beginChange(store, key) {
  let keys = CHANGING.get(store);
  if (!keys) CHANGING.set(store, (keys = new Map()));
  keys.set(key, (keys.get(key) ?? 0) + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const n = /** @type {Map<string, number>} */ (keys).get(key) ?? 1;
    if (n <= 1) /** @type {Map<string, number>} */ (keys).delete(key);
    else /** @type {Map<string, number>} */ (keys).set(key, n - 1);
  };
}

/**
 * Whether a write or a delete of `key` through this package is in flight.
 * @param {object} store
 * @param {string} key
 */
export function isChanging(store, key) {
  return (CHANGING.get(store)?.get(key) ?? 0) > 0;
}

/**
 * Drops `key` from every cache registered on `store`.
 * @param {object} store
 * @param {string} key
 */
export function dropCached(store, key) {
  for (const ref of CACHES.get(store) ?? []) ref.deref()?.delete(key);
}
