// Reads the text area: a whole zarr.json, or just `shape` + `chunk_grid`.
// A whole document is checked by validateMetadata; a bare grid only by
// ChunkGrid.fromMetadata, which checks `shape` and `chunk_grid` in full.
import { ChunkGrid, GridError, validateMetadata } from '../js/index.js';

// Keys that only a whole zarr.json has.
const DOCUMENT_KEYS = ['zarr_format', 'node_type', 'data_type', 'codecs', 'chunk_key_encoding', 'fill_value'];

function peek(text) {
  try {
    const value = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

// -> {grid, errors, warnings, kind: 'zarr.json' | 'grid', names}
// `grid` is null when there are errors; `names` are the dimension names, if any.
export function readDocument(text, { lenient = false } = {}) {
  const parsed = peek(text);
  const whole = parsed !== null && DOCUMENT_KEYS.some((k) => k in parsed);
  const names = Array.isArray(parsed?.dimension_names) ? parsed.dimension_names : null;
  const kind = whole ? 'zarr.json' : 'grid';
  if (parsed === null || whole) {
    // validateMetadata never throws, and reports JSON syntax errors with a byte offset.
    const report = validateMetadata(text, { lenient });
    if (!report.valid) return { grid: null, errors: report.errors, warnings: report.warnings, kind, names };
    return { grid: ChunkGrid.fromMetadata(text, { lenient }), errors: [], warnings: report.warnings, kind, names };
  }
  try {
    const grid = ChunkGrid.fromMetadata(text, { lenient });
    return { grid, errors: [], warnings: grid.warnings, kind, names };
  } catch (error) {
    if (error instanceof GridError) return { grid: null, errors: error.errors, warnings: [], kind, names };
    return { grid: null, errors: [{ path: '', message: error.message }], warnings: [], kind, names };
  }
}
