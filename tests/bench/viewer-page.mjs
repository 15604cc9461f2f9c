// The viewer page of section 7 (bundle.bench.mjs): the module script of a
// page that opens a small array from an in-memory store and reads it whole,
// through zarr-rectilinear/zarrita (a rectilinear grid) or through zarrita
// alone (a regular grid), then checks every value, so that a page that
// breaks reports a failure instead of a fast time. Both arrays hold the
// spec's example: shape [26, 38], int32 values 100 * i + j, little-endian
// bytes, uncompressed (no codec that zarrita would load lazily).

const SHAPE = [26, 38];

// Each axis's chunk extents as stored: a regular grid's last chunks are
// whole chunks, past the array's end.
const ARRAYS = {
  'zarr-rectilinear/zarrita': {
    grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[16, 10], [24, 14]] } },
    extents: [[16, 10], [24, 14]],
  },
  zarrita: {
    grid: { name: 'regular', configuration: { chunk_shape: [16, 24] } },
    extents: [[16, 16], [24, 24]],
  },
};

/** The array's zarr.json, as text. */
export const metadataText = (/** @type {keyof typeof ARRAYS} */ from) => JSON.stringify({
  zarr_format: 3, node_type: 'array', shape: SHAPE, data_type: 'int32', chunk_grid: ARRAYS[from].grid,
  chunk_key_encoding: { name: 'default', configuration: { separator: '/' } }, fill_value: 0,
  codecs: [{ name: 'bytes', configuration: { endian: 'little' } }], attributes: {},
});

/** The page's module script, importing `open` and `get` from `from`. */
export function viewerPage(/** @type {keyof typeof ARRAYS} */ from) {
  return `import { open, get } from '${from}';
const SHAPE = ${JSON.stringify(SHAPE)};
const value = (i, j) => (i < SHAPE[0] && j < SHAPE[1] ? 100 * i + j : 0);

// zarr.json and one key per chunk, "c/i/j", as a Map behind get(key).
const keys = new Map([['/zarr.json', new TextEncoder().encode(${JSON.stringify(metadataText(from))})]]);
const extents = ${JSON.stringify(ARRAYS[from].extents)};
for (let ci = 0, i0 = 0; ci < extents[0].length; i0 += extents[0][ci++]) {
  for (let cj = 0, j0 = 0; cj < extents[1].length; j0 += extents[1][cj++]) {
    const [rows, columns] = [extents[0][ci], extents[1][cj]];
    const view = new DataView(new ArrayBuffer(rows * columns * 4));
    for (let i = 0; i < rows; i++) for (let j = 0; j < columns; j++) view.setInt32((i * columns + j) * 4, value(i0 + i, j0 + j), true);
    keys.set('/c/' + ci + '/' + cj, new Uint8Array(view.buffer));
  }
}
const store = { get: (key) => keys.get(key) };

function correct({ data, shape, stride }) {
  if (shape.join() !== SHAPE.join()) return false;
  for (let i = 0; i < SHAPE[0]; i++) for (let j = 0; j < SHAPE[1]; j++) if (data[i * stride[0] + j * stride[1]] !== value(i, j)) return false;
  return true;
}

try {
  const answer = await get(await open(store, { kind: 'array' }), null);
  const at = performance.now();
  globalThis.answeredAt = correct(answer) ? at : -1;
} catch (error) {
  globalThis.failure = String(error);
  globalThis.answeredAt = -1;
}
`;
}
