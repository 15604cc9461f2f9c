// @ts-check
// The one input rule for arrays of indices (docs/semantics.md, Numbers),
// used by every batch call: locateMany, locateAxis and integer-array
// selections (project, projectAxes, and the reader's get and set). Each
// element is a safe-integer number or a bigint, in range for what it
// addresses; anything else is a TypeError or RangeError that names its
// position. Numbers and bigints mix freely, in plain arrays and typed
// arrays alike. Nothing wraps modulo 2^64, and nothing is coerced: a plain
// array is read once, into a copy (js/grid/arguments.js).
import { MAX_UINT64, anyBigInt } from './numbers.js';
import { copyArray, describeValue as show } from './arguments.js';

/**
 * @typedef {Float64Array | Float32Array | Int8Array | Uint8Array | Uint8ClampedArray | Int16Array | Uint16Array
 *   | Int32Array | Uint32Array | BigInt64Array | BigUint64Array} NumericArray
 * @typedef {Exclude<NumericArray, BigInt64Array | BigUint64Array> | number[]} NumberColumn
 */

/**
 * Checks that `values` is an array or a typed array of numbers and bigints.
 * A plain array is copied, each element read once (js/grid/arguments.js), and
 * the copy is checked and returned; typed arrays hold only numbers (or only
 * bigints) by construction and are returned as they are.
 * @param {unknown} values
 * @param {(i: number) => string} where names position i in messages
 * @returns {NumericArray | Array<number | bigint>}
 */
export function indexArray(values, where) {
  if (ArrayBuffer.isView(values) && !(values instanceof DataView)) return /** @type {NumericArray} */ (values);
  if (!Array.isArray(values)) throw new TypeError(`${where(-1)}: expected an array or a typed array of integers`);
  return checkIndices(copyArray(values, where), where);
}

/**
 * Checks that every element of an array (a copy: see indexArray) is a
 * number or a bigint.
 * @param {unknown[]} values
 * @param {(i: number) => string} where
 * @returns {Array<number | bigint>}
 */
export function checkIndices(values, where) {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== 'number' && typeof v !== 'bigint') {
      throw new TypeError(`${where(i)}: found ${show(v)}; expected an integer (a number or a bigint)`);
    }
  }
  return /** @type {Array<number | bigint>} */ (values);
}

/**
 * Non-negative indices as the core reads them. Numbers stay as given (any
 * typed array of numbers, or an array of numbers): the copy into the heap
 * converts them to doubles in its one pass, and the core refuses
 * fractions, negatives and numbers past 2^53 - 1 and names them. Bigints
 * become a BigUint64Array, each value checked here.
 * @param {NumericArray | Array<number | bigint>} values from indexArray
 * @param {(i: number) => string} where
 * @returns {NumberColumn | BigUint64Array}
 */
export function unsignedColumn(values, where) {
  if (values instanceof BigUint64Array) return values;
  if (!anyBigInt(values)) return /** @type {NumberColumn} */ (values);
  const out = new BigUint64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = unsigned(values[i], where(i));
  return out;
}

/**
 * Indices that may count from the end (selections): numbers as given (see
 * unsignedColumn), a BigInt64Array as given, else sign and magnitude pairs
 * (negative flag, magnitude) in a BigUint64Array of twice the length, so
 * that both -(2^64 - 1) and 2^64 - 1 can be written.
 * @param {NumericArray | Array<number | bigint>} values from indexArray
 * @param {(i: number) => string} where
 * @returns {NumberColumn | BigInt64Array | {pairs: BigUint64Array}}
 */
export function signedColumn(values, where) {
  if (values instanceof BigInt64Array) return values;
  if (!anyBigInt(values)) return /** @type {NumberColumn} */ (values);
  const pairs = new BigUint64Array(2 * values.length);
  for (let i = 0; i < values.length; i++) {
    const v = integer(values[i], where(i));
    const magnitude = v < 0n ? -v : v;
    if (magnitude > MAX_UINT64) throw new RangeError(`${where(i)}: found ${v}n; expected an integer in [-(2^64 - 1), 2^64 - 1]`);
    pairs[2 * i] = v < 0n ? 1n : 0n;
    pairs[2 * i + 1] = magnitude;
  }
  return { pairs };
}

/** @returns {bigint} */
function integer(/** @type {number | bigint} */ v, /** @type {string} */ what) {
  if (typeof v === 'bigint') return v;
  if (!Number.isInteger(v)) throw new RangeError(`${what}: found ${v}; expected an integer`);
  if (!Number.isSafeInteger(v)) throw new RangeError(`${what}: found ${v}, beyond 2^53 - 1 and possibly rounded; pass a bigint`);
  return BigInt(v);
}

/** @returns {bigint} */
function unsigned(/** @type {number | bigint} */ v, /** @type {string} */ what) {
  const b = integer(v, what);
  if (b < 0n || b > MAX_UINT64) throw new RangeError(`${what}: found ${show(v)}; expected an index in [0, 2^64 - 1]`);
  return b;
}
