// @ts-check
// arr.getChunk(coords, {signal}): one chunk of the grid a reader iterates,
// decoded, as zarrita's Array.getChunk gives it. For a sharded array the
// coordinates are those of the inner chunks (zarrita's rule too); each
// shard's index is read once and kept in a bounded cache on the array
// (read again after a write through any handle: js/zarrita/read-caches.js), and
// each inner chunk is one ranged read where the store has getRange.
import { withChunkPath } from './codec-chain.js';
import { filled, wrap } from './data-type.js';
import { BoundedCache } from './bounded-cache.js';
import { ShardReader } from './sharding.js';
import { readKey } from './store.js';

// Shards whose index getChunk keeps: indices alone when the store reads
// ranges, else whole shards (so fewer).
const SHARD_INDICES_KEPT = 256;
const WHOLE_SHARDS_KEPT = 8;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

// A value as an error message shows it: bigints with their n, strings quoted.
export function describe(v) {
  return typeof v === 'bigint' ? `${v}n` : typeof v === 'number' ? String(v) : (JSON.stringify(v) ?? String(v));
}

// Checks chunk coordinates against the active grid shape: an array of
// `gridShape.length` integers (safe numbers or bigints), each in
// [0, gridShape[d]). Gives them back unchanged (numbers stay numbers).
export function checkChunkCoords(coords, gridShape) {
  if (!Array.isArray(coords) && !ArrayBuffer.isView(coords)) {
    throw new TypeError(`chunk coordinates: found ${describe(coords)}; expected an array of ${gridShape.length} integers`);
  }
  const list = Array.from(/** @type {ArrayLike<unknown>} */ (coords));
  if (list.length !== gridShape.length) {
    throw new RangeError(`chunk coordinates [${list.map(describe).join(', ')}]: found ${list.length}; expected ${gridShape.length}, one per axis`);
  }
  return list.map((c, d) => {
    const at = `chunk coordinate ${d}`;
    if (typeof c === 'number') {
      if (!Number.isInteger(c)) throw new RangeError(`${at}: found ${c}; expected an integer`);
      if (!Number.isSafeInteger(c)) throw new RangeError(`${at}: found ${c}, above 2^53 - 1 and possibly rounded; pass a bigint`);
    } else if (typeof c !== 'bigint') {
      throw new TypeError(`${at}: found ${describe(c)}; expected a number or a bigint`);
    }
    if (c < 0 || BigInt(c) >= BigInt(gridShape[d])) {
      throw new RangeError(`${at}: found ${describe(c)}; expected an integer in [0, ${gridShape[d]}) (the grid is [${gridShape.join(', ')}] chunks)`);
    }
    return c;
  });
}

const toNumber = (v, what) => {
  if (typeof v === 'bigint' && v > MAX_SAFE) throw new RangeError(`${what} ${v} exceeds 2^53 - 1; zarr-rectilinear/zarrita reads within 2^53`);
  return Number(v);
};

// The strides zarrita gives a chunk it fills: C order, or the transpose
// codec's order.
function fillStrides(shape, codecs) {
  const order = codecs.find((c) => c.name === 'transpose')?.configuration?.order ?? 'C';
  const rank = shape.length;
  const perm = Array.isArray(order) && order.length === rank
    ? order
    : Array.from({ length: rank }, (_, i) => (order === 'F' ? rank - 1 - i : i));
  const stride = new Array(rank);
  let step = 1;
  for (let i = rank - 1; i >= 0; i--) {
    stride[perm[i]] = step;
    step *= shape[perm[i]];
  }
  return stride;
}

function filledChunk(context, shape, codecs) {
  const { type, fillValue } = context;
  const raw = filled(type, fillValue, shape.reduce((a, b) => a * b, 1));
  return { data: wrap(type, raw), shape, stride: fillStrides(shape, codecs) };
}

async function decoded(context, chain, bytes, key) {
  let chunk;
  try {
    chunk = await chain.decode(bytes);
  } catch (error) {
    throw withChunkPath(error, key);
  }
  // The bytes codec gives a view of the bytes it decodes, which may be the
  // store's own (a Map's value) or a cached shard's: the caller gets a copy,
  // so that changing it changes nothing read later.
  const data = ArrayBuffer.isView(chunk.data) && chunk.data.buffer === bytes.buffer ? chunk.data.slice() : chunk.data;
  return { data: wrap(context.type, data), shape: chunk.shape.slice(), stride: chunk.stride.slice() };
}

// The array's own, made on first use.
function shardCache(context) {
  const { store } = context;
  context.shardCache ??= new BoundedCache(typeof store.getRange === 'function' ? SHARD_INDICES_KEPT : WHOLE_SHARDS_KEPT);
  return context.shardCache;
}

export async function readChunk(context, coords, opts = {}) {
  const { signal } = opts;
  signal?.throwIfAborted();
  const { grid, sharding, store } = context;
  if (!sharding) {
    const at = checkChunkCoords(coords, grid.gridShape);
    const shape = grid.chunkShape(at).map((e) => toNumber(e, 'a chunk edge'));
    const key = context.chunkKey(at);
    const bytes = await readKey(store, key, signal);
    if (!bytes) return filledChunk(context, shape, context.codecs);
    return decoded(context, await context.chains.forShape(shape), bytes, key);
  }
  // Sharded: coordinates on the inner grid; its chunk's origin locates the shard.
  const at = checkChunkCoords(coords, sharding.innerGrid.gridShape);
  const inner = sharding.chunkShape;
  const origin = at.map((c, d) => BigInt(c) * BigInt(inner[d]));
  const located = grid.locate(origin);
  const shard = located.chunk.map((c) => toNumber(c, 'a shard coordinate'));
  const offset = located.offset;
  const local = offset.map((o, d) => toNumber(o, 'an offset in a shard') / inner[d]);
  const reader = new ShardReader(context, signal, shardCache(context));
  const bytes = await reader.chunkBytes(shard, local);
  if (!bytes) return filledChunk(context, inner.slice(), sharding.codecs);
  const key = `${context.chunkKey(shard)}[${local.join(',')}]`;
  return decoded(context, await sharding.chains.forShape(inner), bytes, key);
}
