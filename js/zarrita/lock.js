// @ts-check
// A lock per (store object, key), for the read-modify-write of one chunk (or
// one shard) within this process: every array handle opened on the same
// store object shares it. Each holder waits for the previous one on the same
// key; the entry is removed once the last holder is done, so settled keys
// leave nothing behind. Across processes nothing is locked: a store has no
// compare-and-swap.
import { raced } from './store.js';

/** @type {WeakMap<object, Map<string, Promise<void>>>} */
const LOCKS = new WeakMap();

/**
 * Runs fn() once every earlier holder of (store, key) is done. An abort
 * while waiting rejects at once, and fn() never runs: a write the caller
 * gave up on does not land later. Holders after it still wait for the
 * holders before it.
 * @template T
 * @param {object} store
 * @param {string} key
 * @param {() => Promise<T>} fn
 * @param {AbortSignal} [signal]
 * @returns {Promise<T>}
 */
export async function withKeyLock(store, key, fn, signal) {
  let held = LOCKS.get(store);
  if (!held) LOCKS.set(store, (held = new Map()));
  const previous = held.get(key);
  /** @type {() => void} */
  let release = () => {};
  const mine = new Promise((resolve) => {
    release = () => resolve(undefined);
  });
  const tail = previous ? previous.then(() => mine) : mine;
  held.set(key, tail);
  try {
    if (previous) await raced(previous, signal);
    signal?.throwIfAborted();
    return await fn();
  } finally {
    release();
    if (held.get(key) === tail) held.delete(key);
  }
}

/** The number of keys of `store` held or waited on now (for tests). */
export function heldKeyCount(store) {
  return LOCKS.get(store)?.size ?? 0;
}
