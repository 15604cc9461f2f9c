// @ts-check
// create(location, {shape, chunkShapes, dtype, ...}): writes zarr.json for a
// rectilinear (or regular) array and opens it; createGroup(location,
// {attributes}) writes a group's. Options take zarrita's names, with the
// names of zarr.json's members kept as aliases.
import { ChunkGrid } from '../index.js';
import { stringifyExact } from '../exact-json.js';
import { standingProblems } from '../document-input.js';
import { readMetadata } from '../read-metadata.js';
import { RectilinearArray } from './array.js';
import { ownErrors } from './consolidated.js';
import { dataType, fillValueJSON, fillValueOf } from './data-type.js';
import { InvalidMetadataError } from './errors.js';
import { RectilinearGroup } from './group.js';
import { keyFor, readArrayMetadata } from './metadata.js';
import { storeAndPath } from './open.js';
import { makeRoom } from './overwrite.js';
import { checkWritable, writeKey } from './store.js';
/**
 * @import { Location, Mutable } from 'zarrita'
 * @import { CreateGroupOptions, CreateOptions, RectilinearGroup as RectilinearGroupApi, SupportedDataType } from '../zarrita.js'
 */

// zarr.json text: objects indented, arrays of numbers on one line, integers
// exact beyond 2^53 (bigints). What cannot be written exactly is an error
// naming its JSON Pointer (a number above 2^53 - 1 counts only where an
// integer is wanted).
function documentText(doc, call) {
  const { text: body, problems: found } = stringifyExact(doc, { layout: 'document' });
  const text = `${body}\n`;
  const problems = standingProblems(text, found);
  if (problems.length) throw new InvalidMetadataError(`${call}: ${problems.map((p) => `${p.path || '/'}: ${p.message}`).join('; ')}`, { path: problems[0].path });
  return text;
}

// Each option by zarrita's name → the zarr.json member name it also goes by.
const ARRAY_OPTIONS = {
  path: null,
  shape: null,
  dtype: 'data_type',
  chunkShapes: 'chunk_shapes',
  chunkShape: 'chunk_shape',
  chunkGrid: 'chunk_grid',
  fillValue: 'fill_value',
  codecs: null,
  chunkSeparator: null,
  chunkKeyEncoding: 'chunk_key_encoding',
  dimensionNames: 'dimension_names',
  attributes: null,
  overwrite: null,
};
const GROUP_OPTIONS = { path: null, attributes: null, overwrite: null };

const describe = (v) => (Array.isArray(v) ? 'an array' : v === null ? 'null' : typeof v);

// The options under zarrita's names. An unknown name is a TypeError listing
// the accepted ones; a name given twice (as itself and its alias) too.
function optionsOf(opts, table, call) {
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw new TypeError(`${call}: options: found ${describe(opts)}; expected an object`);
  const aliases = new Map(Object.entries(table).filter(([, alias]) => alias).map(([name, alias]) => [alias, name]));
  /** @type {Record<string, any>} */
  const out = {};
  for (const [given, value] of Object.entries(opts)) {
    const name = Object.hasOwn(table, given) ? given : aliases.get(given);
    if (name === undefined) {
      const accepted = Object.entries(table).map(([n, alias]) => (alias ? `${n} (or ${alias})` : n)).join(', ');
      throw new TypeError(`${call}: unknown option ${JSON.stringify(given)}; expected one of ${accepted}`);
    }
    if (value === undefined) continue;
    if (name in out) throw new TypeError(`${call}: found both ${name} and ${table[name]}; expected one of them`);
    out[name] = value;
  }
  if (out.overwrite !== undefined && typeof out.overwrite !== 'boolean') throw new TypeError(`${call}: overwrite: found ${describe(out.overwrite)}; expected true or false`);
  return out;
}

