// @ts-check
// Write order per store object, within this process: every array handle
// opened on the same store object shares it. Each set call is registered
// when it is called, with the chunk (or shard) coordinates it will write,
// kept per axis as its plan holds them. Before a set writes a chunk it waits
// for every earlier set that writes the same chunk to settle. So writes to
// one chunk land in the order set was called, whatever their size, codec or
// pool, and a read-modify-write never overlaps another on the same chunk.
// Earlier sets never wait for later ones: no cycle. A settled set leaves
// nothing behind. Across processes nothing is ordered: a store has no
// compare-and-swap.
import { raced } from './store.js';

/** @type {WeakMap<object, Set<Write>>} */
const WRITES = new WeakMap();

class Write {
  #axes;
  #sets;
  /** @type {() => void} */
  #settle = () => {};

  /**
   * @param {string} path the array's normalized path
   * @param {string} encoding its chunk_key_encoding, as JSON text
   * @param {ArrayLike<number | bigint>[]} axes per axis, the chunk coordinates written (repeats allowed)
   */
  constructor(path, encoding, axes) {
    this.path = path;
    this.encoding = encoding;
    this.#axes = axes;
    /** @type {(Set<number> | undefined)[]} built on the first question about an axis */
    this.#sets = axes.map(() => undefined);
    /** @type {Promise<void>} */
    this.settled = new Promise((resolve) => {
      this.#settle = () => resolve(undefined);
    });
  }

  // Whether this write may write the chunk at `coords` of `path`. A handle
  // with another key encoding could write the same key from other
  // coordinates: then yes.
  writes(path, encoding, coords) {
    if (path !== this.path) return false;
    if (encoding !== this.encoding || coords.length !== this.#axes.length) return true;
    return coords.every((c, d) => {
      this.#sets[d] ??= new Set(Array.from(this.#axes[d], Number));
      return /** @type {Set<number>} */ (this.#sets[d]).has(Number(c));
    });
  }

  settle() {
    this.#settle();
  }
}

/**
 * Registers a write (call it synchronously where set is called), runs
 * `body(inOrder)` and settles the write whatever the outcome. `inOrder(coords,
 * fn, signal)` runs fn() once every earlier write of that chunk has settled;
 * an abort while waiting rejects at once, and fn() never runs: a write the
 * caller gave up on does not land later.
 * @template T
 * @param {object} store
 * @param {{path: string, encoding: string, axes: ArrayLike<number | bigint>[]}} claim
 * @param {(inOrder: <U>(coords: ArrayLike<number | bigint>, fn: () => Promise<U>, signal?: AbortSignal) => Promise<U>) => Promise<T>} body
 * @returns {Promise<T>}
 */
export async function orderedWrite(store, { path, encoding, axes }, body) {
  let writes = WRITES.get(store);
  if (!writes) WRITES.set(store, (writes = new Set()));
  const earlier = [...writes];
  const mine = new Write(path, encoding, axes);
  writes.add(mine);
  const inOrder = async (coords, fn, signal) => {
    const list = Array.from(coords);
    for (const write of earlier) {
      if (write.writes(path, encoding, list)) await raced(write.settled, signal);
    }
    signal?.throwIfAborted();
    return fn();
  };
  try {
    return await body(/** @type {any} */ (inOrder));
  } finally {
    mine.settle();
    writes.delete(mine);
    if (writes.size === 0) WRITES.delete(store);
  }
}

/** The number of writes of `store` in flight now (for tests). */
export function writesInFlight(store) {
  return WRITES.get(store)?.size ?? 0;
}
