// A reader that fails fast and clearly: get refuses an output past its limit
// (set, a selection past it) before any per-element work; an aborted signal settles get at once whatever
// the store does; a chunk that decodes to the wrong length (a blosc frame cut
// short) is an error naming its key; a one-byte type ignores endian.
import test from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import * as zarr from 'zarrita';
import { create, get, set } from 'zarr-rectilinear/zarrita';
import { memoryStore } from './support.mjs';

const SHARDED = [{
  name: 'sharding_indexed',
  configuration: {
    chunk_shape: [1000, 1000],
    codecs: [{ name: 'bytes', configuration: { endian: 'little' } }],
    index_codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'crc32c' }],
  },
}];

test('get refuses an output past maxBytes before building per-element lists', async () => {
  for (const [label, opts] of [['unsharded', { chunk_shape: [1000, 1000] }], ['sharded', { chunk_shape: [10000, 10000], codecs: SHARDED }]]) {
    const arr = await create(memoryStore(), { shape: [2e7, 2e7], dtype: 'float64', ...opts });
    const heap = process.memoryUsage().heapUsed;
    const started = performance.now();
    await assert.rejects(get(arr, null), (e) => e instanceof RangeError
      && e.message.includes('[20000000, 20000000]') && e.message.includes('3200000000000000 bytes') && e.message.includes('4294967296'), label);
    await assert.rejects(get(arr, [{ start: 0, stop: 2e7, step: 3 }, null]), (e) => e instanceof RangeError && e.message.includes('[6666667, 20000000]'));
    const ms = performance.now() - started;
    assert.ok(ms < 1500, `${label}: took ${ms.toFixed(0)} ms`);
    assert.ok(process.memoryUsage().heapUsed - heap < 200e6, `${label}: heap grew by ${(process.memoryUsage().heapUsed - heap) / 1e6} MB`);
  }
  // The limit is opts.maxBytes; at the limit the read goes ahead.
  const small = await create(memoryStore(), { shape: [10, 10], chunk_shape: [3, 3], dtype: 'int32' });
  await assert.rejects(get(small, null, { maxBytes: 399 }), (e) => e instanceof RangeError && e.message.includes('400 bytes') && e.message.includes('399'));
  assert.deepEqual((await get(small, [{ start: 0, stop: 10 }, [1, 2]], { maxBytes: 80 })).shape, [10, 2]);
  await assert.rejects(get(small, null, { maxBytes: NaN }), RangeError);
});

test('set refuses a selection past maxBytes before writing anything', async () => {
  for (const [label, opts] of [['unsharded', { chunk_shape: [1000, 1000] }], ['sharded', { chunk_shape: [10000, 10000], codecs: SHARDED }]]) {
    const store = memoryStore();
    const arr = await create(store, { shape: [2e7, 2e7], dtype: 'float64', ...opts });
    const keys = [...store.map.keys()];
    await assert.rejects(set(arr, null, 1), (e) => e instanceof RangeError
      && e.message.startsWith('set: ') && e.message.includes('[20000000, 20000000]') && e.message.includes('4294967296'), label);
    assert.deepEqual([...store.map.keys()], keys, `${label}: nothing written`);
  }
  const small = await create(memoryStore(), { shape: [10, 10], chunk_shape: [3, 3], dtype: 'int32' });
  await assert.rejects(set(small, null, 1, { maxBytes: 399 }), (e) => e instanceof RangeError && e.message.includes('400 bytes'));
  await set(small, null, 1, { maxBytes: 400 });
  assert.equal(await get(small, [9, 9]), 1);
  await assert.rejects(set(small, null, 1, { maxBytes: -1 }), RangeError);
});

