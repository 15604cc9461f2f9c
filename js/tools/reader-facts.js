// @ts-check
// What other readers do with a Zarr v3 array document: one entry per reader
// and version range, each with its source and the date it was checked.
// Data only, read by readerReport (js/tools/reader-report.js); docs/readers.md
// says how to add or update an entry, and what each `when` means.
//
// A reader's rules are tried in order: the first whose `when` holds gives
// the verdict. When none holds, the reader reads the array. Every reader
// listed reads a regular grid (the core spec's).

const TWO_TO_32 = 2 ** 32;

// What zarrita.js 0.7.5 reads: the data types of its getCtr (util.js) and
// the codecs of its registry (codecs.js).
const ZARRITA_DATA_TYPES = Object.freeze(['bool', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'float16', 'float32', 'float64', 'string']);
const ZARRITA_CODECS = Object.freeze([
  'blosc', 'lz4', 'zstd', 'gzip', 'zlib', 'transpose', 'bytes', 'crc32c', 'vlen-utf8', 'json2', 'bitround', 'cast_value', 'scale_offset', 'sharding_indexed',
  'numcodecs.blosc', 'numcodecs.lz4', 'numcodecs.zstd', 'numcodecs.gzip', 'numcodecs.zlib', 'numcodecs.vlen-utf8', 'numcodecs.shuffle', 'numcodecs.delta',
  'numcodecs.bitround', 'numcodecs.json2',
]);

// zarr-python and zarrs alike read a rectilinear configuration's kind and
// chunk_shapes and ignore any other member.
/** @type {import('../tools.js').ReaderRule} */
const IGNORES_GRID_MEMBERS = Object.freeze({
  when: 'unknown-grid-member', verdict: 'misreads',
  reason: 'members of the rectilinear configuration other than "kind" and "chunk_shapes" are ignored: with encoded_chunk_shapes (a proposal) a chunk decodes to more elements than it holds, and is read as if it held its declared shape',
});

