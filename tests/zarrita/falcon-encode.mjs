// Encodes the chunks of the zarr-python 3.4 fixtures (tests/data/falcon/,
// SOURCES.md there) from their expected values, with an encoder that is
// not the package's writer: the grid expanded here from chunk_shapes, each
// chunk written at its full declared edges with the fill value past the
// shape (as zarr-python writes it), bytes by DataView, vlen by hand,
// shards and their index by hand, crc32c bitwise, zstd by numcodecs,
// bz2 by the system's bzip2 program. Not a test file.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Zstd from 'numcodecs/zstd';
import { crc32cBitwise } from './support.mjs';

export const FALCON = new URL('../data/falcon/', import.meta.url).pathname;

const text = (path) => readFileSync(join(FALCON, path), 'utf8');

// Every fixture: its folder, the arrays in it (path inside the folder, the
// expected values) and the chunk keys that exist.
export function fixtures() {
  const single = ['rect_2d', 'rect_3d', 'rect_bytes', 'rect_example', 'rect_past', 'rect_resized', 'rect_rle', 'rect_sharded',
    'rect_sharded_partial', 'rect_string', 'rect_transposed', 'rect_v2_keys', 'reshape_rectilinear_int32', 'reshape_rectilinear_sharded_int32'];
  const expected = (name) => JSON.parse(text(`${name}.expected.json`));
  return [
    ...single.map((name) => ({ name, arrays: [{ path: '', expected: expected(name) }] })),
    { name: 'rect_group', group: true, arrays: [{ path: 'a', expected: expected('rect_group_a') }, { path: 'sub/b', expected: expected('rect_group_sub_b') }] },
  ].map((f) => ({ ...f, keys: text(`${f.name}/keys.txt`).split('\n').filter(Boolean) }));
}

export const documentText = (name, path) => text(join(name, path, 'zarr.json'));

// Per axis, the declared edges: an integer step repeated to cover the
// shape, or the list with its [edge, count] runs expanded.
export function declaredEdges(meta) {
  return meta.chunk_grid.configuration.chunk_shapes.map((axis, i) => {
    if (typeof axis === 'number') return Array.from({ length: Math.ceil(meta.shape[i] / axis) }, () => axis);
    return axis.flatMap((item) => (Array.isArray(item) ? Array.from({ length: item[1] }, () => item[0]) : [item]));
  });
}

const TYPED = { int8: Int8Array, int16: Int16Array, int32: Int32Array, uint8: Uint8Array, uint16: Uint16Array, float32: Float32Array, float64: Float64Array };
const hexBytes = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

// A value from expected.json as the element the array holds.
export function elementOf(meta, value) {
  return meta.data_type === 'variable_length_bytes' ? hexBytes(value) : value;
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, at), (at += p.length);
  return out;
}

function u32(n) {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
}

// {values (C order), shape} through one codec after another.
async function encodeArray(meta, codecs, values, shape) {
  const [codec, ...rest] = codecs;
  const c = codec.configuration ?? {};
  switch (codec.name) {
    case 'transpose': {
      const order = c.order;
      const outShape = order.map((a) => shape[a]);
      const strides = shape.map((_, d) => shape.slice(d + 1).reduce((x, y) => x * y, 1));
      const out = [];
      const index = outShape.map(() => 0);
      for (let k = 0; k < values.length; k++) {
        out.push(values[order.reduce((at, a, d) => at + index[d] * strides[a], 0)]);
        for (let d = outShape.length - 1; d >= 0 && ++index[d] === outShape[d]; d--) index[d] = 0;
      }
      return encodeArray(meta, rest, out, outShape);
    }
    case 'reshape': // C order is kept: only the shape changes
      return encodeArray(meta, rest, values, c.shape.map((axes) => axes.reduce((n, a) => n * shape[a], 1)));
    case 'bytes': {
      const Typed = TYPED[meta.data_type];
      return encodeBytes(rest, new Uint8Array(Typed.from(values).buffer));
    }
    case 'vlen-utf8':
    case 'vlen-bytes': {
      const items = values.map((v) => (typeof v === 'string' ? new TextEncoder().encode(v) : v));
      return encodeBytes(rest, concat([u32(items.length), ...items.flatMap((b) => [u32(b.length), b])]));
    }
    case 'sharding_indexed':
      return encodeBytes(rest, await encodeShard(meta, c, values, shape));
    default:
      throw new Error(`the fixture encoder has no array codec ${codec.name}`);
  }
}

