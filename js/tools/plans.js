// @ts-check
// The tools' plans (zarr-rectilinear/tools): trimmed grids, resized grids,
// concatenation and rechunk plans (docs/semantics.md, "Builders",
// "Concatenation" and "Rechunk plans"). The core works on runs, in the
// tools module (js/tools/tools-module.js), on copies of the grids passed in;
// this layer checks arguments, applies the number rules and the documented
// limits, and gives each grid built back as a ChunkGrid.
import { ChunkGrid } from '../grid/chunk-grid.js';
import { GridError } from '../grid/grid-error.js';
import { OWN, handleOf, isGrid } from '../grid/grid-handle.js';
import { isBigInt, natural, output, toUint64 } from '../grid/numbers.js';
import { arrayArgument, checkAxis, copyArray, describeValue, isPlainObject, list, optionsArgument } from '../grid/arguments.js';
import { using } from '../wasm/wasm-module.js';
import { toolsModule } from './tools-module.js';
// axisSources() lists at most this many target chunks in one call.
export const AXIS_SOURCES_LIMIT = 2 ** 24;
// sourcesOf() lists the intersections of an axis up to this many source chunks.
export const INTERSECTION_LIMIT = 2 ** 16;

/** @import { ChunkGrid as ChunkGridApi, Integer } from '../index.js' */
/** @import { ResizeOptions } from '../tools.js' */
/** @import { Grid, GridOutcome } from '../../dist/zarr_rectilinear.mjs' */

const { building, withHeap, u64View, withToolsGrid, withToolsGrids, copyColumns, native: tools } = toolsModule;
const trimming = building('building a trimmed grid', tools._zr_trimmed_grid);
const concatenating = building('concatenating grids', tools._zr_concat_grids);
const resizing = building('resizing a grid', tools._zr_resize);

const adopt = (/** @type {Grid} */ handle) => /** @type {ChunkGridApi} */ (/** @type {unknown} */ (new ChunkGrid(OWN, handle, [])));

/** @returns {ChunkGridApi} */
function gridFrom(/** @type {GridOutcome} */ outcome) {
  return adopt(using(outcome, (o) => {
    if (!o.ok()) throw new GridError(o.errors());
    return o.grid();
  }));
}

/** @type {typeof import('../tools.js').trimmed} */
export function trimmed(shape, chunkShape) {
  const expected = 'an array of one integer per axis';
  const lengths = arrayArgument(shape, 'shape', expected);
  const edges = arrayArgument(chunkShape, 'chunkShape', expected);
  if (lengths.length !== edges.length) {
    throw new TypeError(`trimmed: found ${lengths.length} lengths and ${edges.length} chunk lengths; expected one integer per axis in each`);
  }
  const ndim = lengths.length;
  const values = [...lengths.map((v, d) => toUint64(v, `shape[${d}]`)), ...edges.map((v, d) => toUint64(v, `chunkShape[${d}]`))];
  return gridFrom(withHeap(16 * ndim, (address) => {
    u64View(address, 2 * ndim).set(values);
    return trimming(address, address + 8 * ndim, ndim);
  }));
}

/** @type {typeof import('../tools.js').concat} */
export function concat(given, axis) {
  const grids = /** @type {ChunkGridApi[]} */ (arrayArgument(given, 'grids', 'a non-empty array of ChunkGrid'));
  if (grids.length === 0 || !grids.every(isGrid)) {
    throw new TypeError('concat: expected a non-empty array of ChunkGrid');
  }
  checkAxis(grids[0], axis);
  const handles = grids.map((g, i) => handleOf(g, `concat: grids[${i}]`));
  const outcome = withToolsGrids(handles, (addresses) => withHeap(4 * grids.length, (address) => {
    new Uint32Array(tools.HEAPU8.buffer, address, grids.length).set(addresses);
    return concatenating(address, grids.length, axis);
  }));
  return adopt(using(outcome, (o) => {
    if (o.ok()) return o.grid();
    const errors = o.errors();
    throw Object.assign(new GridError(errors), { part: o.failedPart(), axis: o.failedAxis() });
  }));
}

/**
 * `grid` resized to `newShape`, by the rule for each axis's form
 * (docs/semantics.md, "Resize"); the core applies it.
 * @type {typeof import('../tools.js').resize}
 */
