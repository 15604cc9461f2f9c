// create and createGroup at a nested path write the groups above it that
// have no zarr.json, as zarr-python does, and leave every node already
// there as it is; consolidateMetadata then lists the new node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consolidateMetadata, create, createGroup, open, withConsolidatedMetadata } from 'zarr-rectilinear/zarrita';

// A store in a Map that lists its keys, as consolidateMetadata asks.
function listingStore() {
  const map = new Map();
  return { map, get: async (k) => map.get(k), set: async (k, v) => void map.set(k, v), keys: () => map.keys() };
}

const text = (bytes) => new TextDecoder().decode(bytes);

test('create at a/b/c writes the missing groups /, a and a/b, and consolidateMetadata lists the array', async () => {
  const store = listingStore();
  await create(store, { path: 'a/b/c', shape: [4], chunkShapes: [[1, 3]], dtype: 'uint8' });
  assert.deepEqual([...store.map.keys()].sort(), ['/a/b/c/zarr.json', '/a/b/zarr.json', '/a/zarr.json', '/zarr.json']);
  for (const path of ['', 'a', 'a/b']) assert.equal((await open(store, { path, kind: 'group' })).kind, 'group');
  const listed = await consolidateMetadata(store);
  assert.deepEqual(listed.map((e) => `${e.path} ${e.kind}`), ['/ group', '/a group', '/a/b group', '/a/b/c array']);
  const consolidated = await withConsolidatedMetadata(store);
  assert.deepEqual((await open(consolidated, { path: 'a/b/c', kind: 'array' })).shape, [4]);
});

test('a parent group that exists is never rewritten, attributes and all', async () => {
  const store = listingStore();
  await createGroup(store, { path: 'a', attributes: { keep: 1 } });
  const before = text(store.map.get('/a/zarr.json'));
  await createGroup(store, { path: 'a/b/g' });
  await create(store, { path: 'a/x', shape: [2], chunkShapes: [[2]], dtype: 'int8' });
  assert.equal(text(store.map.get('/a/zarr.json')), before);
  assert.deepEqual((await open(store, { path: 'a', kind: 'group' })).attrs, { keep: 1 });
  assert.equal((await open(store, { path: 'a/b', kind: 'group' })).kind, 'group');
});
