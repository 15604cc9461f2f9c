// Finding chunks: locate (one N-d index), locateMany (row-major batch) and
// locateAxis (1-d batch). Bounds are the array shape, never the edge sum.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid } from 'zarr-rectilinear';
import { throwsWith } from './support.mjs';

// Shape [10, 12]: axis 0 is the integer step 3 (edges 3,3,3,3), axis 1 the
// list [5, 4, 4] whose last chunk reaches one past the end.
const grid = ChunkGrid.fromChunkShapes([10, 12], [3, [5, 4, 4]]);
const rows = [0, 0, 9, 11, 3, 5, 8, 4];
const expected = { chunks: [0, 0, 3, 2, 1, 1, 2, 0], offsets: [0, 0, 0, 2, 0, 0, 2, 4] };

test('locate gives {chunk, offset} for one N-d index', () => {
  assert.deepEqual(grid.locate([9, 11]), { chunk: [3, 2], offset: [0, 2] });
  assert.deepEqual(grid.locate([4, 5]), { chunk: [1, 1], offset: [1, 0] });
  assert.deepEqual(grid.locate([0, 4]), { chunk: [0, 0], offset: [0, 4] });
});

test('locate throws RangeError outside the array shape', () => {
  throwsWith(() => grid.locate([10, 0]), RangeError, /shape/);
  assert.throws(() => grid.locate([0, 13]), RangeError);
});

test('locate throws RangeError outside the array shape even when an overflow chunk covers it', () => {
  // Axis 1's edges sum to 13: index 12 lies in chunk 2's declared extent.
  throwsWith(() => grid.locate([0, 12]), RangeError, /12/);
  const three = ChunkGrid.fromChunkShapes([6], [[4, 4, 4]]);
  assert.throws(() => three.locate([6]), RangeError);
  assert.throws(() => three.locate([11]), RangeError);
});

test('locate never wraps a negative index', () => {
  assert.throws(() => grid.locate([-1, 0]), RangeError);
  assert.throws(() => grid.locate([0, -1n]), RangeError);
});

test('locate rejects a fractional index', () => {
  assert.throws(() => grid.locate([1.5, 0]), RangeError);
});

test('locate rejects an index of the wrong rank with TypeError', () => {
  assert.throws(() => grid.locate([1]), TypeError);
  assert.throws(() => grid.locate([1, 2, 3]), TypeError);
});

test('locate on a zero-length axis always throws RangeError', () => {
  assert.throws(() => ChunkGrid.fromEdges([[], [3]]).locate([0, 0]), RangeError);
});

test('locate on a 0-d grid gives the one chunk at offset []', () => {
  const scalar = ChunkGrid.fromChunkShapes([], []);
  assert.deepEqual(scalar.locate([]), { chunk: [], offset: [] });
});

test('locateMany on a 0-d grid takes an empty batch', () => {
  const scalar = ChunkGrid.fromChunkShapes([], []);
  const out = scalar.locateMany([]);
  assert.equal(out.chunks.length, 0);
  assert.equal(out.offsets.length, 0);
});

for (const [name, make] of [
  ['Float64Array', (v) => new Float64Array(v)],
  ['Uint32Array', (v) => new Uint32Array(v)],
  ['Int32Array', (v) => new Int32Array(v)],
  ['number[]', (v) => [...v]],
]) {
  test(`locateMany takes ${name} rows and gives Float64Array chunks and offsets`, () => {
    const out = grid.locateMany(make(rows));
    assert.ok(out.chunks instanceof Float64Array, 'chunks');
    assert.ok(out.offsets instanceof Float64Array, 'offsets');
    assert.deepEqual(Array.from(out.chunks), expected.chunks);
    assert.deepEqual(Array.from(out.offsets), expected.offsets);
  });
}

