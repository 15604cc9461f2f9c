// @ts-check
// set(arr, selection, value): writes whole chunks directly, and reads,
// modifies and rewrites the chunks a selection covers only in part. Sharded
// arrays are written a shard at a time: untouched inner chunks keep their
// bytes, and the index is rebuilt with its checksum. Writes to one chunk
// (or shard) land in the order set was called (write-order.js), so
// concurrent set calls in one process never overwrite each other's
// elements, and a later
// call's elements are never overwritten by an earlier one's. A shard written
// leaves no copy of its old bytes or index in any handle's getChunk cache
// (js/zarrita/read-caches.js).
import { BoolArray } from 'zarrita';
import { contextOf } from './array.js';
import { describe } from './chunk.js';
import { withChunkPath } from './codec-chain.js';
import { cStrides, toCOrder } from './copy.js';
import { checkWritableType, filled, rawOf, toRaw } from './data-type.js';
import { InvalidSelectionError } from './errors.js';
import { orderedWrite } from './write-order.js';
import { chunkCoords, coversChunk, planSelection, sizeLimit, unitCount, units, valueToChunk } from './plan.js';
import { concurrencyOf, runPool } from './pool.js';
import { decodeIndex, encodeShard, indexBytesOf, innerBytes, placeInShards, shardGeometry, shardSelection } from './sharding.js';
import { checkWritable, readKey, writeKey } from './store.js';
/**
 * @import { Mutable } from 'zarrita'
 * @import { RectilinearArray, Selection, SetOptions, SetValue, SupportedDataType } from '../zarrita.js'
 */

