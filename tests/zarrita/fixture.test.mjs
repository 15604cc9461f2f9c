// The fixture store of scripts/make-fixture-store.mjs (for demos and browser tests) reads
// back as the reference reader reads it, and has its missing chunk.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import * as zarr from 'zarrita';
import FileSystemStore from '@zarrita/storage/fs';
import { open, get, withConsolidatedMetadata } from 'zarr-rectilinear/zarrita';
import { assertMatchesReference, referenceGet, tempStore } from './support.mjs';

test('make-fixture writes a group with three arrays that read back', async (t) => {
  const { dir } = tempStore(t);
  const out = join(dir, 'fixture.zarr');
  execFileSync('node', [resolve(import.meta.dirname, '../../scripts/make-fixture-store.mjs'), out]);
  const store = new FileSystemStore(out);
  const group = await zarr.open(store, { kind: 'group' });
  assert.equal(group.attrs.description, 'zarr-rectilinear fixture store');
  for (const path of ['temperature', 'sharded', 'regular']) {
    const arr = await open(store, { path });
    assertMatchesReference(await get(arr), await referenceGet(store, path, []), path);
  }
  const temperature = await open(store, { path: 'temperature' });
  assert.equal(await store.get('/temperature/c/1/2'), undefined);
  assert.ok(Number.isNaN(await get(temperature, [15, 60])));
  assert.ok(await store.get('/temperature/c/1/3'));
  assert.equal(await store.get('/temperature/c/0/6'), undefined, 'the overflow column is never written');
  assert.deepEqual(temperature.grid.declaredGridShape, [4, 7]);
  assert.deepEqual(temperature.grid.gridShape, [4, 6]);
  // One read lists it all: the root's consolidated metadata.
  const listed = await withConsolidatedMetadata(store);
  assert.deepEqual(listed.contents().map((c) => `${c.path} ${c.kind}`), ['/ group', '/maps group', '/maps/relief array', '/regular array', '/sharded array', '/temperature array']);
  const relief = await open(listed, { path: 'maps/relief', kind: 'array' });
  assertMatchesReference(await get(relief), await referenceGet(store, 'maps/relief', []), 'maps/relief');
  assert.deepEqual(relief.grid.gridShape, [3, 3]);
});
