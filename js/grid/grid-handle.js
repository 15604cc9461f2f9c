// @ts-check
// The native grid each ChunkGrid owns (docs/wasm-boundary.md, "Grid"). The
// link is kept here, not in the class, so that the modules which combine
// grids (js/tools/plans.js, js/tools/summary.js) and the reader reach a grid's handle without
// importing the class, and the class needs none of them to be loaded first.
// A handle is freed by release() (dispose), or, as a safety net, by the
// FinalizationRegistry once its ChunkGrid is collected.
/** @import { Grid } from '../../dist/zarr_rectilinear.mjs' */

/** @type {WeakMap<object, Grid | null>} null once released */
const handles = new WeakMap();
const registry = new FinalizationRegistry((/** @type {Grid} */ handle) => handle.delete());

// The ChunkGrid constructor's first argument: only the package's own
// modules, which hold a handle to give it, build grids with `new`.
export const OWN = Symbol('ChunkGrid');

/**
 * Makes `grid` the owner of `handle`.
 * @param {object} grid
 * @param {Grid} handle
 */
export function own(grid, handle) {
  handles.set(grid, handle);
  registry.register(grid, handle, grid);
}

/**
 * Whether `value` is a ChunkGrid (disposed or not).
 * @param {unknown} value
 */
export const isGrid = (value) => typeof value === 'object' && value !== null && handles.has(value);

/**
 * The handle a grid owns; throws once the grid is disposed, naming it as
 * `name` (the grid a method was called on, by default).
 * @param {object} grid
 * @param {string} [name]
 * @returns {Grid}
 */
export function handleOf(grid, name = 'this ChunkGrid') {
  const handle = handles.get(grid);
  if (!handle) throw new Error(`${name} has been disposed`);
  return handle;
}

/**
 * A second handle to the native grid that `grid` owns, for another
 * ChunkGrid to own: one more reference to the same grid, no copy, so that
 * disposing either leaves the other working.
 * @param {object} grid
 * @returns {Grid}
 */
export function sharedHandle(grid) {
  return handleOf(grid).clone();
}

/**
 * Frees the handle a grid owns; harmless when it is already freed.
 * @param {object} grid
 */
export function release(grid) {
  const handle = handles.get(grid);
  if (!handle) return;
  registry.unregister(grid);
  handle.delete();
  handles.set(grid, null);
}

// Symbol.dispose, for `using`; the fallback stands in on engines without it.
// Typed as Symbol.dispose, for the classes that implement it.
/** @type {typeof Symbol.dispose} */
export const disposeSymbol = Symbol.dispose ?? Symbol.for('Symbol.dispose');
