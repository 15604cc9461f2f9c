// set refuses values its data type cannot hold exactly (RangeError naming
// the value, and its position in an array); -0 survives in float arrays and
// in a float fill_value.
import test from 'node:test';
import assert from 'node:assert/strict';
import { create, get, open, set } from 'zarr-rectilinear/zarrita';
import { memoryStore } from './support.mjs';

async function array(dtype, fill_value) {
  const store = memoryStore();
  return { store, arr: await create(store, { shape: [4], chunk_shapes: [[2, 2]], dtype, fill_value }) };
}

const rangeError = (text) => (e) => e instanceof RangeError && e.message.includes(text);

test('integers: fractions, NaN, infinities and out-of-range values are RangeErrors, never wrapped', async () => {
  const cases = [
    ['int8', 300, '300'],
    ['int8', -129, '-129'],
    ['int8', NaN, 'NaN'],
    ['int8', 1.5, '1.5'],
    ['uint8', -1, '-1'],
    ['uint8', Infinity, 'Infinity'],
    ['int32', 2 ** 31, '2147483648'],
    ['uint32', -Infinity, '-Infinity'],
    ['int64', 2n ** 64n + 1n, '18446744073709551617n'],
    ['int64', 2n ** 63n, '9223372036854775808n'],
    ['int64', 2 ** 63, '9223372036854776000'],
    ['int64', 0.5, '0.5'],
    ['uint64', -1n, '-1n'],
    ['uint64', 2n ** 64n, '18446744073709551616n'],
    // Past 2^53 - 1 a number may be a neighbour rounded to it: a bigint is asked for.
    ['int64', 2 ** 53 + 2, '9007199254740994, beyond 2^53 - 1 in magnitude and possibly rounded; pass a bigint'],
    ['uint64', -(2 ** 53) - 2, '-9007199254740994, beyond 2^53 - 1 in magnitude and possibly rounded; pass a bigint'],
  ];
  for (const [dtype, value, text] of cases) {
    const { arr } = await array(dtype);
    await assert.rejects(set(arr, [1], value), rangeError(text), `${dtype} ${String(value)}`);
    const zero = dtype.endsWith('64') ? 0n : 0;
    assert.equal(await get(arr, [1]), zero, `${dtype}: nothing written`);
  }
  // The limits themselves are written exactly.
  const { arr: i64 } = await array('int64');
  await set(i64, [0], -(2n ** 63n));
  await set(i64, [1], 2n ** 63n - 1n);
  assert.deepEqual(Array.from((await get(i64, null)).data), [-(2n ** 63n), 2n ** 63n - 1n, 0n, 0n]);
  const { arr: u64 } = await array('uint64');
  await set(u64, [2], Number.MAX_SAFE_INTEGER);
  assert.equal(await get(u64, [2]), 2n ** 53n - 1n);
  await set(u64, [3], 2n ** 64n - 1n);
  assert.equal(await get(u64, [3]), 2n ** 64n - 1n);
  const { arr: i8 } = await array('int8');
  await set(i8, null, { data: [-128, 127, 2n, -0], shape: [4] });
  assert.deepEqual(Array.from((await get(i8, null)).data), [-128, 127, 2, 0]);
});

test('arrays are checked element by element, the error naming the position', async () => {
  const { arr } = await array('int16');
  await assert.rejects(set(arr, null, { data: Float64Array.of(1, 2, 2.5, 4), shape: [4] }), rangeError('value.data[2]: found 2.5'));
  await assert.rejects(set(arr, null, { data: [1, 2, 3, 40000], shape: [4] }), rangeError('value.data[3]: found 40000'));
  await assert.rejects(set(arr, null, { data: Int32Array.of(0, -40000, 0, 0), shape: [4] }), rangeError('value.data[1]'));
  assert.deepEqual(Array.from((await get(arr, null)).data), [0, 0, 0, 0]);
  // Its own type is taken as it is; others that fit are converted.
  await set(arr, null, { data: Int16Array.of(-1, 2, -3, 4), shape: [4] });
  await set(arr, [{ start: 2, stop: 4 }], { data: Float32Array.of(30, -40), shape: [2] });
  assert.deepEqual(Array.from((await get(arr, null)).data), [-1, 2, 30, -40]);
  const { arr: b } = await array('bool');
  await assert.rejects(set(b, null, { data: Uint8Array.of(1, 0, 5, 0), shape: [4] }), (e) => e instanceof TypeError && e.message.includes('value.data[2]'));
});

