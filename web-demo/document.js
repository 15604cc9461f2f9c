// Reads the text area: a whole zarr.json, or just `shape` + `chunk_grid`.
// A whole document is read once by readMetadata, which checks all of it;
// a bare grid only by ChunkGrid.fromMetadata, which checks `shape` and
// `chunk_grid` in full.
import { ChunkGrid, GridError, readMetadata } from '../js/index.js';

// Fields that only a whole zarr.json has: text that has none of them is a bare grid.
const DOCUMENT_PATHS = ['/zarr_format', '/node_type', '/data_type', '/codecs', '/chunk_key_encoding', '/fill_value'];
const isMissing = (problem) => problem.code === 'MISSING';

function bareGrid(read) {
  const missing = new Set(read.errors.filter(isMissing).map((p) => p.path));
  return read.kind === 'array' && DOCUMENT_PATHS.every((path) => missing.has(path));
}

// The most axes the explorer draws (NumPy's limit): each axis not drawn is a
// slider and each is a column of the summary, so a 64 kB document of 16,000
// axes froze the page for half a minute.
export const MAX_AXES = 64;

function withinAxes(result) {
  if (!result.grid || result.grid.ndim <= MAX_AXES) return result;
  const ndim = result.grid.ndim;
  result.grid.dispose();
  const error = { path: '/shape', message: `found ${ndim} axes; the explorer draws arrays of up to ${MAX_AXES}`, code: 'INVALID' };
  return { ...result, grid: null, errors: [error], warnings: [] };
}

// -> {grid, errors, warnings, kind: 'zarr.json' | 'grid', names}
// `grid` is null when there are errors; `names` are the dimension names, if any.
export function readDocument(text, options = {}) {
  return withinAxes(readAnyDocument(text, options));
}

function readAnyDocument(text, { lenient = false } = {}) {
  // readMetadata never throws, and reports JSON syntax errors with a byte offset.
  // The switch off is strict: what the writers' ledger reads (the library's
  // default) is shown as errors.
  const read = readMetadata(text, { strict: !lenient });
  const names = Array.isArray(read.dimensionNames) ? read.dimensionNames : null;
  if (read.kind === 'group') {
    const errors = read.errors.length ? read.errors : [{ path: '/node_type', message: 'found "group"; expected "array": a group has no chunk grid to draw', code: 'INVALID' }];
    return { grid: null, errors, warnings: read.warnings, kind: 'zarr.json', names: null };
  }
  if (!bareGrid(read)) return { grid: read.grid, errors: read.errors, warnings: read.warnings, kind: 'zarr.json', names };
  try {
    const grid = ChunkGrid.fromMetadata(text, { strict: !lenient });
    return { grid, errors: [], warnings: grid.warnings, kind: 'grid', names };
  } catch (error) {
    if (error instanceof GridError) return { grid: null, errors: error.errors, warnings: [], kind: 'grid', names };
    return { grid: null, errors: [{ path: '', message: error.message }], warnings: [], kind: 'grid', names };
  }
}
