// @ts-check
// validateMetadata: the whole zarr.json, never throwing for a document
// (only for options of the wrong type).
import { native, withBytes } from '../wasm/native.js';
import { mergeProblems } from './metadata-input.js';
import { documentInput } from './document-input.js';
import { strictOption } from '../grid/arguments.js';

/** @type {typeof import('../index.js').validateMetadata} */
export function validateMetadata(meta, opts) {
  // A wrong option is the caller's mistake, not the document's: thrown.
  const strict = strictOption(opts);
  try {
    const { input, problems: found } = documentInput(meta);
    const report = input === null
      ? { errors: [], warnings: [] }
      : withBytes(input, (address, length) => native.validateMetadata(address, length, strict));
    const errors = mergeProblems(found, report.errors);
    return { valid: errors.length === 0, errors, warnings: report.warnings };
  } catch (error) {
    return { valid: false, errors: [exhausted('could not validate', error)], warnings: [] };
  }
}

// Only resource exhaustion gets to the catch of a reader that never throws:
// WebAssembly memory running out (OUT_OF_MEMORY, docs/memory.md), or an
// object too large for JS to write out as text.
/** @returns {import('../index.js').Problem} */
export function exhausted(/** @type {string} */ what, /** @type {any} */ error) {
  return { path: '', message: `${what}: ${error.message}`, code: error.code === 'OUT_OF_MEMORY' ? 'OUT_OF_MEMORY' : 'TOO_LARGE' };
}
