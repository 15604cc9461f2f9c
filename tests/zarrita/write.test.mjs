// Writing: create() writes zarr.json, set() writes whole chunks directly and
// reads, modifies and rewrites partial ones. Chunk keys follow
// chunk_key_encoding. Every result is checked against the reference reader.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { open, get, set, create } from 'zarr-rectilinear/zarrita';
import { assertMatchesReference, logical, recordingStore, referenceGet, tempStore } from './support.mjs';

const readJSON = async (store, key) => JSON.parse(new TextDecoder().decode(await store.get(key)));

test('create writes a valid zarr.json with the rectilinear grid in canonical compact form', async (t) => {
  const { store } = tempStore(t);
  await create(store, { path: 'x', shape: [30, 4], chunk_shapes: [[10, 10, 10], 2], dtype: 'uint16', fill_value: 3, attributes: { a: 1 }, dimension_names: ['t', 'y'] });
  assert.deepEqual(await readJSON(store, '/x/zarr.json'), {
    zarr_format: 3,
    node_type: 'array',
    shape: [30, 4],
    data_type: 'uint16',
    chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[[10, 3]], 2] } },
    chunk_key_encoding: { name: 'default', configuration: { separator: '/' } },
    fill_value: 3,
    codecs: [{ name: 'bytes', configuration: { endian: 'little' } }],
    attributes: { a: 1 },
    dimension_names: ['t', 'y'],
  });
  const arr = await open(store, { path: 'x' });
  assert.deepEqual(arr.dimensionNames, ['t', 'y']);
});

test('create with chunk_shape writes a regular grid', async (t) => {
  const { store } = tempStore(t);
  await create(store, { shape: [5], chunk_shape: [2], dtype: 'int8' });
  assert.deepEqual((await readJSON(store, '/zarr.json')).chunk_grid, { name: 'regular', configuration: { chunk_shape: [2] } });
});

test('create rejects an invalid grid before writing anything', async (t) => {
  const { store } = tempStore(t);
  await assert.rejects(create(store, { shape: [10], chunk_shapes: [[4, 4]], dtype: 'int8' }), (e) => e.name === 'GridError' && e.path === '/chunk_shapes/0');
  await assert.rejects(create(store, { shape: [10], dtype: 'int8' }), TypeError);
  assert.equal(await store.get('/zarr.json'), undefined);
});

test('a whole-chunk write reads nothing; a partial one reads the chunk first', async (t) => {
  const { store } = tempStore(t);
  await create(store, { shape: [10], chunk_shapes: [[4, 6]], dtype: 'int32', fill_value: -1 });
  const recording = recordingStore(store);
  const arr = await open(recording);
  recording.reads.length = 0;
  await set(arr, [zarr.slice(0, 4)], { data: Int32Array.of(1, 2, 3, 4), shape: [4] });
  assert.deepEqual(recording.reads, []);
  await set(arr, [zarr.slice(3, 5)], { data: Int32Array.of(30, 40), shape: [2] });
  assert.deepEqual(recording.reads.sort(), ['/c/0', '/c/1']);
  assert.deepEqual(Array.from((await get(arr)).data), [1, 2, 3, 30, 40, -1, -1, -1, -1, -1]);
});

test('a write that covers the data part of an edge chunk is a whole-chunk write', async (t) => {
  const { store } = tempStore(t);
  await create(store, { shape: [7], chunk_shapes: [[4, 4]], dtype: 'int8' });
  const recording = recordingStore(store);
  const arr = await open(recording);
  recording.reads.length = 0;
  await set(arr, [zarr.slice(4, 7)], 9);
  assert.deepEqual(recording.reads, []);
});

test('a scalar fills the selection', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [5, 5], chunk_shapes: [[2, 3], [1, 4]], dtype: 'float32' });
  await set(arr, [zarr.slice(1, 4), [0, 4]], 2.5);
  const r = await get(arr);
  assertMatchesReference(r, await referenceGet(store, '', []));
  assert.deepEqual(logical(r).slice(5, 10), [2.5, 0, 0, 0, 2.5]);
});

