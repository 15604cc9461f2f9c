// @ts-check
// A whole zarr.json as the document readers take it (validateMetadata,
// readMetadata, readerReport): metadataInput's text, with only the problems
// that stand in a whole document, as the reader module says where a float
// may stand: ChunkGrid.fromMetadata reads shape and chunk_grid alone, where
// every number is an integer, and so needs neither.
import { native, withPointers, columnsFailedAt, copyColumns } from '../wasm/native.js';
import { metadataInput } from './metadata-input.js';

// User attributes are not validated, and may nest deeper than a recursive
// writer can go, so an object's attributes are passed on empty. The
// document's members are read once, into a copy: the attributes checked
// (an object, or not) are the ones readMetadata hands back, whatever a
// getter answers when read again.
function withoutAttributes(meta) {
  const copy = { ...meta };
  const { attributes } = copy;
  if (attributes && typeof attributes === 'object' && !Array.isArray(attributes)) copy.attributes = {};
  return { copy, attributes };
}

// The problems of stringifyExact's `text` that stand: a number above
// 2^53 - 1 is refused only where the document wants an integer (shape,
// edges, counts, integer fill values, codec integers). A float fill value,
// and any number in attributes, is the value it holds. The core says which
// places those are (docs/semantics.md, "Numbers at the JS boundary").
export function standingProblems(text, problems) {
  const unsafe = problems.filter((p) => p.code === 'UNSAFE_NUMBER');
  if (!unsafe.length) return problems;
  const columns = withPointers(text, unsafe.map((p) => p.path), native.floatPlaces);
  if (columnsFailedAt(columns) >= 0) {
    return problems; // text that does not parse: every problem stands
  }
  const [floats] = copyColumns(columns, true);
  const floating = new Set(unsafe.filter((_, i) => floats[i] === 1));
  return problems.filter((p) => !floating.has(p));
}

// A document (an object, JSON text or UTF-8 bytes) as the text or bytes
// the document module reads, the problems found in JS that stand, and for
// an object, its attributes as read (undefined when absent).
export function documentInput(meta) {
  /** @type {unknown} */
  let attributes;
  const read = metadataInput(meta, (m) => {
    const { copy, attributes: found } = withoutAttributes(m);
    attributes = found;
    return copy;
  }, standingProblems);
  return { ...read, attributes };
}
