// @ts-check
// RectilinearGroup: what `open` gives for a group's zarr.json. A zarrita
// Location, so `group.resolve('temperature')` opens a child, as with
// zarrita's own Group.
import { Location } from 'zarrita';

export class RectilinearGroup extends Location {
  kind = /** @type {const} */ ('group');
  #attrs;

  constructor(store, path, attrs) {
    super(store, path);
    this.#attrs = attrs;
  }

  /** The group's attributes (an empty object when it has none). */
  get attrs() {
    return this.#attrs;
  }
}
