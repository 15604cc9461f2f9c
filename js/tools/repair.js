// @ts-check
// repairMetadata: each writers' ledger entry of a zarr.json written back as
// conformant metadata, in place (docs/writers-ledger.md, "Written back").
// The core decides what replaces each entry and where, and splices it in;
// every other byte stays as it was.
import { toolsModule } from './tools-module.js';
import { describeValue } from '../grid/arguments.js';
import { GridError } from '../grid/grid-error.js';

/** @type {typeof import('../tools.js').repairMetadata} */
export function repairMetadata(text) {
  const isString = typeof text === 'string';
  if (!isString && !(text instanceof Uint8Array)) {
    throw new TypeError(`text: found ${describeValue(text)}; expected the text of a zarr.json (a string or a Uint8Array)`);
  }
  const { native, withBytes, problemOf } = toolsModule;
  const repair = withBytes(text, (address, length) => native.repairMetadata(address, length));
  if (repair.errors.length > 0) throw new GridError(repair.errors.map(problemOf));
  const { unrepaired } = repair;
  // Embind decodes each string with a TextDecoder, which drops a leading
  // byte-order mark: the change that removes the mark comes back with its
  // old text empty, and gets it back here.
  const changes = repair.changes.map((c) => (c.entry === 'byte-order-mark' ? { ...c, old: '\uFEFF' } : c));
  // Unchanged text is handed back as given, byte for byte.
  if (changes.length === 0) return /** @type {any} */ ({ text, changes, unrepaired });
  return /** @type {any} */ ({ text: isString ? repair.text : new TextEncoder().encode(repair.text), changes, unrepaired });
}
