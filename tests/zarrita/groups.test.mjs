// Groups and consolidated metadata. `open` gives a group for a group's
// zarr.json and checks `kind` as zarrita does; withConsolidatedMetadata
// serves every node listed in the root zarr.json with no further metadata
// read and no loss of precision. The store in consolidated-store/ is written
// by hand in zarr-python's layout (see its README).
import test from 'node:test';
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import * as zarr from 'zarrita';
import { open, get, set, withConsolidatedMetadata, withMaybeConsolidatedMetadata, RectilinearGroup, StoreError } from 'zarr-rectilinear/zarrita';
import { recordingStore, tempStore } from './support.mjs';

const FIXTURE = join(import.meta.dirname, 'consolidated-store');
const U64_MAX = 2n ** 64n - 1n;

// A copy of the fixture, with chunks written into it (through the files'
// own zarr.json, with no consolidated metadata involved).
async function fixture(t) {
  const { store, dir } = tempStore(t);
  cpSync(FIXTURE, dir, { recursive: true });
  const counts = await open(store, { path: 'counts', kind: 'array' });
  await set(counts, [zarr.slice(0, 2), null], { data: BigUint64Array.from({ length: 14 }, (_, n) => 2n ** 60n + BigInt(n)), shape: [2, 7] });
  const tiles = await open(store, { path: 'obs/tiles', kind: 'array' });
  await set(tiles, [zarr.slice(0, 4), null], { data: Int32Array.from({ length: 48 }, (_, n) => n), shape: [4, 12] });
  return store;
}

test('open gives a group, with its attrs and path, and checks the kind asked for', async (t) => {
  const store = await fixture(t);
  const root = await open(store);
  assert.ok(root instanceof RectilinearGroup);
  assert.equal(root.kind, 'group');
  assert.equal(root.path, '/');
  assert.deepEqual(root.attrs, { title: 'consolidated fixture' });
  const obs = await open(store, { path: 'obs', kind: 'group' });
  assert.equal(obs.path, '/obs');
  assert.deepEqual(obs.attrs, { kind: 'observations' });
  await assert.rejects(open(store, { path: 'obs', kind: 'array' }), (e) => zarr.isZarritaError(e, 'NotFoundError') && e.found === 'group' && e.path === '/obs' && /array at \/obs/.test(e.message));
  await assert.rejects(open(store, { path: 'counts', kind: 'group' }), (e) => zarr.isZarritaError(e, 'NotFoundError') && e.found === 'array');
  await assert.rejects(open(store, { path: 'nothing', kind: 'group' }), (e) => zarr.isZarritaError(e, 'NotFoundError') && e.path === '/nothing/zarr.json' && /v3 group/.test(e.message));
  await assert.rejects(open(store, { kind: 'table' }), TypeError);
  // zarrita's own open agrees on what each node is.
  assert.equal((await zarr.open(store, { kind: 'group' })).attrs.title, 'consolidated fixture');
});

test('arrays and groups inside a group open through zarrita Locations', async (t) => {
  const store = await fixture(t);
  const root = await open(store, { kind: 'group' });
  const obs = await open(root.resolve('obs'), { kind: 'group' });
  const tiles = await open(obs.resolve('tiles'), { kind: 'array' });
  assert.equal(tiles.path, '/obs/tiles');
  assert.equal((await open(zarr.root(store).resolve('obs'), { path: 'tiles' })).path, '/obs/tiles');
  assert.equal((await open(obs, { path: 'tiles' })).path, '/obs/tiles');
  const counts = await open(root.resolve('counts'));
  assert.equal(counts.kind, 'array');
  assert.equal(counts.fillValue, U64_MAX);
});

