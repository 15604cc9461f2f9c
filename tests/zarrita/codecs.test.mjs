// Codecs: each chunk is decoded by a chain built from zarrita's `registry`
// for that chunk's declared shape, one chain per distinct shape. The bytes
// on disk are checked against the codec specs by hand (endianness, the
// transpose layout, the crc32c trailer, the compressors' magic numbers), and
// every store is read back through the reference reader.
import test from 'node:test';
import assert from 'node:assert/strict';
import { gunzipSync } from 'node:zlib';
import * as zarr from 'zarrita';
import { open, get, set, create, crc32c } from 'zarr-rectilinear/zarrita';
import { assertMatchesReference, crc32cBitwise, random, referenceGet, tempStore } from './support.mjs';

const bytes = (endian) => ({ name: 'bytes', configuration: { endian } });

async function roundTrip(t, codecs, { dtype = 'int32', shape = [7, 5], chunk_shapes = [[3, 4], [[2, 2], 1]] } = {}) {
  const { store } = tempStore(t);
  const arr = await create(store, { path: 'a', shape, chunk_shapes, dtype, fill_value: 0, codecs });
  const n = shape.reduce((a, b) => a * b, 1);
  const Ctor = { int32: Int32Array, float64: Float64Array, uint16: Uint16Array }[dtype];
  await set(arr, null, { data: Ctor.from({ length: n }, (_, i) => i * 3 + 1), shape });
  const reopened = await open(store, { path: 'a' });
  const whole = await get(reopened);
  assertMatchesReference(whole, await referenceGet(store, 'a', []), JSON.stringify(codecs));
  return { store, arr: reopened, whole };
}

test('crc32c matches the standard check value and a bitwise implementation', () => {
  assert.equal(crc32c(new TextEncoder().encode('123456789')), 0xe3069283);
  const rand = random(7);
  for (const n of [0, 1, 3, 4, 5, 63, 1000]) {
    const data = Uint8Array.from({ length: n }, () => rand.int(0, 255));
    assert.equal(crc32c(data), crc32cBitwise(data), `length ${n}`);
  }
});

test('bytes little-endian stores each element least significant byte first', async (t) => {
  const { store } = await roundTrip(t, [bytes('little')]);
  const raw = await store.get('/a/c/0/0'); // shape [3, 2], values 1, 4, 16, 19, 31, 34
  assert.deepEqual(Array.from(raw.subarray(0, 8)), [1, 0, 0, 0, 4, 0, 0, 0]);
});

test('bytes big-endian stores each element most significant byte first', async (t) => {
  const { store } = await roundTrip(t, [bytes('big')]);
  const raw = await store.get('/a/c/0/0');
  assert.deepEqual(Array.from(raw.subarray(0, 8)), [0, 0, 0, 1, 0, 0, 0, 4]);
});

test('bytes big-endian reads back for 1-, 2- and 8-byte types', async (t) => {
  await roundTrip(t, [bytes('big')], { dtype: 'uint16' });
  await roundTrip(t, [bytes('big')], { dtype: 'float64' });
});

test('transpose stores the chunk in the permuted order', async (t) => {
  // Chunk (0, 0) has shape [3, 2] and values [[1, 4], [16, 19], [31, 34]];
  // order [1, 0] stores its transpose [[1, 16, 31], [4, 19, 34]].
  const { store } = await roundTrip(t, [{ name: 'transpose', configuration: { order: [1, 0] } }, bytes('little')]);
  const raw = new Int32Array(new Uint8Array(await store.get('/a/c/0/0')).buffer);
  assert.deepEqual(Array.from(raw), [1, 16, 31, 4, 19, 34]);
});

test('transpose of a 3-d chunk reads back through the reference', async (t) => {
  await roundTrip(t, [{ name: 'transpose', configuration: { order: [2, 0, 1] } }, bytes('big')], { shape: [5, 4, 3], chunk_shapes: [[2, 3], [1, 3], 3] });
});

test('gzip chunks are gzip streams', async (t) => {
  const { store } = await roundTrip(t, [bytes('little'), { name: 'gzip', configuration: { level: 5 } }]);
  const raw = await store.get('/a/c/1/2');
  assert.deepEqual(Array.from(raw.subarray(0, 2)), [0x1f, 0x8b]);
  assert.equal(gunzipSync(raw).length, 4 * 4 * 1);
});

test('zlib chunks read back', async (t) => {
  await roundTrip(t, [bytes('little'), { name: 'zlib', configuration: { level: 1 } }]);
});

test('zstd chunks are zstd frames', async (t) => {
  const { store } = await roundTrip(t, [bytes('little'), { name: 'zstd', configuration: { level: 3, checksum: false } }]);
  assert.deepEqual(Array.from((await store.get('/a/c/0/1')).subarray(0, 4)), [0x28, 0xb5, 0x2f, 0xfd]);
});

