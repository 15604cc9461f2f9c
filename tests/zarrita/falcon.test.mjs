// Every store zarr-python 3.4 writes with the rectilinear grid (the 15
// fixtures of tests/data/falcon/, SOURCES.md there), read through the
// package as a user imports it, from a store with getRange and from one
// with get alone: the metadata valid (strict too), the grid's per-axis
// extents zarr-python's chunk_sizes, every value and stepped selections
// equal to zarr-python's read-back, the group's members opened through
// its consolidated metadata. The chunk bytes are encoded here
// (falcon-encode.mjs), not by the package's writer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { validateMetadata } from 'zarr-rectilinear';
import { get, open, withConsolidatedMetadata } from 'zarr-rectilinear/zarrita';
import { documentText, elementOf, encodeChunks, fixtures } from './falcon-encode.mjs';
import { logical } from './support.mjs';

const encoder = new TextEncoder();
const join = (...parts) => parts.filter(Boolean).join('/');

// The fixture's store: its zarr.json documents as written, its chunks
// encoded at the keys keys.txt lists.
async function storeOf(fixture) {
  const map = new Map();
  const docs = [''];
  if (fixture.group) docs.push('sub');
  for (const { path } of fixture.arrays) docs.push(path);
  for (const path of docs) map.set(`/${join(path, 'zarr.json')}`, encoder.encode(documentText(fixture.name, path)));
  for (const { path, expected } of fixture.arrays) {
    const meta = JSON.parse(documentText(fixture.name, path));
    const keys = fixture.keys.filter((k) => !path || k.startsWith(`${path}/`)).map((k) => (path ? k.slice(path.length + 1) : k));
    for (const [key, bytes] of await encodeChunks(meta, expected.values, keys)) map.set(`/${join(path, key)}`, bytes);
  }
  return map;
}

// A store over `map`, with getRange or with get alone.
function asStore(map, ranged) {
  const store = { get: async (key) => map.get(key) };
  assert.ok([...map.values()].every((b) => b instanceof Uint8Array));
  if (ranged) {
    store.getRange = async (key, range) => {
      const bytes = map.get(key);
      if (!bytes) return undefined;
      if ('suffixLength' in range) return bytes.subarray(bytes.length - range.suffixLength);
      return bytes.subarray(range.offset, range.offset + range.length);
    };
  }
  return store;
}

const show = (v) => (v instanceof Uint8Array ? `bytes(${[...v].join(',')})` : v);

// The expected values of the selection `steps` (per axis: start, step).
function stepped(shape, values, steps) {
  const out = [];
  const ranges = shape.map((n, d) => {
    const [start, step] = steps[d];
    const r = [];
    for (let i = start; i < n; i += step) r.push(i);
    return r;
  });
  const strides = shape.map((_, d) => shape.slice(d + 1).reduce((x, y) => x * y, 1));
  const walk = (d, offset) => {
    if (d === shape.length) return void out.push(values[offset]);
    for (const i of ranges[d]) walk(d + 1, offset + i * strides[d]);
  };
  walk(0, 0);
  return out;
}

async function checkArray(store, fixture, { path, expected }, openWith = store) {
  const text = documentText(fixture.name, path);
  const meta = JSON.parse(text);
  for (const strict of [false, true]) {
    const v = validateMetadata(text, { strict });
    assert.deepEqual(v.errors, [], `${fixture.name}/${path}: validateMetadata errors (strict ${strict})`);
    assert.deepEqual(v.warnings, [], `${fixture.name}/${path}: validateMetadata warnings (strict ${strict})`);
  }
  const arr = await open(openWith, { path, kind: 'array' });
  if (expected.chunk_sizes) {
    const extents = arr.grid.gridShape.map((n, axis) => Array.from({ length: n }, (_, k) => arr.grid.axisChunk(axis, k).dataSize));
    assert.deepEqual(extents, expected.chunk_sizes, `${fixture.name}/${path}: chunk extents`);
  }
  const values = expected.values.map((v) => show(elementOf(meta, v)));
  assert.deepEqual(logical(await get(arr)).map(show), values, `${fixture.name}/${path}: whole array`);
  for (const steps of [meta.shape.map(() => [0, 2]), meta.shape.map((n) => [Math.min(1, n - 1), 3])]) {
    const selection = steps.map(([start, step]) => zarr.slice(start, null, step));
    assert.deepEqual(logical(await get(arr, selection)).map(show), stepped(meta.shape, values, steps), `${fixture.name}/${path}: stepped ${JSON.stringify(steps)}`);
  }
}

for (const fixture of fixtures()) {
  for (const ranged of [true, false]) {
    test(`${fixture.name} reads as zarr-python wrote it (${ranged ? 'with' : 'without'} getRange)`, async () => {
      const store = asStore(await storeOf(fixture), ranged);
      if (fixture.group) {
        for (const strict of [false, true]) {
          const v = validateMetadata(documentText(fixture.name, ''), { strict });
          assert.deepEqual([v.errors, v.warnings], [[], []], `the group's zarr.json (strict ${strict})`);
        }
        const root = await open(store, { kind: 'group' });
        assert.deepEqual(root.attrs, {});
        const consolidated = await withConsolidatedMetadata(store);
        assert.deepEqual(consolidated.contents().map((e) => `${e.path} ${e.kind}`).sort(), ['/ group', '/a array', '/sub group', '/sub/b array']);
        for (const array of fixture.arrays) await checkArray(store, fixture, array, consolidated);
      }
      for (const array of fixture.arrays) await checkArray(store, fixture, array);
    });
  }
}
