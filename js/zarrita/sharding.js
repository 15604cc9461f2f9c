// @ts-check
// sharding_indexed on a rectilinear outer grid, with a regular inner chunk
// shape that divides every shard edge. Then the shard boundaries all fall on
// multiples of the inner chunk shape, so the inner chunks tile the whole
// array as a regular grid: a selection is projected onto that inner grid,
// and each inner chunk is placed in its shard by locating its origin in the
// outer grid.
//
// A shard is the inner chunks' encoded bytes plus an index: a uint64 array of
// shape [...shard shape / inner shape, 2] holding (offset, nbytes) per inner
// chunk, 2^64 - 1 twice for an empty one, encoded by index_codecs (bytes and
// crc32c), at the end of the shard or at its start.
import { ChunkGrid } from '../index.js';
import { copyArray } from '../grid/arguments.js';
import { ChainCache, withChunkPath } from './codec-chain.js';
import { codecError } from './errors.js';
import { isCurrent, readMark } from './read-caches.js';
import { readKey, readRange } from './store.js';

export const EMPTY = 2n ** 64n - 1n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

export function shardLayout(grid, sharding, type, fillValue) {
  const { chunkShape, codecs, indexCodecs, indexLocation } = sharding;
  return {
    chunkShape,
    codecs,
    indexLocation,
    innerGrid: ChunkGrid.fromChunkShapes(grid.shape, chunkShape),
    chains: new ChainCache(codecs, type.name, fillValue),
    indexChains: new ChainCache(indexCodecs, 'uint64', null),
  };
}

const isBlocks = (entry) => entry !== null && typeof entry === 'object' && !Array.isArray(entry) && !ArrayBuffer.isView(entry) && 'blocks' in entry;

// {blocks} counts shards; the inner grid would count inner chunks. Turn each
// into the slice of array indices those shards cover.
// The selection is copied first and only the copy is read (js/grid/arguments.js):
// a getter or a Proxy cannot answer the check and the work differently.
export function shardSelection(grid, selection) {
  if (!Array.isArray(selection)) return selection;
  const entries = copyArray(selection, (i) => `selection[${i}]`);
  if (!entries.some(isBlocks)) return entries;
  return entries.map((entry, axis) => (isBlocks(entry) ? grid.normalizeSlice(axis, entry) : entry));
}

// Per axis of a plan on the inner grid: the shard of each inner chunk, and
// the inner chunk's index within its shard.
export function placeInShards(grid, layout, axes) {
  return axes.map((a, axis) => {
    const c = layout.chunkShape[axis];
    const { chunks, offsets } = grid.locateAxis(axis, a.chunks.map((g) => g * c));
    return { shards: chunks, locals: offsets.map((o) => o / c) };
  });
}

export function shardGeometry(context, shardCoords) {
  const { grid, sharding } = context;
  const shardShape = grid.chunkShape(shardCoords).map(Number);
  const indexShape = shardShape.map((e, d) => e / sharding.chunkShape[d]);
  const count = indexShape.reduce((a, b) => a * b, 1);
  return { shardShape, indexShape, count };
}

async function indexChain(context, indexShape) {
  const chain = await context.sharding.indexChains.forShape([...indexShape, 2]);
  return { chain, size: chain.encodedSize(16 * indexShape.reduce((a, b) => a * b, 1)) };
}

// The index's encoded bytes, cut from a whole shard.
export async function indexBytesOf(context, indexShape, whole, key) {
  const { size } = await indexChain(context, indexShape);
  if (whole.length < size) {
    throw codecError('decode', 'sharding_indexed', key, new Error(`found a shard of ${whole.length} bytes; its index alone takes ${size}`));
  }
  return context.sharding.indexLocation === 'end' ? whole.subarray(whole.length - size) : whole.subarray(0, size);
}

// Decoded index: {entries (BigUint64Array), stride} with entry(local) → [offset, nbytes].
export async function decodeIndex(context, indexShape, bytes, key) {
  const { chain, size } = await indexChain(context, indexShape);
  if (bytes.length !== size) {
    throw codecError('decode', 'sharding_indexed', key, new Error(`found ${bytes.length} bytes for the shard index; expected ${size}`));
  }
  let decoded;
  try {
    decoded = await chain.decode(bytes);
  } catch (error) {
    throw withChunkPath(error, key);
  }
  const { data, stride } = decoded;
  return {
    entry(local) {
      let at = 0;
      for (let d = 0; d < local.length; d++) at += local[d] * stride[d];
      return [data[at], data[at + stride[local.length]]];
    },
  };
}

// The bytes of one inner chunk from a whole shard, or undefined when empty.
export function innerBytes(index, local, whole, key) {
  const [offset, nbytes] = index.entry(local);
  if (offset === EMPTY && nbytes === EMPTY) return undefined;
  if (offset + nbytes > BigInt(whole.length)) {
    throw codecError('decode', 'sharding_indexed', key, new Error(`the index places inner chunk [${local.join(', ')}] at bytes ${offset}..${offset + nbytes}, past the shard's ${whole.length} bytes`));
  }
  return whole.subarray(Number(offset), Number(offset + nbytes));
}

// Reads inner chunks: each shard's index once, inner chunks by byte range
// when the store has getRange, else the whole shard once. `cache` holds the
// shards read (a Map for one get; getChunk passes a BoundedCache kept on the
// array); a shard written or deleted through this package since its read
// began is read again (js/zarrita/read-caches.js). A shard whose read was
// aborted by another caller's signal is read again for a caller whose
// signal is still live.
export class ShardReader {
  #context;
  #signal;
  #shards; // key → {promise: Promise<{index, whole} | null>, signal, mark}

