// Selections: grid.project (zarrita-shaped projections, one per chunk that
// holds a selected element) and grid.projectAxes (per-axis batch form).
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid } from 'zarr-rectilinear';
import { collect, mappingPairs, throwsWith } from './support.mjs';

// Shape [10, 12]: axis 0 is the integer step 3 (chunks start 0, 3, 6, 9),
// axis 1 the list [5, 4, 4] (chunks start 0, 5, 9).
const grid = ChunkGrid.fromChunkShapes([10, 12], [3, [5, 4, 4]]);
// Shape [100] in ten chunks of 10, for strided slices.
const tens = ChunkGrid.fromChunkShapes([100], [[[10, 10]]]);

const coordsOf = (projections) => projections.map((p) => p.chunkCoords);
const axisPairs = (projections, axis) => projections.map((p) => mappingPairs(p.mapping[axis]));

test('an integer axis maps as {from: n, to: null}, in chunk-local coordinates', () => {
  const ps = collect(grid.project([4, 7]));
  assert.deepEqual(ps, [{ chunkCoords: [1, 1], mapping: [{ from: 1, to: null }, { from: 2, to: null }] }]);
});

test('a negative integer counts from the end, as in Python and zarrita', () => {
  assert.deepEqual(collect(grid.project([-1, -12])), [
    { chunkCoords: [3, 0], mapping: [{ from: 0, to: null }, { from: 0, to: null }] },
  ]);
});

test('an integer outside [-length, length) throws RangeError', () => {
  assert.throws(() => collect(grid.project([10])), RangeError);
  assert.throws(() => collect(grid.project([-11])), RangeError);
});

test('a slice axis maps as {from: [start, stop, step], to: [start, stop, 1]}', () => {
  const ps = collect(grid.project([2, { start: 3, stop: 11 }]));
  assert.deepEqual(coordsOf(ps), [[0, 0], [0, 1], [0, 2]]);
  for (const p of ps) {
    assert.equal(p.mapping[1].from.length, 3);
    assert.equal(p.mapping[1].to.length, 3);
    assert.equal(p.mapping[1].from[2], 1);
    assert.equal(p.mapping[1].to[2], 1);
  }
  assert.deepEqual(ps[0].mapping[1], { from: [3, 5, 1], to: [0, 2, 1] });
  assert.deepEqual(ps[1].mapping[1], { from: [0, 4, 1], to: [2, 6, 1] });
  assert.deepEqual(ps[2].mapping[1], { from: [0, 2, 1], to: [6, 8, 1] });
});

test('a slice uses Python semantics: negative bounds count from the end, out-of-range bounds clamp', () => {
  const ps = collect(grid.project([{ start: -4, stop: 100 }, { start: -100, stop: -10 }]));
  // Axis 0 selects 6..9, axis 1 selects 0..1.
  assert.deepEqual(coordsOf(ps), [[2, 0], [3, 0]]);
  assert.deepEqual(axisPairs(ps, 0), [[[0, 0], [1, 1], [2, 2]], [[0, 3]]]);
  assert.deepEqual(axisPairs(ps, 1), [[[0, 0], [1, 1]], [[0, 0], [1, 1]]]);
});

test('an empty slice (start >= stop) gives no projections', () => {
  assert.deepEqual(collect(grid.project([{ start: 5, stop: 2 }])), []);
});

test('missing or null slice fields take their defaults (zarrita\'s zarr.slice objects)', () => {
  const whole = collect(grid.project([null, null]));
  assert.deepEqual(collect(grid.project([{ start: null, stop: null, step: null }, {}])), whole);
  assert.deepEqual(collect(grid.project([{ start: null, stop: 4, step: null }])), collect(grid.project([{ start: 0, stop: 4, step: 1 }])));
});

test('a slice step below 1 throws RangeError', () => {
  assert.throws(() => collect(grid.project([{ step: 0 }])), RangeError);
  assert.throws(() => collect(grid.project([{ step: -1 }])), RangeError);
});

test('a strided slice skips chunks that hold no selected element', () => {
  // 3, 28, 53, 78: chunks 0, 2, 5 and 7 only.
  const ps = collect(tens.project([{ start: 3, stop: 95, step: 25 }]));
  assert.deepEqual(coordsOf(ps), [[0], [2], [5], [7]]);
  assert.deepEqual(axisPairs(ps, 0), [[[3, 0]], [[8, 1]], [[3, 2]], [[8, 3]]]);
});

