// Names in metadata are paths, and paths never leave the store: a key with
// a ".." step, an empty step, a backslash, a control character or a scheme
// never reaches FileSystemStore or FetchStore, whoever built it (a
// consolidated entry's name, or a caller's path). See docs/threat-model.md.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import FetchStore from '@zarrita/storage/fetch';
import { readMetadata } from 'zarr-rectilinear';
import { open, withConsolidatedMetadata, StoreError } from 'zarr-rectilinear/zarrita';
import { recordingStore, tempStore } from './support.mjs';

const group = (extra = {}) => ({ zarr_format: 3, node_type: 'group', attributes: {}, ...extra });
const consolidated = (metadata) => group({ consolidated_metadata: { kind: 'inline', must_understand: false, metadata } });
const HOSTILE = ['..', '../../outside', 'a/../../b', 'https:/evil.example', '/abs', 'a//b', 'a\\b', 'a\u001bb', ''];

test('readMetadata refuses a consolidated name that is not a child path, at the entry\'s pointer', () => {
  for (const name of HOSTILE) {
    const read = readMetadata(JSON.stringify(consolidated({ [name]: group() })));
    assert.equal(read.valid, false, JSON.stringify(name));
    const pointer = `/consolidated_metadata/metadata/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    assert.deepEqual(read.errors.map((e) => e.path), [pointer], JSON.stringify(name));
    assert.match(read.errors[0].message, /expected a child path/);
    assert.equal(read.consolidated.get(name).valid, false);
  }
  assert.equal(readMetadata(JSON.stringify(consolidated({ a: group(), 'a/b': group() }))).valid, true);
});

test('FileSystemStore: a path out of the store is refused, never read', async (t) => {
  const { store, dir } = tempStore(t);
  mkdirSync(join(dir, 'store'));
  writeFileSync(join(dir, 'store', 'zarr.json'), JSON.stringify(consolidated({ '../outside': group() })));
  mkdirSync(join(dir, 'outside'));
  writeFileSync(join(dir, 'outside', 'zarr.json'), JSON.stringify(group({ attributes: { secret: 1 } })));
  const inner = new (store.constructor)(join(dir, 'store'));
  for (const path of ['..', '../outside', 'x/../../outside']) {
    await assert.rejects(open(inner, { path, kind: 'group' }), (e) => e instanceof StoreError && /refused the key/.test(e.message), path);
  }
  // Through the consolidated metadata: nothing is read from the folder
  // outside, and no path under the hostile entry reaches the store.
  const recorded = recordingStore(inner);
  const wrapped = await withConsolidatedMetadata(recorded);
  const entry = await open(wrapped, { path: '../outside', kind: 'group' }).catch((error) => error);
  assert.notDeepEqual(entry?.attrs, { secret: 1 });
  await assert.rejects(open(wrapped, { path: '../outside/child' }), (e) => e instanceof StoreError && /refused the key/.test(e.message));
  assert.deepEqual(recorded.reads, ['/zarr.json']);
});

test('FetchStore: no request leaves the store\'s prefix or goes to another host', async () => {
  const asked = [];
  const store = new FetchStore('http://store.example/data/root.zarr/', {
    fetch: async (request) => {
      asked.push(request.url);
      return new Response(null, { status: 404 });
    },
  });
  for (const path of ['..', '../other', '%2e%2e/other', '.%2E/x', 'https:/evil.example', 'a\\..\\..\\b', '/\u0007bell']) {
    await assert.rejects(open(store, { path }), StoreError, JSON.stringify(path));
  }
  await assert.rejects(open(store, { path: 'fine/child' }), /not found|no \/fine\/child\/zarr\.json/i);
  assert.ok(asked.length > 0);
  for (const url of asked) assert.ok(url.startsWith('http://store.example/data/root.zarr/'), url);
  assert.deepEqual(asked, ['http://store.example/data/root.zarr/fine/child/zarr.json']);
});