test('set takes steps, negative integers, integer arrays and masks, like get', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [9, 8], chunk_shapes: [[2, 3, 4], [[3, 2], 2]], dtype: 'int16', fill_value: 0 });
  const mask = [true, false, false, true, true, false, false, true];
  const sel = [zarr.slice(1, 9, 3), mask];
  await set(arr, sel, { data: Int16Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), shape: [3, 4] });
  await set(arr, [[-1, 0], -2], { data: Int16Array.of(100, 200), shape: [2] });
  const r = await get(arr);
  assertMatchesReference(r, await referenceGet(store, '', []));
  const v = logical(r);
  assert.deepEqual([v[1 * 8 + 0], v[1 * 8 + 3], v[4 * 8 + 7], v[7 * 8 + 4]], [1, 2, 8, 11]);
  assert.deepEqual([v[8 * 8 + 6], v[0 * 8 + 6]], [100, 200]);
  assertMatchesReference(await get(arr, sel), { values: Array.from({ length: 12 }, (_, i) => i + 1), shape: [3, 4] });
});

test('a value with its own strides is read through them', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [2, 3], chunk_shapes: [[1, 1], [2, 1]], dtype: 'int32' });
  // Column-major [[1, 2, 3], [4, 5, 6]].
  await set(arr, null, { data: Int32Array.of(1, 4, 2, 5, 3, 6), shape: [2, 3], stride: [1, 2] });
  assert.deepEqual(Array.from((await get(arr)).data), [1, 2, 3, 4, 5, 6]);
});

test('the result of get can be set elsewhere', async (t) => {
  const { store } = tempStore(t);
  const a = await create(store, { path: 'a', shape: [6, 6], chunk_shapes: [[1, 5], [3, 3]], dtype: 'uint8' });
  await set(a, null, { data: Uint8Array.from({ length: 36 }, (_, i) => i), shape: [6, 6] });
  const b = await create(store, { path: 'b', shape: [6, 6], chunk_shapes: [[4, 2], 5], dtype: 'uint8' });
  await set(b, null, await get(a));
  assert.deepEqual(Array.from((await get(b)).data), Array.from((await get(a)).data));
});

for (const [encoding, key] of [
  [{ name: 'default', configuration: { separator: '/' } }, '/e/c/1/2'],
  [{ name: 'default', configuration: { separator: '.' } }, '/e/c.1.2'],
  [{ name: 'v2', configuration: { separator: '.' } }, '/e/1.2'],
  [{ name: 'v2', configuration: { separator: '/' } }, '/e/1/2'],
  [{ name: 'v2' }, '/e/1.2'],
]) {
  test(`chunk_key_encoding ${JSON.stringify(encoding)} writes chunk (1, 2) at ${key}`, async (t) => {
    const { store } = tempStore(t);
    const arr = await create(store, { path: 'e', shape: [4, 7], chunk_shapes: [[2, 2], [3, 3, 1]], dtype: 'int8', chunk_key_encoding: encoding });
    await set(arr, [3, 6], 5);
    assert.ok(await store.get(key), key);
    assert.equal(arr.chunkKey([1, 2]), key);
    assertMatchesReference(await get(await open(store, { path: 'e' })), await referenceGet(store, 'e', []));
  });
}

test('zarrita reads a regular-grid array we wrote, and we read one zarrita wrote', async (t) => {
  const { store } = tempStore(t);
  const ours = await create(store, { path: 'ours', shape: [5, 7], chunk_shape: [2, 3], dtype: 'float64', fill_value: 1, codecs: [{ name: 'transpose', configuration: { order: [1, 0] } }, { name: 'bytes', configuration: { endian: 'big' } }] });
  await set(ours, [zarr.slice(1, 5), zarr.slice(0, 6)], { data: Float64Array.from({ length: 24 }, (_, i) => i * 1.5), shape: [4, 6] });
  const theirs = await zarr.get(await zarr.open.v3(zarr.root(store).resolve('ours'), { kind: 'array' }), null);
  assert.deepEqual(logical(theirs), logical(await get(ours)));
  const z = await zarr.create(zarr.root(store).resolve('theirs'), { shape: [5, 7], chunkShape: [2, 3], dtype: 'int16', fillValue: 4, codecs: [{ name: 'bytes', configuration: { endian: 'little' } }] });
  await zarr.set(z, [zarr.slice(0, 3), null], { data: Int16Array.from({ length: 21 }, (_, i) => -i), shape: [3, 7], stride: [7, 1] });
  assert.deepEqual(logical(await get(await open(store, { path: 'theirs' }))), logical(await zarr.get(z, null)));
});
