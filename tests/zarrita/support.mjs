// Shared helpers for the zarr-rectilinear/zarrita suites: temporary
// FileSystemStore fixtures, a seeded random source, instrumented stores, and
// a plain reference reader. Not a test file: node --test picks up only
// *.test.mjs.
//
// The reference reads a store one element at a time and shares no code with
// the subpath: it expands chunk_shapes itself, locates each index by its
// cumulative edge sums (the spec's procedure), and decodes chunks with
// DataView, node:zlib and a bitwise CRC-32C. Only zstd and blosc come from
// zarrita's registry, as there is no second implementation at hand.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, inflateSync } from 'node:zlib';
import * as zarr from 'zarrita';
import FileSystemStore from '@zarrita/storage/fs';

// ---- fixtures -------------------------------------------------------------

// A FileSystemStore in a fresh temporary directory, removed after the test.
export function tempStore(t) {
  const dir = mkdtempSync(join(tmpdir(), 'zr-zarrita-'));
  t?.after(() => rmSync(dir, { recursive: true, force: true }));
  return { store: new FileSystemStore(dir), dir };
}

// A sharding_indexed codec: inner chunks of `chunk_shape` in little-endian
// bytes, the index with crc32c; `extra` overrides configuration members.
export const sharding = (chunk_shape, extra = {}) => ({
  name: 'sharding_indexed',
  configuration: {
    chunk_shape,
    codecs: [{ name: 'bytes', configuration: { endian: 'little' } }],
    index_codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'crc32c' }],
    ...extra,
  },
});

// 0, 1, 2, ... as the data type's typed array (bool: alternating pattern).
export function iota(dtype, n, scale = 1) {
  switch (dtype) {
    case 'bool':
      return new zarr.BoolArray(Array.from({ length: n }, (_, i) => i % 3 === 0));
    case 'int64':
      return BigInt64Array.from({ length: n }, (_, i) => BigInt(i * scale) - 5n);
    case 'uint64':
      return BigUint64Array.from({ length: n }, (_, i) => BigInt(i * scale) + 2n ** 60n);
    default: {
      const Ctor = { int8: Int8Array, int16: Int16Array, int32: Int32Array, uint8: Uint8Array, uint16: Uint16Array, uint32: Uint32Array, float32: Float32Array, float64: Float64Array }[dtype];
      return Ctor.from({ length: n }, (_, i) => (dtype.startsWith('float') ? i * scale + 0.5 : (i * scale) % 100));
    }
  }
}

// Deterministic random numbers (mulberry32).
export function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)); // inclusive
  next.pick = (items) => items[Math.floor(next() * items.length)];
  return next;
}

// A store that records every key read and can be told to fail.
export function recordingStore(inner, { failOn, delayMs = 0 } = {}) {
  const reads = [];
  const ranges = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const track = async (fn) => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      return await fn();
    } finally {
      inFlight--;
    }
  };
  const store = {
    reads,
    ranges,
    get maxInFlight() {
      return maxInFlight;
    },
    async get(key, opts) {
      reads.push(key);
      return track(async () => {
        if (failOn?.(key)) throw new Error(`disk on fire at ${key}`);
        return inner.get(key, opts);
      });
    },
    async set(key, value) {
      return inner.set(key, value);
    },
  };
  if (inner.getRange) {
    store.getRange = async (key, range, opts) => {
      ranges.push({ key, ...range });
      return track(async () => {
        if (failOn?.(key)) throw new Error(`disk on fire at ${key}`);
        return inner.getRange(key, range, opts);
      });
    };
  }
  return store;
}

// A store in a Map: get, set, and the map itself.
export function memoryStore() {
  const map = new Map();
  return { map, get: async (k) => map.get(k), set: async (k, v) => void map.set(k, v) };
}

// ---- results --------------------------------------------------------------

// A get() result as a plain C-ordered array of values (NaN kept).
export function logical({ data, shape, stride }) {
  const at = (i) => (typeof data.get === 'function' ? data.get(i) : data[i]);
  const out = [];
  const size = shape.reduce((a, b) => a * b, 1);
  for (let n = 0; n < size; n++) {
    let rest = n;
    let offset = 0;
    for (let d = shape.length - 1; d >= 0; d--) {
      offset += (rest % shape[d]) * stride[d];
      rest = Math.floor(rest / shape[d]);
    }
    out.push(at(offset));
  }
  return out;
}

export function assertSameValues(actual, expected, message) {
  assert.equal(actual.length, expected.length, `${message ?? ''}: length`);
  for (let i = 0; i < actual.length; i++) {
    const a = actual[i];
    const e = expected[i];
    if (!(Object.is(a, e) || (a === e) || (Number.isNaN(a) && Number.isNaN(e)))) {
      assert.fail(`${message ?? ''}: element ${i}: found ${a}, expected ${e}`);
    }
  }
}

// Asserts that a get() result equals the reference's {values, shape}.
export function assertMatchesReference(result, reference, message) {
  if (reference.shape.length === 0) {
    assertSameValues([result], reference.values, message);
    return;
  }
  assert.deepEqual(result.shape, reference.shape, `${message ?? ''}: shape`);
  assertSameValues(logical(result), reference.values, message);
}

