// sharding_indexed on a rectilinear outer grid with a regular inner chunk
// shape. Shards are checked byte by byte (the index of offsets and byte
// counts, 2^64 - 1 for empty inner chunks, its crc32c), read back through the
// reference reader, and on a regular outer grid through zarrita's own get.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { open, get, set, create, crc32c } from 'zarr-rectilinear/zarrita';
import { assertMatchesReference, logical, recordingStore, referenceGet, sharding, tempStore } from './support.mjs';

const EMPTY = 2n ** 64n - 1n;

// Shape [10, 9]; shards [[4, 6], [3, 6]]; inner chunks [2, 3].
async function sharded(t, extra = {}, dtype = 'int32') {
  const { store } = tempStore(t);
  const arr = await create(store, { path: 's', shape: [10, 9], chunk_shapes: [[4, 6], [3, 6]], dtype, fill_value: -1, codecs: [sharding([2, 3], extra)] });
  return { store, arr };
}

const grid90 = () => Int32Array.from({ length: 90 }, (_, n) => 10 * Math.floor(n / 9) + (n % 9));

// The index of a shard written with index_location "end".
function indexOf(shard, count) {
  const size = 16 * count + 4;
  const index = shard.subarray(shard.length - size);
  const view = new DataView(index.buffer, index.byteOffset, size);
  return {
    crcOk: view.getUint32(16 * count, true) === crc32c(index.subarray(0, 16 * count)),
    entries: Array.from({ length: count }, (_, k) => [view.getBigUint64(16 * k, true), view.getBigUint64(16 * k + 8, true)]),
  };
}

test('a sharded array writes one key per shard and reads back', async (t) => {
  const { store, arr } = await sharded(t);
  await set(arr, null, { data: grid90(), shape: [10, 9] });
  for (const key of ['/s/c/0/0', '/s/c/0/1', '/s/c/1/0', '/s/c/1/1']) assert.ok(await store.get(key), key);
  const whole = await get(await open(store, { path: 's' }));
  assert.deepEqual(Array.from(whole.data), Array.from(grid90()));
  assertMatchesReference(whole, await referenceGet(store, 's', []));
});

test('the shard index holds offsets and byte counts in C order, then its crc32c', async (t) => {
  const { store, arr } = await sharded(t);
  await set(arr, null, { data: grid90(), shape: [10, 9] });
  // Shard (0, 0) has shape [4, 3]: inner chunks [2, 1] of 2 * 3 * 4 = 24 bytes.
  const shard = new Uint8Array(await store.get('/s/c/0/0'));
  const { crcOk, entries } = indexOf(shard, 2);
  assert.ok(crcOk);
  assert.deepEqual(entries, [[0n, 24n], [24n, 24n]]);
  assert.equal(shard.length, 48 + 36);
  assert.deepEqual(Array.from(new Int32Array(shard.slice(24, 48).buffer)), [20, 21, 22, 30, 31, 32]);
});

test('inner chunks never written are empty in the index: 2^64 - 1 twice', async (t) => {
  const { store, arr } = await sharded(t);
  await set(arr, [zarr.slice(4, 6), zarr.slice(3, 6)], 5); // inner chunk (0, 0) of shard (1, 1)
  const shard = new Uint8Array(await store.get('/s/c/1/1'));
  const { entries } = indexOf(shard, 3 * 2);
  assert.deepEqual(entries[0], [0n, 24n]);
  for (const entry of entries.slice(1)) assert.deepEqual(entry, [EMPTY, EMPTY]);
  assert.equal(await store.get('/s/c/0/0'), undefined);
  const r = await get(arr, [zarr.slice(3, 7), zarr.slice(2, 7)]);
  assertMatchesReference(r, await referenceGet(store, 's', [zarr.slice(3, 7), zarr.slice(2, 7)]));
  assert.deepEqual(logical(r).slice(5, 10), [-1, 5, 5, 5, -1]);
});

test('a partial write rewrites the shard and keeps its other inner chunks', async (t) => {
  const { store, arr } = await sharded(t);
  await set(arr, null, { data: grid90(), shape: [10, 9] });
  const before = new Uint8Array(await store.get('/s/c/1/1'));
  await set(arr, [7, 8], 1000); // one element in inner chunk (1, 1) of shard (1, 1)
  const after = new Uint8Array(await store.get('/s/c/1/1'));
  assert.equal(after.length, before.length);
  const expected = grid90();
  expected[7 * 9 + 8] = 1000;
  assert.deepEqual(Array.from((await get(arr)).data), Array.from(expected));
  // Inner chunk (0, 0) of the shard is untouched: same bytes.
  const { entries: old } = indexOf(before, 6);
  const { entries: now } = indexOf(after, 6);
  const bytesAt = (shard, [offset, n]) => Array.from(shard.subarray(Number(offset), Number(offset + n)));
  assert.deepEqual(bytesAt(after, now[0]), bytesAt(before, old[0]));
});

