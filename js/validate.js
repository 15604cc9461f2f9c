// @ts-check
// validateMetadata: the whole zarr.json, never throwing.
import { native, problems, using, withBytes } from './native.js';
import { mergeProblems, metadataInput } from './chunk-grid.js';

// User attributes are not validated, and may nest deeper than a recursive
// writer can go, so an object's attributes are passed on empty.
export const withoutAttributes = (meta) =>
  meta.attributes && typeof meta.attributes === 'object' && !Array.isArray(meta.attributes) ? { ...meta, attributes: {} } : meta;

/** @type {typeof import('./index.js').validateMetadata} */
export function validateMetadata(meta, opts = {}) {
  try {
    const { input, problems: found } = metadataInput(meta, withoutAttributes);
    const report = input === null
      ? { errors: [], warnings: [] }
      : using(withBytes(input, (address, length) => native.validateMetadata(address, length, Boolean(opts.lenient))),
        (o) => ({ errors: problems(o.errors()), warnings: problems(o.warnings()) }));
    const errors = mergeProblems(found, report.errors);
    return { valid: errors.length === 0, errors, warnings: report.warnings };
  } catch (error) {
    // Only resource exhaustion gets here (a document too large to copy).
    return { valid: false, errors: [{ path: '', message: `could not validate: ${/** @type {Error} */ (error).message}`, code: 'TOO_LARGE' }], warnings: [] };
  }
}
