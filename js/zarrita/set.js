// @ts-check
// set(arr, selection, value): writes whole chunks directly, and reads,
// modifies and rewrites the chunks a selection covers only in part. Sharded
// arrays are written a shard at a time: untouched inner chunks keep their
// bytes, and the index is rebuilt with its checksum. Each chunk's (or
// shard's) read-modify-write holds a lock on (store, key), so concurrent
// set calls in one process never overwrite each other's elements.
import { BoolArray } from 'zarrita';
import { contextOf } from './array.js';
import { withChunkPath } from './codec-chain.js';
import { cStrides, toCOrder } from './copy.js';
import { filled, rawOf, toRaw } from './data-type.js';
import { InvalidSelectionError } from './errors.js';
import { withKeyLock } from './lock.js';
import { chunkCoords, coversChunk, planSelection, sizeLimit, units, valueToChunk } from './plan.js';
import { concurrencyOf, runPool } from './pool.js';
import { decodeIndex, encodeShard, indexBytesOf, innerBytes, placeInShards, shardGeometry, shardSelection } from './sharding.js';
import { checkWritable, readKey, writeKey } from './store.js';
/**
 * @import { Mutable } from 'zarrita'
 * @import { RectilinearArray, Selection, SetOptions, SetValue, SupportedDataType } from '../zarrita.js'
 */

// Each element of `data` as a raw element, or the error naming its position.
function checkedRaw(type, data) {
  const raw = new type.Raw(data.length);
  for (let i = 0; i < data.length; i++) {
    try {
      raw[i] = toRaw(type, data[i]);
    } catch (error) {
      const Kind = error instanceof RangeError ? RangeError : TypeError;
      throw new Kind(`value.data[${i}]: ${/** @type {Error} */ (error).message}`, { cause: error });
    }
  }
  return raw;
}

// The value as {scalar} or {data (raw, of the array's type), stride}.
function valueOf(type, value, outShape) {
  if (value === null || typeof value !== 'object' || value instanceof BoolArray) {
    if (value instanceof BoolArray) throw new TypeError('value: found a bare BoolArray; expected a scalar or {data, shape, stride}');
    return { scalar: toRaw(type, value) };
  }
  const { data, shape } = value;
  if (!data || !Array.isArray(shape)) throw new TypeError('value: expected a scalar or a chunk {data, shape, stride?}');
  if (shape.length !== outShape.length || shape.some((n, d) => Number(n) !== outShape[d])) {
    throw new InvalidSelectionError(`value has shape [${shape.join(', ')}]; the selection has shape [${outShape.join(', ')}]`);
  }
  const size = outShape.reduce((a, b) => a * b, 1);
  if (data.length < size) throw new InvalidSelectionError(`value.data holds ${data.length} elements; shape [${shape.join(', ')}] needs ${size}`);
  let raw = rawOf(data);
  // A typed array of the array's own type is taken as it is; anything else
  // is checked element by element.
  const exact = raw instanceof type.Raw && (type.kind !== 'bool' || data instanceof BoolArray);
  if (!exact) raw = checkedRaw(type, raw);
  return { data: raw, stride: value.stride ? value.stride.map(Number) : cStrides(outShape) };
}

async function decode(chain, bytes, key) {
  try {
    return await chain.decode(bytes);
  } catch (error) {
    throw withChunkPath(error, key);
  }
}

async function encode(chain, raw, key) {
  try {
    return await chain.encode(raw);
  } catch (error) {
    throw withChunkPath(error, key);
  }
}

// The new contents of one chunk: fill value where the chunk is new or
// wholly overwritten, its old contents otherwise, then the value on top.
async function updatedChunk({ type, fillValue }, chain, shape, existing, covered, axes, at, value, key) {
  const size = shape.reduce((a, b) => a * b, 1);
  let data;
  if (!existing || covered) data = filled(type, fillValue, size);
  else data = toCOrder(await decode(chain, existing, key), type.Raw);
  valueToChunk(axes, at, value, data, cStrides(shape));
  return data;
}

