// Where a problem lies in the JSON text: JSON Pointers and byte offsets
// turned into character ranges of the text, for marking them in the editor.

const escapeToken = (key) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const NUMBER_OR_LITERAL = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|true|false|null/y;

// Every value in the text by pointer: {start, end, keyStart}. A key written
// twice gives two entries. Scanning stops quietly at the first syntax error,
// keeping what it found before it.
export function scanPointers(text) {
  const found = new Map();
  let i = 0;
  const space = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++;
  };
  const fail = () => {
    throw new SyntaxError('stop');
  };
  const string = () => {
    if (text[i] !== '"') fail();
    const start = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    if (i >= text.length) fail();
    i++;
    return JSON.parse(text.slice(start, i));
  };
  const record = (pointer, entry) => {
    if (!found.has(pointer)) found.set(pointer, []);
    found.get(pointer).push(entry);
  };
  const value = (pointer, keyStart) => {
    space();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') i++;
      else {
        for (;;) {
          space();
          const ks = i;
          const key = string();
          space();
          if (text[i] !== ':') fail();
          i++;
          value(`${pointer}/${escapeToken(key)}`, ks);
          space();
          if (text[i] === ',') i++;
          else if (text[i] === '}') {
            i++;
            break;
          } else fail();
        }
      }
    } else if (c === '[') {
      i++;
      space();
      if (text[i] === ']') i++;
      else {
        for (let n = 0; ; n++) {
          value(`${pointer}/${n}`, null);
          space();
          if (text[i] === ',') i++;
          else if (text[i] === ']') {
            i++;
            break;
          } else fail();
        }
      }
    } else if (c === '"') {
      string();
    } else {
      NUMBER_OR_LITERAL.lastIndex = i;
      const m = NUMBER_OR_LITERAL.exec(text);
      if (!m) fail();
      i += m[0].length;
    }
    record(pointer, { start, end: i, keyStart });
  };
  try {
    value('', null);
  } catch {
    // keep what was found
  }
  return found;
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
export function problemRanges(text, { path, byteOffset }, pointers = scanPointers(text)) {
  if (byteOffset !== undefined) {
    const at = Math.min(byteToIndex(text, byteOffset), Math.max(0, text.length - 1));
    return [{ start: at, end: Math.min(text.length, at + 1) }];
  }
  const entries = pointers.get(path);
  if (entries) {
    const chosen = entries.length > 1 ? entries.slice(1) : entries;
    return chosen.map((e) => ({ start: e.keyStart ?? e.start, end: e.end }));
  }
  let parent = path;
  while (parent !== '') {
    parent = parent.slice(0, parent.lastIndexOf('/'));
    const found = pointers.get(parent);
    if (found) {
      const e = found[found.length - 1];
      return [{ start: e.keyStart ?? e.start, end: e.start + 1 }];
    }
  }
  return text.length ? [{ start: 0, end: 1 }] : [];
}