test('a strided slice: a later chunk starts at (step - (offset - start) % step) % step, output at ceil((offset - start) / step)', () => {
  // start 1, step 4 on chunks of 10: 1, 5, 9 | 13, 17 | 21, 25, 29 | ...
  const ps = collect(tens.project([{ start: 1, stop: 40, step: 4 }]));
  assert.deepEqual(coordsOf(ps), [[0], [1], [2], [3]]);
  const first = ps.map((p) => mappingPairs(p.mapping[0])[0]);
  assert.deepEqual(first, [[1, 0], [3, 3], [1, 5], [3, 8]]);
  for (const p of ps) assert.equal(p.mapping[0].from[2], 4);
});

test('a strided slice across uneven chunks', () => {
  // Axis 0: 1, 5, 9 with step 4. Chunk 2 (6..8) holds none of them.
  const ps = collect(grid.project([{ start: 1, stop: 10, step: 4 }, 0]));
  assert.deepEqual(coordsOf(ps), [[0, 0], [1, 0], [3, 0]]);
  assert.deepEqual(axisPairs(ps, 0), [[[1, 0]], [[2, 1]], [[0, 2]]]);
});

test('null selects the whole axis', () => {
  const ps = collect(grid.project([0, null]));
  assert.deepEqual(coordsOf(ps), [[0, 0], [0, 1], [0, 2]]);
  assert.deepEqual(ps.map((p) => p.mapping[1].to), [[0, 5, 1], [5, 9, 1], [9, 12, 1]]);
  // The last chunk is clipped to the array: 3 of its 4 elements.
  assert.equal(mappingPairs(ps[2].mapping[1]).length, 3);
});

test('a selection shorter than ndim takes the remaining axes whole', () => {
  assert.deepEqual(collect(grid.project([1])), collect(grid.project([1, null])));
  assert.deepEqual(collect(grid.project([])), collect(grid.project([null, null])));
});

test('a selection longer than ndim is a TypeError', () => {
  assert.throws(() => collect(grid.project([0, 0, 0])), TypeError);
  assert.throws(() => grid.projectAxes([0, 0, 0]), TypeError);
});

test('an integer array maps as {from: indices, to: positions}, typed arrays of equal length', () => {
  const ps = collect(grid.project([[9, 0, -1, 3, 3], 0]));
  assert.deepEqual(coordsOf(ps), [[0, 0], [1, 0], [3, 0]]);
  for (const p of ps) {
    assert.ok(p.mapping[0].from instanceof Float64Array);
    assert.ok(p.mapping[0].to instanceof Float64Array);
    assert.equal(p.mapping[0].from.length, p.mapping[0].to.length);
  }
  const byChunk = axisPairs(ps, 0).map((pairs) => pairs.sort((a, b) => a[1] - b[1]));
  assert.deepEqual(byChunk, [[[0, 1]], [[0, 3], [0, 4]], [[0, 0], [0, 2]]]);
});

test('an integer array may be any typed array, in any order, with repeats and negatives', () => {
  const expected = collect(grid.project([[8, -1, 2, 2]]));
  for (const typed of [new Int32Array([8, -1, 2, 2]), new Float64Array([8, -1, 2, 2]), new Int16Array([8, -1, 2, 2])]) {
    assert.deepEqual(collect(grid.project([typed])).map((p) => p.mapping.map(mappingPairs)), expected.map((p) => p.mapping.map(mappingPairs)), typed.constructor.name);
  }
});

test('an integer array element outside [-length, length) throws RangeError', () => {
  assert.throws(() => collect(grid.project([[0, 10]])), RangeError);
  assert.throws(() => collect(grid.project([[-11]])), RangeError);
  assert.throws(() => collect(grid.project([new Float64Array([1.5])])), RangeError);
});

test('a boolean mask (boolean[]) selects the true positions', () => {
  const mask = [true, false, false, true, false, false, false, false, false, true];
  const ps = collect(grid.project([mask, 0]));
  assert.deepEqual(coordsOf(ps), [[0, 0], [1, 0], [3, 0]]);
  assert.deepEqual(axisPairs(ps, 0), [[[0, 0]], [[0, 1]], [[0, 2]]]);
});

test('a Uint8Array mask is the same as the boolean[] mask', () => {
  const bits = [0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 1, 1];
  const fromBytes = collect(grid.project([0, Uint8Array.from(bits)]));
  const fromBools = collect(grid.project([0, bits.map(Boolean)]));
  assert.deepEqual(fromBytes.map((p) => p.mapping.map(mappingPairs)), fromBools.map((p) => p.mapping.map(mappingPairs)));
  assert.deepEqual(coordsOf(fromBytes), [[0, 0], [0, 1], [0, 2]]);
});

test('a mask whose length is not the axis length throws RangeError', () => {
  assert.throws(() => collect(grid.project([new Uint8Array(9)])), RangeError);
  assert.throws(() => collect(grid.project([Array(11).fill(true)])), RangeError);
});

