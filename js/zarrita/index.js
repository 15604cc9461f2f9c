// @ts-check
// zarr-rectilinear/zarrita: rectilinear (and regular) Zarr v3 arrays for
// zarrita users, with zarrita's stores and codec registry.
//
//   import * as zarr from 'zarrita';
//   import { open, get } from 'zarr-rectilinear/zarrita';
//   const arr = await open(new zarr.FetchStore(url), { path: 'temperature', kind: 'array' });
//   const { data, shape, stride } = await get(arr, [zarr.slice(10, 500, 2), null, 3]);
//   const tile = await arr.getChunk([0, 1]);
export { open } from './open.js';
export { create, createGroup } from './create.js';
export { get } from './get.js';
export { set } from './set.js';
export { RectilinearArray } from './array.js';
export { RectilinearGroup } from './group.js';
export { withConsolidatedMetadata, withMaybeConsolidatedMetadata } from './consolidated.js';
export { consolidateMetadata } from './consolidate.js';
export { NodeExistsError, StoreError } from './errors.js';
export { SUPPORTED_DATA_TYPES } from './data-type.js';
export { crc32c } from './crc32c.js';
