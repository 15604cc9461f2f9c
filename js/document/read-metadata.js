// @ts-check
// readMetadata: one read of a zarr.json, an array or a group. The core
// parses the document once, validates it, builds the grid and hands back
// every value a reader needs exactly (integers past 2^53 - 1 as bigints),
// and a group's consolidated metadata entry by entry. See docs/semantics.md.
import { native, withBytes } from '../wasm/native.js';
import { ChunkGrid } from '../grid/chunk-grid.js';
import { OWN } from '../grid/grid-handle.js';
import { mergeProblems } from './metadata-input.js';
import { documentInput } from './document-input.js';
import { exhausted } from './validate.js';
import { pointerToken } from './json-pointer.js';
import { strictOption } from '../grid/arguments.js';

/** @import { ArrayMetadataRead, ChunkGrid as ChunkGridApi, MetadataRead, Problem } from '../index.js' */
/** @import { Grid, NativeDocument } from '../../dist/zarr_rectilinear.mjs' */

// The core's plain result as the public one: grids adopted as ChunkGrids
// (each also listed in `adopted`), consolidated entries as a Map from child
// path to their own results.
/** @returns {MetadataRead} */
function fromCore(/** @type {NativeDocument<Grid>} */ node, /** @type {ChunkGridApi[]} */ adopted) {
  const { errors, warnings } = node;
  const attributes = /** @type {Record<string, unknown>} */ (node.attributes ?? {});
  const valid = errors.length === 0;
  if (node.kind === 'group') {
    const consolidated = node.consolidated ? new Map(node.consolidated.map(([path, entry]) => [path, fromCore(entry, adopted)])) : null;
    return { kind: 'group', valid, errors, warnings, attributes, consolidated };
  }
  const grid = node.grid ? new ChunkGrid(OWN, node.grid, warnings) : null;
  if (grid) adopted.push(grid);
  return /** @type {ArrayMetadataRead} */ ({
    kind: 'array', valid, errors, warnings, grid,
    shape: node.shape, dataType: node.dataType, fillValue: node.fillValue, codecs: node.codecs,
    chunkKeyEncoding: node.chunkKeyEncoding, dimensionNames: node.dimensionNames, attributes,
  });
}

// What input that cannot be read at all gives: an array with no values.
/** @returns {ArrayMetadataRead} */
function unread(/** @type {Problem[]} */ errors) {
  return {
    kind: 'array', valid: false, errors, warnings: [], grid: null, shape: null, dataType: null,
    fillValue: null, codecs: null, chunkKeyEncoding: null, dimensionNames: null, attributes: {},
  };
}

// Every grid the core read is adopted, or, when adopting one runs out of
// memory, every one is freed: those adopted, and the handles not yet.
/** @returns {MetadataRead} */
function adoptAll(/** @type {{ root: NativeDocument<Grid>, grids: Grid[] }} */ { root, grids }) {
  /** @type {ChunkGridApi[]} */
  const adopted = [];
  try {
    return fromCore(root, adopted);
  } catch (error) {
    for (const grid of adopted) grid.dispose();
    for (const handle of grids.slice(adopted.length)) handle.delete();
    throw error;
  }
}

const within = (path, base) => path === base || path.startsWith(`${base}/`);

// Values that JS could not write exactly (an object's numbers past 2^53 - 1)
// stood as placeholders: their problems go to each document they are in.
function addProblems(read, problems, pointer) {
  const inside = problems.filter((p) => within(p.path, pointer));
  if (!inside.length) return;
  read.errors = mergeProblems(inside, read.errors);
  read.valid = false;
  if (read.grid) {
    read.grid.dispose();
    read.grid = null;
  }
  for (const [path, entry] of read.consolidated ?? []) {
    addProblems(entry, inside, `${pointer}/consolidated_metadata/metadata/${pointerToken(path)}`);
  }
}

// Reads a zarr.json (an object, JSON text or UTF-8 bytes) with one parse:
// never throws on a bad document (only for options of the wrong type). An
// object's attributes are given back as they are, not copied.
/** @type {typeof import('../index.js').readMetadata} */
export function readMetadata(meta, opts) {
  // A wrong option is the caller's mistake, not the document's: thrown.
  const strict = strictOption(opts);
  try {
    // An object's attributes as documentInput read them, once.
    const { input, problems, attributes } = documentInput(meta);
    if (input === null) return unread(problems);
    const read = adoptAll(withBytes(input, (address, length) => native.readDocument(address, length, strict)));
    if (attributes !== undefined) read.attributes = /** @type {Record<string, unknown>} */ (attributes);
    if (problems.length) addProblems(read, problems, '');
    return read;
  } catch (error) {
    return unread([exhausted('could not read', error)]);
  }
}

// Frees the grids of a result (its consolidated entries' included) that a
// caller will not use.
export function disposeGrids(read) {
  read.grid?.dispose();
  for (const entry of read.consolidated?.values() ?? []) disposeGrids(entry);
}