test('an aborted signal settles get at once, even when the store ignores it', async () => {
  const inner = memoryStore();
  const arr = await create(inner, { shape: [6, 6], chunk_shapes: [[2, 4], 3], dtype: 'uint8' });
  await set(arr, null, 1);
  const sharded = await create(inner, { path: 's', shape: [6, 6], chunk_shapes: [[6], [6]], dtype: 'uint8', codecs: [{ ...SHARDED[0], configuration: { ...SHARDED[0].configuration, chunk_shape: [3, 3] } }] });
  await set(sharded, null, 1);
  const never = new Promise(() => {});
  const hanging = { get: (key) => (key.endsWith('zarr.json') ? inner.get(key) : never), getRange: () => never, set: inner.set };
  const { open } = await import('zarr-rectilinear/zarrita');
  for (const path of ['', 's']) {
    const a = await open(hanging, { path, kind: 'array' });
    const controller = new AbortController();
    const reason = new Error('user went away');
    const reading = get(a, null, { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 20);
    const started = performance.now();
    await assert.rejects(reading, (e) => e === reason);
    assert.ok(performance.now() - started < 500);
    // Without a reason: an AbortError.
    const c2 = new AbortController();
    const r2 = get(a, [0, 0], { signal: c2.signal });
    setTimeout(() => c2.abort(), 5);
    await assert.rejects(r2, (e) => e.name === 'AbortError');
    await assert.rejects(get(a, null, { signal: AbortSignal.abort() }), (e) => e.name === 'AbortError');
  }
});

test('a blosc frame cut short is an error naming the key, not a wrong value', async () => {
  const store = memoryStore();
  const arr = await create(store, { shape: [64], chunk_shapes: [[64]], dtype: 'int32', codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'blosc', configuration: { cname: 'lz4', clevel: 5, shuffle: 'noshuffle', typesize: 4, blocksize: 0 } }] });
  await set(arr, null, { data: Int32Array.from({ length: 64 }, (_, i) => i * 7919), shape: [64] });
  const full = store.map.get('/c/0');
  assert.equal((await get(arr, [63])), 63 * 7919);
  store.map.set('/c/0', full.subarray(0, full.length - 3));
  await assert.rejects(get(arr, null), (e) => e.name === 'CodecPipelineError' && e.message.includes('/c/0') && e.message.includes(`found ${full.length - 3} bytes; the blosc header gives ${full.length}`));
  store.map.set('/c/0', full.subarray(0, 10));
  await assert.rejects(get(arr, null), (e) => e.name === 'CodecPipelineError' && e.message.includes('/c/0'));
  // A gzip chunk of the wrong decoded length names its key too.
  const g = await create(store, { path: 'g', shape: [8], chunk_shapes: [[8]], dtype: 'uint16', codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'gzip', configuration: { level: 1 } }] });
  store.map.set('/g/c/0', new Uint8Array(gzipSync(new Uint8Array(14))));
  await assert.rejects(get(g, null), (e) => e.name === 'CodecPipelineError' && e.message.includes('/g/c/0') && e.message.includes('found 14 bytes; expected 16'));
});

test('a one-byte type ignores the bytes codec\'s endian (bool was swapped in groups of 4)', async () => {
  const store = memoryStore();
  for (const dtype of ['bool', 'int8', 'uint8']) {
    const arr = await create(store, { path: dtype, shape: [5], chunk_shapes: [[5]], dtype, codecs: [{ name: 'bytes', configuration: { endian: 'big' } }] });
    const data = dtype === 'bool' ? new zarr.BoolArray([true, false, false, true, true]) : (dtype === 'int8' ? Int8Array : Uint8Array).of(1, 0, 0, 1, 1);
    await set(arr, null, { data, shape: [5] });
    assert.deepEqual(Array.from(store.map.get(`/${dtype}/c/0`)), [1, 0, 0, 1, 1], dtype);
    store.map.set(`/${dtype}/c/0`, Uint8Array.of(0, 1, 1, 0, 1));
    const expected = dtype === 'bool' ? [false, true, true, false, true] : [0, 1, 1, 0, 1];
    assert.deepEqual(Array.from((await get(arr, null)).data), expected, dtype);
  }
});
