// What zarr-python 3.4 writes beyond zarrita.js, read as a user opens it:
// reshape before sharding validates and reads, an unknown codec is named by
// open, variable_length_bytes reads as Uint8Arrays, numcodecs.bz2 is
// decoded, and data_type in its extension-point form opens. The stores
// here are written by hand; tests/zarrita/falcon.test.mjs reads zarr-python's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as zarr from 'zarrita';
import { validateMetadata } from 'zarr-rectilinear';
import { get, open } from 'zarr-rectilinear/zarrita';
import { memoryStore, sharding } from './support.mjs';

const encoder = new TextEncoder();
const bytesCodec = { name: 'bytes', configuration: { endian: 'little' } };
const rect = (chunkShapes) => ({ name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: chunkShapes } });

function arrayDoc(over) {
  return { zarr_format: 3, node_type: 'array', shape: [4, 6], data_type: 'int32', chunk_grid: rect([[4], [6]]), chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [bytesCodec], attributes: {}, ...over };
}

async function storeWith(doc, chunks = {}) {
  const store = memoryStore();
  await store.set('/zarr.json', encoder.encode(JSON.stringify(doc)));
  for (const [key, bytes] of Object.entries(chunks)) await store.set(`/${key}`, bytes);
  return store;
}

const int32Bytes = (values) => new Uint8Array(Int32Array.from(values).buffer);

test('a sharding codec after reshape is checked at the rank reshape makes', () => {
  const doc = arrayDoc({ codecs: [{ name: 'reshape', configuration: { shape: [[0, 1]] } }, sharding([12])] });
  const v = validateMetadata(JSON.stringify(doc), { strict: true });
  assert.deepEqual([v.errors, v.warnings], [[], []]);
  const wrong = validateMetadata(JSON.stringify(arrayDoc({ codecs: [{ name: 'reshape', configuration: { shape: [[0, 1]] } }, sharding([2, 6])] })));
  assert.deepEqual(wrong.errors.map((e) => [e.path, e.code]), [['/codecs/1/configuration/chunk_shape', 'AXIS_COUNT']]);
});

test('after a codec it does not know, the validator checks no rank, and open names that codec', async () => {
  const doc = arrayDoc({ codecs: [{ name: 'mystery-reshape', configuration: {} }, sharding([12])] });
  const v = validateMetadata(JSON.stringify(doc));
  assert.deepEqual(v.errors, []);
  assert.deepEqual(v.warnings.map((w) => [w.path, w.code]), [['/codecs/0/name', 'UNKNOWN_EXTENSION']]);
  await assert.rejects(open(await storeWith(doc), { kind: 'array' }), (e) => zarr.isZarritaError(e, 'UnknownCodecError') && /mystery-reshape/.test(e.message));
});

test('reshape then bytes and numcodecs.bz2 reads, with a missing chunk as the fill value', async () => {
  const doc = arrayDoc({ shape: [4, 6], chunk_grid: rect([[1, 3], [6]]), codecs: [{ name: 'reshape', configuration: { shape: [-1] } }, bytesCodec, { name: 'numcodecs.bz2', configuration: { level: 1 } }] });
  const values = Array.from({ length: 18 }, (_, i) => i * 7 - 20);
  const bz2 = (bytes) => new Uint8Array(execFileSync('bzip2', ['-1', '-c'], { input: bytes }));
  const store = await storeWith(doc, { 'c/1/0': bz2(int32Bytes(values)) });
  const arr = await open(store, { kind: 'array' });
  const { data } = await get(arr);
  assert.deepEqual([...data], [0, 0, 0, 0, 0, 0, ...values]);
  // A stream that decodes to another size than the chunk's is an error naming the codec.
  await store.set('/c/0/0', bz2(int32Bytes([1, 2, 3, 4, 5, 6, 7])));
  await assert.rejects(get(arr, [0, null]), (e) => zarr.isZarritaError(e, 'CodecPipelineError') && /numcodecs\.bz2/.test(e.message) && /24 bytes/.test(e.message));
});

test('variable_length_bytes reads with vlen-bytes, each element a Uint8Array, the fill value where no chunk is', async () => {
  const doc = arrayDoc({ shape: [5], data_type: 'variable_length_bytes', chunk_grid: rect([[2, 3]]), fill_value: 'AQI=', codecs: [{ name: 'vlen-bytes', configuration: {} }] });
  const items = [[9], [], [1, 2, 3]];
  const u32 = (n) => new Uint8Array(Uint32Array.of(n).buffer);
  const chunk = new Uint8Array([...u32(3), ...items.flatMap((b) => [...u32(b.length), ...b])]);
  const arr = await open(await storeWith(doc, { 'c/1': chunk }), { kind: 'array' });
  assert.equal(arr.dtype, 'variable_length_bytes');
  const { data } = await get(arr);
  assert.ok(data.every((d) => d instanceof Uint8Array));
  assert.deepEqual(data.map((d) => [...d]), [[1, 2], [1, 2], [9], [], [1, 2, 3]]);
  // The fill value's elements are each their own: changing one changes no other, nor a later read.
  data[0][0] = 77;
  assert.deepEqual([...data[1]], [1, 2]);
  assert.deepEqual([...(await get(arr, [0]))], [1, 2]);
});

test('data_type in its extension-point form {"name": "int32"} opens as int32', async () => {
  const doc = arrayDoc({ data_type: { name: 'int32' } });
  assert.deepEqual(validateMetadata(JSON.stringify(doc), { strict: true }).errors, []);
  const arr = await open(await storeWith(doc, { 'c/0/0': int32Bytes(Array.from({ length: 24 }, (_, i) => i)) }), { kind: 'array' });
  assert.equal(arr.dtype, 'int32');
  assert.equal(await get(arr, [3, 5]), 23);
});