for (const [name, make] of [
  ['BigUint64Array', (v) => BigUint64Array.from(v, BigInt)],
  ['BigInt64Array', (v) => BigInt64Array.from(v, BigInt)],
]) {
  test(`locateMany takes ${name} rows and gives BigUint64Array chunks and offsets`, () => {
    const out = grid.locateMany(make(rows));
    assert.ok(out.chunks instanceof BigUint64Array, 'chunks');
    assert.ok(out.offsets instanceof BigUint64Array, 'offsets');
    assert.deepEqual(Array.from(out.chunks), expected.chunks.map(BigInt));
    assert.deepEqual(Array.from(out.offsets), expected.offsets.map(BigInt));
  });
}

test('locateMany with a bigint among numbers counts as bigint: BigUint64Array out', () => {
  const out = grid.locateMany([0, 0, 9n, 11, 3, 5, 8, 4]);
  assert.ok(out.chunks instanceof BigUint64Array);
  assert.deepEqual(Array.from(out.offsets), expected.offsets.map(BigInt));
});

test('locateMany of an empty batch is empty', () => {
  const out = grid.locateMany(new Float64Array(0));
  assert.equal(out.chunks.length, 0);
  assert.equal(out.offsets.length, 0);
});

test('locateMany rejects a length that is not a multiple of ndim with TypeError', () => {
  assert.throws(() => grid.locateMany([0, 0, 1]), TypeError);
});

test('locateMany throws a RangeError that names the out-of-range row', () => {
  throwsWith(() => grid.locateMany([0, 0, 1, 1, 9, 12, 3, 5]), RangeError, /\brow 2\b/);
  throwsWith(() => grid.locateMany(new Float64Array([0, 0, 10, 0])), RangeError, /\brow 1\b/);
  throwsWith(() => grid.locateMany(new BigUint64Array([10n, 0n])), RangeError, /\brow 0\b/);
});

test('locateMany checks against the array shape, not the edge sum', () => {
  throwsWith(() => grid.locateMany(new Uint32Array([0, 12])), RangeError, /\brow 0\b/);
});

test('locateMany rejects a negative Int32Array index (row named)', () => {
  throwsWith(() => grid.locateMany(new Int32Array([0, 0, 9, 11, -3, 5])), RangeError, /\brow 2\b/);
});

test('locateMany rejects a negative BigInt64Array index (row named)', () => {
  throwsWith(() => grid.locateMany(new BigInt64Array([0n, 0n, -1n, 11n])), RangeError, /\brow 1\b/);
});

test('locateMany rejects a negative number[] index (row named)', () => {
  throwsWith(() => grid.locateMany([0, 0, 9, 11, -3, 5]), RangeError, /\brow 2\b/);
});

test('locateMany rejects a negative number among bigints, naming the row', () => {
  throwsWith(() => grid.locateMany([0, 0, 9n, 11, -3, 5]), RangeError, /\brow 2\b/);
});

test('locateMany rejects fractional and NaN indices', () => {
  assert.throws(() => grid.locateMany([0, 0, 3.5, 5]), RangeError);
  assert.throws(() => grid.locateMany(new Float64Array([NaN, 0])), RangeError);
});

test('locateMany rejects something that is not an array or typed array with TypeError', () => {
  assert.throws(() => grid.locateMany(42), TypeError);
  assert.throws(() => grid.locateMany(null), TypeError);
});

test('locateAxis looks up one axis: {chunks, offsets}', () => {
  const out = grid.locateAxis(1, [0, 4, 5, 11]);
  assert.ok(out.chunks instanceof Float64Array);
  assert.deepEqual(Array.from(out.chunks), [0, 0, 1, 2]);
  assert.deepEqual(Array.from(out.offsets), [0, 4, 0, 2]);
});

