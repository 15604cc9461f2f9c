// @ts-check
// JSON text that keeps integers exact beyond 2^53, in both directions: the
// one JSON writer of the package, the demo and the scripts, and the reader
// of text the core wrote.
import { native, withBytes } from '../wasm/native.js';
import { isBigInt } from '../grid/numbers.js';
import { pointerToken } from './json-pointer.js';
/** @import { Problem } from '../index.js' */

/**
 * Writes a JS value as JSON text, with bigints as exact integers; gives
 * {text, problems}. Options:
 * - `parsed`: false (the default) for values built in JS, where an integer
 *   above 2^53 - 1 may already be rounded: it is written as the value it
 *   holds and reported as a problem (with its JSON Pointer), which
 *   js/document/document-input.js's standingProblems keeps only where an integer is wanted. True for values from an exact
 *   parse (parseExact, readMetadata) or a computation, where such a number
 *   is a double the document wrote: written as JavaScript writes it.
 * - `layout`: 'compact' (the default), or 'document' for zarr.json as the
 *   package writes it: objects one member a line, indented by two spaces;
 *   arrays of plain values on one line; a float -0 as -0.0.
 * - `path`: the JSON Pointer of `value`, the start of the problems' paths.
 * A non-finite number is a problem in either case, written as null.
 * @param {unknown} value
 * @param {{ parsed?: boolean, layout?: 'compact' | 'document', path?: string }} [options]
 */
export function stringifyExact(value, { parsed = false, layout = 'compact', path = '' } = {}) {
  // Problems, untyped as the callers' own lists they join.
  /** @type {{ parsed: boolean, problems: any[] }} */
  const context = { parsed, problems: [] };
  const text = layout === 'document' ? writeDocument(value, context, '', path) : writeCompact(value, context, path);
  return { text, problems: context.problems };
}

/** @param {number} v @param {{ parsed: boolean, problems: Problem[] }} context @param {string} at */
function writeNumber(v, { parsed, problems }, at) {
  if (!Number.isFinite(v)) {
    problems.push({ path: at, message: `found ${v}; expected a finite JSON number`, code: 'WRONG_TYPE' });
    return 'null';
  }
  // Written as the value it holds; reported, since where the document
  // wants an integer it may already be rounded (standingProblems, in
  // js/document/document-input.js, keeps the
  // report only there).
  if (!parsed && Number.isInteger(v) && !Number.isSafeInteger(v)) {
    problems.push({ path: at, message: `found ${v}, above 2^53 - 1 in an object, where it may already be rounded; pass JSON text or a bigint`, code: 'UNSAFE_NUMBER' });
  }
  // Below 1e21 JavaScript writes such a number in plain digits rounded to
  // 17 significant ones (2^60 as 1152921504606847000), which an exact reader
  // takes for another integer: write the digits of the value it holds.
  if (Number.isInteger(v) && !Number.isSafeInteger(v) && Math.abs(v) < 1e21) return BigInt(v).toString();
  return String(v);
}

const HOLE = Symbol('hole');

function writeCompact(v, context, at) {
  if (isBigInt(v)) return v.toString();
  if (typeof v === 'number') return writeNumber(v, context, at);
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v) || (ArrayBuffer.isView(v) && !(v instanceof DataView))) {
    // Each element read once (a getter or a Proxy could answer a second
    // read otherwise), then written: a list of safe integers, as edge lists
    // are, by the engine's own join. A path and a string made per element
    // took most of the time of fromEdges on 10^7 edges.
    const list = /** @type {ArrayLike<unknown>} */ (v);
    const values = [];
    let integers = true;
    for (let i = 0, n = list.length; i < n; i++) {
      // A hole (an empty slot) is refused at its index rather than written
      // as nothing, which would be no JSON.
      const item = i in list ? list[i] : HOLE;
      values.push(item);
      integers &&= Number.isSafeInteger(item);
    }
    if (integers) return `[${values.join(',')}]`;
    return `[${values.map((item, i) => {
      if (item !== HOLE) return writeCompact(item === undefined ? null : item, context, `${at}/${i}`);
      context.problems.push({ path: `${at}/${i}`, message: 'found a hole (an empty slot of a sparse array); expected a value', code: 'WRONG_TYPE' });
      return 'null';
    }).join(',')}]`;
  }
  if (typeof v === 'object') {
    const members = [];
    for (const [key, item] of Object.entries(v)) {
      if (item === undefined || typeof item === 'function') continue;
      members.push(`${JSON.stringify(key)}:${writeCompact(item, context, `${at}/${pointerToken(key)}`)}`);
    }
    return `{${members.join(',')}}`;
  }
  return 'null';
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const holdsObject = (v) => isObject(v) || (Array.isArray(v) && v.some(holdsObject));

function writeDocument(v, context, indent, at) {
  const inner = `${indent}  `;
  if (isObject(v)) {
    const members = Object.entries(v).filter(([, item]) => item !== undefined);
    if (!members.length) return '{}';
    return `{\n${members.map(([k, item]) => `${inner}${JSON.stringify(k)}: ${writeDocument(item, context, inner, `${at}/${pointerToken(k)}`)}`).join(',\n')}\n${indent}}`;
  }
  if (Array.isArray(v) && holdsObject(v)) {
    return `[\n${v.map((item, i) => `${inner}${writeDocument(item, context, inner, `${at}/${i}`)}`).join(',\n')}\n${indent}]`;
  }
  if (Object.is(v, -0)) return '-0.0'; // JSON.stringify(-0) is "0"
  return writeCompact(v, context, at);
}

// Parses JSON text with integers as numbers when safe, else bigints: read
// by the core, exactly. Used for text the core wrote.
export function parseExact(text) {
  return withBytes(text, (address, length) => native.readJSON(address, length));
}
