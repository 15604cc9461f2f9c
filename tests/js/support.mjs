// Shared fixtures and a plain reference model for the node --test suites.
// Not a test file: node --test picks up only *.test.mjs.
import assert from 'node:assert/strict';

// A complete, valid zarr.json around a shape and a chunk_grid.
export function arrayDocument(shape, chunkGrid) {
  return {
    zarr_format: 3,
    node_type: 'array',
    shape,
    data_type: 'float32',
    chunk_grid: chunkGrid,
    chunk_key_encoding: { name: 'default', configuration: { separator: '/' } },
    fill_value: 0,
    codecs: [{ name: 'bytes', configuration: { endian: 'little' } }],
    attributes: {},
  };
}

export const rectilinear = (chunkShapes) => ({ name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: chunkShapes } });
export const regular = (chunkShape) => ({ name: 'regular', configuration: { chunk_shape: chunkShape } });

// The same document as exact JSON text, with `shape` and `chunk_shapes` given as
// raw JSON fragments (so they can hold values beyond 2^53, floats, and so on).
export function documentText(shapeText, chunkShapesText) {
  return (
    '{"zarr_format":3,"node_type":"array",' +
    `"shape":${shapeText},"data_type":"float32",` +
    `"chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":${chunkShapesText}}},` +
    '"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":[{"name":"bytes","configuration":{"endian":"little"}}]}'
  );
}

export const utf8 = (text) => new TextEncoder().encode(text);

// Asserts that fn throws `type`, with a message matching `pattern` when given.
export function throwsWith(fn, type, pattern) {
  assert.throws(fn, (error) => {
    assert.ok(error instanceof type, `expected ${type.name}, got ${error?.constructor?.name}: ${error?.message}`);
    if (pattern) assert.match(error.message, pattern);
    return true;
  });
}