test('locateAxis takes every input type; bigint input gives BigUint64Array', () => {
  for (const input of [new Float64Array([9, 3]), new Uint32Array([9, 3]), new Int32Array([9, 3]), [9, 3]]) {
    const out = grid.locateAxis(0, input);
    assert.ok(out.chunks instanceof Float64Array, input.constructor.name);
    assert.deepEqual(Array.from(out.chunks), [3, 1]);
  }
  for (const input of [new BigUint64Array([9n, 3n]), new BigInt64Array([9n, 3n]), [9n, 3]]) {
    const out = grid.locateAxis(0, input);
    assert.ok(out.chunks instanceof BigUint64Array, input.constructor.name);
    assert.deepEqual(Array.from(out.chunks), [3n, 1n]);
    assert.deepEqual(Array.from(out.offsets), [0n, 0n]);
  }
});

test('locateAxis throws a RangeError that names the out-of-range element', () => {
  throwsWith(() => grid.locateAxis(1, [0, 4, 5, 12]), RangeError, /indices\[3\]/);
  throwsWith(() => grid.locateAxis(0, new Int32Array([1, -1])), RangeError, /indices\[1\]/);
});

test('locateAxis throws RangeError for an axis outside [0, ndim)', () => {
  assert.throws(() => grid.locateAxis(2, [0]), RangeError);
  assert.throws(() => grid.locateAxis(-1, [0]), RangeError);
});

// Passing the output arrays: nothing allocated, the same arrays returned.
test('locateMany writes into the arrays it is given and returns them', () => {
  const out = { chunks: new Float64Array(rows.length), offsets: new Float64Array(rows.length) };
  const got = grid.locateMany(new Float64Array(rows), out);
  assert.equal(got.chunks, out.chunks);
  assert.equal(got.offsets, out.offsets);
  assert.deepEqual(Array.from(out.chunks), expected.chunks);
  assert.deepEqual(Array.from(out.offsets), expected.offsets);
  const big = { chunks: new BigUint64Array(rows.length), offsets: new BigUint64Array(rows.length) };
  assert.equal(grid.locateMany(rows.map(BigInt), big).offsets, big.offsets);
  assert.deepEqual(Array.from(big.offsets), expected.offsets.map(BigInt));
  // Views into a larger buffer are written in place, and nothing around them.
  const buffer = new Float64Array(3 * rows.length).fill(-1);
  const views = { chunks: buffer.subarray(0, rows.length), offsets: buffer.subarray(2 * rows.length) };
  grid.locateMany(rows, views);
  assert.deepEqual(Array.from(buffer.subarray(rows.length, 2 * rows.length)), rows.map(() => -1));
  assert.deepEqual(Array.from(views.chunks), expected.chunks);
});

test('locateMany refuses output arrays of the wrong type with TypeError', () => {
  const n = rows.length;
  for (const [out, input] of [
    [{ chunks: new Float32Array(n), offsets: new Float64Array(n) }, rows],
    [{ chunks: new Float64Array(n), offsets: new Array(n).fill(0) }, rows],
    [{ chunks: new BigUint64Array(n), offsets: new BigUint64Array(n) }, rows],
    [{ chunks: new Float64Array(n), offsets: new Float64Array(n) }, rows.map(BigInt)],
    [{ chunks: new BigInt64Array(n), offsets: new BigInt64Array(n) }, BigUint64Array.from(rows, BigInt)],
    [{ offsets: new Float64Array(n) }, rows],
  ]) {
    throwsWith(() => grid.locateMany(input, out), TypeError, /^out\.(chunks|offsets): found .*; expected a (Float64Array|BigUint64Array)/);
  }
  for (const out of [null, 7, 'out', () => {}]) throwsWith(() => grid.locateMany(rows, out), TypeError, /^out: found/);
});

