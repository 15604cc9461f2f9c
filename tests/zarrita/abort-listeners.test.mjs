// One AbortSignal over a read or write of many chunks adds one abort
// listener of ours, not one per chunk: Node prints no
// MaxListenersExceededWarning, whatever the size of the read, the
// concurrency, or the number of calls sharing the signal. The listener is
// gone once the calls are done, and an abort still stops them all.
import test from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import * as zarr from 'zarrita';
import { open, get, set, create } from 'zarr-rectilinear/zarrita';

// Every process warning emitted while fn runs (and one turn after).
async function warningsDuring(fn) {
  const seen = [];
  const listener = (warning) => seen.push(warning);
  process.on('warning', listener);
  try {
    await fn();
    await new Promise((r) => setTimeout(r, 10));
  } finally {
    process.off('warning', listener);
  }
  return seen.map((w) => `${w.name}: ${w.message}`);
}

// A store in a Map that answers each read after a timer: many reads wait at once.
function slowStore() {
  const map = new Map();
  const later = (value) => new Promise((r) => setTimeout(() => r(value), 1));
  return {
    map,
    get: (key) => later(map.get(key)),
    getRange: (key, range) => {
      const bytes = map.get(key);
      if (!bytes) return later(undefined);
      const start = 'suffixLength' in range ? bytes.length - range.suffixLength : range.offset;
      return later(bytes.subarray(start, 'suffixLength' in range ? bytes.length : start + range.length));
    },
    set: async (key, value) => void map.set(key, value.slice()),
  };
}

const SHARDED = [{
  name: 'sharding_indexed',
  configuration: {
    chunk_shape: [2, 2],
    codecs: [{ name: 'bytes', configuration: { endian: 'little' } }],
    index_codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'crc32c' }],
  },
}];

for (const [label, codecs] of [['unsharded', undefined], ['sharded', SHARDED]]) {
  test(`a read and a write of 400 chunks with one signal print no warning (${label})`, async () => {
    const store = slowStore();
    const arr = await create(store, { shape: [40, 40], chunk_shapes: [[4, 36], [4, 36]], dtype: 'uint16', codecs });
    const chunks = await open(store, { kind: 'array' });
    const controller = new AbortController();
    const { signal } = controller;
    const data = Uint16Array.from({ length: 1600 }, (_, i) => i);
    const warnings = await warningsDuring(async () => {
      await set(arr, null, { data, shape: [40, 40] }, { signal, concurrency: 64 });
      const whole = await get(arr, null, { signal, concurrency: 64 });
      assert.deepEqual(Array.from(whole.data), Array.from(data));
      // Many calls at once on the same signal, and getChunk over every chunk.
      await Promise.all([
        ...Array.from({ length: 20 }, (_, i) => get(chunks, [i, null], { signal, concurrency: 32 })),
        ...Array.from({ length: 20 }, (_, i) => set(arr, [zarr.slice(2 * i, 2 * i + 2), null], 7, { signal })),
        ...Array.from({ length: 20 }, (_, i) => chunks.getChunk([i % chunks.chunkGrid.gridShape[0], 0], { signal })),
      ]);
    });
    assert.deepEqual(warnings, []);
    assert.equal(getEventListeners(signal, 'abort').length, 0, 'no listener left once the calls are done');
    // An abort still reaches every call in flight.
    const pending = [get(arr, null, { signal }), set(arr, null, 1, { signal }), chunks.getChunk([1, 1], { signal })];
    assert.ok(getEventListeners(signal, 'abort').length <= 1);
    controller.abort(new Error('enough'));
    for (const call of pending) await assert.rejects(call, /enough/);
  });
}