async function encodeBytes(codecs, bytes) {
  for (const codec of codecs) {
    if (codec.name === 'zstd') bytes = await Zstd.fromConfig({ level: codec.configuration.level }).encode(bytes);
    else if (codec.name === 'numcodecs.bz2') bytes = new Uint8Array(execFileSync('bzip2', [`-${codec.configuration.level}`, '-c'], { input: bytes }));
    else if (codec.name === 'crc32c') bytes = concat([bytes, u32(crc32cBitwise(bytes))]);
    else throw new Error(`the fixture encoder has no bytes codec ${codec.name}`);
  }
  return bytes;
}

// A shard of `shape`: its inner chunks in C order, those wholly of the
// fill value left out (zarr-python's write_empty_chunks false), the index
// at the end: per inner chunk, offset and length as uint64, or 2^64 - 1.
async function encodeShard(meta, config, values, shape) {
  const inner = config.chunk_shape;
  const counts = shape.map((n, d) => n / inner[d]);
  const total = counts.reduce((a, b) => a * b, 1);
  const strides = shape.map((_, d) => shape.slice(d + 1).reduce((x, y) => x * y, 1));
  const index = new BigUint64Array(2 * total).fill(2n ** 64n - 1n);
  const parts = [];
  let offset = 0;
  const at = counts.map(() => 0);
  for (let k = 0; k < total; k++) {
    const chunk = [];
    const local = inner.map(() => 0);
    const size = inner.reduce((a, b) => a * b, 1);
    for (let e = 0; e < size; e++) {
      chunk.push(values[local.reduce((s, i, d) => s + (at[d] * inner[d] + i) * strides[d], 0)]);
      for (let d = inner.length - 1; d >= 0 && ++local[d] === inner[d]; d--) local[d] = 0;
    }
    if (chunk.some((v) => v !== meta.fill_value)) {
      const bytes = await encodeArray(meta, config.codecs, chunk, inner);
      index[2 * k] = BigInt(offset);
      index[2 * k + 1] = BigInt(bytes.length);
      parts.push(bytes);
      offset += bytes.length;
    }
    for (let d = counts.length - 1; d >= 0 && ++at[d] === counts[d]; d--) at[d] = 0;
  }
  return concat([...parts, await encodeBytes(config.index_codecs.slice(1), new Uint8Array(index.buffer))]);
}

// The chunk coordinates a key names, under the array's key encoding.
function coordsOf(meta, key) {
  const { name, configuration } = meta.chunk_key_encoding;
  const separator = configuration?.separator ?? (name === 'v2' ? '.' : '/');
  const body = name === 'v2' ? key : key.slice(2);
  return body.split(separator).map(Number);
}

// The store entries (key -> bytes) of one array's chunks (a promise): `keys` relative
// to the array's folder.
export async function encodeChunks(meta, values, keys) {
  const edges = declaredEdges(meta);
  const origins = edges.map((list) => list.map((_, k) => list.slice(0, k).reduce((a, b) => a + b, 0)));
  const strides = meta.shape.map((_, d) => meta.shape.slice(d + 1).reduce((x, y) => x * y, 1));
  const fill = elementOf(meta, meta.fill_value);
  const entries = new Map();
  for (const key of keys) {
    const coords = coordsOf(meta, key);
    const shape = coords.map((k, d) => edges[d][k]);
    const chunk = [];
    const local = shape.map(() => 0);
    const size = shape.reduce((a, b) => a * b, 1);
    for (let e = 0; e < size; e++) {
      const global = local.map((i, d) => origins[d][coords[d]] + i);
      const inside = global.every((g, d) => g < meta.shape[d]);
      chunk.push(inside ? elementOf(meta, values[global.reduce((s, g, d) => s + g * strides[d], 0)]) : fill);
      for (let d = shape.length - 1; d >= 0 && ++local[d] === shape[d]; d--) local[d] = 0;
    }
    entries.set(key, await encodeArray(meta, meta.codecs, chunk, shape));
  }
  return entries;
}
