// Where a problem lies in the JSON text: JSON Pointers and byte offsets
// turned into character ranges of the text, for marking them in the editor.
// The package's core finds where each pointer's value is written.
import { locatePointers } from '../js/tools.js';
import { parentPointer } from '../js/document/json-pointer.js';

// A pointer and every pointer that encloses it, up to the root "".
function withAncestors(path) {
  const out = [path];
  for (let p = path; p !== ''; ) {
    p = parentPointer(p);
    out.push(p);
  }
  return out;
}

// The places of the problems' paths and of every value that encloses them,
// found in one call: a Map from pointer to its places {keyStart?, start,
// end}, in text order (a key written twice gives two). Text that is not JSON
// gives what ended before its first syntax error.
export function locateProblems(text, problems) {
  const pointers = [...new Set(problems.flatMap((p) => withAncestors(p.path)))];
  const places = locatePointers(text, pointers);
  return new Map(pointers.map((pointer, i) => [pointer, places[i]]));
}

// The character index of a UTF-8 byte offset into the text.
export function byteToIndex(text, byte) {
  let bytes = 0;
  let i = 0;
  while (i < text.length && bytes < byte) {
    const code = text.codePointAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    i += code >= 0x10000 ? 2 : 1;
  }
  return i;
}

// The ranges of text to mark for a problem {path, byteOffset}:
// - a JSON syntax error (with its byteOffset) marks that character;
// - a pointer to a member marks its key and value, to an element its value;
// - a key written twice marks every copy after the first;
// - a missing key marks the start of the nearest enclosing value.
// `pointers` is what locateProblems gave for the problems at hand.
export function problemRanges(text, problem, pointers = locateProblems(text, [problem])) {
  const { path, byteOffset } = problem;
  if (byteOffset !== undefined) {
    const at = Math.min(byteToIndex(text, byteOffset), Math.max(0, text.length - 1));
    return [{ start: at, end: Math.min(text.length, at + 1) }];
  }
  const entries = pointers.get(path);
  if (entries?.length) {
    const chosen = entries.length > 1 ? entries.slice(1) : entries;
    return chosen.map((e) => ({ start: e.keyStart ?? e.start, end: e.end }));
  }
  let parent = path;
  while (parent !== '') {
    parent = parentPointer(parent);
    const found = pointers.get(parent);
    if (found?.length) {
      const e = found[found.length - 1];
      return [{ start: e.keyStart ?? e.start, end: e.start + 1 }];
    }
  }
  return text.length ? [{ start: 0, end: 1 }] : [];
}