// ---- the reference reader -------------------------------------------------

function crc32cBitwise(bytes) {
  let crc = ~0 >>> 0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1;
  }
  return (~crc) >>> 0;
}
export { crc32cBitwise };

// The spec's expansion of one chunk_shapes entry for an axis of length L.
export function expandEdges(entry, length) {
  if (typeof entry === 'number') return Array.from({ length: Math.ceil(length / entry) }, () => entry);
  return entry.flatMap((e) => (Array.isArray(e) ? Array.from({ length: e[1] }, () => e[0]) : [e]));
}

function edgesOf(doc) {
  const grid = doc.chunk_grid;
  const entries = grid.name === 'regular' ? grid.configuration.chunk_shape : grid.configuration.chunk_shapes;
  return entries.map((e, d) => expandEdges(e, doc.shape[d]));
}

// Spec indexing: the chunk is the first cumulative sum exceeding the index.
function locate(edges, index) {
  let sum = 0;
  for (let c = 0; c < edges.length; c++) {
    if (index < sum + edges[c]) return [c, index - sum];
    sum += edges[c];
  }
  throw new Error(`index ${index} past the edges`);
}

const SIZES = { bool: 1, int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, float32: 4, int64: 8, uint64: 8, float64: 8 };

function readElement(view, offset, dtype, little) {
  switch (dtype) {
    case 'bool': return view.getUint8(offset) !== 0;
    case 'int8': return view.getInt8(offset);
    case 'uint8': return view.getUint8(offset);
    case 'int16': return view.getInt16(offset, little);
    case 'uint16': return view.getUint16(offset, little);
    case 'int32': return view.getInt32(offset, little);
    case 'uint32': return view.getUint32(offset, little);
    case 'float32': return view.getFloat32(offset, little);
    case 'int64': return view.getBigInt64(offset, little);
    case 'uint64': return view.getBigUint64(offset, little);
    case 'float64': return view.getFloat64(offset, little);
  }
  throw new Error(`reference: no data type ${dtype}`);
}

const cIndex = (idx, shape) => idx.reduce((acc, i, d) => acc * shape[d] + i, 0);

// Decodes chunk bytes into a function from a local index tuple to a value.
async function decodeChunk(bytes, codecs, shape, dtype, readInner) {
  codecs = codecs.map((c) => (typeof c === 'string' ? { name: c, configuration: {} } : { configuration: {}, ...c }));
  const a2b = codecs.findIndex((c) => c.name === 'bytes' || c.name === 'sharding_indexed');
  const arrayToArray = codecs.slice(0, Math.max(a2b, 0));
  const bytesToBytes = codecs.slice(a2b + 1);
  for (const c of bytesToBytes.reverse()) {
    if (c.name === 'gzip') bytes = new Uint8Array(gunzipSync(bytes));
    else if (c.name === 'zlib') bytes = new Uint8Array(inflateSync(bytes));
    else if (c.name === 'crc32c') {
      const body = bytes.subarray(0, bytes.length - 4);
      const stored = new DataView(bytes.buffer, bytes.byteOffset + body.length, 4).getUint32(0, true);
      assert.equal(stored, crc32cBitwise(body), 'reference: crc32c');
      bytes = body;
    } else if (c.name === 'zstd' || c.name === 'blosc') {
      const Codec = await zarr.registry.get(c.name)();
      bytes = await Codec.fromConfig({ ...c.configuration, shuffle: 1 }).decode(bytes);
    } else throw new Error(`reference: no codec ${c.name}`);
  }
  // Transposes compose: the encoded shape is the decoded one permuted.
  let encodedShape = shape;
  const perms = [];
  for (const c of arrayToArray) {
    assert.equal(c.name, 'transpose', 'reference: only transpose is array-to-array');
    let order = c.configuration.order;
    if (order === 'C') order = shape.map((_, i) => i);
    if (order === 'F') order = shape.map((_, i) => shape.length - 1 - i);
    perms.push(order);
    encodedShape = order.map((o) => encodedShape[o]);
  }
  const toEncoded = (idx) => perms.reduce((i, order) => order.map((o) => i[o]), idx);
  const a2bCodec = codecs[a2b] ?? { name: 'bytes', configuration: { endian: 'little' } };
  if (a2bCodec.name === 'sharding_indexed') return readInner(bytes, a2bCodec.configuration);
  const little = (a2bCodec.configuration?.endian ?? 'little') === 'little';
  const size = SIZES[dtype];
  assert.equal(bytes.length, encodedShape.reduce((a, b) => a * b, 1) * size, 'reference: chunk byte length');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (local) => readElement(view, cIndex(toEncoded(local), encodedShape) * size, dtype, little);
}

function fillOf(doc) {
  const f = doc.fill_value;
  if (doc.data_type === 'int64' || doc.data_type === 'uint64') return BigInt(f ?? 0);
  if (f === 'NaN') return NaN;
  if (f === 'Infinity') return Infinity;
  if (f === '-Infinity') return -Infinity;
  return f ?? 0;
}

