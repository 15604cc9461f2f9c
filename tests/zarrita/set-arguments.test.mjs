// set checks its arguments before it writes anything: a value's stride
// (one non-negative integer per axis, every element it reaches inside
// value.data) and its shape, read once; `concurrency` a positive integer,
// capped by the chunks to write, as get caps it, so that an absurd one
// neither stalls nor crashes.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { get, set, create } from 'zarr-rectilinear/zarrita';
import { memoryStore } from './support.mjs';

// A [3, 4] uint8 array in chunks of [2, 2], filled with 5; the store counts writes after that.
async function filledArray() {
  const store = memoryStore();
  const arr = await create(store, { shape: [3, 4], chunk_shapes: [[2, 1], [2, 2]], dtype: 'uint8' });
  await set(arr, null, 5);
  const inner = store.set;
  store.writes = 0;
  store.set = async (k, v) => (store.writes++, inner(k, v));
  return { store, arr };
}

const data = Uint8Array.from({ length: 12 }, (_, i) => i + 1);

test('a bad stride is refused with a clear error, before anything is written', async () => {
  const { store, arr } = await filledArray();
  const cases = [
    [[4], RangeError, /value\.stride: found 1 entries; expected 2, one per axis/],
    [[4, 1, 1], RangeError, /found 3 entries; expected 2/],
    [[-4, 1], RangeError, /value\.stride\[0\]: found -4; expected a non-negative integer/],
    [[4, 0.5], RangeError, /value\.stride\[1\]: found 0\.5; expected a non-negative integer/],
    [[NaN, 1], RangeError, /value\.stride\[0\]: found NaN/],
    [[4, Infinity], RangeError, /value\.stride\[1\]: found Infinity/],
    [[4, '1'], TypeError, /value\.stride\[1\]: found "1"; expected a non-negative integer/],
    [[4, null], TypeError, /value\.stride\[1\]: found null/],
    [[5, 1], RangeError, /value\.stride \[5, 1\] reaches element 13 of value\.data for shape \[3, 4\]; value\.data holds 12/],
    [[1, 3], RangeError, /reaches element 11 of value\.data for shape \[3, 4\]; value\.data holds 11/, data.subarray(0, 11)],
    ['4,1', TypeError, /value\.stride: found "4,1"; expected an array of 2 integers/],
  ];
  for (const [stride, Kind, pattern, values = data] of cases) {
    await assert.rejects(set(arr, null, { data: values, shape: [3, 4], stride }), (e) => e instanceof Kind && pattern.test(e.message), JSON.stringify(stride));
  }
  assert.equal(store.writes, 0, 'nothing written');
  assert.deepEqual([...(await get(arr)).data], new Array(12).fill(5));
});

test('good strides: C, F, bigint, and 0 repeating an element', async () => {
  const { arr } = await filledArray();
  await set(arr, null, { data, shape: [3, 4], stride: [1n, 3n] }); // F order
  assert.deepEqual([...(await get(arr)).data], [1, 4, 7, 10, 2, 5, 8, 11, 3, 6, 9, 12]);
  await set(arr, null, { data: Uint8Array.of(1, 2, 3), shape: [3, 4], stride: [1, 0] }); // a column repeated
  assert.deepEqual([...(await get(arr)).data], [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
  // An empty selection reaches nothing: any data does.
  await set(arr, [zarr.slice(0, 0), null], { data: new Uint8Array(0), shape: [0, 4], stride: [4, 1] });
});

test('a value shape given as strings or of the wrong rank is refused', async () => {
  const { store, arr } = await filledArray();
  await assert.rejects(set(arr, null, { data, shape: ['3', '4'] }), /value has shape \["3", "4"\]; the selection has shape \[3, 4\]/);
  await assert.rejects(set(arr, null, { data, shape: [12] }), /value has shape \[12\]/);
  assert.equal(store.writes, 0);
});

test('concurrency is capped by the chunks to write: absurd values neither stall nor crash', async () => {
  const { arr } = await filledArray();
  for (const concurrency of [1e7, 1e8, 2 ** 32, Number.MAX_SAFE_INTEGER]) {
    const started = Date.now();
    await set(arr, null, { data, shape: [3, 4] }, { concurrency });
    await set(arr, [1, 1], 9, { concurrency });
    assert.ok(Date.now() - started < 2000, `concurrency ${concurrency} took ${Date.now() - started} ms`);
    const expected = [...data];
    expected[5] = 9;
    assert.deepEqual([...(await get(arr, null, { concurrency })).data], expected);
  }
});

test('an invalid concurrency is refused with a clear error, before anything is written', async () => {
  const { store, arr } = await filledArray();
  for (const concurrency of [0, -1, 1.5, NaN, Infinity, 2 ** 53, '4', 4n]) {
    await assert.rejects(set(arr, null, 1, { concurrency }), (e) => e instanceof RangeError && /^concurrency: found .*; expected a positive integer/.test(e.message), String(concurrency));
  }
  assert.equal(store.writes, 0);
});

test('value.data is read once: its length and each element, as checked', async () => {
  const { arr } = await filledArray();
  const reads = new Map();
  const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  // A Proxy that answers a second read differently: a string, then a longer length.
  const data = new Proxy(values, {
    get(target, prop) {
      const n = (reads.get(prop) ?? 0) + 1;
      reads.set(prop, n);
      if (prop === 'length') return n === 1 ? 12 : 1000;
      if (typeof prop === 'string' && /^\d+$/.test(prop)) return n === 1 ? target[prop] : '3';
      return Reflect.get(target, prop);
    },
  });
  await set(arr, null, { data, shape: [3, 4] });
  assert.deepEqual([...(await get(arr)).data], values);
  assert.equal(reads.get('length'), 1);
  assert.ok([...reads].filter(([p]) => /^\d+$/.test(String(p))).every(([, n]) => n === 1), 'each element read once');
});
