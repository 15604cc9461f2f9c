// @ts-check
// get(arr, selection): zarrita's get for rectilinear and regular grids.
// The selection is projected by the ChunkGrid; each chunk that holds a
// selected element is fetched (in parallel, bounded), decoded by the codec
// chain built for its declared shape, and its selected elements copied out.
// Missing chunks leave the fill value in place.
import { contextOf } from './array.js';
import { withChunkPath } from './codec-chain.js';
import { cStrides } from './copy.js';
import { filled, scalarOf, wrap } from './data-type.js';
import { chunkCoords, chunkToOutput, declaredShapes, planSelection, sizeLimit, unitCount, units } from './plan.js';
import { after, concurrencyOf, isPromiseLike, runPool } from './pool.js';
import { placeInShards, shardSelection, ShardReader } from './sharding.js';
import { readKey } from './store.js';
/**
 * @import { Readable } from 'zarrita'
 * @import { Integer } from '../index.js'
 * @import { GetOptions, NdArray, RectilinearArray, ScalarFor, Selection, SupportedDataType } from '../zarrita.js'
 */

// A decoded chunk (or a promise of it), its errors naming the chunk.
function decode(chain, bytes, key) {
  let chunk;
  try {
    chunk = chain.decode(bytes);
  } catch (error) {
    throw withChunkPath(error, key);
  }
  return isPromiseLike(chunk) ? chunk.catch((error) => { throw withChunkPath(error, key); }) : chunk;
}

// One task per chunk: fetch, then decode and copy into `out`. The fetch
// holds a slot of the pool (opts.concurrency bounds fetches); decoding that
// answers with a promise (gzip) is detached, so that it holds none. Each
// step waits only when it has to: chunks from a store that answers at once
// are copied without a promise between them.
function* readTasks(context, axes, out, outStride, signal, shardCache) {
  const { grid, sharding, store } = context;
  const copy = (detach, chain, bytes, key, at) => {
    const done = after(chain, (c) => after(decode(c, bytes, key), (chunk) => chunkToOutput(axes, at, chunk, out, outStride)));
    if (isPromiseLike(done)) detach(done);
  };
  if (!sharding) {
    const { chains } = context;
    const shapeOf = declaredShapes(grid, context.regularChunkShape, axes);
    for (const at of units(axes)) {
      yield (detach) => {
        const key = context.chunkKey(chunkCoords(axes, at));
        return after(readKey(store, key, signal), (bytes) => {
          if (!bytes) return;
          const shape = shapeOf(at);
          copy(detach, chains.built(shape) ?? chains.forShape(shape), bytes, key, at);
        });
      };
    }
    return;
  }
  const placement = placeInShards(grid, sharding, axes);
  const reader = new ShardReader(context, signal, shardCache);
  const { chains, chunkShape } = sharding;
  for (const at of units(axes)) {
    yield async (detach) => {
      const shard = placement.map((p, d) => p.shards[at[d]]);
      const local = placement.map((p, d) => p.locals[at[d]]);
      const bytes = await reader.chunkBytes(shard, local);
      if (!bytes) return;
      copy(detach, chains.built(chunkShape) ?? chains.forShape(chunkShape), bytes, `${context.chunkKey(shard)}[${local.join(',')}]`, at);
    };
  }
}

/**
 * Reads a selection: one entry per axis, each an integer (negative counts
 * from the end), a slice ({start, stop, step} or zarr.slice), null, an
 * integer array or a boolean mask. Gives {data, shape, stride} (C order),
 * or a scalar when every axis is an integer.
 */
/**
 * @template {SupportedDataType} D
 * @overload
 * @param {RectilinearArray<D, Readable>} arr
 * @param {null} [selection]
 * @param {GetOptions} [opts]
 * @returns {Promise<NdArray<D>>}
 */
/**
 * @template {SupportedDataType} D
 * @overload
 * @param {RectilinearArray<D, Readable>} arr
 * @param {readonly Integer[]} selection
 * @param {GetOptions} [opts]
 * @returns {Promise<ScalarFor<D>>}
 */
/**
 * @template {SupportedDataType} D
 * @overload
 * @param {RectilinearArray<D, Readable>} arr
 * @param {Selection} selection
 * @param {GetOptions} [opts]
 * @returns {Promise<NdArray<D>>}
 */
/**
 * @param {RectilinearArray<SupportedDataType, Readable>} arr
 * @param {Selection | readonly Integer[] | null} [selection]
 * @param {GetOptions} [opts]
 * @returns {Promise<ScalarFor<SupportedDataType> | NdArray>}
 */
export async function get(arr, selection = null, opts = {}) {
  const context = contextOf(arr);
  const { grid, sharding, type, fillValue } = context;
  const signal = opts.signal;
  signal?.throwIfAborted();
  const limit = concurrencyOf(opts);
  const checkShape = sizeLimit('get', type, opts.maxBytes);
  const { axes, outShape } = sharding
    ? planSelection(sharding.innerGrid, shardSelection(grid, selection), checkShape)
    : planSelection(grid, selection, checkShape);
  const out = filled(type, fillValue, outShape.reduce((a, b) => a * b, 1));
  const outStride = cStrides(outShape);
  // The shards this call reads, held by the call alone (read again after
  // a write of one meanwhile: js/zarrita/read-caches.js).
  const shardCache = sharding ? new Map() : null;
  // No more workers than chunks: a small read starts no idle ones.
  await runPool(readTasks(context, axes, out, outStride, signal, shardCache), Math.min(limit, unitCount(axes)), signal);
  if (outShape.length === 0) return scalarOf(type, out[0]);
  return { data: wrap(type, out), shape: outShape, stride: outStride };
}
