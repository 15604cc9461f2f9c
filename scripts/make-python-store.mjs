#!/usr/bin/env node
// Writes a store the way zarr-python 3.0 to 3.3 writes one, for the proof
// that its metadata reads (docs/writers-ledger.md):
//
//   node scripts/make-python-store.mjs <directory>
//
// Its zarr.json files are laid out as zarr-python writes them (Python's
// json.dumps with indent=2: members in zarr-python's order, every array
// item on its own line, NaN and Infinity as bare tokens), and hold what
// zarr-python 3.0 to 3.1 stored against the spec: "consolidated_metadata":
// null in every group, "dimension_names": null beside
// "storage_transformers": [] in arrays, and non-finite floats in
// attributes. The chunks are written by this package's set through the
// codecs named there, so that zarrita can read them independently:
//
//   /                     group, attributes with NaN and -Infinity
//   grid/                 group
//   grid/f8_be_gzip       float64 [7, 9], chunks [3, 4], big-endian bytes + gzip, fill NaN
//   grid/f4_blosc         float32 [10, 10], chunks [4, 4], blosc zstd with shuffle
//   i2_transposed         int16 [5, 6], chunks [5, 2], transpose [1, 0] + bytes + blosc
//   u2_3d_transposed      uint16 [3, 4, 5], chunks [2, 4, 3], transpose [2, 0, 1] + big-endian bytes
//   sharded_i4            int32 [8, 12], shards [4, 6] of [2, 3], gzip inside, crc32c index;
//                         one shard left unwritten (reads as the fill value -1)
//   sharded_f4_be         float32 [6, 6], shards [6, 6] of [3, 2], big-endian bytes
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import FileSystemStore from '@zarrita/storage/fs';
import { create, set } from 'zarr-rectilinear/zarrita';

const bytes = (endian) => ({ name: 'bytes', configuration: { endian } });
const blosc = (typesize, shuffle) => ({ name: 'blosc', configuration: { typesize, cname: 'zstd', clevel: 5, shuffle, blocksize: 0 } });
const transpose = (order) => ({ name: 'transpose', configuration: { order } });
const gzip = { name: 'gzip', configuration: { level: 5 } };
const crc32c = { name: 'crc32c' };

const sharding = (chunkShape, codecs) => ({
  name: 'sharding_indexed',
  configuration: { chunk_shape: chunkShape, codecs, index_codecs: [bytes('little'), crc32c], index_location: 'end' },
});

// The arrays: path, data type, shape, chunks, codecs, fill value as
// zarr-python writes it, attributes, dimension names (null: none), the
// values (a function of the flat C-order index), and regions left unwritten.
export const ARRAYS = [
  { path: 'grid/f8_be_gzip', dtype: 'float64', shape: [7, 9], chunks: [3, 4], codecs: [bytes('big'), gzip], fill: 'NaN',
    attributes: { valid_min: -Infinity, scale: 0.5, long_name: 'pressure' }, dimensionNames: null, value: (n) => n * 1.25 - 20 },
  { path: 'grid/f4_blosc', dtype: 'float32', shape: [10, 10], chunks: [4, 4], codecs: [bytes('little'), blosc(4, 'shuffle')], fill: 0.0,
    attributes: { units: 'K', missing_value: NaN }, dimensionNames: ['y', 'x'], value: (n) => Math.fround(280 + Math.sin(n / 7)) },
  { path: 'i2_transposed', dtype: 'int16', shape: [5, 6], chunks: [5, 2], codecs: [transpose([1, 0]), bytes('little'), blosc(2, 'noshuffle')], fill: 0,
    attributes: {}, dimensionNames: null, value: (n) => n * 37 - 500 },
  { path: 'u2_3d_transposed', dtype: 'uint16', shape: [3, 4, 5], chunks: [2, 4, 3], codecs: [transpose([2, 0, 1]), bytes('big')], fill: 7,
    attributes: {}, dimensionNames: null, value: (n) => n * 1000 + 3 },
  { path: 'sharded_i4', dtype: 'int32', shape: [8, 12], chunks: [4, 6], codecs: [sharding([2, 3], [bytes('little'), gzip])], fill: -1,
    attributes: { inf: Infinity }, dimensionNames: null, value: (n) => n * n - 4000, unwritten: [[4, 8], [6, 12]] },
  { path: 'sharded_f4_be', dtype: 'float32', shape: [6, 6], chunks: [6, 6], codecs: [sharding([3, 2], [bytes('big')])], fill: 0.0,
    attributes: {}, dimensionNames: null, value: (n) => Math.fround(n / 3) },
];

