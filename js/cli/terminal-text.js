// @ts-check
// Text from a store (names, values quoted in messages, file and folder
// names) shown in a terminal: control characters are written as JSON-style
// escapes ("\u001b"), so a document cannot clear the screen, set a window
// title, write the clipboard (OSC 52) or forge a line of output. Bidi
// controls are escaped too, so that text cannot be shown in an order other
// than the one it has. See docs/threat-model.md.

// C0 (newline and tab included), DEL, C1, and the bidi embeddings,
// overrides and isolates.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

// A GitHub Actions runner reads a line of a job's output (stdout or
// stderr) as a workflow command when, its leading whitespace trimmed, it
// starts with "::", or when it holds "##[" anywhere (the legacy syntax;
// "##[stop-commands]x" silences every later annotation). So a ":" that
// starts the text (after whitespace) and a "[" after a "#" are escaped too.
// Outside the commands it writes itself (--format github), the CLI's own
// text around data never ends in ":" or "#" nor starts with "[", so no
// other line, in any format, holds either form. The escapes are JSON's:
// --json text stays valid and keeps its values.
const COMMAND = /^(\s*):|(?<=#)\[/g;

const escape = (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** @param {unknown} text */
export const safeText = (text) =>
  String(text)
    .replace(UNSAFE, escape)
    .replace(COMMAND, (found, space) => (space === undefined ? escape(found) : `${space}${escape(':')}`));

// An error's reason, for a line of output: its Node code (ENOENT) once,
// then its message (which often starts with the code already).
/** @param {unknown} error */
export function reason(error) {
  const { code, message } = /** @type {{ code?: string, message?: string }} */ (error ?? {});
  return safeText(code && !String(message).includes(code) ? `${code}: ${message}` : message ?? code ?? String(error));
}
