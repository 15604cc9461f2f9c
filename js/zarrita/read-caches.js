// @ts-check
// Whether what a read cache holds of a store key is still current: reads
// keep what a store holds (getChunk's shard indices on the array, or whole
// shards; get's shards for one call), and a write or a delete of a key
// through this package, by any handle, makes what was read of the key
// before it stale, so that no handle serves what the key held before. A
// write by another store object, or another process, is not seen (zarrita
// keeps shard indices the same way): a store tells nobody of its changes.
//
// A cache holds no registration and is held by nothing here: each entry
// notes the store's change count (`readMark`) when its read began, and a
// change of the key since then makes it stale. What a call or a handle
// holds is then what it holds itself, freed as soon as it is dropped,
// never kept until the event loop next runs a task (as a WeakRef's target,
// or a FinalizationRegistry's callback, would be).

/**
 * store → its changes through this package: `count` of changes begun or
 * ended so far; `changed`, key → the count at its latest; `floor`, a count
 * before which every read is stale (`changed` is forgotten past a bound,
 * so that a long-lived store written key by key holds no growing list);
 * `changing`, key → the number of writes and deletes of it in flight.
 * @typedef {{ count: number, changed: Map<string, number>, floor: number, changing: Map<string, number> }} Changes
 */

/** @type {WeakMap<object, Changes>} */
const CHANGES = new WeakMap();

// Keys remembered per store; past that the list starts again from a floor,
// which only makes older reads of other keys read again.
const REMEMBERED = 4096;

/** @param {object} store @returns {Changes} */
function changesOf(store) {
  let changes = CHANGES.get(store);
  if (!changes) CHANGES.set(store, (changes = { count: 0, changed: new Map(), floor: 0, changing: new Map() }));
  return changes;
}

/** @param {Changes} changes @param {string} key */
function noteChange(changes, key) {
  changes.count += 1;
  if (!changes.changed.has(key) && changes.changed.size >= REMEMBERED) {
    changes.changed.clear();
    changes.floor = changes.count;
  }
  changes.changed.set(key, changes.count);
}

/**
 * The mark to keep with what a read of `store` begins to fetch now.
 * @param {object} store
 */
export function readMark(store) {
  return CHANGES.get(store)?.count ?? 0;
}

/**
 * Whether what a read of `key` that began at `mark` fetched is still what
 * the key holds: no write or delete of it through this package began or
 * ended since, nor is one in flight.
 * @param {object} store
 * @param {string} key
 * @param {number} mark
 */
export function isCurrent(store, key, mark) {
  const changes = CHANGES.get(store);
  if (!changes) return true;
  return mark >= changes.floor && (changes.changed.get(key) ?? 0) <= mark && !changes.changing.has(key);
}

/**
 * Marks `key` as being changed until `end()` is called: what was read of
 * it before is stale from now, and so is what a read that overlaps the
 * change fetches.
 * @param {object} store
 * @param {string} key
 */
export function beginChange(store, key) {
  const changes = changesOf(store);
  const { changing } = changes;
  changing.set(key, (changing.get(key) ?? 0) + 1);
  noteChange(changes, key);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    const n = changing.get(key) ?? 1;
    if (n <= 1) changing.delete(key);
    else changing.set(key, n - 1);
    noteChange(changes, key);
  };
}
