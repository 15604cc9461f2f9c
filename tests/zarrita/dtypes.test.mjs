// Data types: every one that zarrita holds in a typed array is written and
// read back as that typed array, with its fill value, and checked against the
// reference reader's DataView decoding.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { open, get, set, create, SUPPORTED_DATA_TYPES } from 'zarr-rectilinear/zarrita';
import { assertMatchesReference, iota, logical, referenceGet, tempStore } from './support.mjs';

const CASES = [
  ['bool', zarr.BoolArray, true],
  ['int8', Int8Array, -7],
  ['int16', Int16Array, -300],
  ['int32', Int32Array, -70000],
  ['int64', BigInt64Array, -(2n ** 40n)],
  ['uint8', Uint8Array, 200],
  ['uint16', Uint16Array, 60000],
  ['uint32', Uint32Array, 4000000000],
  ['uint64', BigUint64Array, 2n ** 63n + 5n],
  ['float32', Float32Array, 1.5],
  ['float64', Float64Array, -2.25],
];

test('SUPPORTED_DATA_TYPES lists the numeric types and bool', () => {
  for (const [dtype] of CASES) assert.ok(SUPPORTED_DATA_TYPES.includes(dtype), dtype);
  assert.equal(SUPPORTED_DATA_TYPES.includes('float16'), typeof globalThis.Float16Array === 'function');
});

for (const [dtype, Ctor, fill] of CASES) {
  test(`${dtype}: written values read back as a ${Ctor.name}, the rest is the fill value`, async (t) => {
    const { store } = tempStore(t);
    // Axis 0: [3, 4] edges on length 7; axis 1: [[2, 2], 1] on length 5.
    const arr = await create(store, { path: dtype, shape: [7, 5], chunk_shapes: [[3, 4], [[2, 2], 1]], dtype, fill_value: fill });
    assert.equal(arr.fillValue, fill);
    const data = iota(dtype, 12);
    await set(arr, [zarr.slice(2, 5), zarr.slice(1, 5)], { data, shape: [3, 4] });
    const reopened = await open(store, { path: dtype });
    assert.equal(reopened.fillValue, fill);
    const whole = await get(reopened, null);
    assert.ok(whole.data instanceof Ctor, `found ${whole.data.constructor.name}`);
    assertMatchesReference(whole, await referenceGet(store, dtype, []), dtype);
    const at = (i, j) => logical(whole)[i * 5 + j];
    const first = typeof data.get === 'function' ? data.get(0) : data[0];
    assert.equal(at(2, 1), first);
    assert.equal(at(0, 0), fill);
    assert.equal(await get(reopened, [2, 1]), first);
  });
}

test('the fill value of a missing chunk is written as zarr.json gives it: NaN, Infinity, -Infinity', async (t) => {
  const { store } = tempStore(t);
  for (const fill of [NaN, Infinity, -Infinity]) {
    const arr = await create(store, { path: String(fill), shape: [3], chunk_shapes: [[1, 2]], dtype: 'float32', fill_value: fill });
    const doc = JSON.parse(new TextDecoder().decode(await store.get(`/${fill}/zarr.json`)));
    assert.equal(doc.fill_value, String(fill));
    assert.ok(Object.is((await get(arr, [0])), fill) || (Number.isNaN(fill) && Number.isNaN(await get(arr, [0]))));
  }
});

test('a float fill value may be a hex bit pattern', async (t) => {
  const { store } = tempStore(t);
  await create(store, { path: 'h', shape: [2], chunk_shapes: [[2]], dtype: 'float32', fill_value: 0 });
  const doc = JSON.parse(new TextDecoder().decode(await store.get('/h/zarr.json')));
  doc.fill_value = '0x3fc00000'; // 1.5
  await store.set('/h/zarr.json', new TextEncoder().encode(JSON.stringify(doc)));
  const arr = await open(store, { path: 'h' });
  assert.equal(arr.fillValue, 1.5);
  assert.deepEqual(Array.from((await get(arr)).data), [1.5, 1.5]);
});

test('a 64-bit fill value beyond 2^53 is read exactly', async (t) => {
  const { store } = tempStore(t);
  const fill = 2n ** 63n + 12345n;
  await create(store, { path: 'u', shape: [2], chunk_shapes: [[1, 1]], dtype: 'uint64', fill_value: fill });
  const text = new TextDecoder().decode(await store.get('/u/zarr.json'));
  assert.match(text, /"fill_value": 9223372036854788153/);
  const arr = await open(store, { path: 'u' });
  assert.equal(arr.fillValue, fill);
  assert.equal(await get(arr, [1]), fill);
});

test('a fill value outside the data type is an InvalidMetadataError', async (t) => {
  const { store } = tempStore(t);
  await assert.rejects(create(store, { shape: [2], chunk_shapes: [[2]], dtype: 'uint8', fill_value: 300 }), (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && /fill_value/.test(e.message));
  await assert.rejects(create(store, { shape: [2], chunk_shapes: [[2]], dtype: 'bool', fill_value: 1 }), (e) => zarr.isZarritaError(e, 'InvalidMetadataError'));
});

test('an unsupported data type is an UnsupportedError that names it', async (t) => {
  const { store } = tempStore(t);
  await create(store, { path: 'x', shape: [2], chunk_shapes: [[2]], dtype: 'int8' });
  // Each with a fill value valid for it: the reader, not the document, refuses them (string is read: strings.test.mjs).
  for (const [dtype, fill] of [['complex64', [0, 0]], ['complex128', [0, 0]], ['r16', [0, 0]]]) {
    const doc = JSON.parse(new TextDecoder().decode(await store.get('/x/zarr.json')));
    doc.data_type = dtype;
    doc.fill_value = fill;
    await store.set('/x/zarr.json', new TextEncoder().encode(JSON.stringify(doc)));
    await assert.rejects(open(store, { path: 'x' }), (e) => zarr.isZarritaError(e, 'UnsupportedError') && e.message.includes(dtype));
  }
});

test('set accepts plain arrays and other typed arrays, converted to the data type', async (t) => {
  const { store } = tempStore(t);
  const arr = await create(store, { shape: [4], chunk_shapes: [[1, 3]], dtype: 'int64' });
  await set(arr, null, { data: [1, 2, -3, 4], shape: [4] });
  assert.deepEqual(Array.from((await get(arr)).data), [1n, 2n, -3n, 4n]);
  const flags = await create(store, { path: 'b', shape: [3], chunk_shapes: [[2, 1]], dtype: 'bool' });
  await set(flags, null, { data: [true, false, true], shape: [3] });
  assert.deepEqual([...(await get(flags)).data], [true, false, true]);
});
