// @ts-check
// Data types: the typed array each one is held in, and its fill value.
// Internally every chunk and output buffer is a plain typed array (`raw`);
// bool is a Uint8Array of 0 and 1 inside, and zarrita's BoolArray outside.
// `string` (variable-length UTF-8, as zarr-python writes it) is held in a
// plain Array of strings, as zarrita holds it, and `variable_length_bytes`
// (zarr-python's, with the vlen-bytes codec) in a plain Array of
// Uint8Array; both are read, never written. Which types these are is the
// core's list (src/rules/known_extensions.hpp; tests/zarrita/known-extensions.test.mjs).
import { BoolArray } from 'zarrita';
import { InvalidMetadataError, UnsupportedError } from './errors.js';

const TYPES = {
  bool: { Raw: Uint8Array, kind: 'bool' },
  int8: { Raw: Int8Array, kind: 'number' },
  int16: { Raw: Int16Array, kind: 'number' },
  int32: { Raw: Int32Array, kind: 'number' },
  int64: { Raw: BigInt64Array, kind: 'bigint' },
  uint8: { Raw: Uint8Array, kind: 'number' },
  uint16: { Raw: Uint16Array, kind: 'number' },
  uint32: { Raw: Uint32Array, kind: 'number' },
  uint64: { Raw: BigUint64Array, kind: 'bigint' },
  float16: { Raw: globalThis.Float16Array, kind: 'float' },
  float32: { Raw: Float32Array, kind: 'float' },
  float64: { Raw: Float64Array, kind: 'float' },
  // A string's own bytes are unknown before decoding: a read's size limit
  // (opts.maxBytes) counts each element as one reference, 8 bytes.
  string: { Raw: Array, kind: 'string', bytes: 8 },
  variable_length_bytes: { Raw: Array, kind: 'bytes', bytes: 8 },
};

// The kinds of the variable-length types: read, never written.
const VARYING = new Set(['string', 'bytes']);

/** @type {import('../zarrita.js').SupportedDataType[]} */
export const SUPPORTED_DATA_TYPES = /** @type {(keyof typeof TYPES)[]} */ (Object.keys(TYPES)).filter((name) => TYPES[name].Raw);

// The error for writing a data type read but not written.
export function checkWritableType(type) {
  if (VARYING.has(type.kind)) {
    throw new UnsupportedError(`writing data_type "${type.name}"; zarr-rectilinear/zarrita reads it (as zarr-python writes it) but does not write it`);
  }
}

// { name, Raw, kind, bytes } for a data_type, or a clear error. Only
// readers pass {read: true}: every other caller writes, and gets the error
// of a type that is read only (create refuses it before writing anything).
export function dataType(written, { read = false } = {}) {
  // The extension-point form {"name": "int32"} names the same type.
  const name = written !== null && typeof written === 'object' ? written.name : written;
  const type = typeof name === 'string' && Object.hasOwn(TYPES, name) ? TYPES[name] : undefined;
  if (!type) {
    throw new UnsupportedError(`data_type ${JSON.stringify(name ?? written)}; zarr-rectilinear/zarrita reads ${SUPPORTED_DATA_TYPES.join(', ')}`);
  }
  if (!type.Raw) throw new UnsupportedError(`data_type "${name}" needs Float16Array, which this JavaScript engine lacks`);
  const described = { name, ...type, bytes: type.bytes ?? type.Raw.BYTES_PER_ELEMENT };
  if (!read) checkWritableType(described);
  return described;
}

// The raw typed array behind a chunk's data (a BoolArray's bytes).
export function rawOf(data) {
  return data instanceof BoolArray ? new Uint8Array(data.buffer, data.byteOffset, data.length) : data;
}

// What users see: BoolArray for bool, the typed array itself otherwise.
export function wrap(type, raw) {
  return type.kind === 'bool' ? new BoolArray(raw.buffer, raw.byteOffset, raw.length) : raw;
}

// One raw element as the scalar users see.
export function scalarOf(type, rawValue) {
  return type.kind === 'bool' ? rawValue !== 0 : rawValue;
}

const show = (value) => (typeof value === 'bigint' ? `${value}n` : Object.is(value, -0) ? '-0' : String(value));

// The inclusive range of each integer type, as bigints.
function integerRange(type) {
  const bits = BigInt(8 * type.bytes);
  const signed = !type.name.startsWith('uint');
  return signed ? [-(2n ** (bits - 1n)), 2n ** (bits - 1n) - 1n] : [0n, 2n ** bits - 1n];
}

const FLOAT_ROUND = { float16: /** @type {any} */ (Math).f16round, float32: Math.fround };

/**
 * A number past 2^53 - 1 in magnitude may be a neighbour rounded to it: a
 * 64-bit integer type can hold what was meant, so such a number given for
 * one (a value to set, a fill value) is a RangeError asking for a bigint.
 * @param {{ kind: string, name: string }} type
 * @param {unknown} value
 * @param {string} [what] what the value is, for the message ("create: fillValue: ")
 */
export function refuseRounded(type, value, what = '') {
  if (type.kind === 'bigint' && typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw new RangeError(`${what}found ${show(value)}, beyond 2^53 - 1 in magnitude and possibly rounded; pass a bigint for data_type ${type.name}`);
  }
}

