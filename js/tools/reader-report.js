// @ts-check
// readerReport: for one zarr.json, what each reader listed in
// js/tools/reader-facts.js does with it, and the JSON Pointer that decides it.
// The facts about the document come from the core: its written form
// (readerFacts) and each array's grid (readMetadata). See docs/readers.md.
import { outOfMemory, u64 } from '../wasm/wasm-module.js';
import { toolsModule } from './tools-module.js';
import { axisCounts } from './summary.js';
import { documentInput } from '../document/document-input.js';
import { GridError } from '../grid/grid-error.js';
import { disposeGrids, readMetadata } from '../document/read-metadata.js';
import { pointerToken } from '../document/json-pointer.js';
import { READERS } from './reader-facts.js';
import { flagOption, optionsArgument } from '../grid/arguments.js';
import { repairMetadata } from './repair.js';

/** @import { MetadataRead } from '../index.js' */
/** @import { ReaderFacts, ReaderRule, ReaderVerdict } from '../tools.js' */
/** @import { AxisCounts } from './summary.js' */
/** @import { NativeReaderFacts } from '../../dist/zarr_rectilinear_tools.mjs' */

/**
 * One array document, as the rules look at it.
 * @typedef {{ pointer: string, rectilinear: boolean, axes: AxisCounts[], written: NativeReaderFacts }} ArrayFacts
 */

// Each `when` of js/tools/reader-facts.js: where it holds in an array, or null.
// All but the sharding rule and the names of data types and codecs
// concern the rectilinear grid alone.
/** @type {Record<ReaderRule['when'], (a: ArrayFacts, rule: ReaderRule) => string | null>} */
const CONDITIONS = {
  'rectilinear': (a) => (a.rectilinear ? `${a.pointer}/chunk_grid/name` : null),
  'integer-axis': (a) => axisWhere(a, (axis) => axis.isStep),
  'edges-past-end': (a) => axisWhere(a, (axis) => !axis.isStep && axis.edgeSum > axis.length),
  'edge-at-least': (a, rule) => (a.rectilinear && u64(a.written.largestEdge) >= BigInt(rule.limit ?? 0) ? a.written.largestEdgeAt : null),
  'count-at-least': (a, rule) => (a.rectilinear && u64(a.written.largestCount) >= BigInt(rule.limit ?? 0) ? a.written.largestCountAt : null),
  'shard-edge-not-divided': (a) => a.written.undividedShardEdgeAt || null,
  'data-type-not-in': (a, rule) => {
    const { name, at } = a.written.dataType;
    return name && !rule.names?.includes(name) ? at : null;
  },
  'codec-not-in': (a, rule) => a.written.codecs.find(({ name }) => !rule.names?.includes(name))?.at ?? null,
  'codec-in': (a, rule) => a.written.codecs.find(({ name }) => rule.names?.includes(name))?.at ?? null,
  // Never in a valid document: such a member is refused (UNKNOWN_KEY), and
  // the document judged by unknownMemberVerdicts.
  'unknown-grid-member': () => null,
};

function axisWhere(/** @type {ArrayFacts} */ a, /** @type {(axis: AxisCounts) => boolean} */ test) {
  if (!a.rectilinear) return null;
  const axis = a.axes.findIndex(test);
  return axis < 0 ? null : `${a.pointer}/chunk_grid/configuration/chunk_shapes/${axis}`;
}

const SEVERITY = { 'reads': 0, 'reads-with-setting': 1, 'refuses': 2, 'unchecked': 3, 'misreads': 4 };

// An error at a member of a chunk grid's configuration this version does
// not know (UNKNOWN_KEY; the rectilinear grid holds only "kind" and
// "chunk_shapes", docs/semantics.md).
const UNKNOWN_GRID_MEMBER = /\/chunk_grid\/configuration\/[^/]+$/;
const isUnknownGridMember = (/** @type {import('../index.js').Problem} */ e) => e.code === 'UNKNOWN_KEY' && UNKNOWN_GRID_MEMBER.test(e.path);

/**
 * The verdicts on a document refused only for members of its chunk grid's
 * configuration that may change what a chunk holds (encoded_chunk_shapes):
 * this package reads no grid from it, so each reader is judged by what is
 * known of it. A rule for such members decides (zarr-python and zarrs
 * ignore them, and so misread); a reader that refuses rectilinear grids
 * refuses this one; of any other, what it does has not been checked.
 * @returns {ReaderVerdict[]}
 */
