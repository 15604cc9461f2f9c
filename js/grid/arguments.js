// @ts-check
// Arguments from the caller, read once (docs/semantics.md, "Arguments"). A
// plain array is copied element by element into a new array, each element
// read once, and every later step reads the copy: a getter or a Proxy
// cannot hand a checked value to the check and another to the work. A hole
// (an empty slot of a sparse array) is refused at its index, never read as
// undefined. Selection entries are sorted into their kinds here, and an
// object that is not a slice or {blocks} is a TypeError.

/**
 * A value for messages: a primitive as written ("/a", 5, 5n, true), an
 * object by its kind ("a Date", "a Number object", "an array").
 * @param {unknown} v
 */
export function describeValue(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}...` : v);
  if (typeof v === 'bigint') return `${v}n`;
  if (typeof v === 'function') return 'a function';
  if (typeof v !== 'object') return String(v);
  const name = Object.getPrototypeOf(v)?.constructor?.name;
  if (['Number', 'String', 'Boolean', 'BigInt'].includes(name)) return `a ${name} object`;
  return name && name !== 'Object' ? `a ${name}` : 'an object';
}

/**
 * An options argument: absent (undefined or null) or an object, else a
 * TypeError. Its members are then read once each, by the caller.
 * @param {unknown} opts
 * @returns {Record<string, unknown>}
 */
export function optionsArgument(opts) {
  if (opts === undefined || opts === null) return {};
  if (typeof opts !== 'object' || Array.isArray(opts)) {
    throw new TypeError(`opts: found ${describeValue(opts)}; expected an options object or nothing`);
  }
  return /** @type {Record<string, unknown>} */ (opts);
}

/**
 * A flag among the options, read once: absent (false) or a boolean, else
 * a TypeError. No truthiness: {strict: 'false'} would otherwise be strict.
 * @param {Record<string, unknown>} opts from optionsArgument
 * @param {string} name
 */
export function flagOption(opts, name) {
  const value = opts[name];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new TypeError(`opts.${name}: found ${describeValue(value)}; expected true, false or absent`);
  return value;
}

/**
 * ReadOptions ({strict, lenient}), checked; whether to read strictly.
 * `lenient` is the default's synonym: checked, and then of no effect.
 * @param {unknown} opts
 */
export function strictOption(opts) {
  const read = optionsArgument(opts);
  const strict = flagOption(read, 'strict');
  flagOption(read, 'lenient');
  return strict;
}

/**
 * Values for messages, as "[1, 2, 3]".
 * @param {Iterable<unknown> | ArrayLike<unknown>} values
 */
export const list = (values) => `[${Array.from(values, String).join(', ')}]`;

/**
 * An axis argument: an integer in [0, grid.ndim), else a RangeError (a
 * TypeError for a value that is not a number: "0", 1n, null).
 * @param {{ ndim: number }} grid
 * @param {number} axis
 */
export function checkAxis(grid, axis) {
  if (typeof axis !== 'number') {
    throw new TypeError(`axis: found ${describeValue(axis)}; expected an integer in [0, ${grid.ndim})`);
  }
  if (!Number.isInteger(axis) || axis < 0 || axis >= grid.ndim) {
    throw new RangeError(`axis: found ${axis}; expected an integer in [0, ${grid.ndim})`);
  }
}

/**
 * A new array with the elements of a plain array, each read once. Holes
 * are a TypeError at their index.
 * @template T
 * @param {T[]} values an array (Array.isArray)
 * @param {(i: number) => string} where names element i
 * @returns {T[]}
 */
export function copyArray(values, where) {
  const n = values.length;
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    if (!(i in values)) throw new TypeError(`${where(i)}: found a hole (an empty slot of a sparse array); expected a value`);
    out[i] = values[i];
  }
  return out;
}

/**
 * An argument that must be a plain array, copied (see copyArray).
 * @param {unknown} value
 * @param {string} name the argument's name
 * @param {string} expected what it should be, for the message
 * @returns {unknown[]}
 */
export function arrayArgument(value, name, expected) {
  if (!Array.isArray(value)) throw new TypeError(`${name}: found ${describeValue(value)}; expected ${expected}`);
  return copyArray(value, (i) => `${name}[${i}]`);
}

// An object literal, Object.create(null) or zarrita's slice(); not a class
// instance, a Date or a Map.
export const isPlainObject = (/** @type {unknown} */ v) => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};
const SLICE_KEYS = ['start', 'stop', 'step'];

/**
 * A slice or a {blocks} entry as a new object, each member read once. A
 * slice is a plain object (zarrita's slice() makes one) whose own keys are
 * among start, stop and step; {blocks} is a plain object with that key
 * alone, holding an array of two bounds. Anything else is a TypeError.
 * @param {object} entry
 * @param {string} what
 * @returns {{ start: unknown, stop: unknown, step: unknown } | { blocks: [unknown, unknown] }}
 */
export function sliceObject(entry, what) {
  const expected = 'a slice {start, stop, step}, {blocks: [first, stop]}, null, an integer, an integer array or a mask';
  if (!isPlainObject(entry)) throw new TypeError(`${what}: found ${describeValue(entry)}; expected ${expected}`);
  const keys = Reflect.ownKeys(entry);
  if (keys.length === 1 && keys[0] === 'blocks') {
    const blocks = /** @type {{ blocks?: unknown }} */ (entry).blocks;
    if (!Array.isArray(blocks) || blocks.length !== 2) {
      throw new TypeError(`${what}.blocks: found ${describeValue(blocks)}${Array.isArray(blocks) ? ` of length ${blocks.length}` : ''}; expected an array of two bounds [first, stop]`);
    }
    const [first, stop] = copyArray(blocks, (i) => `${what}.blocks[${i}]`);
    return { blocks: [first, stop] };
  }
  const unknown = keys.find((k) => typeof k !== 'string' || !SLICE_KEYS.includes(k));
  if (unknown !== undefined) {
    throw new TypeError(`${what}: found the key ${JSON.stringify(String(unknown))}; expected a slice (keys start, stop, step) or {blocks}`);
  }
  const { start, stop, step } = /** @type {{ start?: unknown, stop?: unknown, step?: unknown }} */ (entry);
  return { start, stop, step };
}
