// @ts-check
// validateMetadata: the whole zarr.json, never throwing.
import { documentModule } from './document-module.js';
import { mergeProblems, metadataInput } from './metadata-input.js';

// User attributes are not validated, and may nest deeper than a recursive
// writer can go, so an object's attributes are passed on empty.
export const withoutAttributes = (meta) =>
  meta.attributes && typeof meta.attributes === 'object' && !Array.isArray(meta.attributes) ? { ...meta, attributes: {} } : meta;

/** @type {typeof import('./index.js').validateMetadata} */
export function validateMetadata(meta, opts = {}) {
  try {
    const { input, problems: found } = metadataInput(meta, withoutAttributes);
    const { native, withBytes, problemOf } = documentModule;
    const report = input === null
      ? { errors: [], warnings: [] }
      : withBytes(input, (address, length) => native.validateMetadata(address, length, Boolean(opts.strict)));
    const errors = mergeProblems(found, report.errors.map(problemOf));
    return { valid: errors.length === 0, errors, warnings: report.warnings.map(problemOf) };
  } catch (error) {
    return { valid: false, errors: [exhausted('could not validate', error)], warnings: [] };
  }
}

// Only resource exhaustion gets to the catch of a reader that never throws:
// WebAssembly memory running out (OUT_OF_MEMORY, docs/memory.md), or an
// object too large for JS to write out as text.
/** @returns {import('./index.js').Problem} */
export function exhausted(/** @type {string} */ what, /** @type {any} */ error) {
  return { path: '', message: `${what}: ${error.message}`, code: error.code === 'OUT_OF_MEMORY' ? 'OUT_OF_MEMORY' : 'TOO_LARGE' };
}
