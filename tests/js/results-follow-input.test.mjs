// Results follow the input (docs/semantics.md, "Numbers at the JS
// boundary"): numbers in, numbers out where the value fits; a bigint in,
// bigints out. js/index.d.ts declares the same overloads, and
// tests/types/viewer compiles a viewer on them with no casts.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid } from 'zarr-rectilinear';
import { overlap } from 'zarr-rectilinear/tools';

const grid = () => ChunkGrid.fromChunkShapes([26, 38], [[16, 10], [24, 14]]);
const kinds = (value) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? 'bigint' : typeof v === 'number' ? 'number' : v));
const all = (value, type) => !kinds(value).includes(type === 'number' ? '"bigint"' : '"number"');

test('chunkOrigin, chunkShape and chunkDataShape: number coordinates give numbers, bigint ones bigints', () => {
  const g = grid();
  for (const method of ['chunkOrigin', 'chunkShape', 'chunkDataShape']) {
    const numbers = g[method]([1, 1]);
    assert.ok(numbers.every((v) => typeof v === 'number'), method);
    const bigints = g[method]([1n, 1n]);
    assert.ok(bigints.every((v) => typeof v === 'bigint'), method);
    assert.deepEqual(bigints.map(Number), numbers);
    assert.ok(g[method]([1, 1n]).every((v) => typeof v === 'bigint'), `${method}, mixed`);
  }
  assert.deepEqual(g.chunkOrigin([1, 1]), [16, 24]);
  assert.deepEqual(g.chunkDataShape([1n, 1n]), [10n, 14n]);
  // Past 2^53 - 1 a number cannot hold the answer: RangeError, never a rounded value.
  const huge = ChunkGrid.fromChunkShapes([2n ** 60n], [[[2n ** 40n, 2n ** 20n]]]);
  assert.throws(() => huge.chunkOrigin([2 ** 19]), { name: 'RangeError', message: /2\^53 - 1.*bigint/ });
  assert.deepEqual(huge.chunkOrigin([2n ** 19n]), [2n ** 59n]);
});

test('the other calls that return integers follow the input too', () => {
  const g = grid();
  const plan = overlap(g, ChunkGrid.fromChunkShapes([26, 38], [13, 19]));
  const cases = [
    [(v) => g.locate([v(20), v(15)])],
    [(v) => g.axisChunk(0, v(1))],
    [(v) => g.chunkAt(1, v(30))],
    [(v) => g.chunkRange(0, v(3), v(20))],
    [(v) => g.normalizeSlice(0, { start: v(2), stop: v(-2), step: v(3) })],
    [(v) => g.normalizeSlice(0, { blocks: [v(1), null] })],
    [(v) => plan.sourcesOf([v(1), v(1)])],
  ];
  cases.push([(v) => [...g.project([{ start: v(2), stop: v(20), step: v(3) }, v(5)])].map((p) => [p.chunkCoords, p.mapping.map((m) => m.from)])]);
  cases.push([(v) => g.projectAxes([[v(3), v(1)], { start: v(1) }]).map((a) => [a.step, ...Object.values(a).filter((c) => ArrayBuffer.isView(c)).map((c) => c instanceof Float64Array ? 0 : 0n)])]);
  for (const [call] of cases) {
    assert.ok(all(call(Number), 'number'), `${call} with numbers: ${kinds(call(Number))}`);
    assert.ok(all(call(BigInt), 'bigint'), `${call} with bigints: ${kinds(call(BigInt))}`);
  }
});

test('selectionShape gives the shape get returns, from the core', () => {
  const g = grid();
  assert.deepEqual(g.selectionShape(), [26, 38]);
  assert.deepEqual(g.selectionShape(null), [26, 38]);
  assert.deepEqual(g.selectionShape([{ start: 2, stop: 20, step: 3 }]), [6, 38]);
  assert.deepEqual(g.selectionShape([5, { start: -10 }]), [10]);
  assert.deepEqual(g.selectionShape([5, 7]), []);
  assert.deepEqual(g.selectionShape([[3, 1, 3, -1], { blocks: [1, null] }]), [4, 14]);
  const mask = new Uint8Array(26);
  mask.set([1, 1, 0, 1]);
  assert.deepEqual(g.selectionShape([mask, { stop: 0 }]), [3, 0]);
  assert.deepEqual(g.selectionShape([{ start: 20, stop: 10 }, { step: 100 }]), [0, 1]);
  assert.deepEqual(g.selectionShape([{ start: 2n }]), [24n, 38n]);
  // The same as projecting the selection and counting its output.
  for (const selection of [[{ start: 1, stop: 25, step: 4 }, [0, 37, 5]], [null, { blocks: [-1, null] }], [3]]) {
    const out = g.projectAxes(selection).filter((a) => a.kind !== 'integer').map((a) =>
      (a.kind === 'slice' ? (a.outStops.length ? a.outStops[a.outStops.length - 1] : 0) : a.positions.length));
    assert.deepEqual(g.selectionShape(selection), out);
  }
  // Checked as project checks it.
  assert.throws(() => g.selectionShape([26]), { name: 'RangeError', message: /selection\[0\]/ });
  assert.throws(() => g.selectionShape([null, [38]]), { name: 'RangeError', message: /selection\[1\]\[0\]/ });
  assert.throws(() => g.selectionShape([{ step: 0 }]), { name: 'RangeError', message: /selection\[0\]\.step/ });
  assert.throws(() => g.selectionShape([{ start: 0, end: 3 }]), TypeError);
  // Past 2^53 - 1: bigints, or a RangeError for a selection of numbers.
  const huge = ChunkGrid.fromChunkShapes([2n ** 60n], [[[2n ** 40n, 2n ** 20n]]]);
  assert.deepEqual(huge.selectionShape([{ step: 2n }]), [2n ** 59n]);
  assert.throws(() => huge.selectionShape(), { name: 'RangeError', message: /2\^53 - 1/ });
  assert.deepEqual(huge.selectionShape([{ step: 2 ** 10 }]), [2 ** 50]);
});

test('normalizeSlice names the axis in its errors and refuses negative steps', () => {
  const g = grid();
  assert.throws(() => g.normalizeSlice(1, { step: -50 }), { name: 'RangeError', message: /axis 1.*step: found -50.*at least 1.*negative step/ });
  assert.throws(() => g.normalizeSlice(0, { start: 1.5 }), { name: 'TypeError', message: /axis 0/ });
  assert.throws(() => g.normalizeSlice(1, 'all'), { name: 'TypeError', message: /axis 1/ });
});

test('selectedChunks: a bigint anywhere in the selection makes every listed axis a BigUint64Array', () => {
  const g = ChunkGrid.fromEdges([[3, 4, 5], [10, 10]]);
  // The bigint is in a slice (answered as a range) or in an integer (listed):
  // the listed axis [1, 15] must not change type with where the bigint is.
  for (const selection of [[{ step: 2n }, [1, 15]], [5n, [1, 15]], [{ step: 2 }, [1n, 15]]]) {
    const { axes } = g.selectedChunks(selection);
    assert.ok(axes[1].chunks instanceof BigUint64Array, JSON.stringify(selection, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)));
  }
  assert.ok(g.selectedChunks([{ step: 2 }, [1, 15]]).axes[1].chunks instanceof Float64Array);
});