test('{blocks: [start, stop]} selects chunks start to stop - 1 as whole chunks', () => {
  const ps = collect(grid.project([{ blocks: [1, 3] }, { blocks: [1, 2] }]));
  assert.deepEqual(coordsOf(ps), [[1, 1], [2, 1]]);
  assert.deepEqual(ps.map((p) => p.mapping[0].to), [[0, 3, 1], [3, 6, 1]]);
  assert.deepEqual(axisPairs(ps, 1)[0].length, 4);
});

test('{blocks} is clipped to the array: overflow chunks and data past the end are left out', () => {
  const ps = collect(ChunkGrid.fromChunkShapes([6], [[4, 4, 4]]).project([{ blocks: [0, 3] }]));
  assert.deepEqual(coordsOf(ps), [[0], [1]]);
  assert.deepEqual(axisPairs(ps, 0)[1], [[0, 4], [1, 5]]);
});

test('a zero-length axis selects nothing', () => {
  assert.deepEqual(collect(ChunkGrid.fromEdges([[], [2]]).project([null, null])), []);
});

test('an unknown selection entry is a TypeError', () => {
  assert.throws(() => grid.projectAxes(['a']), TypeError);
  assert.throws(() => grid.projectAxes(5), TypeError);
});

test('project returns an iterable (a fresh one per call)', () => {
  const it = grid.project([0, 0]);
  assert.equal(typeof it[Symbol.iterator], 'function');
  assert.equal(collect(it).length, 1);
});

test('projectAxes: a slice axis gives {kind: "slice", step, chunks, starts, stops, outStarts, outStops}', () => {
  const [axis] = grid.projectAxes([{ start: 1, stop: 10, step: 4 }]);
  assert.equal(axis.kind, 'slice');
  assert.equal(axis.step, 4);
  assert.deepEqual(Array.from(axis.chunks), [0, 1, 3]);
  assert.deepEqual(Array.from(axis.starts), [1, 2, 0]);
  assert.deepEqual(Array.from(axis.outStarts), [0, 1, 2]);
  assert.deepEqual(Array.from(axis.outStops), [1, 2, 3]);
  for (const k of ['chunks', 'starts', 'stops', 'outStarts', 'outStops']) {
    assert.ok(axis[k] instanceof Float64Array, k);
    assert.equal(axis[k].length, 3, k);
  }
});

test('projectAxes: an integer axis gives {kind: "integer", chunk, index}', () => {
  assert.deepEqual(grid.projectAxes([0, 7])[1], { kind: 'integer', chunk: 1, index: 2 });
  assert.deepEqual(grid.projectAxes([-1])[0], { kind: 'integer', chunk: 3, index: 0 });
});

test('projectAxes: an integer-array axis gives {kind: "points", chunks, offsets, starts, stops, positions}', () => {
  const [axis] = grid.projectAxes([[9, 0, -1, 3, 4]]);
  assert.equal(axis.kind, 'points');
  assert.deepEqual(Array.from(axis.chunks), [0, 1, 3]);
  // For chunk chunks[i]: offsets[starts[i]:stops[i]] at positions[starts[i]:stops[i]].
  const perChunk = Array.from(axis.chunks, (_, i) => {
    const pairs = [];
    for (let k = axis.starts[i]; k < axis.stops[i]; k++) pairs.push([axis.offsets[k], axis.positions[k]]);
    return pairs.sort((a, b) => a[1] - b[1]);
  });
  assert.deepEqual(perChunk, [[[0, 1]], [[0, 3], [1, 4]], [[0, 0], [0, 2]]]);
  assert.equal(axis.offsets.length, 5);
  assert.equal(axis.positions.length, 5);
});

test('projectAxes: a mask axis also gives kind "points"', () => {
  const [axis] = grid.projectAxes([[false, false, false, false, true, false, false, false, false, true]]);
  assert.equal(axis.kind, 'points');
  assert.deepEqual(Array.from(axis.chunks), [1, 3]);
  assert.deepEqual(Array.from(axis.offsets), [1, 0]);
  assert.deepEqual(Array.from(axis.positions), [0, 1]);
});

test('projectAxes: {blocks} gives kind "slice" with step 1', () => {
  const [axis] = grid.projectAxes([{ blocks: [2, 4] }]);
  assert.equal(axis.kind, 'slice');
  assert.equal(axis.step, 1);
  assert.deepEqual(Array.from(axis.chunks), [2, 3]);
  assert.deepEqual(Array.from(axis.outStops), [3, 4]);
});