test('locateMany refuses output arrays of the wrong length, or sharing memory, with RangeError', () => {
  const n = rows.length;
  throwsWith(() => grid.locateMany(rows, { chunks: new Float64Array(n - 1), offsets: new Float64Array(n) }), RangeError,
    /out\.chunks: found length 7; expected 8/);
  throwsWith(() => grid.locateMany(rows, { chunks: new Float64Array(n), offsets: new Float64Array(n + 2) }), RangeError,
    /out\.offsets: found length 10/);
  const same = new Float64Array(n);
  throwsWith(() => grid.locateMany(rows, { chunks: same, offsets: same }), RangeError, /share memory/);
  const buffer = new Float64Array(n + 1);
  throwsWith(() => grid.locateMany(rows, { chunks: buffer.subarray(0, n), offsets: buffer.subarray(1) }), RangeError, /share memory/);
  const input = new Float64Array(3 * n);
  input.set(rows);
  throwsWith(() => grid.locateMany(input.subarray(0, n), { chunks: input.subarray(2 * n), offsets: input.subarray(4, 4 + n) }), RangeError,
    /out\.offsets shares memory with the indices/);
});

test('locateAxis writes into the arrays it is given, checked the same way', () => {
  const out = { chunks: new Float64Array(4), offsets: new Float64Array(4) };
  assert.equal(grid.locateAxis(1, [0, 4, 5, 11], out).chunks, out.chunks);
  assert.deepEqual(Array.from(out.chunks), [0, 0, 1, 2]);
  assert.deepEqual(Array.from(out.offsets), [0, 4, 0, 2]);
  throwsWith(() => grid.locateAxis(1, [0, 4], out), RangeError, /out\.chunks: found length 4; expected 2/);
  throwsWith(() => grid.locateAxis(1, [0n, 4n, 5n, 11n], out), TypeError, /expected a BigUint64Array/);
});