// The first `length` elements of `data`, each read once, as raw elements,
// or the error naming its position.
function checkedRaw(type, data, length) {
  const raw = new type.Raw(length);
  for (let i = 0; i < length; i++) {
    try {
      raw[i] = toRaw(type, data[i]);
    } catch (error) {
      const Kind = error instanceof RangeError ? RangeError : TypeError;
      throw new Kind(`value.data[${i}]: ${/** @type {Error} */ (error).message}`, { cause: error });
    }
  }
  return raw;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

// value.shape, read once: it must equal the selection's shape.
function checkValueShape(shape, outShape) {
  if (!Array.isArray(shape)) throw new TypeError('value: expected a scalar or a chunk {data, shape, stride?}');
  const list = Array.from(shape);
  const same = list.length === outShape.length && list.every((n, d) => (typeof n === 'number' || typeof n === 'bigint') && Number(n) === outShape[d]);
  if (!same) throw new InvalidSelectionError(`value has shape [${list.map(describe).join(', ')}]; the selection has shape [${outShape.join(', ')}]`);
}

// value.stride, read once, as numbers: one non-negative integer per axis (0
// repeats an element), every element it reaches inside `data`. Without one,
// C order over at least the selection's size.
function strideOf(stride, outShape, length) {
  const size = outShape.reduce((a, b) => a * b, 1);
  if (stride === undefined || stride === null) {
    if (length < size) throw new InvalidSelectionError(`value.data holds ${length} elements; shape [${outShape.join(', ')}] needs ${size}`);
    return cStrides(outShape);
  }
  if (!Array.isArray(stride) && !ArrayBuffer.isView(stride)) throw new TypeError(`value.stride: found ${describe(stride)}; expected an array of ${outShape.length} integers`);
  const list = Array.from(/** @type {ArrayLike<unknown>} */ (stride));
  if (list.length !== outShape.length) {
    throw new RangeError(`value.stride: found ${list.length} entries; expected ${outShape.length}, one per axis of shape [${outShape.join(', ')}]`);
  }
  const steps = list.map((s, d) => {
    const ok = typeof s === 'bigint' ? s >= 0n && s <= MAX_SAFE : Number.isSafeInteger(s) && /** @type {number} */ (s) >= 0;
    if (!ok) {
      const Kind = typeof s === 'number' || typeof s === 'bigint' ? RangeError : TypeError;
      throw new Kind(`value.stride[${d}]: found ${describe(s)}; expected a non-negative integer`);
    }
    return Number(s);
  });
  if (size > 0) {
    const last = steps.reduce((sum, step, d) => sum + step * (outShape[d] - 1), 0);
    if (!(last < length)) {
      throw new RangeError(`value.stride [${steps.join(', ')}] reaches element ${last} of value.data for shape [${outShape.join(', ')}]; value.data holds ${length}`);
    }
  }
  return steps;
}

// The value as {scalar} or {data (raw, of the array's type), stride}, all
// checked before anything is written.
function valueOf(type, value, outShape) {
  if (value === null || typeof value !== 'object' || value instanceof BoolArray) {
    if (value instanceof BoolArray) throw new TypeError('value: found a bare BoolArray; expected a scalar or {data, shape, stride}');
    return { scalar: toRaw(type, value) };
  }
  const { data, shape, stride } = value;
  const length = data?.length; // read once: the stride is checked against it
  if (!data || !Number.isSafeInteger(length) || length < 0) throw new TypeError('value: expected a scalar or a chunk {data, shape, stride?}');
  checkValueShape(shape, outShape);
  const steps = strideOf(stride, outShape, length);
  let raw = rawOf(data);
  // A typed array of the array's own type is taken as it is; anything else
  // is checked element by element.
  const exact = raw instanceof type.Raw && (type.kind !== 'bool' || data instanceof BoolArray);
  if (!exact) raw = checkedRaw(type, raw, length);
  return { data: raw, stride: steps };
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

function* chunkTasks(context, axes, value, inOrder, signal) {
  const { grid, store } = context;
  for (const at of units(axes)) {
    yield async () => {
      const coords = chunkCoords(axes, at);
      const key = context.chunkKey(coords);
      const shape = grid.chunkShape(coords);
      const covered = coversChunk(axes, at, grid.chunkDataShape(coords));
      const chain = await context.chains.forShape(shape);
      // A whole-chunk write reads nothing, but is made only in its turn:
      // encoding first would let a later write to the chunk land before it.
      await inOrder(coords, key, async () => {
        const existing = covered ? undefined : await readKey(store, key, signal);
        const data = await updatedChunk(context, chain, shape, existing, covered, axes, at, value, key);
        await writeKey(store, key, await encode(chain, data, key));
      }, signal);
    };
  }
}

function* shardTasks(context, axes, placement, value, inOrder, signal) {
  const { grid, sharding, store } = context;
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
    yield () => inOrder(shard, key, async () => {
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
      // writeKey drops the shard's old index (or the shard itself, or its
      // absence) from every handle's getChunk cache.
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
  checkWritableType(type);
  const limit = concurrencyOf(opts);
  opts.signal?.throwIfAborted();
  const checkShape = sizeLimit('set', type, opts.maxBytes);
  const { axes, outShape } = sharding
    ? planSelection(sharding.innerGrid, shardSelection(grid, selection), checkShape)
    : planSelection(grid, selection, checkShape);
  const v = valueOf(type, value, outShape);
  const { store, path, read } = context;
  const { signal } = opts;
  const placement = sharding ? placeInShards(grid, sharding, axes) : null;
  // Registered now, where set is called: the order of writes is the order of calls.
  const claimAxes = placement ? placement.map((p) => p.shards) : axes.map((a) => a.chunks);
  const claim = {
    path,
    encoding: JSON.stringify(read.chunkKeyEncoding),
    axes: claimAxes,
    count: unitCount(axes), // at least the number of chunks (shards) written
    keys: () => Array.from(units(axes), (at) => context.chunkKey(claimAxes.map((c, d) => c[at[d]]))),
  };
  await orderedWrite(store, claim, (inOrder) => {
    const tasks = placement ? shardTasks(context, axes, placement, v, inOrder, signal) : chunkTasks(context, axes, v, inOrder, signal);
    // No more workers than chunks (shards), as get: a huge `concurrency` starts no idle ones.
    return runPool(tasks, Math.min(limit, unitCount(axes)), signal);
  });
}
