// Writing hierarchies: createGroup, and consolidateMetadata in zarr-python's
// inline form, read back through withConsolidatedMetadata with no further
// metadata read and every value exact.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { consolidateMetadata, create, createGroup, get, open, set, withConsolidatedMetadata, RectilinearGroup, NodeExistsError } from 'zarr-rectilinear/zarrita';
import { readMetadata } from 'zarr-rectilinear';
import { recordingStore, sharding, tempStore } from './support.mjs';

const U64_MAX = 2n ** 64n - 1n;
const text = (bytes) => new TextDecoder().decode(bytes);

// A hierarchy: / (group) → counts (uint64, fill 2^64 - 1), obs (group) →
// obs/tiles (sharded int32), obs/deep (group) → obs/deep/x (float64).
async function hierarchy(store) {
  // The root as another writer wrote it: a float past 2^53 and a uint64 in its attributes.
  await store.set('/zarr.json', new TextEncoder().encode('{"zarr_format": 3, "node_type": "group", "attributes": {"title": "survey", "avogadro": 6.02214076e+23, "big": 9223372036854775809}}'));
  const counts = await create(store, { path: 'counts', shape: [5, 7], chunkShapes: [[2, 3], [4, 3]], dtype: 'uint64', fillValue: U64_MAX, dimensionNames: ['y', 'x'], attributes: { units: 'counts' } });
  await set(counts, [zarr.slice(0, 2), null], { data: BigUint64Array.from({ length: 14 }, (_, n) => 2n ** 60n + BigInt(n)), shape: [2, 7] });
  await createGroup(store, { path: 'obs', attributes: { kind: 'observations' } });
  const tiles = await create(store, {
    path: 'obs/tiles', shape: [8, 12], chunkShapes: [[4, 4], [6, 6]], dtype: 'int32', fillValue: -1,
    codecs: [sharding([2, 3])],
  });
  await set(tiles, [zarr.slice(0, 4), null], { data: Int32Array.from({ length: 48 }, (_, n) => n), shape: [4, 12] });
  await createGroup(store, { path: 'obs/deep' });
  await create(store, { path: 'obs/deep/x', shape: [3], chunkShape: [2], dtype: 'float64', fillValue: 'NaN' });
}

const NODES = [
  { path: '/', kind: 'group' },
  { path: '/counts', kind: 'array' },
  { path: '/obs', kind: 'group' },
  { path: '/obs/deep', kind: 'group' },
  { path: '/obs/deep/x', kind: 'array' },
  { path: '/obs/tiles', kind: 'array' },
];