test('index_location "start" puts the index first and offsets after it', async (t) => {
  const { store, arr } = await sharded(t, { index_location: 'start' });
  await set(arr, null, { data: grid90(), shape: [10, 9] });
  const shard = new Uint8Array(await store.get('/s/c/0/0'));
  const view = new DataView(shard.buffer, shard.byteOffset);
  assert.equal(view.getBigUint64(0, true), 36n, 'the first inner chunk starts after the 36-byte index');
  assert.equal(view.getUint32(32, true), crc32c(shard.subarray(0, 32)));
  const whole = await get(await open(store, { path: 's' }));
  assertMatchesReference(whole, await referenceGet(store, 's', []));
});

test('inner codecs: transpose, big-endian bytes, gzip and crc32c inside each inner chunk', async (t) => {
  const { store, arr } = await sharded(t, {
    codecs: [
      { name: 'transpose', configuration: { order: [1, 0] } },
      { name: 'bytes', configuration: { endian: 'big' } },
      { name: 'gzip', configuration: { level: 1 } },
      { name: 'crc32c' },
    ],
  });
  await set(arr, null, { data: grid90(), shape: [10, 9] });
  const sel = [zarr.slice(1, 10, 2), [8, 0, 4]];
  assertMatchesReference(await get(arr, sel), await referenceGet(store, 's', sel));
  assert.equal(arr.codecChainCount, 1, 'every inner chunk has one shape');
});

test('a missing shard and a missing inner chunk read as the fill value', async (t) => {
  const { arr } = await sharded(t);
  await set(arr, [zarr.slice(0, 2), zarr.slice(0, 3)], 3);
  const r = await get(arr, [zarr.slice(0, 5), zarr.slice(0, 4)]);
  assert.deepEqual(logical(r), [3, 3, 3, -1, 3, 3, 3, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1]);
});

test('reads take the index by a suffix range, once per shard, and only the selected inner chunks', async (t) => {
  const { store, arr } = await sharded(t);
  await set(arr, null, { data: grid90(), shape: [10, 9] });
  const recording = recordingStore(store);
  const reopened = await open(recording, { path: 's' });
  await get(reopened, [zarr.slice(4, 10, 5), zarr.slice(3, 9)]); // rows 4 and 9 of shard row 1
  const suffixes = recording.ranges.filter((r) => 'suffixLength' in r);
  assert.deepEqual(suffixes.map((r) => [r.key, r.suffixLength]), [['/s/c/1/1', 3 * 2 * 16 + 4]]);
  const inner = recording.ranges.filter((r) => 'offset' in r);
  assert.equal(inner.length, 4, 'inner rows 0 and 2, columns 0 and 1');
  assert.ok(inner.every((r) => r.length === 24));
});

test('a store without getRange reads whole shards', async (t) => {
  const { store, arr } = await sharded(t);
  await set(arr, null, { data: grid90(), shape: [10, 9] });
  const noRanges = { get: (key, opts) => store.get(key, opts) };
  const r = await get(await open(noRanges, { path: 's' }), [[9, 0], zarr.slice(0, 9, 4)]);
  assertMatchesReference(r, await referenceGet(store, 's', [[9, 0], zarr.slice(0, 9, 4)]));
});

test('on a store with get alone, each shard is read whole once and its index used, with any inner codecs', async (t) => {
  for (const extra of [{}, { index_location: 'start', codecs: [{ name: 'bytes', configuration: { endian: 'big' } }, { name: 'gzip', configuration: { level: 1 } }] }]) {
    const { store, arr } = await sharded(t, extra);
    await set(arr, null, { data: grid90(), shape: [10, 9] });
    // A store that has nothing but get: no getRange, no set, no other method.
    const plain = recordingStore({ get: (key) => store.get(key) });
    assert.equal(plain.getRange, undefined);
    const opened = await open(plain, { path: 's' });
    const whole = await get(opened, null, { concurrency: 4 });
    assert.deepEqual(Array.from(whole.data), Array.from(grid90()));
    assert.deepEqual(plain.reads.filter((k) => k.includes('/c/')).sort(), ['/s/c/0/0', '/s/c/0/1', '/s/c/1/0', '/s/c/1/1'], 'one read per shard');
    assertMatchesReference(await get(opened, [zarr.slice(3, 9), 4]), await referenceGet(store, 's', [zarr.slice(3, 9), 4]));
    assert.deepEqual([...(await opened.getChunk([2, 1])).data], [43, 44, 45, 53, 54, 55]);
  }
});