// Batches longer than one block (the wrapper works through them in blocks
// of whole rows): every answer, and the first bad row's number, as for a short one.
test('locateMany and locateAxis give the same answers and name the same row across blocks', () => {
  const three = ChunkGrid.fromChunkShapes([37, 12, 1000], [[[1, 3], [5, 2], [2, 4], 7, [3, 3]], [5, 4, 3], 7]);
  // Blocks of 65,535 values hold 21,845 rows of three.
  const n = 50_001;
  const idx = new Float64Array(3 * n);
  for (let i = 0; i < idx.length; i++) idx[i] = (i * 7919) % three.shape[i % 3];
  for (const input of [idx, Array.from(idx), BigUint64Array.from(idx, BigInt)]) {
    const { chunks, offsets } = three.locateMany(input);
    for (const row of [0, 1, 21_844, 21_845, 21_846, 43_689, 43_690, 43_691, n - 1]) {
      const one = three.locate(Array.from(idx.subarray(3 * row, 3 * row + 3)));
      assert.deepEqual(Array.from(chunks.subarray(3 * row, 3 * row + 3), Number), one.chunk, `row ${row}`);
      assert.deepEqual(Array.from(offsets.subarray(3 * row, 3 * row + 3), Number), one.offset, `row ${row}`);
    }
  }
  const column = idx.map((_, i) => (i * 7919) % 1000);
  const axis = three.locateAxis(2, column);
  for (const i of [0, 65_535, 65_536, 65_537, 131_072, column.length - 1]) {
    assert.deepEqual([axis.chunks[i], axis.offsets[i]], [Math.floor(column[i] / 7), column[i] % 7], `element ${i}`);
  }
  const bad = idx.slice();
  bad[3 * 40_000 + 1] = 12;
  throwsWith(() => three.locateMany(bad), RangeError, /^row 40000 \[/);
  column[100_001] = 1000;
  throwsWith(() => three.locateAxis(2, column), RangeError, /^indices\[100001\] = 1000/);
});

// The kernel answers doubles by a chunk table (an axis of at most 2048
// chunks: a bucket per element up to 2^16 elements, else wider buckets),
// by division (a step, or one run), or by a search (larger axes); bigints
// by a search or the table. Every path against the cumulative sums.
test('locateMany answers table, regular and large axes alike, and names the bad row on each', () => {
  const edgeLists = [
    [[7, 3], 1, 1, 1, [40, 2], 2],      // a table of a bucket per element
    [[70000, 3], 1, 1, 1, [40, 2], 2],  // a table of wider buckets, chunk starts crowded in one
    [[6, 500]],                          // one run
    [[3, 1500], [1, 600], [4, 100]],     // 2200 chunks: a search
  ];
  const expand = (items) => items.flatMap((it) => (Array.isArray(it) ? Array(it[1]).fill(it[0]) : [it]));
  const starts = edgeLists.map((items) => expand(items).reduce((s, e) => [...s, s[s.length - 1] + e], [0]));
  const shape = [...starts.map((s) => s[s.length - 1] - 1), 1000];
  const g = ChunkGrid.fromChunkShapes(shape, [...edgeLists, 9]);
  const nd = shape.length;
  const rows = 5001; // odd: the two-at-a-time loops end on one value
  const idx = new Float64Array(nd * rows);
  for (let i = 0; i < idx.length; i++) idx[i] = (i * 7919 + (i >> 2) * 104729) % shape[i % nd];
  const answer = (d, x) => {
    if (d === nd - 1) return [Math.floor(x / 9), x % 9];
    const c = starts[d].findLastIndex((s) => s <= x);
    return [c, x - starts[d][c]];
  };
  const out = { chunks: new Float64Array(idx.length), offsets: new Float64Array(idx.length) };
  for (const input of [idx, BigUint64Array.from(idx, BigInt)]) {
    const { chunks, offsets } = input instanceof BigUint64Array ? g.locateMany(input) : g.locateMany(input, out);
    for (let i = 0; i < idx.length; i++) {
      assert.deepEqual([Number(chunks[i]), Number(offsets[i])], answer(i % nd, idx[i]), `element ${i}`);
    }
  }
  for (let d = 0; d < nd; d++) {
    for (const row of [3000, 3001, rows - 1]) {
      for (const value of [shape[d], -1, 0.5, NaN, Infinity]) {
        const bad = idx.slice();
        bad[nd * row + d] = value;
        throwsWith(() => g.locateMany(bad, out), RangeError, new RegExp(`^row ${row} \\[`));
      }
    }
    // An index of -0 is chunk +0, offset +0, as on every path.
    const zero = idx.slice();
    zero[nd * 2 + d] = -0;
    zero[nd * 3 + d] = -0;
    const { chunks, offsets } = g.locateMany(zero);
    for (const k of [nd * 2 + d, nd * 3 + d]) assert.ok(Object.is(chunks[k], 0) && Object.is(offsets[k], 0), `axis ${d}`);
  }
});

test('locateMany past 2^53: numbers refused at 2^53, bigints exact on every kind of axis', () => {
  const big = 2n ** 60n;
  const g = ChunkGrid.fromChunkShapes([big, big, 10n], [2n ** 40n, [[2n ** 59n, 1], [3, 2], [2n ** 59n, 1]], [[3, 2], 4]]);
  const top = 2n ** 53n - 1n;
  const { chunks, offsets } = g.locateMany([top, 2n ** 59n + 4n, 9n, big - 1n, big - 1n, 0n]);
  assert.deepEqual(Array.from(chunks), [top >> 40n, 2n, 2n, (big - 1n) >> 40n, 3n, 0n]);
  assert.deepEqual(Array.from(offsets), [top & (2n ** 40n - 1n), 1n, 3n, 2n ** 40n - 1n, 2n ** 59n - 7n, 0n]);
  const safe = g.locateMany([Number(top), Number(top), 9, 2 ** 52, 0, 0], {
    chunks: new Float64Array(6), offsets: new Float64Array(6),
  });
  assert.deepEqual(Array.from(safe.chunks), [Number(top >> 40n), 0, 2, 2 ** 12, 0, 0]);
  throwsWith(() => g.locateMany([2 ** 53, 0, 0]), RangeError, /^row 0 \[/);
  throwsWith(() => g.locateMany([0, 0, 0, 0, 2 ** 53, 0]), RangeError, /^row 1 \[/);
});
