// The spec's example array as exact JSON text, with any member replaced by
// a raw fragment: for tests whose documents hold what JSON.stringify cannot
// write (2^64 - 1, 1e400, deep nesting). Not a test file: node --test picks
// up only *.test.mjs. (Malformed documents are the bad-input catalogue's,
// tests/data/bad-inputs/.)

const BASE = {
  zarr_format: '3',
  node_type: '"array"',
  shape: '[26,38]',
  data_type: '"uint16"',
  chunk_grid: '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[16,10],[24,14]]}}',
  chunk_key_encoding: '{"name":"default","configuration":{"separator":"/"}}',
  fill_value: '0',
  codecs: '[{"name":"bytes","configuration":{"endian":"little"}}]',
  attributes: '{}',
};

// A document with some top-level members replaced (null: removed).
export function documentText(fields = {}) {
  const all = { ...BASE, ...fields };
  return `{${Object.entries(all)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
    .join(',')}}`;
}

export const validText = documentText();

// chunk_grid text for a rectilinear grid: its configuration members as raw
// fragments (null: removed).
export function rectilinear({ kind = '"inline"', chunkShapes = '[[16,10],[24,14]]', name = '"rectilinear"' } = {}) {
  const config = [kind === null ? null : `"kind":${kind}`, chunkShapes === null ? null : `"chunk_shapes":${chunkShapes}`]
    .filter((m) => m !== null)
    .join(',');
  return `{"name":${name},"configuration":{${config}}}`;
}

export function regular(chunkShape = '[13,19]') {
  return `{"name":"regular","configuration":{${chunkShape === null ? '' : `"chunk_shape":${chunkShape}`}}}`;
}

// 100,000 levels of nesting around a value: arrays or objects.
export const DEPTH = 100_000;
export const nestedArrays = (inner, depth = DEPTH) => '['.repeat(depth) + inner + ']'.repeat(depth);
export const nestedObjects = (inner, depth = DEPTH) => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);
