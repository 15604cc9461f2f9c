// Example documents for the preset menu. Each is shown as written here, so a
// preset is also an example of how to write the metadata by hand.
// `axes` picks the two drawn axes ([down, across]) when the default (the last
// two) is not the best view.

const grid = (shape, chunkShapes) => `{
  "shape": ${shape},
  "chunk_grid": {
    "name": "rectilinear",
    "configuration": {
      "kind": "inline",
      "chunk_shapes": ${chunkShapes}
    }
  }
}
`;

const DAYS_PER_MONTH_2023 = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DAYS_PER_MONTH_2024 = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export const PRESETS = [
  {
    id: 'spec-2d',
    name: 'Spec example: 2-d, shape [26, 38]',
    text: grid('[26, 38]', '[[16, 10], [24, 14]]'),
  },
  {
    id: 'spec-5d',
    name: 'Spec example: 5-d, every kind of entry',
    text: grid('[6, 6, 6, 6, 6]', `[
        4,
        [1, 2, 3],
        [[4, 2]],
        [[1, 3], 3],
        [4, 4, 4]
      ]`),
    axes: [3, 4],
  },
  {
    id: 'overflow',
    name: 'Overflow: chunks past the array’s end',
    text: grid('[10, 14]', '[[4, 4, 4, 4, 4], [6, 6, 6]]'),
  },
  {
    id: 'zero-length',
    name: 'Zero-length axis',
    text: grid('[0, 20]', '[[5, 5], 4]'),
  },
  {
    id: 'billion',
    name: 'A billion-chunk run: [[1, 1000000000]]',
    text: grid('[1000000000, 1000]', '[[[1, 1000000000]], [[10, 100]]]'),
  },
  {
    id: 'daily',
    name: 'Daily time axis, one chunk per month (zarr.json)',
    text: `{
  "zarr_format": 3,
  "node_type": "array",
  "shape": [731, 721, 1440],
  "data_type": "float32",
  "chunk_grid": {
    "name": "rectilinear",
    "configuration": {
      "kind": "inline",
      "chunk_shapes": [
        [${DAYS_PER_MONTH_2023.join(', ')},
         ${DAYS_PER_MONTH_2024.join(', ')}],
        [[180, 4], 1],
        360
      ]
    }
  },
  "chunk_key_encoding": {"name": "default", "configuration": {"separator": "/"}},
  "fill_value": "NaN",
  "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],
  "dimension_names": ["time", "lat", "lon"]
}
`,
    axes: [0, 2],
  },
  {
    id: 'tiff',
    name: 'TIFF-like tiles with a ragged tail',
    text: grid('[1000, 1500]', '[[[256, 3], 232], [[256, 5], 220]]'),
  },
  {
    id: 'regular',
    name: 'A regular grid (zarr.json)',
    text: `{
  "zarr_format": 3,
  "node_type": "array",
  "shape": [100, 150],
  "data_type": "uint8",
  "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [30, 40]}},
  "chunk_key_encoding": {"name": "default"},
  "fill_value": 0,
  "codecs": [{"name": "bytes"}]
}
`,
  },
  {
    id: 'lenient',
    name: 'Writer mistakes: try the lenient switch',
    text: grid('[26, 38]', '[[16.0, 10], [24, 14.0]]'),
  },
  {
    id: 'invalid',
    name: 'An invalid document',
    text: `{
  "zarr_format": 2,
  "node_type": "array",
  "shape": [26, 38],
  "data_type": "float32",
  "chunk_grid": {
    "name": "rectilinear",
    "configuration": {
      "kind": "inline",
      "chunk_shapes": [[16, 0], [[24, -1], 14.5]]
    }
  },
  "chunk_key_encoding": {"name": "default"},
  "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}]
}
`,
  },
];

export const DEFAULT_PRESET = PRESETS[0];

export const presetById = (id) => PRESETS.find((p) => p.id === id) ?? null;
export const presetByText = (text) => PRESETS.find((p) => p.text === text) ?? null;