export function resize(grid, newShape, options) {
  if (!isGrid(grid)) throw new TypeError(`resize: found ${describeValue(grid)}; expected a ChunkGrid`);
  const handle = handleOf(grid, 'resize: the grid');
  const opts = optionsArgument(options);
  const ndim = grid.ndim;
  newShape = /** @type {Integer[]} */ (arrayArgument(newShape, 'newShape', `${ndim} lengths`));
  if (newShape.length !== ndim) throw new TypeError(`newShape: found ${newShape.length} axes; expected ${ndim} lengths`);
  const lengths = newShape.map((v, d) => toUint64(v, `newShape[${d}]`));
  const raw = opts.edges;
  /** @type {Record<string, unknown> | unknown[] | undefined} */
  let given;
  if (raw !== undefined && raw !== null) {
    if (!Array.isArray(raw) && !(typeof raw === 'object' && isPlainObject(raw))) {
      throw new TypeError(`opts.edges: found ${describeValue(raw)}; expected an array or an object with an array of edges per axis`);
    }
    // Read once, into a copy; a hole in an array is refused at its index.
    given = Array.isArray(raw) ? copyArray(raw, (i) => `opts.edges[${i}]`) : { ...raw };
    // An entry for an axis the grid does not have is refused, not ignored.
    for (const key of Object.keys(given)) {
      if (/^(0|[1-9][0-9]*)$/.test(key) && Number(key) < ndim) continue;
      const value = given[key];
      if (value !== undefined && value !== null) {
        throw new RangeError(`opts.edges: found edges for axis ${JSON.stringify(key)}; expected axes 0 to ${ndim - 1} of this ${ndim}-dimensional grid`);
      }
    }
  }
  const appended = lengths.map((_, d) => {
    const added = given?.[d];
    if (added === undefined || added === null) return [];
    const read = ArrayBuffer.isView(added) ? Array.from(/** @type {ArrayLike<Integer>} */ (/** @type {unknown} */ (added))) : arrayArgument(added, `edges[${d}]`, 'an array of edges');
    return read.map((e, i) => toUint64(e, `edges[${d}][${i}]`));
  });
  const edges = appended.flat();
  const outcome = withToolsGrid(handle, (source) => withHeap((2 * ndim + edges.length) * 8, (address) => {
    u64View(address, 2 * ndim + edges.length).set([...lengths, ...appended.map((e) => BigInt(e.length)), ...edges]);
    return resizing(source, address, address + ndim * 8, address + 2 * ndim * 8);
  }));
  return adopt(using(outcome, (o) => {
    if (!o.ok()) {
      const [{ message, code }] = o.errors();
      throw Object.assign(new RangeError(`resize on axis ${o.failedAxis()}: ${message}`), { code });
    }
    return o.grid();
  }));
}

// An exact ratio as a double: the quotient, then the remainder's part.
function ratio(numerator, denominator) {
  if (denominator === 0n) return 0;
  return Number(numerator / denominator) + Number(numerator % denominator) / Number(denominator);
}

const product = (values) => values.reduce((a, b) => a * b, 1n);

/** @type {typeof import('../tools.js').overlap} */
export function overlap(source, target) {
  if (!isGrid(source)) throw new TypeError(`overlap: found ${describeValue(source)}; expected a source ChunkGrid`);
  if (!isGrid(target)) throw new TypeError('overlap: expected a target ChunkGrid');
  if (source.ndim !== target.ndim) {
    throw new RangeError(`overlap: the source has ${source.ndim} axes and the target ${target.ndim}; a plan needs one shape`);
  }
  const s = handleOf(source, 'overlap: the source ChunkGrid'), t = handleOf(target, 'overlap: the target ChunkGrid');
  const axes = withToolsGrids([s, t], ([sourceAt, targetAt]) => source.shape.map((length, d) => {
    const o = toolsModule.axisOverlap(sourceAt, targetAt, d);
    if (!o.ok) {
      throw new RangeError(`overlap: axis ${d} has length ${length} in the source and ${target.shape[d]} in the target; a plan needs one shape`);
    }
    return {
      length: o.length, sourceChunks: o.sourceChunks, targetChunks: o.targetChunks,
      maxReads: o.maxReads, reads: BigInt(o.reads), readElements: BigInt(o.readElements),
    };
  }));
  return new RechunkPlan(source, target, axes);
}

// How the chunks of `target` read the chunks of `source` (same shape).
// The plan holds the two grids (it does not own them): dispose them after it.
export class RechunkPlan {
  #source;
  #target;
  #axes;

  constructor(source, target, axes) {
    this.#source = source;
    this.#target = target;
    this.#axes = axes;
  }

