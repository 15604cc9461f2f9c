// Defects found in review of js/zarrita/: each test fails before its fix.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { create, createGroup, consolidateMetadata, get, open, set, withConsolidatedMetadata } from 'zarr-rectilinear/zarrita';
import { sharding } from './support.mjs';

// A Map store with ranged reads. Each read takes its bytes when it is made;
// `hold(predicate)` delays the answer of the reads it matches (a slow
// response) until `release()`.
function rangedStore() {
  const map = new Map();
  let held = null;
  let gate = null;
  let open = () => {};
  const slow = async (key, range, bytes) => {
    if (held?.(key, range)) await gate;
    return bytes;
  };
  const cut = (bytes, range) => {
    if (!bytes) return undefined;
    if (range === undefined) return bytes;
    if ('suffixLength' in range) return bytes.slice(bytes.length - range.suffixLength);
    return bytes.slice(range.offset, range.offset + range.length);
  };
  return {
    map,
    get: (key) => slow(key, undefined, cut(map.get(key))),
    getRange: (key, range) => slow(key, range, cut(map.get(key), range)),
    set: async (key, value) => void map.set(key, value),
    hold(predicate) {
      held = predicate;
      gate = new Promise((resolve) => { open = resolve; });
    },
    release() {
      held = null;
      open();
    },
  };
}

test('getChunk of a sharded array never gives another inner chunk\'s bytes when a set rewrites the shard while its index is in flight', async () => {
  const store = rangedStore();
  const arr = await create(store, { path: 's', shape: [4], chunk_shapes: [[4]], dtype: 'int32', fill_value: 0, codecs: [sharding([2])] });
  await set(arr, [zarr.slice(2, 4)], { data: Int32Array.of(7, 8), shape: [2] }); // inner chunk 1 alone, at offset 0
  // The index read takes the old index now and answers late.
  store.hold((key, range) => key === '/s/c/0' && range && 'suffixLength' in range);
  const reading = arr.getChunk([1]);
  await new Promise((r) => setTimeout(r, 10));
  // Inner chunk 0 is written: it now lies at offset 0, inner chunk 1 after it.
  await set(arr, [zarr.slice(0, 2)], { data: Int32Array.of(1, 2), shape: [2] });
  store.release();
  const chunk = await reading;
  // Old or new, inner chunk 1 holds 7, 8; never inner chunk 0's 1, 2.
  assert.deepEqual(Array.from(chunk.data), [7, 8]);
});

test('get of a sharded array never gives another inner chunk\'s bytes when a set rewrites the shard while its index is in flight', async () => {
  const store = rangedStore();
  const arr = await create(store, { path: 's', shape: [4], chunk_shapes: [[4]], dtype: 'int32', fill_value: 0, codecs: [sharding([2])] });
  await set(arr, [zarr.slice(2, 4)], { data: Int32Array.of(7, 8), shape: [2] });
  store.hold((key, range) => key === '/s/c/0' && range && 'suffixLength' in range);
  const reading = get(arr, [zarr.slice(2, 4)]);
  await new Promise((r) => setTimeout(r, 10));
  await set(arr, [zarr.slice(0, 2)], { data: Int32Array.of(1, 2), shape: [2] });
  store.release();
  assert.deepEqual(Array.from((await reading).data), [7, 8]);
});
