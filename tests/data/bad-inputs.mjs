// Reads the bad-input catalogue (tests/data/bad-inputs/*.json; the format is
// in docs/architecture.md, "The bad-input catalogue") for the node suites
// and the fuzzer's seeds. Not a test file: node --test picks up only
// *.test.mjs. The Catch2 suite reads the same files (tests/cpp/bad_inputs.test.cpp).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const catalogueDir = join(import.meta.dirname, 'bad-inputs');

// The entry points an entry may name in `refused_by`.
const ENTRY_POINTS = ['validateMetadata', 'fromMetadata', 'validate'];

const KEYS = new Set(['name', 'document', 'errors', 'strict_errors', 'refused_by']);
const ERROR_KEYS = new Set(['pointer', 'code', 'message_contains']);

// A part's bytes: text as UTF-8, {hex} as written, {repeat, times} spelled out.
function partBytes(part) {
  if (typeof part === 'string') return Buffer.from(part, 'utf8');
  if (part.hex !== undefined) return Buffer.from(part.hex, 'hex');
  return Buffer.from(part.repeat.repeat(part.times), 'utf8');
}

function partLength(part) {
  if (typeof part === 'string') return Buffer.byteLength(part, 'utf8');
  if (part.hex !== undefined) return part.hex.length / 2;
  return Buffer.byteLength(part.repeat, 'utf8') * part.times;
}

function checked(raw, where) {
  for (const key of Object.keys(raw)) if (!KEYS.has(key)) throw new Error(`${where}: unknown key ${key}`);
  for (const key of ['name', 'document', 'errors', 'refused_by']) if (!(key in raw)) throw new Error(`${where}: no ${key}`);
  for (const error of [...raw.errors, ...(raw.strict_errors ?? [])]) {
    for (const key of Object.keys(error)) if (!ERROR_KEYS.has(key)) throw new Error(`${where}: unknown error key ${key}`);
  }
  for (const point of raw.refused_by) if (!ENTRY_POINTS.includes(point)) throw new Error(`${where}: unknown entry point ${point}`);
  return raw;
}

/**
 * Every entry, file by file in name order, as in the files, with:
 * - `file`, `index`: the file's name without .json (its topic), and the
 *   entry's place in it;
 * - `errorsIn(strict)`: the problems expected, in order ([]: read by default,
 *   with a warning);
 * - `refuses(point)`: whether that entry point refuses it;
 * - `isText`: whether the document is UTF-8 text (no {hex} part), so that it
 *   can be given as a string as well as bytes;
 * - `byteLength`, `bytes()`, `text()`: the document, built on demand.
 */
export function badInputs() {
  const files = readdirSync(catalogueDir).filter((f) => f.endsWith('.json')).sort();
  return files.flatMap((fileName) => {
    const file = fileName.slice(0, -'.json'.length);
    const { entries } = JSON.parse(readFileSync(join(catalogueDir, fileName), 'utf8'));
    return entries.map((raw, index) => {
      const entry = checked(raw, `${fileName} entry ${index}`);
      const parts = typeof entry.document === 'string' ? [entry.document] : entry.document;
      const isText = parts.every((p) => typeof p === 'string' || p.hex === undefined);
      return {
        ...entry,
        file,
        index,
        isText,
        byteLength: parts.reduce((n, p) => n + partLength(p), 0),
        errorsIn: (strict) => (strict ? entry.strict_errors ?? entry.errors : entry.errors),
        refuses: (point) => entry.refused_by.includes(point),
        bytes: () => new Uint8Array(Buffer.concat(parts.map(partBytes))),
        text: () => {
          if (!isText) throw new Error(`${entry.name}: not UTF-8 text`);
          return parts.map((p) => (typeof p === 'string' ? p : p.repeat.repeat(p.times))).join('');
        },
      };
    });
  });
}

// Whether a pointer is in what fromMetadata reads: the document as a whole,
// shape and chunk_grid. When it refuses a document, fromMetadata reports the
// problems validateMetadata reports there, in the same order.
export const inShapeOrChunkGrid = (pointer) => pointer === '' || /^\/(shape|chunk_grid)(\/|$)/.test(pointer);