function* chunkTasks(context, axes, value, signal) {
  const { grid, store } = context;
  for (const at of units(axes)) {
    yield async () => {
      const coords = chunkCoords(axes, at);
      const key = context.chunkKey(coords);
      const shape = grid.chunkShape(coords);
      const covered = coversChunk(axes, at, grid.chunkDataShape(coords));
      const chain = await context.chains.forShape(shape);
      if (covered) {
        // A whole-chunk write reads nothing, but still waits its turn, so
        // that writes to one chunk land in the order they were made.
        const data = await updatedChunk(context, chain, shape, undefined, true, axes, at, value, key);
        const bytes = await encode(chain, data, key);
        await withKeyLock(store, key, () => writeKey(store, key, bytes), signal);
        return;
      }
      await withKeyLock(store, key, async () => {
        const existing = await readKey(store, key, signal);
        const data = await updatedChunk(context, chain, shape, existing, false, axes, at, value, key);
        await writeKey(store, key, await encode(chain, data, key));
      }, signal);
    };
  }
}

function* shardTasks(context, axes, value, signal) {
  const { grid, sharding, store } = context;
  const placement = placeInShards(grid, sharding, axes);
  const arrayShape = grid.shape.map(Number);
  // Group the inner chunks by shard: each shard is rewritten by one task.
  const shards = new Map();
  for (const at of units(axes)) {
    const shard = placement.map((p, d) => p.shards[at[d]]);
    const key = context.chunkKey(shard);
    if (!shards.has(key)) shards.set(key, { shard, items: [] });
    shards.get(key).items.push(at);
  }
  for (const [key, { shard, items }] of shards) {
    yield () => withKeyLock(store, key, async () => {
      const { indexShape, count } = shardGeometry(context, shard);
      const chain = await sharding.chains.forShape(sharding.chunkShape);
      const indexStride = cStrides(indexShape);
      const writes = items.map((at) => {
        const local = placement.map((p, d) => p.locals[at[d]]);
        // The part of this inner chunk inside the array.
        const dataShape = sharding.chunkShape.map((c, d) => Math.max(0, Math.min(c, arrayShape[d] - axes[d].chunks[at[d]] * c)));
        return { at, local, k: local.reduce((sum, l, d) => sum + l * indexStride[d], 0), covered: coversChunk(axes, at, dataShape) };
      });
      // The old shard is needed unless every inner chunk inside the array is rewritten whole.
      const origin = grid.chunkOrigin(shard).map(Number);
      const inside = indexShape.reduce((n, m, d) => n * Math.min(m, Math.ceil(Math.max(0, arrayShape[d] - origin[d]) / sharding.chunkShape[d])), 1);
      const rewritesAll = writes.length === inside && writes.every((w) => w.covered);
      const whole = rewritesAll ? undefined : await readKey(store, key, signal);
      const index = whole ? await decodeIndex(context, indexShape, await indexBytesOf(context, indexShape, whole, key), key) : null;
      const localOf = (k) => indexShape.map((_, d) => Math.floor(k / indexStride[d]) % indexShape[d]);
      const pieces = Array.from({ length: count }, (_, k) => (index ? innerBytes(index, localOf(k), whole, key) : undefined));
      for (const { at, local, k, covered } of writes) {
        const innerKey = `${key}[${local.join(',')}]`;
        const data = await updatedChunk(context, chain, sharding.chunkShape, pieces[k], covered, axes, at, value, innerKey);
        pieces[k] = await encode(chain, data, innerKey);
      }
      await writeKey(store, key, await encodeShard(context, indexShape, pieces));
    }, signal);
  }
}

/**
 * Writes `value` (a scalar, or {data, shape, stride?} of the selection's
 * shape) into the selection. Chunks the selection covers only in part are
 * read, modified and written back.
 */
/**
 * @template {SupportedDataType} D
 * @param {RectilinearArray<D, Mutable>} arr
 * @param {Selection | null} selection
 * @param {SetValue<D>} value
 * @param {SetOptions} [opts]
 * @returns {Promise<void>}
 */
export async function set(arr, selection, value, opts = {}) {
  const context = contextOf(arr);
  checkWritable(context.store);
  const { grid, sharding, type } = context;
  const limit = concurrencyOf(opts);
  opts.signal?.throwIfAborted();
  const checkShape = sizeLimit('set', type, opts.maxBytes);
  const { axes, outShape } = sharding
    ? planSelection(sharding.innerGrid, shardSelection(grid, selection), checkShape)
    : planSelection(grid, selection, checkShape);
  const v = valueOf(type, value, outShape);
  const tasks = sharding ? shardTasks(context, axes, v, opts.signal) : chunkTasks(context, axes, v, opts.signal);
  await runPool(tasks, limit, opts.signal);
}