test('float32: finite values that would overflow to Infinity are RangeErrors; infinities and NaN are kept', async () => {
  const { arr } = await array('float32');
  const max = 3.4028234663852886e38;
  await assert.rejects(set(arr, [0], 3.5e38), rangeError('3.5e+38'));
  await assert.rejects(set(arr, [0], -1e39), rangeError('-1e+39'));
  await assert.rejects(set(arr, null, { data: [0, 1, 2, Number.MAX_VALUE], shape: [4] }), rangeError('value.data[3]'));
  await set(arr, null, { data: [max, -max, Infinity, NaN], shape: [4] });
  const out = Array.from((await get(arr, null)).data);
  assert.deepEqual(out.slice(0, 3), [max, -max, Infinity]);
  assert.ok(Number.isNaN(out[3]));
  // Rounding to a neighbour is not overflow: 1e-50 becomes 0, 0.1 its nearest float32.
  await set(arr, [0], 0.1);
  assert.equal(await get(arr, [0]), Math.fround(0.1));
});

test('-0 survives: set and get in float arrays, and as a float fill_value in zarr.json', async () => {
  const { store, arr } = await array('float64', -0);
  const text = new TextDecoder().decode(store.map.get('/zarr.json'));
  assert.match(text, /"fill_value": -0\.0\b/);
  assert.ok(Object.is(arr.fillValue, -0));
  const reopened = await open(store, { kind: 'array' });
  assert.ok(Object.is(reopened.fillValue, -0));
  assert.ok(Object.is(await get(reopened, [3]), -0), 'a missing chunk reads -0');
  await set(reopened, [0], 1);
  assert.ok(Object.is(await get(reopened, [1]), -0), 'the rest of a rewritten chunk keeps -0');
  const { arr: f32 } = await array('float32');
  await set(f32, [2], -0);
  await set(f32, [{ start: 0, stop: 2 }], { data: [-0, 0], shape: [2] });
  const out = Array.from((await get(f32, null)).data);
  assert.ok(Object.is(out[0], -0) && Object.is(out[1], 0) && Object.is(out[2], -0));
  // An integer fill_value of -0 is 0.
  const { store: s2 } = await array('int32', -0);
  assert.match(new TextDecoder().decode(s2.map.get('/zarr.json')), /"fill_value": 0\b/);
});

test('create: a 64-bit integer fill value past 2^53 - 1 given as a number is refused, as set refuses it; a float bit pattern is written as given', async () => {
  // 9007199254740993 is a literal JavaScript rounds to 2^53: written, it
  // would silently be another fill value than the caller wrote.
  for (const [dtype, fill] of [['uint64', 9007199254740993], ['int64', 2 ** 53 + 2], ['int64', -(2 ** 63)]]) {
    await assert.rejects(array(dtype, fill), rangeError('pass a bigint'), `${dtype} ${fill}`);
  }
  const { arr } = await array('uint64', 2n ** 53n + 1n);
  assert.equal(arr.fillValue, 2n ** 53n + 1n);
  assert.equal((await array('int64', 2 ** 53 - 1)).arr.fillValue, 2n ** 53n - 1n);
  // A NaN with a payload (and a signalling NaN) keeps its bits in zarr.json:
  // "NaN" would be 0x7fc00000, another fill value for zarr-python.
  for (const bits of ['0x7fc00001', '0x7f800001']) {
    const { store, arr: f32 } = await array('float32', bits);
    assert.match(new TextDecoder().decode(store.map.get('/zarr.json')), new RegExp(`"fill_value": "${bits}"`));
    assert.ok(Number.isNaN(f32.fillValue));
  }
});
