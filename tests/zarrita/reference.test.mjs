// Random rectilinear arrays, compared with the element-at-a-time reference
// reader (support.mjs) on random selections of every kind: integers
// (negative too), slices with steps and out-of-range bounds, null, integer
// arrays with repeats, and masks. Grids mix integer steps, edge lists, runs,
// overflow edges and zero-length axes; some chunks are left missing; some
// arrays are sharded.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { open, get, set, create } from 'zarr-rectilinear/zarrita';
import { assertMatchesReference, iota, random, referenceGet, tempStore } from './support.mjs';

const DTYPES = ['int8', 'uint16', 'int32', 'uint64', 'float32', 'float64', 'bool'];
// Codec chains for `ndim` axes (transpose's order is a permutation of them:
// here the reversed axes, what older writers called "F").
const reversed = (ndim) => Array.from({ length: ndim }, (_, i) => ndim - 1 - i);
const CODECS = [
  () => [{ name: 'bytes', configuration: { endian: 'little' } }],
  () => [{ name: 'bytes', configuration: { endian: 'big' } }],
  () => [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'gzip', configuration: { level: 1 } }],
  (ndim) => [{ name: 'transpose', configuration: { order: reversed(ndim) } }, { name: 'bytes', configuration: { endian: 'little' } }, { name: 'crc32c' }],
  () => [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'zstd', configuration: { level: 1, checksum: false } }],
];

// Edges for an axis of length L: an integer step, or a list (with runs, and
// sometimes whole chunks past the end). `multiple` makes every edge a
// multiple of it (for sharding).
function randomAxis(rand, length, multiple = 1) {
  if (rand() < 0.25) return multiple * rand.int(1, 4);
  const edges = [];
  let sum = 0;
  while (sum < length || edges.length === 0) {
    const e = multiple * rand.int(1, 4);
    if (rand() < 0.3) {
      const n = rand.int(1, 3);
      edges.push([e, n]);
      sum += e * n;
    } else {
      edges.push(e);
      sum += e;
    }
  }
  if (rand() < 0.3) edges.push(multiple * rand.int(1, 3)); // an overflow chunk
  return edges;
}

function randomEntry(rand, length) {
  const kind = rand.int(0, 6);
  if (length > 0 && kind === 0) return rand.int(-length, length - 1);
  if (kind === 1) return null;
  if (length > 0 && kind === 2) return Array.from({ length: rand.int(0, 5) }, () => rand.int(-length, length - 1));
  if (kind === 3) return Array.from({ length }, () => rand() < 0.4);
  const bound = () => (rand() < 0.2 ? null : rand.int(-length - 2, length + 2));
  return zarr.slice(bound(), bound(), rand() < 0.4 ? null : rand.int(1, 3));
}

// A store in a Map that answers at once (get and getRange give bytes, not
// promises), as zarrita's own Map stores do.
function immediateStore() {
  const map = new Map();
  return {
    get: (key) => map.get(key),
    getRange: (key, range) => {
      const bytes = map.get(key);
      if (!bytes) return undefined;
      return 'suffixLength' in range ? bytes.subarray(bytes.length - range.suffixLength) : bytes.subarray(range.offset, range.offset + range.length);
    },
    set: (key, bytes) => void map.set(key, bytes),
  };
}

async function randomArray(t, rand, { sharded, immediate = false }) {
  const store = immediate ? immediateStore() : tempStore(t).store;
  const ndim = rand.int(1, 3);
  const shape = Array.from({ length: ndim }, () => (rand() < 0.08 ? 0 : rand.int(1, 12)));
  const inner = shape.map(() => rand.int(1, 3));
  const chunk_shapes = shape.map((len, d) => randomAxis(rand, len, sharded ? inner[d] : 1));
  const dtype = rand.pick(DTYPES);
  const innerCodecs = rand.pick(CODECS)(ndim);
  const codecs = sharded
    ? [{ name: 'sharding_indexed', configuration: { chunk_shape: inner, codecs: innerCodecs, index_codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'crc32c' }], index_location: rand.pick(['start', 'end']) } }]
    : innerCodecs;
  const fill_value = dtype === 'bool' ? rand() < 0.5 : dtype === 'uint64' ? 7n : rand.int(0, 9);
  const arr = await create(store, { path: 'r', shape, chunk_shapes, dtype, codecs, fill_value });
  // Write a few random boxes; whatever they miss stays missing.
  for (let k = rand.int(0, 3); k > 0; k--) {
    if (shape.includes(0)) break;
    const box = shape.map((len) => {
      const a = rand.int(0, len - 1);
      return [a, rand.int(a + 1, len)];
    });
    const boxShape = box.map(([a, b]) => b - a);
    const n = boxShape.reduce((x, y) => x * y, 1);
    await set(arr, box.map(([a, b]) => zarr.slice(a, b)), { data: iota(dtype, n, k + 1), shape: boxShape });
  }
  return { store, arr: await open(store, { path: 'r' }), description: JSON.stringify({ shape, chunk_shapes, dtype, codecs }, (_, v) => (typeof v === 'bigint' ? String(v) : v)) };
}

for (const [sharded, immediate] of [[false, false], [true, false], [false, true], [true, true]]) {
  const kind = `${sharded ? 'sharded ' : ''}rectilinear arrays${immediate ? ' in a store that answers at once' : ''}`;
  test(`get agrees with the reference on random ${kind} and selections`, async (t) => {
    const rand = random((sharded ? 2024 : 1789) + (immediate ? 1 : 0));
    for (let a = 0; a < 25; a++) {
      const { store, arr, description } = await randomArray(t, rand, { sharded, immediate });
      for (let s = 0; s < 12; s++) {
        const selection = arr.shape.map((len) => randomEntry(rand, len));
        const what = `${description} ${JSON.stringify(selection)}`;
        let actual;
        try {
          actual = await get(arr, selection);
        } catch (error) {
          assert.fail(`${what}: ${error.stack}`);
        }
        assertMatchesReference(actual, await referenceGet(store, 'r', selection), what);
      }
    }
  });
}