test('createGroup writes a group zarr.json that zarrita and open read', async (t) => {
  const { store } = tempStore(t);
  const root = await createGroup(store, { attributes: { title: 'survey', big: 2n ** 64n - 1n } });
  assert.ok(root instanceof RectilinearGroup);
  assert.equal(root.path, '/');
  assert.deepEqual(root.attrs, { title: 'survey', big: U64_MAX });
  assert.match(text(await store.get('/zarr.json')), /"big": 18446744073709551615\n/);
  const child = await createGroup(root.resolve('a'));
  assert.equal(child.path, '/a');
  assert.deepEqual((await open(store, { path: 'a', kind: 'group' })).attrs, {});
  assert.equal((await zarr.open(zarr.root(store).resolve('a'), { kind: 'group' })).kind, 'group');
  await assert.rejects(createGroup(store, { path: 'b', attributes: [1] }), (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && e.path === '/attributes');
  // A number in attributes is the value it holds, past 2^53 - 1 too
  // (docs/semantics.md): written as its exact digits.
  await createGroup(store, { path: 'b', attributes: { n: [2 ** 60, 1e20] } });
  assert.match(text(await store.get('/b/zarr.json')), /"n": \[1152921504606846976,100000000000000000000\]/);
  assert.deepEqual((await open(store, { path: 'b', kind: 'group' })).attrs, { n: [2n ** 60n, 1e20] });
  await assert.rejects(createGroup(store, { path: 'c', attrs: {} }), /unknown option "attrs"; expected one of path, attributes, overwrite/);
});

test('consolidateMetadata on a listing store: zarr-python\'s inline form, read back with one metadata read', async () => {
  const map = new Map();
  await hierarchy(map);
  const listed = await consolidateMetadata(map);
  assert.deepEqual(listed, NODES);
  const doc = JSON.parse(text(map.get('/zarr.json')));
  assert.equal(doc.consolidated_metadata.kind, 'inline');
  assert.equal(doc.consolidated_metadata.must_understand, false);
  assert.deepEqual(Object.keys(doc.consolidated_metadata.metadata).sort(), ['counts', 'obs', 'obs/deep', 'obs/deep/x', 'obs/tiles']);
  // Each child group lists its own descendants, relative to itself.
  assert.deepEqual(Object.keys(doc.consolidated_metadata.metadata.obs.consolidated_metadata.metadata).sort(), ['deep', 'deep/x', 'tiles']);
  assert.deepEqual(Object.keys(doc.consolidated_metadata.metadata['obs/deep'].consolidated_metadata.metadata), ['x']);
  // The group's own members are kept; every entry is its node's own document.
  assert.equal(doc.attributes.title, 'survey');
  assert.deepEqual(doc.consolidated_metadata.metadata['obs/tiles'], JSON.parse(text(map.get('/obs/tiles/zarr.json'))));
  // Exact: read by the core, uint64 values past 2^53 and the float attribute as written.
  const read = readMetadata(map.get('/zarr.json'));
  assert.equal(read.valid, true);
  assert.equal(read.consolidated.get('counts').fillValue, U64_MAX);
  assert.equal(read.attributes.big, 2n ** 63n + 1n);
  assert.match(text(map.get('/zarr.json')), /"fill_value": 18446744073709551615,/);
  assert.match(text(map.get('/zarr.json')), /"avogadro": 6\.02214076e\+23/);

  const counted = recordingStore({ get: async (k) => map.get(k) });
  const store = await withConsolidatedMetadata(counted);
  assert.deepEqual(store.contents(), NODES);
  const root = await open(store, { kind: 'group' });
  const counts = await open(root.resolve('counts'), { kind: 'array' });
  const tiles = await open(store, { path: 'obs/tiles', kind: 'array' });
  const deep = await open(store, { path: 'obs/deep', kind: 'group' });
  const x = await open(deep.resolve('x'), { kind: 'array' });
  assert.deepEqual(counted.reads, ['/zarr.json'], 'no metadata read past the root');
  assert.equal(counts.fillValue, U64_MAX);
  assert.deepEqual(counts.dimensionNames, ['y', 'x']);
  assert.deepEqual(counts.attrs, { units: 'counts' });
  assert.ok(Number.isNaN(x.fillValue));
  assert.deepEqual(tiles.shardChunkShape, [2, 3]);
  assert.deepEqual([...(await counts.getChunk([1, 1])).data], Array(9).fill(U64_MAX));
  assert.deepEqual((await get(tiles, [1, zarr.slice(0, 4)])).data, Int32Array.of(12, 13, 14, 15));
  assert.equal(await get(counts, [1, 6]), 2n ** 60n + 13n);
  // zarrita's own reader of consolidated metadata takes it too.
  const theirs = await zarr.withConsolidatedMetadata({ get: async (k) => map.get(k) }, { format: 'v3' });
  assert.deepEqual((await zarr.open(zarr.root(theirs).resolve('obs'), { kind: 'group' })).attrs, { kind: 'observations' });
  assert.deepEqual((await zarr.open(zarr.root(theirs).resolve('obs/deep/x'), { kind: 'array' })).shape, [3]);
});

test('consolidating again replaces the listing: a node added since is listed, the rest of the document kept', async () => {
  const map = new Map();
  await hierarchy(map);
  await consolidateMetadata(map);
  await create(map, { path: 'later', shape: [2], chunkShape: [2], dtype: 'int8' });
  const listed = await consolidateMetadata(map);
  assert.ok(listed.some((n) => n.path === '/later'));
  const doc = JSON.parse(text(map.get('/zarr.json')));
  assert.equal(Object.keys(doc.consolidated_metadata.metadata).length, 6);
  assert.equal(Object.keys(doc).filter((k) => k === 'consolidated_metadata').length, 1);
  // A group below the root, consolidated on its own.
  assert.deepEqual(await consolidateMetadata(map, { path: 'obs' }), NODES.filter((n) => n.path.startsWith('/obs')));
  assert.deepEqual(Object.keys(JSON.parse(text(map.get('/obs/zarr.json'))).consolidated_metadata.metadata).sort(), ['deep', 'deep/x', 'tiles']);
});

test('a store that cannot list takes {paths}; every group between must be listed', async (t) => {
  const { store } = tempStore(t);
  await hierarchy(store);
  await assert.rejects(consolidateMetadata(store), /cannot list its keys.*pass \{paths/);
  await assert.rejects(consolidateMetadata(store, { paths: ['counts', 'obs/tiles'] }), /"obs\/tiles" lies in "obs", which is not listed/);
  await assert.rejects(consolidateMetadata(store, { paths: ['counts', 'nothing'] }), (e) => zarr.isZarritaError(e, 'NotFoundError') && e.path === '/nothing/zarr.json');
  await assert.rejects(consolidateMetadata(store, { paths: ['../x'] }), /expected the path of a node below the group/);
  const listed = await consolidateMetadata(store, { paths: ['counts', 'obs', '/obs/tiles/', 'obs/deep', 'obs/deep/x'] });
  assert.deepEqual(listed, NODES);
  const counted = recordingStore(store);
  const wrapped = await withConsolidatedMetadata(counted);
  assert.equal((await open(wrapped, { path: 'counts', kind: 'array' })).fillValue, U64_MAX);
  assert.deepEqual(counted.reads, ['/zarr.json']);
  await assert.rejects(consolidateMetadata(wrapped), /not one from withConsolidatedMetadata/);
});

test('an invalid node, or no group at the path, writes nothing', async () => {
  const map = new Map();
  await hierarchy(map);
  const before = map.get('/zarr.json');
  map.set('/obs/bad/zarr.json', new TextEncoder().encode('{"zarr_format": 3, "node_type": "array", "shape": [-1]}'));
  await assert.rejects(consolidateMetadata(map), (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && /\/obs\/bad\/zarr\.json/.test(e.message));
  assert.equal(map.get('/zarr.json'), before);
  await assert.rejects(consolidateMetadata(map, { path: 'counts' }), (e) => zarr.isZarritaError(e, 'NotFoundError') && e.found === 'array');
  await assert.rejects(consolidateMetadata(new Map()), (e) => zarr.isZarritaError(e, 'NotFoundError') && e.path === '/zarr.json');
  // Keys that name no node, and nodes below an array, are not listed.
  map.delete('/obs/bad/zarr.json');
  map.set('/counts/inner/zarr.json', new TextEncoder().encode('{"zarr_format": 3, "node_type": "group"}'));
  map.set('/__reserved/zarr.json', new TextEncoder().encode('{"zarr_format": 3, "node_type": "group"}'));
  assert.deepEqual(await consolidateMetadata(map), NODES);
});

test('create takes zarrita\'s option names and ours, and names the accepted ones for anything else', async (t) => {
  const { store } = tempStore(t);
  const a = await create(store, { path: 'a', shape: [5], chunkShapes: [[2, 3]], dtype: 'int16', fillValue: 7, dimensionNames: ['t'], attributes: { u: 1 }, codecs: [{ name: 'bytes', configuration: { endian: 'big' } }] });
  const b = await create(store, { path: 'b', shape: [5], chunk_shapes: [[2, 3]], data_type: 'int16', fill_value: 7, dimension_names: ['t'], attributes: { u: 1 }, codecs: [{ name: 'bytes', configuration: { endian: 'big' } }] });
  assert.deepEqual(a.metadata, b.metadata);
  assert.equal(a.fillValue, 7);
  const regular = await create(store, { path: 'r', shape: [4, 4], chunkShape: [2, 2], dtype: 'uint8', chunkSeparator: '.' });
  assert.equal(regular.chunkKey([1, 0]), '/r/c.1.0');
  assert.deepEqual(regular.grid.toRegularJSON(), { name: 'regular', configuration: { chunk_shape: [2, 2] } });
  await assert.rejects(create(store, { path: 'c', shape: [4], chunk_shape: [2], dtype: 'int8', fillvalue: 1 }), (e) => e instanceof TypeError && /unknown option "fillvalue"; expected one of path, shape, dtype \(or data_type\), chunkShapes \(or chunk_shapes\), chunkShape \(or chunk_shape\)/.test(e.message) && /overwrite$/.test(e.message));
  await assert.rejects(create(store, { path: 'c', shape: [4], chunkShape: [2], dtype: 'int8', fillValue: 1, fill_value: 2 }), /found both fillValue and fill_value/);
  await assert.rejects(create(store, { path: 'c', shape: [4], dtype: 'int8' }), /found none of chunkShapes \(rectilinear\), chunkShape \(regular\), chunkGrid/);
  await assert.rejects(create(store, { path: 'c', shape: [4], chunkShape: [2], dtype: 'int8', overwrite: 'yes' }), /overwrite: found string; expected true or false/);
  await assert.rejects(create(store, { path: 'c', shape: [4], chunkShape: [2], dtype: 'int8', chunkSeparator: '.', chunkKeyEncoding: { name: 'v2' } }), /both chunkSeparator and chunkKeyEncoding/);
  // Options that are undefined are not given.
  await create(store, { path: 'c', shape: [4], chunkShape: [2], dtype: 'int8', fillValue: undefined, fill_value: 3 });
  assert.equal(await store.get('/d/zarr.json'), undefined, 'nothing written by a refused create');
});

test('create over a node is a NodeExistsError; overwrite on a listing store removes every old key', async () => {
  const map = new Map();
  const old = await create(map, { path: 'v', shape: [6], chunkShape: [2], dtype: 'int32' });
  await set(old, null, { data: Int32Array.of(1, 2, 3, 4, 5, 6), shape: [6] });
  map.set('/v/stray', new Uint8Array([1]));
  await assert.rejects(create(map, { path: 'v', shape: [6], chunkShape: [2], dtype: 'int32' }), (e) => e instanceof NodeExistsError && e.path === '/v' && e.found === 'array' && /pass overwrite: true/.test(e.message));
  await assert.rejects(createGroup(map, { path: 'v' }), (e) => e instanceof NodeExistsError && e.found === 'array');
  // A new document that fails its checks removes nothing, overwrite or not.
  await assert.rejects(create(map, { path: 'v', shape: [6], chunkShapes: [[2, 2]], dtype: 'int32', overwrite: true }), /GridError|sum|cover/i);
  assert.equal((await get(old, [0])), 1, 'the refused creates changed nothing');
  assert.ok(map.has('/v/stray'));
  // Same layout, new array: no old chunk shows through.
  const fresh = await create(map, { path: 'v', shape: [6], chunkShape: [2], dtype: 'int32', fillValue: -1, overwrite: true });
  assert.deepEqual([...(await get(fresh)).data], Array(6).fill(-1));
  assert.deepEqual([...map.keys()].filter((k) => k.startsWith('/v/')), ['/v/zarr.json']);
  // A group over an array, and an array over a group with children.
  await createGroup(map, { path: 'g' });
  await create(map, { path: 'g/child', shape: [2], chunkShape: [2], dtype: 'int8' });
  await assert.rejects(create(map, { path: 'g', shape: [2], chunkShape: [2], dtype: 'int8' }), (e) => e instanceof NodeExistsError && e.found === 'group');
  await create(map, { path: 'g', shape: [2], chunkShape: [2], dtype: 'int8', overwrite: true });
  assert.deepEqual([...map.keys()].filter((k) => k.startsWith('/g/')), ['/g/zarr.json']);
});

test('overwrite on a store that cannot list removes the old array\'s chunks key by key; an old group is refused', async (t) => {
  const { store } = tempStore(t);
  const old = await create(store, { path: 'v', shape: [5, 7], chunkShapes: [[2, 3], [4, 3]], dtype: 'uint16', chunkSeparator: '.' });
  await set(old, null, 9);
  assert.ok(await store.get('/v/c.1.1'));
  // A new layout whose chunk keys differ (default "/" separator), and one whose keys coincide.
  const fresh = await create(store, { path: 'v', shape: [5, 7], chunkShapes: [[2, 3], [4, 3]], dtype: 'uint16', overwrite: true });
  assert.equal(await store.get('/v/c.1.1'), undefined);
  assert.deepEqual([...(await get(fresh)).data], Array(35).fill(0));
  await set(fresh, [0, 0], 4);
  const again = await create(store, { path: 'v', shape: [5, 7], chunkShapes: [[2, 3], [4, 3]], dtype: 'uint16', overwrite: true });
  assert.equal(await get(again, [0, 0]), 0);
  assert.equal(await store.get('/v/c/0/0'), undefined);
  await createGroup(store, { path: 'g' });
  await assert.rejects(createGroup(store, { path: 'g', overwrite: true }), (e) => zarr.isZarritaError(e, 'UnsupportedError') && /cannot list its keys/.test(e.message));
  assert.ok(await store.get('/g/zarr.json'), 'the refused group is still there');
});

test('overwrite on a store without delete is refused before anything is written', async () => {
  const map = new Map();
  await create(map, { path: 'v', shape: [2], chunkShape: [2], dtype: 'int8' });
  const store = { get: async (k) => map.get(k), set: async (k, v) => void map.set(k, v) };
  const before = map.get('/v/zarr.json');
  await assert.rejects(create(store, { path: 'v', shape: [4], chunkShape: [2], dtype: 'int8', overwrite: true }), (e) => zarr.isZarritaError(e, 'UnsupportedError') && /no delete\(key\)/.test(e.message));
  assert.equal(map.get('/v/zarr.json'), before);
  // No node there: nothing to remove, so overwrite needs no delete.
  await create(store, { path: 'w', shape: [4], chunkShape: [2], dtype: 'int8', overwrite: true });
});

test('a node removed through a consolidated store (create over its parent group) no longer opens from the stale entry', async () => {
  const map = new Map();
  const base = { get: async (k) => map.get(k), set: async (k, v) => void map.set(k, v), delete: async (k) => void map.delete(k), has: async (k) => map.has(k), keys: () => map.keys() };
  await createGroup(base, {});
  await createGroup(base, { path: 'g' });
  const a = await create(base, { path: 'g/a', shape: [4], chunk_shapes: [[2, 2]], dtype: 'int32', fill_value: 0 });
  await set(a, null, { data: Int32Array.of(1, 2, 3, 4), shape: [4] });
  await consolidateMetadata(base);
  const store = await withConsolidatedMetadata(base);
  assert.ok(store.contents().some((c) => c.path === '/g/a'));
  await createGroup(store, { path: 'g', overwrite: true }); // removes g/a, its zarr.json and chunks
  assert.equal(map.has('/g/a/zarr.json'), false);
  // Nor is it listed any more.
  assert.deepEqual(store.contents().filter((c) => c.path.startsWith('/g/a')), []);
  await assert.rejects(open(store, { path: 'g/a', kind: 'array' }), zarr.NotFoundError);
  assert.equal(await store.get('/g/a/zarr.json'), undefined);
});

test('an overwrite refused for a key the store lists under the node deletes nothing first', async () => {
  const map = new Map();
  const base = { get: async (k) => map.get(k), set: async (k, v) => void map.set(k, v), delete: async (k) => void map.delete(k), has: async (k) => map.has(k), keys: () => map.keys() };
  const a = await create(base, { path: 'a', shape: [40], chunk_shapes: [[[2, 20]]], dtype: 'int32', fill_value: 0 });
  const values = Int32Array.from({ length: 40 }, (_, i) => i + 1);
  await set(a, null, { data: values, shape: [40] });
  map.set('/a/%2e%2e', new Uint8Array(1)); // a name a store's writer chose; no key may use it
  await assert.rejects(create(base, { path: 'a', shape: [4], chunk_shapes: [[2, 2]], dtype: 'int32', fill_value: 0, overwrite: true }), /%2e%2e/);
  // The old array is whole, not its zarr.json over chunks deleted (all fill values).
  assert.deepEqual(Array.from((await get(await open(base, { path: 'a' }))).data), Array.from(values));
});

test('create and createGroup refuse values that JSON has no form for, instead of writing what JSON.stringify makes of them', async () => {
  const map = new Map();
  const base = { shape: [2], chunkShape: [2], dtype: 'int8' };
  for (const [attributes, at] of [
    [{ a: undefined }, '/attributes/a'], // would vanish
    [{ a: () => 1 }, '/attributes/a'], // would vanish
    [{ a: Symbol('s') }, '/attributes/a'],
    [{ a: [undefined, 1] }, '/attributes/a/0'], // would be null
    [{ a: new Date(0) }, '/attributes/a'], // would be {}
    [{ a: new Map([['k', 1]]) }, '/attributes/a'], // would be {}
    [{ a: { toJSON: () => 5 } }, '/attributes/a/toJSON'],
  ]) {
    const refused = (e) => e instanceof TypeError && e.message.includes(`${at}: found`);
    await assert.rejects(create(map, { ...base, path: 'x', attributes }), refused, at);
    await assert.rejects(createGroup(map, { path: 'g', attributes }), refused, at);
  }
  await assert.rejects(create(map, { ...base, path: 'x', dimensionNames: [undefined] }), /\/dimension_names\/0: found undefined/);
  await assert.rejects(create(map, { ...base, path: 'x', codecs: [{ name: 'bytes', configuration: { endian: 'little', f: () => 0 } }] }), /\/codecs\/0\/configuration\/f: found a function/);
  assert.deepEqual([...map.keys()], [], 'nothing written');
  // Plain objects (with a null prototype too), typed arrays as arrays.
  const attributes = Object.assign(Object.create(null), { v: Int16Array.of(1, -2), n: null, o: { b: 2n ** 64n - 1n } });
  const arr = await create(map, { ...base, path: 'x', attributes });
  assert.deepEqual({ ...arr.attrs }, { v: [1, -2], n: null, o: { b: U64_MAX } });
  assert.deepEqual({ ...(await open(map, { path: 'x', kind: 'array' })).attrs }, { v: [1, -2], n: null, o: { b: U64_MAX } });
});

test('a chunk key encoding given by name is written as the object zarrita and zarr-python read', async () => {
  const map = new Map();
  await create(map, { shape: [4], chunkShape: [2], dtype: 'int8', chunkKeyEncoding: 'default' });
  assert.deepEqual(JSON.parse(text(map.get('/zarr.json'))).chunk_key_encoding, { name: 'default' });
  const arr = await zarr.open.v3(map, { kind: 'array' });
  await set(await open(map, { kind: 'array' }), null, 3);
  assert.deepEqual([...(await zarr.get(arr)).data], [3, 3, 3, 3]);
});

test('a path is a string of names Zarr v3 allows: no coercion, no reserved or all-period names', async () => {
  const map = new Map();
  const base = { shape: [2], chunkShape: [2], dtype: 'int8' };
  for (const path of [5, {}, ['a', 'b'], true, null]) {
    await assert.rejects(create(map, { ...base, path }), (e) => e instanceof TypeError && /path: found/.test(e.message), String(path));
    await assert.rejects(createGroup(map, { path }), TypeError, String(path));
    await assert.rejects(open(map, { path }), TypeError, String(path));
  }
  for (const path of ['__x', 'a/__x', '...', 'a/../b']) {
    await assert.rejects(create(map, { ...base, path }), (e) => e instanceof TypeError && /"__" \(reserved\)/.test(e.message), path);
    await assert.rejects(createGroup(map, { path }), TypeError, path);
  }
  assert.deepEqual([...map.keys()], [], 'nothing written');
  await createGroup(map, { path: '/a/b/' }); // a leading and a trailing "/" name the same node
  assert.ok(map.has('/a/b/zarr.json'));
});

test('consolidateMetadata refuses an option it does not know, before reading anything', async () => {
  const map = new Map();
  await createGroup(map);
  await createGroup(map, { path: 'g' });
  const before = map.get('/zarr.json');
  await assert.rejects(consolidateMetadata(map, { nodes: ['g'] }), (e) => e instanceof TypeError && /unknown option "nodes"; expected one of path, paths, signal/.test(e.message));
  await assert.rejects(consolidateMetadata(map, null), TypeError);
  assert.equal(map.get('/zarr.json'), before);
});

test('open and withConsolidatedMetadata check strict and lenient as readMetadata does: booleans or absent', async () => {
  const map = new Map();
  const store = { get: async (k) => map.get(k), set: async (k, v) => void map.set(k, v) };
  await createGroup(store, {});
  for (const opts of [{ lenient: 'x' }, { strict: 'false' }, { lenient: null }]) {
    await assert.rejects(open(store, opts), { name: 'TypeError', message: /^opts\.(strict|lenient): found .*; expected true, false or absent$/ }, JSON.stringify(opts));
  }
  assert.equal((await open(store, { lenient: true, kind: 'group' })).kind, 'group');
  await consolidateMetadata(store, { paths: [] });
  await assert.rejects(withConsolidatedMetadata(store, { lenient: 1 }), { name: 'TypeError', message: /^opts\.lenient: found 1/ });
});