test('a group with invalid metadata of its own is an InvalidMetadataError', async (t) => {
  const { store } = tempStore(t);
  await store.set('/zarr.json', new TextEncoder().encode('{"zarr_format": 3, "node_type": "group", "attributes": 5}'));
  await assert.rejects(open(store), (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && e.path === '/attributes');
});

test('withConsolidatedMetadata lists the nodes and opens arrays with no further metadata read', async (t) => {
  const inner = recordingStore(await fixture(t));
  const store = await withConsolidatedMetadata(inner);
  assert.deepEqual(inner.reads, ['/zarr.json']);
  assert.deepEqual(store.contents(), [
    { path: '/', kind: 'group' },
    { path: '/counts', kind: 'array' },
    { path: '/legacy', kind: 'group' },
    { path: '/obs', kind: 'group' },
    { path: '/obs/tiles', kind: 'array' },
  ]);
  const root = await open(store, { kind: 'group' });
  const counts = await open(root.resolve('counts'), { kind: 'array' });
  const tiles = await open(store, { path: 'obs/tiles', kind: 'array' });
  const legacy = await open(store, { path: 'legacy' });
  assert.equal(legacy.kind, 'group');
  assert.deepEqual(legacy.attrs, { note: 'written by zarr-python 3.0' });
  assert.deepEqual(inner.reads, ['/zarr.json'], 'no metadata read past the root');
  // Exact, as read: uint64 fill value past 2^53, attributes, dimension names.
  assert.equal(counts.fillValue, U64_MAX);
  assert.deepEqual(counts.attrs, { units: 'counts' });
  assert.deepEqual(counts.dimensionNames, ['y', 'x']);
  assert.deepEqual(counts.grid.toJSON(), { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[2, 3], [4, 3]] } });
  // Chunks read from the store as usual; missing ones are the exact fill value.
  const first = await counts.getChunk([0, 0]);
  assert.deepEqual([...first.data], [0, 1, 2, 3, 7, 8, 9, 10].map((n) => 2n ** 60n + BigInt(n)));
  assert.deepEqual([...(await counts.getChunk([1, 1])).data], Array(9).fill(U64_MAX));
  assert.deepEqual((await get(tiles, [1, zarr.slice(0, 4)])).data, Int32Array.of(12, 13, 14, 15));
  assert.deepEqual([...(await tiles.getChunk([3, 0])).data], Array(6).fill(-1));
  assert.ok(inner.reads.every((key) => !key.endsWith('zarr.json') || key === '/zarr.json'));
});

test('zarrita reading through our wrapper gets exact JSON text for each entry', async (t) => {
  const inner = recordingStore(await fixture(t));
  const store = await withConsolidatedMetadata(inner);
  const text = new TextDecoder().decode(await store.get('/counts/zarr.json'));
  assert.match(text, /"fill_value":\s*18446744073709551615[,}\s]/);
  const onDisk = await inner.get('/obs/tiles/zarr.json');
  assert.deepEqual(JSON.parse(new TextDecoder().decode(await store.get('/obs/tiles/zarr.json'))), JSON.parse(new TextDecoder().decode(onDisk)));
  const theirs = await zarr.open(zarr.root(store).resolve('obs'), { kind: 'group' });
  assert.deepEqual(theirs.attrs, { kind: 'observations' });
  inner.reads.splice(1);
  assert.deepEqual(inner.reads, ['/zarr.json']);
  // Keys not listed go to the store.
  assert.equal(await store.get('/nothing/zarr.json'), undefined);
  assert.deepEqual(inner.reads, ['/zarr.json', '/nothing/zarr.json']);
});

test('an entry served by our wrapper keeps a double past 2^53 the document wrote (1e300), not 0', async () => {
  const array = '{"zarr_format":3,"node_type":"array","shape":[4],"data_type":"float64",' +
    '"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[2]}},"chunk_key_encoding":{"name":"default"},' +
    '"fill_value":0,"codecs":[{"name":"bytes","configuration":{"endian":"little"}}],"attributes":{"big":1e300,"huge":18446744073709551615}}';
  const root = `{"zarr_format":3,"node_type":"group","attributes":{},"consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{"a":${array}}}}`;
  const store = await withConsolidatedMetadata({ get: async (key) => (key === '/zarr.json' ? new TextEncoder().encode(root) : undefined) });
  const text = new TextDecoder().decode(await store.get('/a/zarr.json'));
  assert.equal(text, array, 'the entry\'s own text');
  const theirs = await zarr.open(zarr.root(store).resolve('a'), { kind: 'array' });
  assert.equal(theirs.attrs.big, 1e300);
});