// Small results leave WebAssembly memory in one copy, their columns views
// into it; large ones are written in pieces of 16,384 entries, one array per
// column. Either way each column holds exactly its own entries, also where
// the core reserved room for more.
test('projectAxes columns are right, small or large, where fewer chunks are selected than reserved', () => {
  // Unit edges with a step of 2 skip every other chunk: each period of
  // [1, 1, 1, 1, 1, 1, 10] elements 0..15 selects chunks 0, 2, 4 and 6.
  for (const periods of [1, 2000, 10_000]) {
    const edges = Array.from({ length: periods }, () => [1, 1, 1, 1, 1, 1, 10]).flat();
    const g = ChunkGrid.fromEdges([edges]);
    for (const big of [false, true]) {
      const step = big ? 2n : 2;
      const [axis] = g.projectAxes([{ step }]);
      const want = (k, values) => Array.from({ length: 4 * periods }, (_, i) => values[i % 4] + Math.floor(i / 4) * k);
      const expect = {
        chunks: want(7, [0, 2, 4, 6]), starts: want(0, [0, 0, 0, 0]), stops: want(0, [1, 1, 1, 10]),
        outStarts: want(8, [0, 1, 2, 3]), outStops: want(8, [1, 2, 3, 8]),
      };
      for (const [k, values] of Object.entries(expect)) {
        assert.equal(axis[k].length, 4 * periods, `${k}, ${periods} periods`);
        assert.deepEqual(Array.from(axis[k], Number), values, `${k}, ${periods} periods, bigint ${big}`);
        assert.ok(axis[k] instanceof (big ? BigUint64Array : Float64Array));
      }
    }
  }
});

test('projectAxes stays O(sum over axes): one entry per axis, no product', () => {
  const big = ChunkGrid.fromChunkShapes([1e6, 1e6], [1, 1]);
  const axes = big.projectAxes([{ stop: 1000 }, { stop: 1000 }]);
  assert.equal(axes.length, 2);
  assert.equal(axes[0].chunks.length, 1000);
  assert.equal(axes[1].chunks.length, 1000);
});

test('bigint selections give bigint mappings; numbers stay numbers', () => {
  const ps = collect(grid.project([{ start: 1n, stop: 10, step: 4 }, 7]));
  assert.deepEqual(ps[0].chunkCoords, [0n, 1n]);
  assert.deepEqual(ps[0].mapping, [{ from: [1n, 3n, 4n], to: [0n, 1n, 1n] }, { from: 2n, to: null }]);
  const points = collect(grid.project([new BigInt64Array([-1n]), 0]));
  assert.ok(points[0].mapping[0].from instanceof BigUint64Array);
  assert.deepEqual(Array.from(points[0].mapping[0].from), [0n]);
  const plain = collect(grid.project([1, 7]));
  assert.equal(typeof plain[0].chunkCoords[0], 'number');
});

test('project throws a RangeError for a slice whose values exceed 2^53 - 1 without bigints', () => {
  const huge = ChunkGrid.fromChunkShapes([9007199254740993n], [[9007199254740992n, 1]]);
  throwsWith(() => huge.projectAxes([null]), RangeError, /bigint/);
  const [axis] = huge.projectAxes([{ start: 0n }]);
  assert.deepEqual(Array.from(axis.outStops), [9007199254740992n, 9007199254740993n]);
});

test('a selection too large for WebAssembly memory is a RangeError, and the module keeps working', () => {
  // 10^12 chunks selected: 40 TB of projection. Its size must not wrap in
  // the 32-bit allocator (a wrapped size would trap on out-of-bounds writes).
  const trillion = ChunkGrid.fromChunkShapes([1e12], [[[1, 1e12]]]);
  throwsWith(() => trillion.projectAxes([null]), RangeError, /4 GiB/);
  throwsWith(() => [...trillion.project([{ start: 0, stop: 2e8 }])], RangeError, /4 GiB/);
  assert.deepEqual(trillion.projectAxes([{ start: 5, stop: 7 }])[0].chunks, new Float64Array([5, 6]));
  assert.deepEqual(trillion.locate([999999999999]), { chunk: [999999999999], offset: [0] });
});

test('an integer-array selection too large for WebAssembly memory is a RangeError before any work', () => {
  const wide = ChunkGrid.fromChunkShapes([1e12], [[[1000, 1e9]]]);
  // 30 million indices: the core's working set would pass 3 GiB.
  const indices = new Float64Array(30_000_000);
  throwsWith(() => wide.projectAxes([indices]), RangeError, /4 GiB/);
  assert.deepEqual(Array.from(wide.projectAxes([[5, 2500]])[0].chunks), [0, 2]);
});
