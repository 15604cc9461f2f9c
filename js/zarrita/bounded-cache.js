// @ts-check
// A Map that keeps at most `limit` entries, dropping the least recently used
// one first. It holds the shard indices getChunk reads, so that a viewer
// walking tile by tile reads each shard's index once, and memory stays bounded.
export class BoundedCache {
  #limit;
  #entries = new Map();

  constructor(limit) {
    if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`cache size: found ${limit}; expected a positive integer`);
    this.#limit = limit;
  }

  get size() {
    return this.#entries.size;
  }

  get(key) {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key);
    // Most recently used last.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  set(key, value) {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    while (this.#entries.size > this.#limit) this.#entries.delete(this.#entries.keys().next().value);
    return this;
  }

  delete(key) {
    return this.#entries.delete(key);
  }
}
