// @ts-check
// create(location, {shape, chunkShapes, dtype, ...}): writes zarr.json for a
// rectilinear (or regular) array and opens it; createGroup(location,
// {attributes}) writes a group's. Options take zarrita's names, with the
// names of zarr.json's members kept as aliases.
import { ChunkGrid } from '../index.js';
import { stringifyExact } from '../document/exact-json.js';
import { pointerToken } from '../document/json-pointer.js';
import { isPlainObject } from '../grid/arguments.js';
import { standingProblems } from '../document/document-input.js';
import { readMetadata } from '../document/read-metadata.js';
import { RectilinearArray } from './array.js';
import { checkWritableCodecs } from './codec-chain.js';
import { ownErrors } from './consolidated.js';
import { dataType, fillValueJSON, fillValueOf, refuseRounded } from './data-type.js';
import { InvalidMetadataError } from './errors.js';
import { RectilinearGroup } from './group.js';
import { isNodePath } from './listing.js';
import { keyFor, readArrayMetadata } from './metadata.js';
import { storeAndPath } from './open.js';
import { makeRoom } from './overwrite.js';
import { checkWritable, readKey, writeKey } from './store.js';
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

// The groups above `path` that have no zarr.json yet, written as
// zarr-python writes them (its create_array and create_group make the
// parents), from the root down; a node already there, group or not, is
// left as it is. Then a group's consolidateMetadata finds the new node.
async function writeParents(store, path, call) {
  const names = path.split('/').filter(Boolean);
  const text = new TextEncoder().encode(documentText({ zarr_format: 3, node_type: 'group', attributes: {} }, call));
  for (let depth = 0; depth < names.length; depth++) {
    const key = keyFor(`/${names.slice(0, depth).join('/')}`, 'zarr.json');
    if ((await readKey(store, key)) === undefined) await writeKey(store, key, text);
  }
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

// A value given for zarr.json, copied as the JSON it will be written as:
// null, booleans, strings, numbers, bigints, arrays (a typed array as the
// array of its elements) and plain objects (an object literal or
// Object.create(null)) of these. Anything else (undefined, a function, a
// symbol, a Date, a Map, a class instance) has no JSON of its own:
// JSON.stringify would drop it or write null or {} in its place, which the
// caller never wrote. It is a TypeError naming its JSON Pointer. Holes and
// non-finite numbers are kept for documentText, which names them too.
function plainJSON(value, at, call) {
  const refuse = (what) => {
    throw new TypeError(`${call}: ${at || '/'}: found ${what}; expected a JSON value (null, a boolean, a string, a number, a bigint, an array or a plain object)`);
  };
  if (value === null || typeof value === 'boolean' || typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return value;
  if (value === undefined) refuse('undefined');
  if (typeof value !== 'object') refuse(`a ${typeof value}`);
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) return Array.from(/** @type {ArrayLike<unknown>} */ (/** @type {unknown} */ (value)));
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) if (i in value) out[i] = plainJSON(value[i], `${at}/${i}`, call);
    return out;
  }
  if (!isPlainObject(value)) refuse(`an object of class ${Object.getPrototypeOf(value)?.constructor?.name || 'unknown'}`);
  if (Object.getOwnPropertySymbols(value).some((k) => Object.prototype.propertyIsEnumerable.call(value, k))) refuse('an object with a symbol key');
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, key, { value: plainJSON(item, `${at}/${pointerToken(key)}`, call), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

// Every name of a node's path as Zarr v3 allows it (listing.js): none
// starting "__" (reserved) or made of periods alone. A TypeError before
// anything is read or written.
function checkNodePath(path, call) {
  if (path !== '/' && !isNodePath(path.slice(1))) {
    throw new TypeError(`${call}: path: found ${JSON.stringify(path)}; expected node names that neither start with "__" (reserved) nor consist of periods alone`);
  }
}

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
  if (o.chunkGrid !== undefined) return plainJSON(o.chunkGrid, '/chunk_grid', 'create');
  if (o.chunkShape !== undefined) return { name: 'regular', configuration: { chunk_shape: plainJSON(o.chunkShape, '/chunk_grid/configuration/chunk_shape', 'create') } };
  // Validated and written in the canonical compact form.
  return ChunkGrid.fromChunkShapes(o.shape, o.chunkShapes).toJSON();
}

function chunkKeyEncodingOf(o) {
  if (o.chunkSeparator !== undefined && o.chunkKeyEncoding !== undefined) throw new TypeError('create: found both chunkSeparator and chunkKeyEncoding; expected one of them');
  // A bare name is written as the object it names: zarrita.js and
  // zarr-python read chunk_key_encoding as an object only.
  if (typeof o.chunkKeyEncoding === 'string') return { name: o.chunkKeyEncoding };
  if (o.chunkKeyEncoding !== undefined) return plainJSON(o.chunkKeyEncoding, '/chunk_key_encoding', 'create');
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
  checkNodePath(path, 'create');
  const type = dataType(o.dtype);
  // A 64-bit integer fill value past 2^53 - 1 is given as a bigint, as set asks.
  refuseRounded(type, o.fillValue, 'create: fillValue: ');
  const fill = fillValueOf(type, o.fillValue ?? null);
  const doc = {
    zarr_format: 3,
    node_type: 'array',
    shape: plainJSON(o.shape, '/shape', 'create'),
    data_type: o.dtype,
    chunk_grid: chunkGridOf(o),
    chunk_key_encoding: chunkKeyEncodingOf(o),
    // A float given as its bit pattern ("0x7fc00001", a NaN with a payload)
    // is written as given: "NaN" would name another pattern.
    fill_value: type.kind === 'float' && typeof o.fillValue === 'string' && o.fillValue.startsWith('0x') ? o.fillValue : fillValueJSON(type, fill),
    codecs: o.codecs === undefined ? [{ name: 'bytes', configuration: { endian: 'little' } }] : plainJSON(o.codecs, '/codecs', 'create'),
    attributes: o.attributes === undefined ? {} : plainJSON(o.attributes, '/attributes', 'create'),
  };
  if (o.dimensionNames !== undefined) doc.dimension_names = plainJSON(o.dimensionNames, '/dimension_names', 'create');
  const text = documentText(doc, 'create');
  const key = keyFor(path, 'zarr.json');
  // Every check open makes, before anything is written; strict, so that
  // nothing the writers' ledger reads with a warning is written.
  const meta = readArrayMetadata(readMetadata(text, { strict: true }), { key });
  try {
    checkWritableCodecs(meta.codecs);
    await makeRoom(store, path, o.overwrite ?? false);
    await writeParents(store, path, 'create');
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
  checkNodePath(path, 'createGroup');
  const text = documentText({ zarr_format: 3, node_type: 'group', attributes: o.attributes === undefined ? {} : plainJSON(o.attributes, '/attributes', 'createGroup') }, 'createGroup');
  const key = keyFor(path, 'zarr.json');
  const read = readMetadata(text, { strict: true });
  const errors = ownErrors(read);
  if (errors.length) throw new InvalidMetadataError(`createGroup: ${errors.map((p) => `${p.path || '/'}: ${p.message}`).join('; ')}`, { path: errors[0].path });
  await makeRoom(store, path, o.overwrite ?? false);
  await writeParents(store, path, 'createGroup');
  await writeKey(store, key, new TextEncoder().encode(text));
  return /** @type {RectilinearGroupApi<Store>} */ (/** @type {unknown} */ (new RectilinearGroup(store, path, read.attributes, read.warnings)));
}
