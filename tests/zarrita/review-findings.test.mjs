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

test('mutating what getChunk gives changes nothing in the store: a later get reads what was written', async () => {
  // zarrita's Map store and its bytes codec hand back views of the stored bytes.
  const map = new Map();
  const store = { get: (k) => map.get(k), set: (k, v) => void map.set(k, v) };
  const arr = await create(store, { path: 'a', shape: [4], chunk_shapes: [[4]], dtype: 'int32', fill_value: 0 });
  await set(arr, null, { data: Int32Array.of(1, 2, 3, 4), shape: [4] });
  const chunk = await arr.getChunk([0]);
  chunk.data[0] = 99;
  assert.deepEqual(Array.from((await get(arr)).data), [1, 2, 3, 4]);
  // A sharded array on a store without getRange: its shards are kept whole.
  const s = await create(store, { path: 's', shape: [4], chunk_shapes: [[4]], dtype: 'int32', fill_value: 0, codecs: [sharding([2])] });
  await set(s, null, { data: Int32Array.of(1, 2, 3, 4), shape: [4] });
  const inner = await s.getChunk([1]);
  inner.data[0] = 99;
  assert.deepEqual(Array.from((await s.getChunk([1])).data), [3, 4]);
  assert.deepEqual(Array.from((await get(s)).data), [1, 2, 3, 4]);
});

test('a node removed through a consolidated store (create over its parent group) no longer opens from the stale entry', async () => {
  const map = new Map();
  const base = { get: async (k) => map.get(k), set: async (k, v) => void map.set(k, v), delete: async (k) => void map.delete(k), has: async (k) => map.has(k), keys: () => map.keys() };
  await createGroup(base, {});
  await createGroup(base, { path: 'g' });
  const a = await create(base, { path: 'g/a', shape: [4], chunk_shapes: [[2, 2]], dtype: 'int32', fill_value: 0 });
  await set(a, null, { data: Int32Array.of(1, 2, 3, 4), shape: [4] });
  await consolidateMetadata(base);
  const store = await withConsolidatedMetadata(base);
  await createGroup(store, { path: 'g', overwrite: true }); // removes g/a, its zarr.json and chunks
  assert.equal(map.has('/g/a/zarr.json'), false);
  await assert.rejects(open(store, { path: 'g/a', kind: 'array' }), zarr.NotFoundError);
  assert.equal(await store.get('/g/a/zarr.json'), undefined);
});

test('a blosc frame whose header promises more decoded bytes than the chunk holds is refused before it is decoded', async () => {
  const store = new Map();
  const codecs = [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'blosc', configuration: { cname: 'lz4', clevel: 5, shuffle: 'noshuffle', typesize: 4, blocksize: 0 } }];
  const arr = await create(store, { shape: [4], chunk_shapes: [[4]], dtype: 'int32', fill_value: 0, codecs });
  await set(arr, null, { data: Int32Array.of(1, 2, 3, 4), shape: [4] });
  const frame = store.get('/c/0').slice();
  // Bytes 4..8 of the header: the decoded size. 16 for this chunk; a
  // hostile store says 800 MB, and the decoder would allocate them.
  new DataView(frame.buffer).setUint32(4, 800_000_000, true);
  store.set('/c/0', frame);
  const before = process.memoryUsage().arrayBuffers;
  await assert.rejects(get(arr), (e) => /800000000/.test(String(e.cause?.message ?? e.message)) && /16/.test(String(e.cause?.message ?? e.message)));
  assert.ok(process.memoryUsage().arrayBuffers - before < 100e6, 'no 800 MB buffer allocated');
});

test('an overwrite refused for a key the store lists under the node deletes nothing first', async () => {
  const map = new Map();
  const base = { get: async (k) => map.get(k), set: async (k, v) => void map.set(k, v), delete: async (k) => void map.delete(k), has: async (k) => map.has(k), keys: () => map.keys() };
  const a = await create(base, { path: 'a', shape: [40], chunk_shapes: [[[2, 20]]], dtype: 'int32', fill_value: 0 });
  const values = Int32Array.from({ length: 40 }, (_, i) => i + 1);
  await set(a, null, { data: values, shape: [40] });
  map.set('/a/%2e%2e', new Uint8Array(1)); // a name a store's writer chose; no key may use it
  await assert.rejects(create(base, { path: 'a', shape: [4], chunk_shapes: [[2, 2]], dtype: 'int32', fill_value: 0, overwrite: true }), /%2e%2e/);
  // The old array is whole, not its zarr.json over chunks deleted (all fill values).
  assert.deepEqual(Array.from((await get(await open(base, { path: 'a' }))).data), Array.from(values));
});
