// @ts-check
// The number rules (docs/semantics.md, "Numbers at the JS boundary"): a
// bigint in gives a bigint out, mixed input counts as bigint, and nothing
// ever loses precision silently.
import { describeValue as describe } from './arguments.js';
export const MAX_UINT64 = (1n << 64n) - 1n;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** @type {(v: unknown) => v is bigint} */
export const isBigInt = (v) => typeof v === 'bigint';
/** @type {(a: unknown) => a is BigUint64Array | BigInt64Array} */
export const isBigIntArray = (a) => a instanceof BigUint64Array || a instanceof BigInt64Array;
export const anyBigInt = (values) => isBigIntArray(values) || (Array.isArray(values) && values.some(isBigInt));


// A non-negative integer as a bigint, or a RangeError/TypeError that says why not.
export function toUint64(value, what) {
  if (isBigInt(value)) {
    if (value < 0n || value > MAX_UINT64) throw new RangeError(`${what}: found ${value}n; expected an integer in [0, 2^64 - 1]`);
    return value;
  }
  if (typeof value !== 'number') throw new TypeError(`${what}: found ${describe(value)}; expected a number or a bigint`);
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${what}: found ${value}; expected a non-negative integer`);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${what}: found ${value}, above 2^53 - 1 and possibly rounded; pass a bigint`);
  }
  return BigInt(value);
}

// A possibly negative integer as a bigint (selections count from the end).
export function toInt(value, what) {
  if (isBigInt(value)) return value;
  if (typeof value !== 'number') throw new TypeError(`${what}: found ${describe(value)}; expected an integer`);
  if (!Number.isInteger(value)) throw new TypeError(`${what}: found ${value}; expected an integer`);
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what}: found ${value}, beyond 2^53 - 1 and possibly rounded; pass a bigint`);
  return BigInt(value);
}

// A uint64 result for a call whose input was bigint (`big`) or numbers.
export function output(value, big, what = 'result') {
  if (big) return value;
  if (value > MAX_SAFE) throw new RangeError(`${what} ${value} exceeds 2^53 - 1 and cannot be a number; pass bigint arguments`);
  return Number(value);
}

// A value that no input decides: a number when it is safe, else a bigint.
export const natural = (value) => (value > MAX_SAFE ? value : Number(value));

// Why values were refused, when it is not their range: a number that is
// not an integer, or one too large to be exact.
export function unsafeHint(values) {
  const numbers = Array.from(values).filter((v) => typeof v === 'number');
  if (numbers.some((v) => !Number.isInteger(v))) return ' (indices must be integers)';
  if (numbers.some((v) => !Number.isSafeInteger(v))) return ' (numbers above 2^53 - 1 may be rounded: pass bigints)';
  return '';
}
