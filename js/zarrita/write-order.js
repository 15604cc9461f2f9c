// @ts-check
// Write order per store object, within this process: every array handle
// opened on the same store object shares it. Each set call is registered
// when it is called, with what it will write, and before it writes a chunk
// (a shard) it waits for every earlier call that writes the same key. So
// writes to one chunk land in the order set was called, whatever their size,
// codec or pool, and two read-modify-writes of one chunk never overlap.
// Earlier calls never wait for later ones: no cycle.
//
// A call of few chunks (SMALL) lists its keys: each key keeps a queue of its
// writers in call order, and each writer's turn is the settling of the one
// before it on that key and of itself, chained (as a lock queue), so a
// chunk waits for one promise, and a settled writer leaves its queues. A call of more chunks is too large to list
// (nothing expands a selection into all its chunks): it keeps its chunk
// coordinates per axis, as its plan holds them, and every chunk written
// after it is checked against it. A settled call leaves nothing behind.
// Across processes nothing is ordered: a store has no compare-and-swap.
import { raced } from './store.js';

const SMALL = 1024;

/**
 * @typedef {{seq: number, turn: Promise<void>}} Queued
 * @typedef {{seq: number, keys: Map<string, Queued[]>, large: Set<LargeWrite>}} Registry
 */

/** @type {WeakMap<object, Registry>} */
const REGISTRIES = new WeakMap();

// A write of many chunks, by its chunk coordinates per axis.
class LargeWrite {
  #axes;
  #sets;
  #low;
  #high;