// mulberry32: a small seeded PRNG, so failures reproduce.
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export const randInt = (rand, lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

// ---------------------------------------------------------------------------
// Reference model: expanded edges and linear scans, straight from the spec.
// ---------------------------------------------------------------------------

// The spec's expansion of one chunk_shapes entry on an axis of `length`.
export function expandAxis(length, entry) {
  if (typeof entry === 'number') return Array(Math.ceil(length / entry)).fill(entry);
  return entry.flatMap((item) => (Array.isArray(item) ? Array(item[1]).fill(item[0]) : [item]));
}

export class ReferenceGrid {
  constructor(shape, chunkShapes) {
    this.shape = shape;
    this.edges = shape.map((length, d) => expandAxis(length, chunkShapes[d]));
    // cum[d][k]: the array index where chunk k starts (k = 0 .. declared).
    this.cum = this.edges.map((edges) => edges.reduce((acc, e) => [...acc, acc[acc.length - 1] + e], [0]));
  }

  get declaredGridShape() {
    return this.edges.map((e) => e.length);
  }

  // Chunks that overlap the array: those that start before its end.
  get gridShape() {
    return this.shape.map((length, d) => this.cum[d].slice(0, -1).filter((start) => start < length).length);
  }

  // The spec's procedure: the first cumulative sum that exceeds the index.
  locateAxis(d, index) {
    if (!(index >= 0 && index < this.shape[d])) return null;
    const cum = this.cum[d];
    for (let c = 0; c < this.edges[d].length; c++) {
      if (cum[c + 1] > index) return { chunk: c, offset: index - cum[c] };
    }
    throw new Error('reference: edges do not cover the array');
  }

  locate(index) {
    const per = index.map((i, d) => this.locateAxis(d, i));
    if (per.some((p) => p === null)) return null;
    return { chunk: per.map((p) => p.chunk), offset: per.map((p) => p.offset) };
  }

  chunkOrigin(coords) {
    return coords.map((c, d) => this.cum[d][c]);
  }

  chunkShape(coords) {
    return coords.map((c, d) => this.edges[d][c]);
  }

  chunkDataShape(coords) {
    return coords.map((c, d) => Math.max(0, Math.min(this.shape[d], this.cum[d][c + 1]) - this.cum[d][c]));
  }

  // The array indices one selection entry selects on axis d, in output order,
  // and whether the axis is dropped from the output (an integer entry).
  selectAxis(d, entry) {
    const length = this.shape[d];
    if (entry === null || entry === undefined) return { indices: range(0, length, 1), drop: false };
    if (typeof entry === 'number') return { indices: [entry < 0 ? entry + length : entry], drop: true };
    if (entry instanceof Uint8Array || (Array.isArray(entry) && entry.length > 0 && typeof entry[0] === 'boolean')) {
      return { indices: Array.from(entry).flatMap((on, i) => (on ? [i] : [])), drop: false };
    }
    if (Array.isArray(entry) || ArrayBuffer.isView(entry)) {
      return { indices: Array.from(entry, (v) => Number(v < 0 ? v + length : v)), drop: false };
    }
    if ('blocks' in entry) {
      const declared = this.edges[d].length;
      const bound = (k) => Math.min(this.cum[d][Math.min(k, declared)], length);
      const [b0, b1] = entry.blocks;
      const start = bound(b0);
      return { indices: range(start, Math.max(start, bound(b1)), 1), drop: false };
    }
    const [start, stop, step] = normalizeSlice(length, entry);
    return { indices: range(start, stop, step), drop: false };
  }
}

export function range(start, stop, step) {
  const out = [];
  for (let i = start; i < stop; i += step) out.push(i);
  return out;
}

// Python's slice.indices for step >= 1.
export function normalizeSlice(length, { start, stop, step }) {
  const clamp = (v, dflt) => {
    if (v === null || v === undefined) return dflt;
    if (v < 0) v += length;
    return Math.min(Math.max(v, 0), length);
  };
  return [clamp(start, 0), clamp(stop, length), step ?? 1];
}

// A random axis in the spec's chunk_shapes form: an integer step, or a list
// of edges and [V, N] runs whose sum reaches the length, sometimes with
// overflow chunks past the end.
export function randomAxis(rand, maxLength = 40) {
  const length = rand() < 0.1 ? 0 : randInt(rand, 1, maxLength);
  if (rand() < 0.35) return { length, entry: randInt(rand, 1, 12) };
  const entry = [];
  let sum = 0;
  do {
    const v = randInt(rand, 1, 8);
    if (rand() < 0.3) {
      const n = randInt(rand, 1, 4);
      entry.push([v, n]);
      sum += v * n;
    } else {
      entry.push(v);
      sum += v;
    }
  } while (sum < length);
  if (rand() < 0.3) entry.push(randInt(rand, 1, 8)); // an overflow chunk
  return { length, entry };
}

export function randomGrid(rand, maxDims = 3, maxLength = 40) {
  const axes = Array.from({ length: randInt(rand, 1, maxDims) }, () => randomAxis(rand, maxLength));
  return { shape: axes.map((a) => a.length), chunkShapes: axes.map((a) => a.entry) };
}

// A random selection entry for an axis of `length` with `declared` chunks.
export function randomEntry(rand, length, declared) {
  const kinds = ['null', 'slice', 'array', 'mask', 'blocks'];
  if (length > 0) kinds.push('integer');
  switch (kinds[randInt(rand, 0, kinds.length - 1)]) {
    case 'null':
      return null;
    case 'integer':
      return randInt(rand, -length, length - 1);
    case 'slice': {
      const bound = () => (rand() < 0.2 ? null : randInt(rand, -length - 3, length + 3));
      return { start: bound(), stop: bound(), step: rand() < 0.3 ? null : randInt(rand, 1, 6) };
    }
    case 'array': {
      if (length === 0) return [];
      const values = Array.from({ length: randInt(rand, 0, 8) }, () => randInt(rand, -length, length - 1));
      return rand() < 0.5 ? values : Int32Array.from(values);
    }
    case 'mask': {
      const bits = Array.from({ length }, () => rand() < 0.4);
      return rand() < 0.5 && length > 0 ? bits : Uint8Array.from(bits, Number);
    }
    default: {
      const a = randInt(rand, 0, declared + 1);
      return { blocks: [a, randInt(rand, a, declared + 2)] };
    }
  }
}

// The (chunk-local index, output position) pairs one mapping entry describes.
export function mappingPairs(m) {
  if (m.to === null) return [[Number(m.from), null]];
  if (Array.isArray(m.from)) {
    const [start, stop, step] = m.from.map(Number);
    const [outStart, outStop, outStep] = m.to.map(Number);
    assert.equal(outStep, 1, 'the output step of a slice mapping is 1');
    const locals = range(start, stop, step);
    assert.equal(locals.length, outStop - outStart, `from ${m.from} and to ${m.to} select different counts`);
    return locals.map((local, i) => [local, outStart + i]);
  }
  assert.ok(ArrayBuffer.isView(m.from) && ArrayBuffer.isView(m.to), 'a points mapping holds typed arrays');
  assert.equal(m.from.length, m.to.length);
  return Array.from(m.from, (local, i) => [Number(local), Number(m.to[i])]);
}

// Cartesian product of arrays.
export function product(lists) {
  return lists.reduce((acc, list) => acc.flatMap((prefix) => list.map((x) => [...prefix, x])), [[]]);
}

// Checks that `projections` cover each element of `selection` exactly once,
// at its correct output position, against the reference model.
export function checkCoverage(model, projections, selection) {
  const ndim = model.shape.length;
  const per = model.shape.map((_, d) => model.selectAxis(d, selection[d]));
  const kept = per.filter((p) => !p.drop);
  const expectedCount = kept.reduce((n, p) => n * p.indices.length, 1);
  const seen = new Map();
  const coordsSeen = new Set();
  for (const { chunkCoords, mapping } of projections) {
    const coords = chunkCoords.map(Number);
    const key = coords.join(',');
    assert.ok(!coordsSeen.has(key), `chunk ${key} projected twice`);
    coordsSeen.add(key);
    assert.equal(mapping.length, ndim);
    const origin = model.chunkOrigin(coords);
    const dataShape = model.chunkDataShape(coords);
    const pairs = mapping.map((m, d) => {
      const p = mappingPairs(m);
      assert.ok(p.length > 0, `chunk ${key} has no selected element on axis ${d}`);
      for (const [local] of p) {
        assert.ok(local >= 0 && local < dataShape[d], `chunk ${key} axis ${d}: local ${local} outside data shape ${dataShape[d]}`);
      }
      return p;
    });
    for (const combo of product(pairs)) {
      const index = combo.map(([local], d) => origin[d] + local);
      const out = combo.filter(([, pos]) => pos !== null).map(([, pos]) => pos);
      const outKey = out.join(',');
      assert.ok(!seen.has(outKey), `output position ${outKey} filled twice`);
      seen.set(outKey, index);
    }
  }
  assert.equal(seen.size, expectedCount, 'every selected element is covered');
  for (const [outKey, index] of seen) {
    const out = outKey === '' ? [] : outKey.split(',').map(Number);
    let k = 0;
    const expected = per.map((p) => (p.drop ? p.indices[0] : p.indices[out[k++]]));
    assert.deepEqual(index, expected, `output ${outKey}`);
  }
}

export const collect = (iterable) => Array.from(iterable);

// The wasm allocator's in-use bytes (mallinfo): the reader module's, where
// grids live, and the tools module's, where the tools work on copies of
// them (docs/wasm-boundary.md, "Two modules"); and a forced collection that
// lets the FinalizationRegistry run (tests run with --expose-gc).
import { heapInUse, toolsModule } from '#internals';
export const inUse = heapInUse;
export const toolsInUse = () => toolsModule.heapInUse();
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
export async function collectGarbage() {
  for (let i = 0; i < 10; i++) {
    globalThis.gc();
    await tick();
  }
}
