// Proof on a store written as zarr-python 3.0 to 3.3 writes one
// (scripts/make-python-store.mjs): every group and array opens with no
// option, with a warning for each writers' ledger entry it holds, and every
// element reads as zarrita reads it (and as written). Sharded arrays here
// use a store with getRange.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as zarr from 'zarrita';
import FileSystemStore from '@zarrita/storage/fs';
import { readMetadata } from 'zarr-rectilinear';
import { get, open } from 'zarr-rectilinear/zarrita';
import { ARRAYS, GROUPS, expectedValues, makePythonStore } from '../../scripts/make-python-store.mjs';

const same = (a, b) => (typeof a === 'number' && Number.isNaN(a) ? Number.isNaN(b) : a === b);

// zarrita parses zarr.json with JSON.parse, which refuses NaN and Infinity
// tokens: it is given its view of the store, those tokens as null.
function zarritaView(store) {
  const decoder = new TextDecoder();
  return {
    async get(key, opts) {
      const bytes = await store.get(key, opts);
      if (!bytes || !key.endsWith('zarr.json')) return bytes;
      return new TextEncoder().encode(decoder.decode(bytes).replace(/(?<=[:\[,]\s*)-?(NaN|Infinity)(?=\s*[,\]}])/g, 'null'));
    },
    getRange: (key, range, opts) => store.getRange(key, range, opts),
  };
}

// Every element of a zarrita-style {data, shape, stride}, in C order.
function elements({ data, shape, stride }) {
  const out = [];
  const index = shape.map(() => 0);
  const n = shape.reduce((x, y) => x * y, 1);
  for (let k = 0; k < n; k++) {
    out.push(data[index.reduce((at, i, d) => at + i * stride[d], 0)]);
    for (let d = shape.length - 1; d >= 0 && ++index[d] === shape[d]; d--) index[d] = 0;
  }
  return out;
}

let dir;
let store;
let view;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'zr-python-store-'));
  await makePythonStore(dir);
  store = new FileSystemStore(dir);
  view = zarritaView(store);
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('the metadata is zarr-python 3.0\'s: null consolidated metadata and dimension names, NaN tokens', async () => {
  const text = (key) => store.get(key).then((b) => new TextDecoder().decode(b));
  assert.match(await text('/zarr.json'), /"consolidated_metadata": null/);
  assert.match(await text('/zarr.json'), /"missing": NaN/);
  const array = await text('/grid/f8_be_gzip/zarr.json');
  assert.match(array, /"dimension_names": null/);
  assert.match(array, /"storage_transformers": \[\]/);
  assert.match(array, /"valid_min": -Infinity/);
  await assert.rejects(zarr.open(zarr.root(store), { kind: 'group' }), /Failed to decode JSON/);
});

for (const g of GROUPS) {
  test(`group /${g.path} opens with no option, its attributes exact`, async () => {
    const group = await open(store, { path: g.path, kind: 'group' });
    assert.equal(group.kind, 'group');
    assert.deepEqual(Object.keys(group.attrs), Object.keys(g.attributes));
    for (const [k, v] of Object.entries(g.attributes)) assert.ok(same(v, group.attrs[k]), `${k}: ${group.attrs[k]}`);
    const theirs = await zarr.open(zarr.root(view).resolve(g.path), { kind: 'group' });
    assert.equal(theirs.kind, 'group');
  });
}

for (const a of ARRAYS) {
  test(`${a.path}: opens with warnings naming its ledger entries, and reads as zarrita reads it`, async () => {
    const ours = await open(store, { path: a.path, kind: 'array' });
    const read = readMetadata(await store.get(`/${a.path}/zarr.json`));
    read.grid?.dispose();
    const warned = new Set(read.warnings.map((w) => w.message.match(/writers' ledger: ([a-z-]+)/)?.[1]));
    assert.equal(warned.has('dimension-names-null'), a.dimensionNames === null, JSON.stringify(read.warnings));
    const nonFinite = Object.values(a.attributes).some((v) => typeof v === 'number' && !Number.isFinite(v));
    assert.equal(warned.has('non-finite-tokens'), nonFinite);
    for (const [k, v] of Object.entries(a.attributes)) assert.ok(same(v, ours.attrs[k]), `${k}: ${ours.attrs[k]}`);
    assert.deepEqual(ours.shape, a.shape);

    const theirs = await zarr.open(zarr.root(view).resolve(a.path), { kind: 'array' });
    const mine = elements(await get(ours));
    const zarrita = elements(await zarr.get(theirs));
    const written = Array.from(expectedValues(a));
    assert.equal(mine.length, written.length);
    for (let i = 0; i < written.length; i++) {
      assert.ok(same(mine[i], zarrita[i]), `element ${i}: ${mine[i]}, zarrita ${zarrita[i]}`);
      assert.ok(same(mine[i], written[i]), `element ${i}: ${mine[i]}, written ${written[i]}`);
    }
  });
}