test("our open also works on zarrita's own withConsolidatedMetadata store", async (t) => {
  const inner = recordingStore(await fixture(t));
  const store = await zarr.withConsolidatedMetadata(inner, { format: 'v3' });
  const tiles = await open(store, { path: 'obs/tiles', kind: 'array' });
  assert.deepEqual([...(await tiles.getChunk([0, 0])).data], [0, 1, 2, 12, 13, 14]);
  const root = await open(store, { kind: 'group' });
  assert.equal(root.attrs.title, 'consolidated fixture');
  // zarrita re-encodes through JSON.parse and JSON.stringify: the uint64
  // fill value comes to us rounded, and is refused rather than misread.
  await assert.rejects(open(store, { path: 'counts' }), (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && /18446744073709552000/.test(e.message));
  assert.deepEqual(inner.reads.filter((k) => k.endsWith('zarr.json')), ['/zarr.json']);
});

test('child groups carrying their own consolidated metadata are served too', async (t) => {
  const { store: inner } = tempStore(t);
  // A root that lists only "obs", whose entry lists "tiles" itself (not flattened).
  const doc = JSON.parse(new TextDecoder().decode(await (await fixture(t)).get('/zarr.json')));
  delete doc.consolidated_metadata.metadata['obs/tiles'];
  await inner.set('/zarr.json', new TextEncoder().encode(JSON.stringify(doc)));
  const counted = recordingStore(inner);
  const store = await withConsolidatedMetadata(counted);
  assert.ok(store.contents().some((c) => c.path === '/obs/tiles' && c.kind === 'array'));
  const tiles = await open(store, { path: 'obs/tiles' });
  assert.deepEqual(tiles.shardChunkShape, [2, 3]);
  assert.deepEqual(counted.reads, ['/zarr.json']);
});

test('without consolidated metadata: a clear error, the null variant named; withMaybe gives the store back', async (t) => {
  const { store } = tempStore(t);
  await store.set('/zarr.json', new TextEncoder().encode('{"zarr_format":3,"node_type":"group","consolidated_metadata":null,"attributes":{}}'));
  await assert.rejects(withConsolidatedMetadata(store), (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && /null/.test(e.message) && /zarr-python 3\.0/.test(e.message));
  assert.equal(await withMaybeConsolidatedMetadata(store), store);
  await store.set('/zarr.json', new TextEncoder().encode('{"zarr_format":3,"node_type":"group"}'));
  await assert.rejects(withConsolidatedMetadata(store), /does not contain consolidated_metadata/);
  const { store: empty } = tempStore(t);
  await assert.rejects(withConsolidatedMetadata(empty), (e) => zarr.isZarritaError(e, 'NotFoundError') && e.path === '/zarr.json');
  assert.equal(await withMaybeConsolidatedMetadata(empty), empty);
});

test('reading the root takes a signal, and a failing store names the key', async (t) => {
  const inner = await fixture(t);
  const failing = recordingStore(inner, { failOn: (key) => key === '/zarr.json' });
  await assert.rejects(withConsolidatedMetadata(failing), (e) => e instanceof StoreError && e.key === '/zarr.json');
  await assert.rejects(withConsolidatedMetadata(inner, { signal: AbortSignal.abort(new Error('gave up')) }), /gave up/);
  await assert.rejects(open(inner, { kind: 'group', signal: AbortSignal.abort(new Error('gave up')) }), /gave up/);
});