/** @type {readonly import('../tools.js').ReaderFacts[]} */
export const READERS = Object.freeze([
  {
    reader: 'zarr-python', versions: 'before 3.2.0', checked: '2026-09-30',
    source: 'https://zarr.readthedocs.io/en/latest/release-notes/#320-2026-04-30',
    rules: [
      { when: 'shard-edge-not-divided', verdict: 'refuses', reason: 'the inner chunk shape of sharding_indexed must divide every shard edge', source: 'https://github.com/zarr-developers/zarr-python/blob/main/src/zarr/codecs/sharding.py' },
      { when: 'rectilinear', verdict: 'refuses', reason: 'the rectilinear chunk grid is read from 3.2.0' },
    ],
  },
  {
    reader: 'zarr-python', versions: '3.2.0 to 3.3.x', checked: '2026-09-30',
    source: 'https://github.com/zarr-developers/zarr-python/blob/main/src/zarr/core/config.py',
    note: 'A proposal to read rectilinear grids without the setting is open: https://github.com/zarr-developers/zarr-python/issues/4025. ' +
      'encoded_chunk_shapes is proposed in https://github.com/zarr-developers/zarr-extensions/pull/75.',
    rules: [
      IGNORES_GRID_MEMBERS,
      { when: 'shard-edge-not-divided', verdict: 'refuses', reason: 'the inner chunks of a sharded array must be regular and divide every shard edge', source: 'https://github.com/zarr-developers/zarr-python/pull/4218' },
      { when: 'rectilinear', verdict: 'reads-with-setting', setting: 'array.rectilinear_chunks', reason: 'rectilinear grids are read only with zarr.config.set({"array.rectilinear_chunks": True}) (off by default)' },
    ],
  },
  {
    reader: 'zarrs', versions: 'before 0.23.8', checked: '2026-09-30',
    source: 'https://github.com/zarrs/zarrs/releases/tag/zarrs-v0.23.8',
    rules: [{ when: 'rectilinear', verdict: 'refuses', reason: 'the rectilinear chunk grid is read from 0.23.8' }],
  },
  {
    reader: 'zarrs', versions: '0.23.8 and later', checked: '2026-09-30',
    source: 'https://github.com/zarrs/zarrs/blob/main/CHANGELOG.md',
    note: 'Unreleased work makes declared chunks that lie wholly past the array\'s end an error (rectilinear.rs). ' +
      'encoded_chunk_shapes is proposed in https://github.com/zarr-developers/zarr-extensions/pull/75.',
    rules: [
      IGNORES_GRID_MEMBERS,
    ],
  },
  {
    reader: 'zarrita.js', versions: '0.7 (0.7.5 checked)', checked: '2026-09-30',
    source: 'https://www.npmjs.com/package/zarrita/v/0.7.5',
    note: 'zarr.js reads regular grids only too.',
    rules: [
      { when: 'data-type-not-in', names: ZARRITA_DATA_TYPES, verdict: 'refuses', reason: 'an unknown data type ("Unknown or unsupported dataType")', source: 'https://github.com/manzt/zarrita.js/blob/main/packages/zarrita/src/util.ts' },
      { when: 'codec-not-in', names: ZARRITA_CODECS, verdict: 'refuses', reason: 'a codec its registry lacks', source: 'https://github.com/manzt/zarrita.js/blob/main/packages/zarrita/src/codecs.ts' },
      { when: 'rectilinear', verdict: 'refuses', reason: 'regular chunk grids only' },
    ],
  },
  {
    reader: 'icechunk', versions: 'repositories in format version 1', checked: '2026-09-30',
    source: 'https://github.com/earth-mover/icechunk/issues/2078',
    rules: [{ when: 'rectilinear', verdict: 'refuses', reason: 'format version 1 stores regular chunk grids only' }],
  },
  {
    reader: 'icechunk', versions: 'later format versions', checked: '2026-07-31',
    source: 'https://github.com/earth-mover/icechunk/blob/main/icechunk/src/store.rs',
    note: 'The "kind" member is not read.',
    rules: [
      { when: 'integer-axis', verdict: 'refuses', reason: 'an axis written as a bare integer fails to parse' },
      { when: 'edge-at-least', limit: TWO_TO_32, verdict: 'misreads', reason: 'edge lengths of 2^32 or more are cut to 32 bits: another grid, silently' },
      { when: 'count-at-least', limit: TWO_TO_32, verdict: 'misreads', reason: 'run counts of 2^32 or more are cut to 32 bits: another grid, silently' },
    ],
  },
  {
    reader: 'Zarr.jl', versions: 'released versions', checked: '2026-09-30',
    source: 'https://github.com/JuliaIO/Zarr.jl/pull/332',
    rules: [{ when: 'rectilinear', verdict: 'refuses', reason: 'rectilinear support is an open pull request (#332)' }],
  },
  {
    reader: 'Zarr.jl', versions: 'pull request #332 (unreleased)', checked: '2026-09-30',
    source: 'https://github.com/JuliaIO/Zarr.jl/pull/332',
    rules: [{ when: 'edges-past-end', verdict: 'refuses', reason: 'declared edges that run past the array\'s end are an error' }],
  },
  {
    reader: 'tensorstore', versions: 'all checked', checked: '2026-09-30',
    source: 'https://google.github.io/tensorstore/driver/zarr3/index.html',
    rules: [{ when: 'rectilinear', verdict: 'refuses', reason: 'no support for the rectilinear chunk grid found' }],
  },
  {
    reader: 'neuroglancer', versions: 'all checked', checked: '2026-09-30',
    source: 'https://github.com/google/neuroglancer/tree/master/src/datasource/zarr',
    rules: [{ when: 'rectilinear', verdict: 'refuses', reason: 'no support for the rectilinear chunk grid found' }],
  },
]);
