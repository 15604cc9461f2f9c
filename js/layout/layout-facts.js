// @ts-check
// Axis facts: what the chunk layout (js/layout/layout.js) draws on one axis, asked
// of the grid. The grid answers in O(log runs) and never lists more chunks
// than a view shows; here its exact answers only become doubles for placing
// pixels.
import { natural } from '../grid/numbers.js';

const axisFacts = new WeakMap();

class AxisFacts {
  constructor(grid, axis) {
    const active = BigInt(grid.gridShape[axis]);
    const declared = BigInt(grid.declaredGridShape[axis]);
    this.grid = grid;
    this.axis = axis;
    this.pseudo = false;
    this.exactLength = BigInt(grid.shape[axis]);
    this.length = Number(this.exactLength);
    // Where the last declared chunk ends: the sum of the declared edges.
    const last = declared > 0n ? grid.axisChunk(axis, declared - 1n) : null;
    this.exactEdgeSum = last ? BigInt(last.origin) + BigInt(last.size) : 0n;
    this.edgeSum = Number(this.exactEdgeSum);
    this.activeCount = Number(active); // chunks that overlap the array
    // Where the last active chunk ends: the array's end, padded.
    this.activeEnd = active > 0n ? this.#span(grid.axisChunk(axis, active - 1n)) : 0;
  }

  #span(c) {
    return Number(c.origin) + Number(c.size);
  }

  // The chunk under element e, for 0 <= e < edgeSum (see described()).
  chunkAtElement(e) {
    if (!(e >= 0 && e < this.edgeSum)) return null;
    // Past 2^53 a double may round onto the edge sum itself: then the last chunk.
    const exact = BigInt(Math.floor(e));
    return described(this.grid.chunkAt(this.axis, exact < this.exactEdgeSum ? exact : this.exactEdgeSum - 1n));
  }

  // Consecutive chunks meeting [v0, v1]: one per chunk of at least minSize
  // elements, groups of shorter ones.
  groups(v0, v1, minSize) {
    return this.grid.chunkGroups(this.axis, Math.max(v0, 0), Math.max(v1, 0) + 1, { minSize });
  }
}

// A chunk as the drawing describes it, from the grid's exact answer
// (ChunkGrid.axisChunk): doubles to place it, exact values to label it.
export function described(c) {
  return {
    chunk: natural(BigInt(c.chunk)), origin: Number(c.origin), size: Number(c.size),
    declared: natural(BigInt(c.size)), dataSize: natural(BigInt(c.dataSize)),
  };
}

// The facts of one axis of a grid, made on first ask and kept with the grid.
export function axisTable(grid, axis) {
  let tables = axisFacts.get(grid);
  if (!tables) axisFacts.set(grid, (tables = new Map()));
  let table = tables.get(axis);
  if (!table) {
    table = new AxisFacts(grid, axis);
    tables.set(axis, table);
  }
  return table;
}

// The stand-in for the missing y axis of a 1-d grid: one unit-long chunk.
const UNIT_AXIS = Object.freeze({
  pseudo: true, length: 1, exactLength: 1n, edgeSum: 1, activeCount: 1, activeEnd: 1,
  chunkAtElement: (e) => (e >= 0 && e < 1 ? { chunk: 0, origin: 0, size: 1 } : null),
  groups: () => [{ first: 0, count: 1, origin: 0, lastOrigin: 0, end: 1 }],
});

// The axes drawn when none are chosen: [down, across].
export function defaultAxes(ndim) {
  if (ndim === 0) return [null, null];
  if (ndim === 1) return [null, 0];
  return [ndim - 2, ndim - 1];
}

// The facts of a drawn axis; null (no axis) is the unit stand-in.
export function tableFor(grid, axis) {
  return axis === null || axis === undefined ? UNIT_AXIS : axisTable(grid, axis);
}