function unknownMemberVerdicts(/** @type {string} */ member) {
  const grid = member.slice(0, member.indexOf('/chunk_grid/') + '/chunk_grid'.length);
  return READERS.map((entry) => {
    const { reader, versions, source, checked } = entry;
    const own = entry.rules.find((r) => r.when === 'unknown-grid-member');
    if (own) return { reader, versions, verdict: own.verdict, reason: own.reason, pointer: member, source: own.source ?? source, checked };
    const refuses = entry.rules.find((r) => r.when === 'rectilinear' && r.verdict === 'refuses');
    if (refuses) return { reader, versions, verdict: 'refuses', reason: refuses.reason, pointer: `${grid}/name`, source: refuses.source ?? source, checked };
    return {
      reader, versions, verdict: 'unchecked', pointer: member, source, checked,
      reason: 'what this reader does with a member of the rectilinear configuration other than "kind" and "chunk_shapes" has not been checked',
    };
  });
}

/** @returns {ReaderVerdict} */
function verdictOf(/** @type {ReaderFacts} */ entry, /** @type {ArrayFacts} */ array) {
  const { reader, versions } = entry;
  for (const rule of entry.rules) {
    const pointer = CONDITIONS[rule.when](array, rule);
    if (pointer === null) continue;
    const verdict = { reader, versions, verdict: rule.verdict, reason: rule.reason, pointer, source: rule.source ?? entry.source, checked: entry.checked };
    return rule.setting ? { ...verdict, setting: rule.setting } : verdict;
  }
  const reason = array.rectilinear ? 'reads the rectilinear grid' : 'reads the regular grid';
  return { reader, versions, verdict: 'reads', reason, pointer: `${array.pointer}/chunk_grid/name`, source: entry.source, checked: entry.checked };
}

// The arrays of a document: itself, or a group's consolidated entries (each
// path, for its reasons), with the facts the core wrote at their pointers.
function arraysOf(/** @type {MetadataRead} */ read, /** @type {Map<string, NativeReaderFacts>} */ written, pointer = '', path = '') {
  if (read.kind === 'array') {
    const grid = /** @type {import('../index.js').ChunkGrid} */ (read.grid);
    // The core gives facts for every array of a document it read without errors.
    const facts = /** @type {NativeReaderFacts} */ (written.get(pointer));
    const axes = Array.from({ length: grid.ndim }, (_, axis) => axisCounts(grid, axis));
    return [{ path, array: { pointer, rectilinear: facts.gridName === 'rectilinear', axes, written: facts } }];
  }
  return [...read.consolidated ?? []].flatMap(([child, entry]) =>
    arraysOf(entry, written, `${pointer}/consolidated_metadata/metadata/${pointerToken(child)}`, path ? `${path}/${child}` : child));
}

/** @type {typeof import('../tools.js').readerReport} */
export function readerReport(meta, opts) {
  // Strict unless told otherwise: no reader's facts cover what the writers'
  // ledger reads with a warning (docs/readers.md). {strict: false} (or
  // {lenient: true}) judges such a document as it is read, each entry
  // written as meant.
  const o = optionsArgument(opts);
  const strict = o.strict === undefined ? !flagOption(o, 'lenient') : flagOption(o, 'strict');
  const { input, problems } = documentInput(meta);
  if (input === null || problems.length) throw new GridError(problems);
  const read = readMetadata(input, { strict });
  try {
    // Running out of memory is no verdict on the document: a RangeError, as from every call that can throw.
    if (read.errors.some((e) => e.code === 'OUT_OF_MEMORY')) throw outOfMemory('reporting readers');
    if (!read.valid) {
      if (read.errors.every(isUnknownGridMember)) return unknownMemberVerdicts(read.errors[0].path);
      throw new GridError(read.errors);
    }
    // The facts of the document as read: its entries written back as meant
    // (an edge 10.0 is the edge 10), at the pointers they were written at.
    const asRead = read.warnings.length ? repairMetadata(input).text : input;
    const { native, withBytes } = toolsModule;
    const written = new Map(withBytes(asRead, (address, length) => native.readerFacts(address, length)).map((f) => [f.pointer, f]));
    const arrays = arraysOf(read, written);
    return READERS.map((entry) => {
      // The array that fares worst decides; with none, a group is read.
      /** @type {ReaderVerdict | null} */
      let worst = null;
      for (const { path, array } of arrays) {
        const v = verdictOf(entry, array);
        if (path) v.reason = `${path}: ${v.reason}`;
        if (!worst || SEVERITY[v.verdict] > SEVERITY[worst.verdict]) worst = v;
      }
      return worst ?? {
        reader: entry.reader, versions: entry.versions, verdict: 'reads', reason: 'a group has no chunk grid, and no array in consolidated metadata',
        pointer: '/node_type', source: entry.source, checked: entry.checked,
      };
    });
  } finally {
    disposeGrids(read);
  }
}
