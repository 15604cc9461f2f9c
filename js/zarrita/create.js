// @ts-check
// create(store, {shape, chunk_shapes, dtype, codecs, fill_value, ...}):
// writes zarr.json for a rectilinear (or regular) array and opens it.
import { ChunkGrid } from '../index.js';
import { pointerToken, standingProblems, stringifyExact } from '../exact-json.js';
import { readMetadata } from '../read-metadata.js';
import { RectilinearArray } from './array.js';
import { dataType, fillValueJSON, fillValueOf } from './data-type.js';
import { InvalidMetadataError } from './errors.js';
import { keyFor, readArrayMetadata } from './metadata.js';
import { storeAndPath } from './open.js';
import { checkWritable, writeKey } from './store.js';
/**
 * @import { Location, Mutable } from 'zarrita'
 * @import { CreateOptions, SupportedDataType } from '../zarrita.js'
 */

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const holdsObject = (v) => isObject(v) || (Array.isArray(v) && v.some(holdsObject));

// zarr.json text: objects indented, arrays of numbers on one line, integers
// exact beyond 2^53 (bigints). What cannot be written exactly is added to
// `problems`, at its JSON Pointer.
function formatJSON(value, problems, indent = '', path = '') {
  const inner = `${indent}  `;
  if (isObject(value)) {
    const members = Object.entries(value).filter(([, v]) => v !== undefined);
    if (!members.length) return '{}';
    return `{\n${members.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatJSON(v, problems, inner, `${path}/${pointerToken(k)}`)}`).join(',\n')}\n${indent}}`;
  }
  if (Array.isArray(value) && holdsObject(value)) {
    return `[\n${value.map((v, i) => `${inner}${formatJSON(v, problems, inner, `${path}/${i}`)}`).join(',\n')}\n${indent}]`;
  }
  if (Object.is(value, -0)) return '-0.0'; // JSON.stringify(-0) is "0"
  return stringifyExact(value, path, problems).text;
}

// The document's text, or an error naming what it cannot hold exactly (a
// number above 2^53 - 1 counts only where an integer is wanted).
function documentText(doc) {
  const found = [];
  const text = `${formatJSON(doc, found)}\n`;
  const problems = standingProblems(text, found);
  if (problems.length) throw new InvalidMetadataError(`create: ${problems.map((p) => `${p.path || '/'}: ${p.message}`).join('; ')}`);
  return text;
}

function chunkGridOf(opts) {
  const given = ['chunk_shapes', 'chunk_shape', 'chunk_grid'].filter((k) => opts[k] !== undefined);
  if (given.length !== 1) {
    throw new TypeError(`create: found ${given.length ? given.join(' and ') : 'none'} of chunk_shapes, chunk_shape, chunk_grid; expected exactly one`);
  }
  if (opts.chunk_grid) return opts.chunk_grid;
  if (opts.chunk_shape) return { name: 'regular', configuration: { chunk_shape: opts.chunk_shape } };
  // Validated and written in the canonical compact form.
  return ChunkGrid.fromChunkShapes(opts.shape, opts.chunk_shapes).toJSON();
}

/**
 * Writes zarr.json and gives the opened array. Options: shape; one of
 * chunk_shapes (rectilinear: integers, edge lists, [size, count] runs),
 * chunk_shape (regular) or chunk_grid (as written); dtype (or data_type);
 * codecs (default little-endian bytes); fill_value (default 0 or false);
 * chunk_key_encoding (default {"name": "default", separator "/"});
 * attributes; dimension_names; path.
 */
/**
 * @template {Mutable} Store
 * @template {SupportedDataType} D
 * @param {Store | Location<Store>} location
 * @param {CreateOptions<D>} opts
 * @returns {Promise<RectilinearArray<D, Store>>}
 */
// (Called without options, it throws the TypeError of chunkGridOf.)
export async function create(location, opts = /** @type {CreateOptions<D>} */ ({})) {
  const { store, path } = storeAndPath(location, opts.path);
  checkWritable(store);
  const dtype = opts.dtype ?? opts.data_type;
  const type = dataType(dtype);
  const fill = fillValueOf(type, opts.fill_value ?? null);
  const doc = {
    zarr_format: 3,
    node_type: 'array',
    shape: opts.shape,
    data_type: dtype,
    chunk_grid: chunkGridOf(opts),
    chunk_key_encoding: opts.chunk_key_encoding ?? { name: 'default', configuration: { separator: '/' } },
    fill_value: fillValueJSON(type, fill),
    codecs: opts.codecs ?? [{ name: 'bytes', configuration: { endian: 'little' } }],
    attributes: opts.attributes ?? {},
  };
  if (opts.dimension_names !== undefined) doc.dimension_names = opts.dimension_names;
  const text = documentText(doc);
  const key = keyFor(path, 'zarr.json');
  // Every check open makes, before anything is written; strict, so that
  // nothing the writers' ledger reads with a warning is written.
  const meta = readArrayMetadata(readMetadata(text, { strict: true }), { key });
  await writeKey(store, key, new TextEncoder().encode(text));
  return new RectilinearArray(store, path, meta);
}
