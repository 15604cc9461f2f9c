// @ts-check
// Metadata as the package's readers take it (ChunkGrid.fromMetadata, and
// through js/document/document-input.js validateMetadata, readMetadata and
// readerReport): an object, JSON text or UTF-8 bytes, made into the text or
// bytes the core parses.
import { maxDocumentBytes } from '../wasm/native.js';
import { stringifyExact } from './exact-json.js';
/** @import { Problem } from '../index.js' */

// Objects are written as exact JSON text; what they cannot say exactly
// comes back as problems, of which `standing` keeps those that stand (by
// default all: a number past 2^53 - 1 stands wherever an integer is wanted).
/**
 * @param {unknown} meta
 * @param {(meta: any) => object} pick
 * @param {(text: string, problems: Problem[]) => Problem[]} [standing]
 * @returns {{ input: string | Uint8Array | null, problems: Problem[] }}
 */
export function metadataInput(meta, pick, standing = (text, problems) => problems) {
  if (meta instanceof ArrayBuffer) meta = new Uint8Array(meta);
  if (typeof meta === 'string' || meta instanceof Uint8Array) {
    // Refused before it is copied into WebAssembly memory. (A string's UTF-8
    // form is at least as long as the string; the core checks the rest.)
    const size = typeof meta === 'string' ? meta.length : meta.byteLength;
    if (size > maxDocumentBytes) {
      return { input: null, problems: [{ path: '', message: `found a document of ${size} ${typeof meta === 'string' ? 'characters' : 'bytes'}; expected at most ${maxDocumentBytes} bytes (128 MiB)`, code: 'TOO_LARGE' }] };
    }
    return { input: meta, problems: [] };
  }
  // Bytes are UTF-8 in a Uint8Array: another view (a Uint16Array, a
  // DataView) is refused as what it is, not read as an object of its keys.
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta) || ArrayBuffer.isView(meta)) {
    const found = meta === null ? 'null' : Array.isArray(meta) ? 'an array' : ArrayBuffer.isView(meta) ? `a ${meta.constructor.name}` : typeof meta;
    return { input: null, problems: [{ path: '', message: `found ${found}; expected a zarr.json object, JSON text or UTF-8 bytes`, code: 'WRONG_TYPE' }] };
  }
  const { text, problems } = stringifyExact(pick(meta));
  return { input: text, problems: standing(text, problems) };
}

// Problems found in JS come first; the core's report of the placeholder
// written in their place is dropped.
/**
 * @param {Problem[]} first
 * @param {Problem[]} core
 * @returns {Problem[]}
 */
export function mergeProblems(first, core) {
  const paths = new Set(first.map((p) => p.path));
  return [...first, ...core.filter((p) => !paths.has(p.path))];
}