test('blosc chunks read back, with the v3 shuffle words', async (t) => {
  for (const shuffle of ['noshuffle', 'shuffle', 'bitshuffle']) {
    await roundTrip(t, [bytes('little'), { name: 'blosc', configuration: { cname: 'lz4', clevel: 5, shuffle, typesize: 4, blocksize: 0 } }]);
  }
});

test('crc32c appends the checksum of the encoded bytes, little-endian', async (t) => {
  const { store } = await roundTrip(t, [bytes('little'), { name: 'crc32c' }]);
  const raw = new Uint8Array(await store.get('/a/c/0/0'));
  assert.equal(raw.length, 3 * 2 * 4 + 4);
  assert.equal(new DataView(raw.buffer).getUint32(24, true), crc32c(raw.subarray(0, 24)));
});

test('a chunk whose crc32c does not match is a CodecPipelineError naming the chunk', async (t) => {
  const { store, arr } = await roundTrip(t, [bytes('little'), { name: 'crc32c' }]);
  const raw = new Uint8Array(await store.get('/a/c/0/0'));
  raw[5] ^= 1;
  await store.set('/a/c/0/0', raw);
  await assert.rejects(get(arr), (e) => zarr.isZarritaError(e, 'CodecPipelineError') && /crc32c checksum mismatch/.test(e.message) && e.chunkPath === '/a/c/0/0');
});

test('a chain of array-to-array, array-to-bytes and several bytes-to-bytes codecs', async (t) => {
  await roundTrip(t, [
    { name: 'transpose', configuration: { order: [1, 0] } },
    bytes('big'),
    { name: 'zstd', configuration: { level: 1, checksum: false } },
    { name: 'crc32c' },
  ]);
});

test('one codec chain is built per distinct declared chunk shape, and reused', async (t) => {
  // Edges [3, 4] x [2, 2, 1]: shapes [3, 2], [3, 1], [4, 2], [4, 1].
  const { arr } = await roundTrip(t, [bytes('little')]);
  assert.equal(arr.codecChainCount, 4);
  await get(arr);
  assert.equal(arr.codecChainCount, 4);
  const { store } = tempStore(t);
  const runs = await create(store, { shape: [100], chunk_shapes: [[[10, 9], 10]], dtype: 'uint8' });
  await set(runs, null, 1);
  await get(runs);
  assert.equal(runs.codecChainCount, 1, 'ten chunks of 10, one shape');
});

test('an edge chunk is encoded at its declared shape, padded with the fill value', async (t) => {
  // Shape 5 with edges [4, 4]: chunk 1 holds one element and three of padding.
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [5], chunk_shapes: [[4, 4]], dtype: 'int16', fill_value: -9 });
  await set(arr, null, { data: Int16Array.of(1, 2, 3, 4, 5), shape: [5] });
  const raw = await store.get('/c/1');
  assert.deepEqual(Array.from(new Int16Array(new Uint8Array(raw).buffer)), [5, -9, -9, -9]);
});

test('a codec missing from zarrita\'s registry is an UnknownCodecError at open', async (t) => {
  const { store } = tempStore(t);
  await assert.rejects(create(store, { shape: [2], chunk_shapes: [[2]], dtype: 'int8', codecs: [bytes('little'), { name: 'no-such-codec' }] }), (e) => zarr.isZarritaError(e, 'UnknownCodecError') && e.codec === 'no-such-codec');
});

test('a codec registered in zarrita\'s registry is used for every chunk shape', async (t) => {
  // A bytes-to-bytes codec that XORs every byte with its key.
  zarr.registry.set('test.xor', async () => ({
    fromConfig: ({ key }) => ({
      kind: 'bytes_to_bytes',
      encode: (b) => b.map((v) => v ^ key),
      decode: (b) => b.map((v) => v ^ key),
    }),
  }));
  t.after(() => zarr.registry.delete('test.xor'));
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [6], chunk_shapes: [[1, 2, 3]], dtype: 'uint8', codecs: [bytes('little'), { name: 'test.xor', configuration: { key: 0xff } }] });
  await set(arr, null, { data: Uint8Array.of(1, 2, 3, 4, 5, 6), shape: [6] });
  assert.deepEqual(Array.from(await store.get('/c/2')), [251, 250, 249]);
  assert.deepEqual(Array.from((await get(await open(store))).data), [1, 2, 3, 4, 5, 6]);
});

test('a chunk that fails to decompress is a CodecPipelineError naming the codec and the chunk', async (t) => {
  const { store, arr } = await roundTrip(t, [bytes('little'), { name: 'gzip', configuration: { level: 1 } }]);
  await store.set('/a/c/1/1', new Uint8Array([1, 2, 3, 4, 5]));
  await assert.rejects(get(arr), (e) => zarr.isZarritaError(e, 'CodecPipelineError') && e.codec === 'gzip' && e.chunkPath === '/a/c/1/1');
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