test('inner chunks past the array\'s end inside the last shard are neither written nor read', async (t) => {
  // Shape 7 with shards [4, 8]; inner 2: shard 1 holds inner chunks at 4, 6, 8, 10;
  // 8 and 10 lie past the end.
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [7], chunk_shapes: [[4, 8]], dtype: 'uint8', codecs: [sharding([2])] });
  await set(arr, null, { data: Uint8Array.of(1, 2, 3, 4, 5, 6, 7), shape: [7] });
  const shard = new Uint8Array(await store.get('/c/1'));
  const { entries } = indexOf(shard, 4);
  assert.deepEqual(entries.slice(2), [[EMPTY, EMPTY], [EMPTY, EMPTY]]);
  assert.deepEqual(entries[1], [2n, 2n], 'the partial inner chunk keeps its declared length');
  assert.deepEqual(Array.from((await get(arr)).data), [1, 2, 3, 4, 5, 6, 7]);
});

test('an inner chunk shape that does not divide every shard edge is an InvalidMetadataError', async (t) => {
  const { store } = tempStore(t);
  await assert.rejects(
    create(store, { shape: [10, 9], chunk_shapes: [[4, 6], [3, 6]], dtype: 'int8', codecs: [sharding([4, 3])] }),
    (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && /chunk_shape\[0\] = 4 does not divide the shard edge 6 on axis 0/.test(e.message),
  );
  await assert.rejects(
    create(store, { shape: [10], chunk_shapes: [5], dtype: 'int8', codecs: [sharding([2])] }),
    (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && /does not divide the shard edge 5/.test(e.message),
  );
  // Overflow edges count too: [4, 4, 6] on length 8.
  await assert.rejects(create(store, { shape: [8], chunk_shapes: [[4, 4, 6]], dtype: 'int8', codecs: [sharding([4])] }), /does not divide the shard edge 6/);
});

test('a shard index whose crc32c does not match is a CodecPipelineError', async (t) => {
  const { store, arr } = await sharded(t);
  await set(arr, null, 1);
  const shard = new Uint8Array(await store.get('/s/c/0/1'));
  shard[shard.length - 10] ^= 0xff;
  await store.set('/s/c/0/1', shard);
  await assert.rejects(get(arr), (e) => zarr.isZarritaError(e, 'CodecPipelineError') && /crc32c/.test(e.message) && e.chunkPath === '/s/c/0/1');
});

test('{blocks} on a sharded array counts shards', async (t) => {
  const { arr } = await sharded(t);
  await set(arr, null, { data: grid90(), shape: [10, 9] });
  const r = await get(arr, [{ blocks: [1, 2] }, { blocks: [0, 1] }]);
  assert.deepEqual(r.shape, [6, 3]);
  assert.equal(r.data[0], 40);
});

test('zarrita reads a sharded array we wrote on a regular outer grid', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, {
    shape: [12, 10],
    chunk_shape: [6, 4],
    dtype: 'float32',
    fill_value: 0,
    codecs: [sharding([3, 2], { codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'gzip', configuration: { level: 1 } }] })],
  });
  await set(arr, [zarr.slice(1, 11), zarr.slice(0, 9)], { data: Float32Array.from({ length: 90 }, (_, i) => i / 4), shape: [10, 9] });
  const theirs = await zarr.get(await zarr.open.v3(store, { kind: 'array' }), null);
  const ours = await get(arr, null);
  assert.deepEqual(logical(ours), logical(theirs));
});

test('nested sharding and codecs around sharding_indexed are UnsupportedErrors', async (t) => {
  const { store } = tempStore(t);
  await assert.rejects(
    create(store, { shape: [4], chunk_shapes: [[4]], dtype: 'int8', codecs: [sharding([2], { codecs: [sharding([1])] })] }),
    (e) => zarr.isZarritaError(e, 'UnsupportedError') && /nested/.test(e.message),
  );
  await assert.rejects(
    create(store, { shape: [4], chunk_shapes: [[4]], dtype: 'int8', codecs: [sharding([2]), { name: 'crc32c' }] }),
    (e) => zarr.isZarritaError(e, 'UnsupportedError'),
  );
});

test('a write that rewrites every inner chunk of a shard reads nothing; a partial one reads the shard', async (t) => {
  const { store } = await sharded(t);
  const recording = recordingStore(store);
  const arr = await open(recording, { path: 's' });
  recording.reads.length = 0;
  await set(arr, [zarr.slice(4, 10), zarr.slice(3, 9)], 8); // exactly shard (1, 1)
  assert.deepEqual(recording.reads, []);
  await set(arr, [5, 5], 9);
  assert.deepEqual(recording.reads, ['/s/c/1/1']);
  const r = await get(arr, [zarr.slice(4, 6), zarr.slice(4, 7)]);
  assert.deepEqual(logical(r), [8, 8, 8, 8, 9, 8]);
});