// A user value (scalar) as a raw element. A value of the wrong kind is a
// TypeError; a value the data type cannot hold exactly (a fraction, NaN or
// an infinity into an integer type, an integer out of range, a finite float
// that would round to an infinity) is a RangeError: nothing is truncated,
// wrapped or saturated.
export function toRaw(type, value) {
  if (type.kind === 'bytes') {
    if (!(value instanceof Uint8Array)) throw new TypeError(`found ${String(value)}; expected a Uint8Array for data_type ${type.name}`);
    return value;
  }
  if (type.kind === 'string') {
    if (typeof value !== 'string') throw new TypeError(`found ${String(value)}; expected a string for data_type string`);
    return value;
  }
  if (type.kind === 'bool') {
    if (typeof value !== 'boolean' && value !== 0 && value !== 1) throw new TypeError(`found ${String(value)}; expected a boolean for data_type bool`);
    return value ? 1 : 0;
  }
  if (type.kind === 'float') {
    let number = value;
    if (typeof value === 'boolean') number = Number(value);
    else if (typeof value === 'bigint') {
      number = Number(value);
      if (BigInt(number) !== value) throw new RangeError(`found ${show(value)}; data_type ${type.name} cannot hold it exactly`);
    } else if (typeof value !== 'number') throw new TypeError(`found ${String(value)}; expected a number for data_type ${type.name}`);
    const round = FLOAT_ROUND[type.name];
    if (round && Number.isFinite(number) && !Number.isFinite(round(number))) {
      throw new RangeError(`found ${show(value)}; it overflows data_type ${type.name} (it would become ${round(number)})`);
    }
    return number;
  }
  // Integer types.
  let big;
  if (typeof value === 'bigint') big = value;
  else if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new RangeError(`found ${show(value)}; expected an integer for data_type ${type.name}`);
    refuseRounded(type, value);
    big = BigInt(value);
  } else if (typeof value === 'boolean') big = value ? 1n : 0n;
  else throw new TypeError(`found ${String(value)}; expected ${type.kind === 'bigint' ? 'a bigint or an integer' : 'a number'} for data_type ${type.name}`);
  const [lo, hi] = integerRange(type);
  if (big < lo || big > hi) throw new RangeError(`found ${show(value)}; out of the range of data_type ${type.name} (${lo} to ${hi})`);
  return type.kind === 'bigint' ? big : Number(big);
}

const SPECIAL_FLOATS = { NaN: NaN, Infinity: Infinity, '-Infinity': -Infinity };

// Reads a float given as its bit pattern, "0x7fc00000" style.
function floatFromHex(type, text) {
  const bytes = type.bytes;
  if (!/^0x[0-9a-fA-F]+$/.test(text) || text.length !== 2 + 2 * bytes) return undefined;
  const view = new DataView(new ArrayBuffer(8));
  const bits = BigInt(text);
  if (bytes === 8) return view.setBigUint64(0, bits), view.getFloat64(0);
  if (bytes === 4) return view.setUint32(0, Number(bits)), view.getFloat32(0);
  if (view.getFloat16) return view.setUint16(0, Number(bits)), view.getFloat16(0);
  return undefined;
}

// The zarr.json fill_value as a scalar of the data type (bigint for 64-bit
// integers, boolean for bool, a string for string). null means 0, as zarrita
// reads it; a string's is a string (zarr-python writes "").
export function fillValueOf(type, value) {
  const bad = (expected) =>
    new InvalidMetadataError(`fill_value: found ${JSON.stringify(typeof value === 'bigint' ? String(value) : value)}; expected ${expected} for data_type ${type.name}`, { path: '/fill_value' });
  if (type.kind === 'string') {
    if (typeof value !== 'string') throw bad('a string');
    return value;
  }
  if (type.kind === 'bytes') {  // zarr-python writes them in base64
    if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0) throw bad('the bytes as a base64 string');
    return Uint8Array.from(atob(value), (c) => c.charCodeAt(0));
  }
  if (value === null || value === undefined) return type.kind === 'bool' ? false : type.kind === 'bigint' ? 0n : 0;
  switch (type.kind) {
    case 'bool':
      if (typeof value !== 'boolean') throw bad('true or false');
      return value;
    case 'bigint': {
      if (typeof value !== 'bigint' && !Number.isInteger(value)) throw bad('an integer');
      const big = BigInt(value);
      if (BigInt.asIntN(64, big) !== big && BigInt.asUintN(64, big) !== big) throw bad('a 64-bit integer');
      if ((type.name === 'uint64' ? BigInt.asUintN(64, big) : BigInt.asIntN(64, big)) !== big) throw bad(`an integer in the range of ${type.name}`);
      return big;
    }
    case 'number': {
      if (!Number.isInteger(value)) throw bad('an integer');
      const raw = new type.Raw([value])[0];
      if (raw !== value) throw bad(`an integer in the range of ${type.name}`);
      return raw; // -0 is 0
    }
    default: {
      if (typeof value === 'number') return value;
      if (typeof value === 'string' && Object.hasOwn(SPECIAL_FLOATS, value)) return SPECIAL_FLOATS[value];
      const hex = typeof value === 'string' ? floatFromHex(type, value) : undefined;
      if (hex === undefined) throw bad(`a number, "NaN", "Infinity", "-Infinity" or a ${type.bytes}-byte hex bit pattern`);
      return hex;
    }
  }
}

// A fill value as zarr.json writes it: special floats as strings.
export function fillValueJSON(type, scalar) {
  if (type.kind === 'float' && !Number.isFinite(scalar)) return Number.isNaN(scalar) ? 'NaN' : scalar > 0 ? 'Infinity' : '-Infinity';
  return scalar;
}

// A raw buffer of `length` elements holding the fill value.
export function filled(type, fill, length) {
  // Each element its own Uint8Array: a caller that changes one changes no
  // other, nor the fill value of later reads.
  if (type.kind === 'bytes') return Array.from({ length }, () => toRaw(type, fill).slice());
  const raw = new type.Raw(length);
  const value = toRaw(type, fill);
  if (value !== 0 && value !== 0n || Object.is(value, -0)) raw.fill(value);
  return raw;
}