  constructor(context, signal, cache = new Map()) {
    this.#context = context;
    this.#signal = signal;
    this.#shards = cache;
  }

  // {entry, shard}: the cache entry (to tell later whether a write has
  // dropped it) and what it holds.
  async #shard(shardCoords, key) {
    const { store } = this.#context;
    for (;;) {
      let entry = this.#shards.get(key);
      if (entry && !isCurrent(store, key, entry.mark)) entry = undefined;
      if (!entry) {
        entry = { mark: readMark(store), promise: this.#loadShard(shardCoords, key), signal: this.#signal };
        entry.promise.catch(() => {
          if (this.#shards.get(key) === entry) this.#shards.delete(key);
        });
        this.#shards.set(key, entry);
      }
      try {
        return { entry, shard: await entry.promise };
      } catch (error) {
        const abortedElsewhere = entry.signal !== this.#signal && entry.signal?.aborted && !this.#signal?.aborted;
        if (!abortedElsewhere) throw error;
        if (this.#shards.get(key) === entry) this.#shards.delete(key);
      }
    }
  }

  async #loadShard(shardCoords, key) {
    const { store } = this.#context;
    const { indexShape } = shardGeometry(this.#context, shardCoords);
    if (typeof store.getRange !== 'function') return this.#wholeShard(indexShape, key);
    const { size } = await indexChain(this.#context, indexShape);
    const range = this.#context.sharding.indexLocation === 'end' ? { suffixLength: size } : { offset: 0, length: size };
    const bytes = await readRange(store, key, range, this.#signal);
    if (!bytes) return null;
    return { index: await decodeIndex(this.#context, indexShape, bytes, key), whole: null };
  }

  // A shard read whole, in one read, and its index; null when it is absent.
  async #wholeShard(indexShape, key) {
    const whole = await readKey(this.#context.store, key, this.#signal);
    if (!whole) return null;
    return { index: await decodeIndex(this.#context, indexShape, await indexBytesOf(this.#context, indexShape, whole, key), key), whole };
  }

  // The encoded bytes of inner chunk `local` of a shard, or undefined.
  async chunkBytes(shardCoords, local) {
    const key = this.#context.chunkKey(shardCoords);
    const { entry, shard } = await this.#shard(shardCoords, key);
    if (!shard) return undefined;
    if (shard.whole) return innerBytes(shard.index, local, shard.whole, key);
    let bytes;
    /** @type {{ error: unknown } | null} */
    let failure = null;
    try {
      bytes = await this.#innerRange(shard.index, local, key);
    } catch (error) {
      failure = { error };
    }
    // The index and the inner chunk were two reads. A write of the shard
    // through this package since the index's read began would pair the old
    // offsets with the new bytes: another inner chunk's. Then the shard is
    // read whole, in one read.
    if (!isCurrent(this.#context.store, key, entry.mark)) {
      if (this.#shards.get(key) === entry) this.#shards.delete(key);
      const read = await this.#wholeShard(shardGeometry(this.#context, shardCoords).indexShape, key);
      return read ? innerBytes(read.index, local, read.whole, key) : undefined;
    }
    if (failure) throw failure.error;
    return bytes;
  }

  async #innerRange(index, local, key) {
    const [offset, nbytes] = index.entry(local);
    if (offset === EMPTY && nbytes === EMPTY) return undefined;
    if (offset > MAX_SAFE || nbytes > MAX_SAFE) {
      throw codecError('decode', 'sharding_indexed', key, new Error(`the index entry (${offset}, ${nbytes}) of inner chunk [${local.join(', ')}] is beyond 2^53`));
    }
    const bytes = await readRange(this.#context.store, key, { offset: Number(offset), length: Number(nbytes) }, this.#signal);
    if (!bytes || bytes.length !== Number(nbytes)) {
      throw codecError('decode', 'sharding_indexed', key, new Error(`inner chunk [${local.join(', ')}]: the store gave ${bytes?.length ?? 0} bytes; the index gives ${nbytes}`));
    }
    return bytes;
  }
}

// A whole shard: the inner chunks' bytes in C order of their index position
// (empty ones skipped), and the encoded index at the end or at the start.
export async function encodeShard(context, indexShape, pieces) {
  const { chain, size } = await indexChain(context, indexShape);
  const entries = new BigUint64Array(pieces.length * 2);
  let position = context.sharding.indexLocation === 'start' ? size : 0;
  let total = 0;
  pieces.forEach((piece, k) => {
    if (!piece) {
      entries[2 * k] = EMPTY;
      entries[2 * k + 1] = EMPTY;
      return;
    }
    entries[2 * k] = BigInt(position);
    entries[2 * k + 1] = BigInt(piece.length);
    position += piece.length;
    total += piece.length;
  });
  const index = await chain.encode(entries);
  const out = new Uint8Array(total + index.length);
  let at = context.sharding.indexLocation === 'start' ? index.length : 0;
  if (context.sharding.indexLocation === 'start') out.set(index, 0);
  for (const piece of pieces) {
    if (!piece) continue;
    out.set(piece, at);
    at += piece.length;
  }
  if (context.sharding.indexLocation === 'end') out.set(index, at);
  return out;
}