function chunkGridOf(o) {
  const given = ['chunkShapes', 'chunkShape', 'chunkGrid'].filter((k) => o[k] !== undefined);
  if (given.length !== 1) {
    throw new TypeError(
      `create: found ${given.length ? given.join(' and ') : 'none'} of chunkShapes (rectilinear), chunkShape (regular), chunkGrid (as written); expected exactly one (chunk_shapes, chunk_shape and chunk_grid are accepted too)`,
    );
  }
  if (o.chunkGrid) return o.chunkGrid;
  if (o.chunkShape) return { name: 'regular', configuration: { chunk_shape: o.chunkShape } };
  // Validated and written in the canonical compact form.
  return ChunkGrid.fromChunkShapes(o.shape, o.chunkShapes).toJSON();
}

function chunkKeyEncodingOf(o) {
  if (o.chunkSeparator !== undefined && o.chunkKeyEncoding !== undefined) throw new TypeError('create: found both chunkSeparator and chunkKeyEncoding; expected one of them');
  if (o.chunkKeyEncoding !== undefined) return o.chunkKeyEncoding;
  return { name: 'default', configuration: { separator: o.chunkSeparator ?? '/' } };
}

/**
 * Writes zarr.json and gives the opened array. Options (zarrita's names,
 * zarr.json's in brackets): shape; one of chunkShapes (chunk_shapes;
 * rectilinear: integers, edge lists, [size, count] runs), chunkShape
 * (chunk_shape; regular) or chunkGrid (chunk_grid; written as it is); dtype
 * (data_type); codecs (default little-endian bytes); fillValue (fill_value;
 * default 0 or false); chunkSeparator or chunkKeyEncoding
 * (chunk_key_encoding; default "default" with "/"); dimensionNames
 * (dimension_names); attributes; path; overwrite. A node already at the
 * path is a NodeExistsError unless overwrite is true, which removes it
 * first (js/zarrita/overwrite.js).
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
  const o = optionsOf(opts, ARRAY_OPTIONS, 'create');
  const { store, path } = storeAndPath(location, o.path);
  checkWritable(store);
  const type = dataType(o.dtype);
  const fill = fillValueOf(type, o.fillValue ?? null);
  const doc = {
    zarr_format: 3,
    node_type: 'array',
    shape: o.shape,
    data_type: o.dtype,
    chunk_grid: chunkGridOf(o),
    chunk_key_encoding: chunkKeyEncodingOf(o),
    fill_value: fillValueJSON(type, fill),
    codecs: o.codecs ?? [{ name: 'bytes', configuration: { endian: 'little' } }],
    attributes: o.attributes ?? {},
  };
  if (o.dimensionNames !== undefined) doc.dimension_names = o.dimensionNames;
  const text = documentText(doc, 'create');
  const key = keyFor(path, 'zarr.json');
  // Every check open makes, before anything is written; strict, so that
  // nothing the writers' ledger reads with a warning is written.
  const meta = readArrayMetadata(readMetadata(text, { strict: true }), { key });
  try {
    await makeRoom(store, path, o.overwrite ?? false);
    await writeKey(store, key, new TextEncoder().encode(text));
  } catch (error) {
    meta.grid.dispose();
    throw error;
  }
  return new RectilinearArray(store, path, meta);
}

/**
 * Writes a group's zarr.json and gives the opened group. Options:
 * attributes, path, overwrite (as for create).
 * @template {Mutable} Store
 * @param {Store | Location<Store>} location
 * @param {CreateGroupOptions} [opts]
 * @returns {Promise<RectilinearGroupApi<Store>>}
 */
export async function createGroup(location, opts = {}) {
  const o = optionsOf(opts, GROUP_OPTIONS, 'createGroup');
  const { store, path } = storeAndPath(location, o.path);
  checkWritable(store);
  const text = documentText({ zarr_format: 3, node_type: 'group', attributes: o.attributes ?? {} }, 'createGroup');
  const key = keyFor(path, 'zarr.json');
  const read = readMetadata(text, { strict: true });
  const errors = ownErrors(read);
  if (errors.length) throw new InvalidMetadataError(`createGroup: ${errors.map((p) => `${p.path || '/'}: ${p.message}`).join('; ')}`, { path: errors[0].path });
  await makeRoom(store, path, o.overwrite ?? false);
  await writeKey(store, key, new TextEncoder().encode(text));
  return /** @type {RectilinearGroupApi<Store>} */ (/** @type {unknown} */ (new RectilinearGroup(store, path, read.attributes)));
}
