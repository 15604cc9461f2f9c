// @ts-check
// Problems as lines a person or a CI reads: `file:line:col: CODE /pointer:
// message` as compilers print them, or GitHub Actions annotations. The
// core finds where each pointer's value is written (nearestPlaces); a
// pointer to a member that is missing is placed at its nearest ancestor.
// Text from the document is escaped for the terminal (terminal-text.js).
import { nearestPlaces } from '../tools/locate-pointers.js';
import { safeText } from './terminal-text.js';
import { bomLength } from './read-file.js';

/** @typedef {{ path: string, message: string, code?: string, byteOffset?: number }} Problem */
/** @typedef {{ line: number, column: number }} Position */

// 1-based line and column of each byte offset, found in one walk over the
// bytes. Columns count code points (README, "Validate metadata from the
// command line"): a UTF-8 continuation byte adds none, and neither does a
// byte-order mark, which no editor shows.
function lineColumns(bytes, offsets) {
  const sorted = [...new Set(offsets)].sort((a, b) => a - b);
  const found = new Map();
  let line = 1, column = 1, at = bomLength(bytes);
  for (const offset of sorted) {
    for (; at < offset && at < bytes.length; at++) {
      if (bytes[at] === 0x0a) {
        line++;
        column = 1;
      } else if ((bytes[at] & 0xc0) !== 0x80) column++; // not a UTF-8 continuation byte
    }
    found.set(offset, { line, column });
  }
  return found;
}

/**
 * Where each problem is in `bytes` (a zarr.json's text), or null.
 * @param {Uint8Array | null | undefined} bytes
 * @param {Problem[]} problems
 * @returns {(Position | null)[]}
 */
export function positions(bytes, problems) {
  if (!bytes || problems.length === 0) return problems.map(() => null);
  const skip = bomLength(bytes);
  const pointers = [...new Set(problems.flatMap((p) => (p.byteOffset === undefined ? [p.path] : [])))];
  const found = pointers.length ? nearestPlaces(bytes.subarray(skip), pointers) : [];
  const places = new Map(pointers.map((pointer, i) => [pointer, found[i]]));
  // The value the pointer names (a duplicate key's problem is about the
  // later copy's key); its member's key when only an ancestor is there (a
  // member missing from it).
  const offsetOf = (p) => {
    if (p.byteOffset !== undefined) return p.byteOffset;
    const place = places.get(p.path);
    if (!place) return undefined;
    return skip + (place.exact && p.code !== 'DUPLICATE_KEY' ? place.start : place.keyStart ?? place.start);
  };
  const wanted = problems.map(offsetOf);
  const at = lineColumns(bytes, wanted.filter((o) => o !== undefined));
  return wanted.map((o) => (o === undefined ? null : at.get(o)));
}

// GitHub Actions' workflow-command escapes: data, then property values.
export const githubData = (s) => s.replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
const githubProperty = (s) => githubData(s).replaceAll(':', '%3A').replaceAll(',', '%2C');

/**
 * One line per problem.
 * @param {string} file
 * @param {{ problem: Problem, position: Position | null, warning?: boolean }[]} items
 * @param {'text' | 'github'} format
 */
export function problemLines(file, items, format = 'text') {
  return items.map(({ problem, position, warning = false }) => {
    const code = problem.code ?? 'INVALID';
    const subject = `${problem.path || '(document)'}: ${problem.message}`;
    if (format === 'github') {
      const where = [`file=${githubProperty(safeText(file))}`, ...(position ? [`line=${position.line}`, `col=${position.column}`] : []), `title=${githubProperty(code)}`];
      return `::${warning ? 'warning' : 'error'} ${where.join(',')}::${githubData(safeText(subject))}`;
    }
    const at = position ? `${file}:${position.line}:${position.column}` : file;
    return safeText(`${at}: ${code} ${problem.path || '(document)'}: ${warning ? 'warning: ' : ''}${problem.message}`);
  });
}

// In the order of their places in the text, as a reader goes through it:
// what has no place (the document as a whole) first; a stable sort, so
// problems at one place keep the core's order (errors before warnings).
const byPlace = (/** @type {Position | null} */ a, /** @type {Position | null} */ b) =>
  (a?.line ?? 0) - (b?.line ?? 0) || (a?.column ?? 0) - (b?.column ?? 0);

/**
 * Each problem with the line and column of its pointer, for --json: in the
 * core's order (errors by rule), which a program can sort by place.
 * @param {Uint8Array | null | undefined} bytes
 * @param {Problem[]} problems
 */
export function placed(bytes, problems) {
  const at = positions(bytes, problems);
  return problems.map((p, i) => (at[i] ? { ...p, ...at[i] } : p));
}

/**
 * The lines for a document's errors and warnings, placed in its text, in
 * the order of their places.
 * @param {string} file
 * @param {Uint8Array | null | undefined} bytes
 * @param {{ errors: Problem[], warnings: Problem[] }} read
 * @param {'text' | 'github'} [format]
 */
export function documentLines(file, bytes, { errors, warnings }, format = 'text') {
  const all = [...errors, ...warnings];
  const at = positions(bytes, all);
  const items = all.map((problem, i) => ({ problem, position: at[i], warning: i >= errors.length }));
  return problemLines(file, items.sort((a, b) => byPlace(a.position, b.position)), format);
}

/**
 * What was not checked in a file, said plainly: a line each, or a GitHub
 * Actions notice.
 * @param {string} file
 * @param {string[]} notChecked
 * @param {'text' | 'github'} [format]
 */
export function notCheckedLines(file, notChecked, format = 'text') {
  return notChecked.map((what) =>
    format === 'github' ? `::notice file=${githubProperty(safeText(file))},title=NOT_CHECKED::${githubData(safeText(what))}` : safeText(`${file}: not checked: ${what}`));
}