  get source() { return this.#source; }
  get target() { return this.#target; }

  // Totals from runs: per axis and in N-d (the product of the axes).
  totals() {
    const a = this.#axes;
    const targetChunks = product(a.map((x) => x.targetChunks));
    const readsNumerator = product(a.map((x) => x.reads));
    const readElements = product(a.map((x) => x.readElements));
    const size = product(a.map((x) => x.length));
    return {
      shape: a.map((x) => natural(x.length)),
      sourceChunks: natural(product(a.map((x) => x.sourceChunks))),
      targetChunks: natural(targetChunks),
      maxReads: natural(product(a.map((x) => x.maxReads))),
      meanReads: ratio(readsNumerator, targetChunks),
      meanReadsExact: { numerator: readsNumerator, denominator: targetChunks },
      amplification: ratio(readElements, size),
      amplificationExact: { numerator: readElements, denominator: size },
      axes: a.map((x) => ({
        length: natural(x.length), sourceChunks: natural(x.sourceChunks), targetChunks: natural(x.targetChunks),
        maxReads: natural(x.maxReads), meanReads: ratio(x.reads, x.targetChunks), reads: x.reads,
        amplification: ratio(x.readElements, x.length), readElements: x.readElements,
      })),
    };
  }

  // The source chunks one target chunk reads, per axis, in O(log runs) per
  // axis (and O(k log runs) for k intersections).
  sourcesOf(targetCoords) {
    const source = this.#source, target = this.#target;
    const expected = `an array of ${target.ndim} integers`;
    targetCoords = arrayArgument(targetCoords, 'targetCoords', expected);
    if (targetCoords.length !== target.ndim) throw new TypeError(`targetCoords: found ${targetCoords.length} entries; expected ${expected}`);
    const active = target.gridShape.map(BigInt);
    const big = targetCoords.some(isBigInt);
    const coords = targetCoords.map((c, d) => toUint64(c, `targetCoords[${d}]`));
    coords.forEach((c, d) => {
      if (c >= active[d]) {
        throw new RangeError(`target chunk ${list(targetCoords)} lies outside the target's active chunks ${list(target.gridShape)} on axis ${d}`);
      }
    });
    const axes = coords.map((c, d) => {
      const chunk = target.axisChunk(d, c);
      const start = chunk.origin, stop = chunk.origin + chunk.dataSize;
      const range = source.chunkRange(d, start, stop);
      const count = range.stop - range.first;
      /** @type {Array<{chunk: Integer, start: Integer, stop: Integer}> | null} */
      let intersections = null;
      if (count <= BigInt(INTERSECTION_LIMIT)) {
        intersections = [];
        for (let k = range.first; k < range.stop; k++) {
          const s = source.axisChunk(d, k);
          const from = s.origin > start ? s.origin : start;
          const end = s.origin + s.size < stop ? s.origin + s.size : stop;
          intersections.push({ chunk: output(k, big), start: output(from, big), stop: output(end, big) });
        }
      }
      return {
        sourceFirst: output(range.first, big), sourceStop: output(range.stop, big),
        start: output(start, big), stop: output(stop, big), intersections,
      };
    });
    const reads = product(axes.map((a) => BigInt(a.sourceStop) - BigInt(a.sourceFirst)));
    return { axes, reads: output(reads, big, 'reads') };
  }

  // Columns for target chunks [targetFirst, targetStop) of one axis: each
  // chunk and the source chunks [sourceFirst, sourceStop) it reads.
  axisSources(axis, targetFirst, targetStop) {
    checkAxis(this.#target, axis);
    const first = toUint64(targetFirst, 'targetFirst'), stop = toUint64(targetStop, 'targetStop');
    const active = BigInt(this.#target.gridShape[axis]);
    if (first > stop || stop > active) {
      throw new RangeError(`axisSources: found [${targetFirst}, ${targetStop}); expected a range inside the ${active} active target chunks of axis ${axis}`);
    }
    if (stop - first > BigInt(AXIS_SOURCES_LIMIT)) {
      throw new RangeError(`axisSources: found ${stop - first} target chunks; at most ${AXIS_SOURCES_LIMIT} (2^24) are listed in one call`);
    }
    const big = isBigInt(targetFirst) || isBigInt(targetStop);
    const grids = [handleOf(this.#source, "the plan's source ChunkGrid"), handleOf(this.#target, "the plan's target ChunkGrid")];
    const columns = copyColumns(withToolsGrids(grids, ([s, t]) => toolsModule.axisSources(s, t, axis, first, stop)), !big);
    if (columns === null) throw new RangeError('axisSources: a chunk index passes 2^53 - 1; pass bigint bounds');
    const [targetChunks, sourceFirst, sourceStop] = columns;
    return { targetChunks, sourceFirst, sourceStop };
  }
}
