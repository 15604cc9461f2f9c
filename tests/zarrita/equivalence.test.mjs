// Equivalence on regular grids: for regular-grid stores, our get agrees with
// zarrita's own zarr.get on random selections (integers, negative integers,
// slices with steps and out-of-range bounds, null). The stores are written
// by zarrita itself, and, for gzip (which zarrita cannot encode), by us.
//
// One known difference: zarrita throws "Input contains an empty iterator."
// for a selection that selects nothing; we give an empty result.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { open, get, set, create } from 'zarr-rectilinear/zarrita';
import { assertSameValues, logical, random, tempStore } from './support.mjs';

const STORES = [
  { name: '1-d int32, chunks of 7', shape: [50], chunkShape: [7], dtype: 'int32', codecs: [{ name: 'bytes', configuration: { endian: 'little' } }] },
  { name: '2-d float64, edge chunks, blosc', shape: [23, 17], chunkShape: [5, 6], dtype: 'float64', codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'blosc', configuration: { cname: 'zstd', clevel: 3, shuffle: 'shuffle', typesize: 8, blocksize: 0 } }] },
  { name: '2-d float32, gzip and crc32c, written by us', shape: [19, 11], chunkShape: [4, 4], dtype: 'float32', writer: 'ours', codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'gzip', configuration: { level: 1 } }, { name: 'crc32c' }] },
  { name: '3-d uint16, big-endian, F order', shape: [9, 8, 7], chunkShape: [4, 3, 7], dtype: 'uint16', codecs: [{ name: 'transpose', configuration: { order: [2, 1, 0] } }, { name: 'bytes', configuration: { endian: 'big' } }] },
  { name: '2-d int64, zstd', shape: [12, 12], chunkShape: [12, 5], dtype: 'int64', codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'zstd', configuration: { level: 1, checksum: false } }] },
];

function fill(dtype, n, rand) {
  if (dtype === 'int64') return BigInt64Array.from({ length: n }, () => BigInt(rand.int(-1e6, 1e6)));
  const Ctor = { int32: Int32Array, float32: Float32Array, float64: Float64Array, uint16: Uint16Array }[dtype];
  return Ctor.from({ length: n }, () => (dtype.startsWith('float') ? rand() * 100 - 50 : rand.int(0, 60000)));
}

function randomEntry(rand, length) {
  const kind = rand.int(0, 5);
  if (kind === 0) return rand.int(-length, length - 1);
  if (kind === 1) return null;
  const bound = () => (rand() < 0.2 ? null : rand.int(-length - 3, length + 3));
  let [start, stop] = [bound(), bound()];
  // Mostly start before stop (resolved), so that most selections select something.
  const at = (v) => (v === null ? null : v < 0 ? v + length : v);
  if (start !== null && stop !== null && at(start) > at(stop) && rand() < 0.8) [start, stop] = [stop, start];
  return zarr.slice(start, stop, rand() < 0.3 ? null : rand.int(1, 4));
}

for (const spec of STORES) {
  test(`get agrees with zarr.get on a regular grid zarrita wrote: ${spec.name}`, async (t) => {
    const rand = random(spec.shape.reduce((a, b) => a * 31 + b, 7));
    const { store } = tempStore(t);
    const writer =
      spec.writer === 'ours'
        ? { arr: await create(store, { shape: spec.shape, chunk_shape: spec.chunkShape, dtype: spec.dtype, codecs: spec.codecs, fill_value: 0 }), set }
        : { arr: await zarr.create(store, { shape: spec.shape, chunkShape: spec.chunkShape, dtype: spec.dtype, codecs: spec.codecs, fillValue: 0 }), set: zarr.set };
    // Write a few random boxes so that some chunks stay missing.
    for (let k = 0; k < 3; k++) {
      const box = spec.shape.map((len) => {
        const a = rand.int(0, len - 1);
        return [a, rand.int(a + 1, len)];
      });
      const shape = box.map(([a, b]) => b - a);
      const n = shape.reduce((x, y) => x * y, 1);
      const stride = shape.map((_, d) => shape.slice(d + 1).reduce((x, y) => x * y, 1));
      await writer.set(writer.arr, box.map(([a, b]) => zarr.slice(a, b)), { data: fill(spec.dtype, n, rand), shape, stride });
    }
    const theirs = await zarr.open.v3(store, { kind: 'array' });
    const ours = await open(store);
    assert.ok(ours.grid.isRegular);
    let empty = 0;
    for (let k = 0; k < 150; k++) {
      const selection = spec.shape.map((len) => randomEntry(rand, len));
      const actual = await get(ours, selection);
      const what = JSON.stringify(selection);
      let expected;
      try {
        expected = await zarr.get(theirs, selection);
      } catch (error) {
        assert.match(error.message, /empty iterator/, what);
        assert.equal(actual.data.length, 0, `${what}: an empty selection`);
        empty++;
        continue;
      }
      if (typeof expected !== 'object') {
        assert.equal(actual, expected, what);
        continue;
      }
      assert.deepEqual(actual.shape, expected.shape, what);
      assert.equal(actual.data.constructor, expected.data.constructor, what);
      assertSameValues(logical(actual), logical(expected), what);
    }
    assert.ok(empty < 50, `${empty} of 150 selections were empty`);
  });
}
