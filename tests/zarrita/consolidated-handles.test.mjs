// Every open of a node listed in consolidated metadata gives a handle with a
// grid of its own: disposing one handle's grid (as a viewer does when it
// closes a view) breaks no other handle and no later open.
import test from 'node:test';
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import * as zarr from 'zarrita';
import { open, get, set, withConsolidatedMetadata } from 'zarr-rectilinear/zarrita';
import { tempStore } from './support.mjs';

const FIXTURE = join(import.meta.dirname, 'consolidated-store');

test('handles opened from consolidated metadata each own their grid', async (t) => {
  const { store: files, dir } = tempStore(t);
  cpSync(FIXTURE, dir, { recursive: true });
  const tiles = await open(files, { path: 'obs/tiles', kind: 'array' });
  await set(tiles, [zarr.slice(0, 4), null], { data: Int32Array.from({ length: 48 }, (_, n) => n), shape: [4, 12] });
  const store = await withConsolidatedMetadata(files);
  const a = await open(store, { path: 'obs/tiles', kind: 'array' });
  const b = await open(store, { path: 'obs/tiles', kind: 'array' });
  assert.notEqual(a.grid, b.grid);
  assert.ok(a.grid.equals(b.grid));
  const expected = Array.from((await get(b, [zarr.slice(0, 4), null])).data);
  a.grid.dispose();
  assert.throws(() => a.grid.isRegular, /disposed/, 'the disposed handle knows it');
  assert.deepEqual(Array.from((await get(b, [zarr.slice(0, 4), null])).data), expected, 'the other handle reads on');
  assert.deepEqual((await b.getChunk([0, 0])).shape.length, 2);
  b.grid.dispose();
  // Later opens, of this array and of the others, still work.
  for (let i = 0; i < 3; i++) {
    const c = await open(store, { path: 'obs/tiles', kind: 'array' });
    assert.deepEqual(Array.from((await get(c, [zarr.slice(0, 4), null])).data), expected);
    c.grid.dispose();
  }
  for (const { path, kind } of store.contents()) {
    if (kind === 'array') assert.equal(typeof (await open(store, { path, kind })).grid.isRegular, 'boolean', path);
  }
});

test('a zarr.json written through a consolidated store is what opens next, not the stale entry', async (t) => {
  const { store: files, dir } = tempStore(t);
  cpSync(FIXTURE, dir, { recursive: true });
  const store = await withConsolidatedMetadata(files);
  const before = await open(store, { path: 'obs/tiles', kind: 'array' });
  // Written over through the wrapped store (as create with overwrite does).
  const doc = { ...before.metadata, shape: [2, 3], chunk_grid: { name: 'regular', configuration: { chunk_shape: [2, 3] } }, attributes: { rewritten: true } };
  await store.set('/obs/tiles/zarr.json', new TextEncoder().encode(JSON.stringify(doc)));
  const after = await open(store, { path: 'obs/tiles', kind: 'array' });
  assert.deepEqual(after.shape, [2, 3]);
  assert.deepEqual(after.attrs, { rewritten: true });
  assert.deepEqual(JSON.parse(new TextDecoder().decode(await store.get('/obs/tiles/zarr.json'))).shape, [2, 3]);
  // Other entries are still served from the consolidated metadata; a read-only store gets no set.
  assert.equal((await open(store, { path: 'counts', kind: 'array' })).dtype, 'uint64');
  const readOnly = await withConsolidatedMetadata({ get: (key) => files.get(key) });
  assert.equal(readOnly.set, undefined);
  assert.equal('set' in readOnly, false);
});

// A group listed as an entry is checked as a group of its own: its errors
// are refused even though every pointer is the root document's, while the
// root and its valid entries still open.
test('a consolidated group entry with errors of its own is refused; valid ones open', async () => {
  const array = {
    zarr_format: 3, node_type: 'array', shape: [4], data_type: 'uint8',
    chunk_grid: { name: 'regular', configuration: { chunk_shape: [2] } },
    chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [{ name: 'bytes' }],
  };
  const root = {
    zarr_format: 3, node_type: 'group', attributes: {},
    consolidated_metadata: { kind: 'inline', must_understand: false, metadata: {
      bad: { zarr_format: 3, node_type: 'group', attributes: { copied: true }, bogus: 5 },
      good: { zarr_format: 3, node_type: 'group', attributes: { ok: true } },
      'good/a': array,
    } },
  };
  const files = new Map([['/zarr.json', new TextEncoder().encode(JSON.stringify(root))]]);
  const store = await withConsolidatedMetadata(files);
  await assert.rejects(open(store, { path: 'bad', kind: 'group' }), (e) => e instanceof zarr.InvalidMetadataError ? /bogus/.test(e.message) : false);
  assert.deepEqual((await open(store, { path: 'good', kind: 'group' })).attrs, { ok: true });
  assert.equal((await open(store, { path: 'good/a', kind: 'array' })).shape[0], 4);
});