  /**
   * @param {number} seq
   * @param {string} path the array's normalized path
   * @param {string} encoding its chunk_key_encoding, as JSON text
   * @param {ArrayLike<number | bigint>[]} axes per axis, the chunk coordinates written (repeats allowed)
   * @param {Promise<void>} settled
   */
  constructor(seq, path, encoding, axes, settled) {
    this.seq = seq;
    this.path = path;
    this.encoding = encoding;
    this.settled = settled;
    this.#axes = axes;
    // Per axis, the lowest and highest coordinate answer most questions;
    // a set is built on the first question they cannot answer.
    this.#low = axes.map(() => Infinity);
    this.#high = axes.map(() => -Infinity);
    axes.forEach((a, d) => {
      for (let i = 0; i < a.length; i++) {
        const c = Number(a[i]);
        if (c < this.#low[d]) this.#low[d] = c;
        if (c > this.#high[d]) this.#high[d] = c;
      }
    });
    /** @type {(Set<number> | undefined)[]} */
    this.#sets = axes.map(() => undefined);
  }

  // Whether this write may write the chunk at `coords` of `path`. A handle
  // with another key encoding could write the same key from other
  // coordinates: then yes.
  writes(path, encoding, coords) {
    if (path !== this.path) return false;
    if (encoding !== this.encoding || coords.length !== this.#axes.length) return true;
    for (let d = 0; d < coords.length; d++) {
      const c = Number(coords[d]);
      if (c < this.#low[d] || c > this.#high[d]) return false;
    }
    return coords.every((c, d) => {
      this.#sets[d] ??= new Set(Array.from(this.#axes[d], Number));
      return /** @type {Set<number>} */ (this.#sets[d]).has(Number(c));
    });
  }
}

// The last entry of a queue registered before `seq` (queues are in call order).
function lastBefore(queue, seq) {
  let lo = 0;
  let hi = queue.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (queue[mid].seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? queue[lo - 1] : undefined;
}

/**
 * @typedef {object} Claim
 * @property {string} path the array's normalized path
 * @property {string} encoding its chunk_key_encoding, as JSON text
 * @property {ArrayLike<number | bigint>[]} axes per axis, the chunk coordinates written (repeats allowed)
 * @property {number} count at most how many keys the write writes
 * @property {() => Iterable<string>} keys the keys it writes (asked when count is small)
 */

/**
 * Registers a write (call it synchronously where set is called), runs
 * `body(inOrder)` and settles the write whatever the outcome.
 * `inOrder(coords, key, fn, signal)` runs fn() once every earlier write of
 * that key has settled; an abort while waiting rejects at once, and fn()
 * never runs: a write the caller gave up on does not land later.
 * @template T
 * @param {object} store
 * @param {Claim} claim
 * @param {(inOrder: <U>(coords: ArrayLike<number | bigint>, key: string, fn: () => Promise<U>, signal?: AbortSignal) => Promise<U>) => Promise<T>} body
 * @returns {Promise<T>}
 */
export async function orderedWrite(store, claim, body) {
  let registry = REGISTRIES.get(store);
  if (!registry) REGISTRIES.set(store, (registry = { seq: 0, keys: new Map(), large: new Set() }));
  const { keys: queues, large } = registry;
  const seq = ++registry.seq;
  /** @type {() => void} */
  let settle = () => {};
  /** @type {Promise<void>} */
  const settled = new Promise((resolve) => {
    settle = () => resolve(undefined);
  });
  const { path, encoding } = claim;
  /** @type {Map<string, Queued> | null} this write's place in each key's queue, or null for a large write */
  let places = null;
  /** @type {LargeWrite | null} */
  let mine = null;
  if (claim.count <= SMALL) {
    places = new Map();
    for (const key of claim.keys()) {
      if (places.has(key)) continue;
      let queue = queues.get(key);
      if (!queue) queues.set(key, (queue = []));
      const previous = queue[queue.length - 1];
      const place = { seq, turn: previous ? previous.turn.then(() => settled) : settled };
      queue.push(place);
      places.set(key, place);
    }
  } else {
    mine = new LargeWrite(seq, path, encoding, claim.axes, settled);
    large.add(mine);
  }

  const inOrder = async (coords, key, fn, signal) => {
    /** @type {Promise<void>[]} */
    const waits = [];
    const list = Array.from(coords);
    for (const write of large) {
      if (write.seq >= seq) break; // a Set iterates in insertion order: call order
      if (write.writes(path, encoding, list)) waits.push(write.settled);
    }
    const queue = queues.get(key);
    const before = queue && lastBefore(queue, seq);
    if (before) waits.push(before.turn);
    for (const wait of waits) await raced(wait, signal);
    signal?.throwIfAborted();
    return fn();
  };

  try {
    return await body(/** @type {any} */ (inOrder));
  } finally {
    settle();
    if (mine) large.delete(mine);
    // A settled write leaves its queues: the entry before it covers every
    // earlier one (its turn is chained), and the writes after it hold its
    // turn already.
    for (const [key, place] of places ?? []) {
      const queue = /** @type {Queued[]} */ (queues.get(key));
      queue.splice(queue.indexOf(place), 1);
      if (queue.length === 0) queues.delete(key);
    }
    if (queues.size === 0 && large.size === 0 && REGISTRIES.get(store) === registry) REGISTRIES.delete(store);
  }
}

/**
 * Settles once every write registered on `store` so far that may write a
 * key under the node at `path` (its chunks, its children's) has settled:
 * what an overwrite waits for before it lists and removes the node's keys,
 * so that no chunk of a set called before it lands after the removal, as
 * data of the new node. Never rejects.
 * @param {object} store
 * @param {string} path a normalized node path ("/" for the whole store)
 * @returns {Promise<void>}
 */
export async function writesUnderSettled(store, path) {
  const registry = REGISTRIES.get(store);
  if (!registry) return;
  const under = (p) => (path === '/' ? p.startsWith('/') : p === path || p.startsWith(`${path}/`));
  /** @type {Promise<void>[]} */
  const waits = [];
  for (const [key, queue] of registry.keys) if (under(key)) waits.push(queue[queue.length - 1].turn);
  // An array at or below the path, or (in a hierarchy no spec allows) above it.
  for (const write of registry.large) if (under(write.path) || write.path === '/' || path.startsWith(`${write.path}/`)) waits.push(write.settled);
  await Promise.all(waits);
}

/** The number of keys and large writes of `store` in flight now (for tests). */
export function writesInFlight(store) {
  const registry = REGISTRIES.get(store);
  return registry ? registry.keys.size + registry.large.size : 0;
}