// A shard's inner chunks: index parsed with DataView, crc32c checked.
function shardReader(doc, shardShape, fill) {
  return (bytes, config) => {
    const inner = config.chunk_shape;
    const indexShape = shardShape.map((s, d) => s / inner[d]);
    const n = indexShape.reduce((a, b) => a * b, 1);
    const withCrc = (config.index_codecs ?? []).some((c) => c.name === 'crc32c');
    const indexSize = 16 * n + (withCrc ? 4 : 0);
    const start = config.index_location === 'start' ? 0 : bytes.length - indexSize;
    const index = bytes.subarray(start, start + indexSize);
    if (withCrc) assert.equal(new DataView(index.buffer, index.byteOffset + 16 * n, 4).getUint32(0, true), crc32cBitwise(index.subarray(0, 16 * n)), 'reference: shard index crc32c');
    const view = new DataView(index.buffer, index.byteOffset, 16 * n);
    const cache = new Map();
    return async (local) => {
      const innerCoords = local.map((l, d) => Math.floor(l / inner[d]));
      const k = cIndex(innerCoords, indexShape);
      const offset = view.getBigUint64(16 * k, true);
      const nbytes = view.getBigUint64(16 * k + 8, true);
      if (offset === 2n ** 64n - 1n && nbytes === 2n ** 64n - 1n) return fill;
      if (!cache.has(k)) cache.set(k, await decodeChunk(bytes.subarray(Number(offset), Number(offset + nbytes)), config.codecs, inner, doc.data_type));
      return cache.get(k)(local.map((l, d) => l % inner[d]));
    };
  };
}

// One selection entry as the list of array indices it selects (null for a
// dropped integer axis's marker), python/numpy semantics.
function axisIndices(entry, length) {
  if (entry === null || entry === undefined) return { keep: true, indices: Array.from({ length }, (_, i) => i) };
  if (typeof entry === 'number') {
    const i = entry < 0 ? entry + length : entry;
    assert.ok(i >= 0 && i < length, 'reference: integer in range');
    return { keep: false, indices: [i] };
  }
  if (Array.isArray(entry) && entry.every((v) => typeof v === 'boolean')) {
    return { keep: true, indices: entry.flatMap((v, i) => (v ? [i] : [])) };
  }
  if (entry instanceof Uint8Array) return { keep: true, indices: Array.from(entry).flatMap((v, i) => (v ? [i] : [])) };
  if (Array.isArray(entry) || ArrayBuffer.isView(entry)) return { keep: true, indices: Array.from(entry, (v) => (Number(v) < 0 ? Number(v) + length : Number(v))) };
  const step = entry.step ?? 1;
  const clamp = (v, dflt) => (v === null || v === undefined ? dflt : v < 0 ? Math.max(0, v + length) : Math.min(v, length));
  const start = clamp(entry.start, 0);
  const stop = clamp(entry.stop, length);
  const indices = [];
  for (let i = start; i < stop; i += step) indices.push(i);
  return { keep: true, indices };
}

// Reads `selection` from the array at `path`, one element at a time.
export async function referenceGet(store, path, selection = []) {
  const prefix = path === '' || path === '/' ? '' : `/${path.replace(/^\/+/, '')}`;
  const doc = JSON.parse(new TextDecoder().decode(await store.get(`${prefix}/zarr.json`)));
  const edges = edgesOf(doc);
  const fill = fillOf(doc);
  const enc = doc.chunk_key_encoding ?? { name: 'default' };
  const sep = enc.configuration?.separator ?? (enc.name === 'v2' ? '.' : '/');
  const keyOf = (coords) => `${prefix}/${enc.name === 'v2' ? (coords.length ? coords.join(sep) : '0') : ['c', ...coords].join(sep)}`;
  const perAxis = doc.shape.map((len, d) => axisIndices(selection[d], len));
  const outShape = perAxis.filter((a) => a.keep).map((a) => a.indices.length);
  const chunks = new Map();
  const values = [];
  const total = perAxis.reduce((a, p) => a * p.indices.length, 1);
  for (let n = 0; n < total; n++) {
    let rest = n;
    const index = new Array(perAxis.length);
    for (let d = perAxis.length - 1; d >= 0; d--) {
      const m = perAxis[d].indices.length;
      index[d] = perAxis[d].indices[rest % m];
      rest = Math.floor(rest / m);
    }
    const located = index.map((i, d) => locate(edges[d], i));
    const coords = located.map(([c]) => c);
    const local = located.map(([, o]) => o);
    const key = keyOf(coords);
    if (!chunks.has(key)) {
      const bytes = await store.get(key);
      const shape = coords.map((c, d) => edges[d][c]);
      chunks.set(key, bytes ? await decodeChunk(new Uint8Array(bytes), doc.codecs, shape, doc.data_type, shardReader(doc, shape, fill)) : null);
    }
    const read = chunks.get(key);
    values.push(read ? await read(local) : fill);
  }
  return { values, shape: outShape };
}