export const GROUPS = [
  { path: '', attributes: { title: 'written as zarr-python 3.0 to 3.3 writes', missing: NaN, lowest: -Infinity } },
  { path: 'grid', attributes: {} },
];

// Python's json.dumps(value, indent=2): NaN, Infinity and -Infinity as
// tokens, floats with a fraction or an exponent ("0.0", "1e+20"), every
// container item on its own line.
export function pythonJSON(value, indent = '') {
  const inner = `${indent}  `;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
    return String(value);
  }
  if (value instanceof PyFloat) return value.text;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[\n${value.map((v) => `${inner}${pythonJSON(v, inner)}`).join(',\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value);
    if (!members.length) return '{}';
    return `{\n${members.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${pythonJSON(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

// A float as Python writes it: 0.0, not 0.
class PyFloat {
  constructor(value) {
    this.text = Number.isInteger(value) ? `${value}.0` : String(value);
  }
}

// An array's zarr.json in zarr-python 3.0's member order.
export function arrayDocument(a) {
  const fill = a.dtype.startsWith('float') && typeof a.fill === 'number' ? new PyFloat(a.fill) : a.fill;
  return {
    shape: a.shape,
    data_type: a.dtype,
    chunk_grid: { name: 'regular', configuration: { chunk_shape: a.chunks } },
    chunk_key_encoding: { name: 'default', configuration: { separator: '/' } },
    fill_value: fill,
    codecs: a.codecs,
    attributes: a.attributes,
    zarr_format: 3,
    node_type: 'array',
    storage_transformers: [],
    dimension_names: a.dimensionNames,
  };
}

export const groupDocument = (g) => ({ attributes: g.attributes, zarr_format: 3, consolidated_metadata: null, node_type: 'group' });

const TYPED = { float64: Float64Array, float32: Float32Array, int16: Int16Array, uint16: Uint16Array, int32: Int32Array };

// The values an array holds, C order: the fill value where unwritten.
export function expectedValues(a) {
  const n = a.shape.reduce((x, y) => x * y, 1);
  const fill = a.fill === 'NaN' ? NaN : a.fill;
  const out = new TYPED[a.dtype](n);
  for (let i = 0; i < n; i++) out[i] = unwritten(a, i) ? fill : a.value(i);
  return out;
}

function unwritten(a, flat) {
  if (!a.unwritten) return false;
  let rest = flat;
  const index = [];
  for (let d = a.shape.length - 1; d >= 0; d--) {
    index[d] = rest % a.shape[d];
    rest = Math.floor(rest / a.shape[d]);
  }
  return a.unwritten.every(([lo, hi], d) => index[d] >= lo && index[d] < hi);
}

export async function makePythonStore(directory) {
  mkdirSync(directory, { recursive: true });
  const store = new FileSystemStore(directory);
  for (const a of ARRAYS) {
    // The chunks, through this package's codecs; the metadata, as zarr-python writes it.
    const arr = await create(store, {
      path: a.path, shape: a.shape, chunk_shape: a.chunks, dtype: a.dtype, codecs: a.codecs,
      fill_value: a.fill === 'NaN' ? 'NaN' : a.fill,
    });
    if (a.unwritten) {
      // Every shard but the one left out, shard by shard.
      const [rows, cols] = a.shape;
      const [sr, sc] = a.chunks;
      const values = expectedValues(a);
      for (let r = 0; r < rows; r += sr) {
        for (let c = 0; c < cols; c += sc) {
          if (r === a.unwritten[0][0] && c === a.unwritten[1][0]) continue;
          const data = new TYPED[a.dtype](sr * sc);
          for (let i = 0; i < sr; i++) for (let j = 0; j < sc; j++) data[i * sc + j] = values[(r + i) * cols + c + j];
          await set(arr, [{ start: r, stop: r + sr }, { start: c, stop: c + sc }], { data, shape: [sr, sc] });
        }
      }
    } else {
      await set(arr, null, { data: expectedValues(a), shape: a.shape });
    }
    writeFileSync(join(directory, a.path, 'zarr.json'), pythonJSON(arrayDocument(a)));
  }
  for (const g of GROUPS) {
    mkdirSync(join(directory, g.path), { recursive: true });
    writeFileSync(join(directory, g.path, 'zarr.json'), pythonJSON(groupDocument(g)));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [directory] = process.argv.slice(2);
  if (!directory) {
    process.stderr.write('usage: node scripts/make-python-store.mjs <directory>\n');
    process.exitCode = 2;
  } else {
    await makePythonStore(resolve(directory));
  }
}
