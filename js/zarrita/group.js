// @ts-check
// RectilinearGroup: what `open` gives for a group's zarr.json. A zarrita
// Location, so `group.resolve('temperature')` opens a child, as with
// zarrita's own Group.
import { Location } from 'zarrita';

export class RectilinearGroup extends Location {
  kind = /** @type {const} */ ('group');
  #attrs;
  /** @type {import('../index.js').Problem[]} */
  #warnings;

  constructor(store, path, attrs, warnings) {
    super(store, path);
    this.#attrs = attrs;
    this.#warnings = warnings;
  }

  /** The group's attributes (an empty object when it has none). */
  get attrs() {
    return this.#attrs;
  }

  /**
   * What open read with a warning in the group's own document (the writers'
   * ledger: a byte-order mark, `consolidated_metadata: null`, NaN in
   * attributes), as grid.warnings for an array; empty with `strict`.
   */
  get warnings() {
    return this.#warnings;
  }
}
