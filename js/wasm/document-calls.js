// @ts-check
// The reader module's plain exports for whole documents
// (src/wasm/reader/document_exports.cpp) as the calls the wrapper makes:
// readMetadata's one read, the validation of any node, a top-level
// member's place and the places a float may stand. Each is checked for
// running out of memory, with what it does for the message.
import { jsonValue } from '../document/json-block.js';
/** @import { NativeDocument } from '../../dist/zarr_rectilinear.mjs' */

/**
 * @template G
 * @param {any} raw the module's exports
 * @param {ReturnType<typeof import('./wasm-module.js').helpersFor>} helpers
 * @param {ReturnType<typeof import('./module-calls.js').moduleCalls>} calls
 * @param {(address: number) => G} adopt a grid's handle from its address
 */
export function documentCalls(raw, helpers, calls, adopt) {
  const { checked, takeBlock, problemsFrom } = helpers;

  // One node of zr_read_document's block, its entries after it, in the
  // order write_node gives them; each grid a handle (`grids` lists them,
  // so that the caller frees those it does not adopt).
  /** @returns {NativeDocument<G>} */
  function readNode(reader, /** @type {G[]} */ grids) {
    const group = reader.number() === 1;
    const errors = problemsFrom(reader);
    const warnings = problemsFrom(reader);
    const attributes = jsonValue(reader);
    if (group) {
      const count = reader.number();
      /** @type {Array<[string, NativeDocument<G>]> | null} */
      const consolidated = count < 0 ? null : [];
      for (let i = 0; i < count; i++) {
        const path = reader.string();
        /** @type {any[]} */ (consolidated).push([path, readNode(reader, grids)]);
      }
      return { kind: 'group', errors, warnings, attributes, consolidated };
    }
    const address = reader.number();
    const grid = address === 0 ? null : adopt(address);
    if (grid !== null) grids.push(grid);
    return {
      kind: 'array', errors, warnings, attributes, grid,
      shape: jsonValue(reader), dataType: jsonValue(reader), fillValue: jsonValue(reader), codecs: jsonValue(reader),
      chunkKeyEncoding: jsonValue(reader), dimensionNames: jsonValue(reader),
    };
  }

  const READING = 'reading metadata';
  return {
    /** The document, and every grid handle in it. */
    readDocument: checked(READING, (text, length, strict) => raw._zr_read_document(text, length, strict ? 1 : 0),
      (block) => takeBlock(block, (reader) => {
        /** @type {G[]} */
        const grids = [];
        return { root: readNode(reader, grids), grids };
      })),
    validateMetadata: checked('validating metadata', (text, length, strict) => raw._zr_validate_metadata(text, length, strict ? 1 : 0),
      (block) => takeBlock(block, (reader) => ({ errors: problemsFrom(reader), warnings: problemsFrom(reader) }))),
    memberSpans: checked('reading JSON', raw._zr_member_spans),
    floatPlaces: checked('reading JSON', raw._zr_float_places),
  };
}
