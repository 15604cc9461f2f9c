// Arguments are read once and used as read (docs/semantics.md,
// "Arguments"): plain arrays are copied element by element, a hole is
// refused at its index, an object that is not a slice or {blocks} is a
// TypeError, and an output in shared memory is refused.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, GridError, readMetadata, validateMetadata } from 'zarr-rectilinear';
import { concat, overlap, resize, trimmed } from 'zarr-rectilinear/tools';
import { arrayDocument, rectilinear } from './support.mjs';

const grid = () => ChunkGrid.fromChunkShapes([26, 38], [[16, 10], [24, 14]]);

// A plain array (Array.isArray holds for a Proxy of one) that counts the
// reads of each element; the first read gives `first`, any later one `later`.
function counted(values, later = (v) => String(v)) {
  const reads = new Map();
  const proxy = new Proxy(values, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) {
        const n = (reads.get(key) ?? 0) + 1;
        reads.set(key, n);
        return n === 1 ? target[key] : later(target[key]);
      }
      return Reflect.get(target, key, receiver);
    },
  });
  return { proxy, most: () => Math.max(0, ...reads.values()) };
}

test('objects that are not slices are TypeErrors, not whole axes', () => {
  const bad = [new Number(5), { begin: 2, end: 5 }, { start: 2, end: 5 }, new Date(0), new Map(), Object.create({ start: 1 }), { blocks: [0, 1], start: 0 }, { blocks: 1 }, { blocks: [1] }];
  for (const entry of bad) {
    const g = grid();
    assert.throws(() => g.projectAxes([entry]), { name: 'TypeError', message: /^selection\[0\]/ }, String(entry));
    assert.throws(() => [...g.project([0, entry])], { name: 'TypeError', message: /^selection\[1\]/ });
    assert.throws(() => g.selectedChunks([entry]), TypeError);
    assert.throws(() => g.normalizeSlice(1, entry), { name: 'TypeError', message: /axis 1/ });
  }
  // The messages say what was found.
  assert.throws(() => grid().projectAxes([new Date(0)]), /found a Date/);
  assert.throws(() => grid().projectAxes([new Number(5)]), /found a Number object/);
  assert.throws(() => grid().projectAxes([{ start: 2, end: 5 }]), /found the key "end"/);
  assert.throws(() => grid().locate([new Number(5), 0]), { name: 'TypeError', message: /index\[0\]: found a Number object/ });
  assert.throws(() => grid().projectAxes([{ start: new Number(2) }]), { name: 'TypeError', message: /selection\[0\]\.start: found a Number object/ });
  // Slices as zarrita's slice() makes them, partial ones, {} and {blocks} still work.
  const g = grid();
  assert.deepEqual(g.normalizeSlice(0, { start: 2, stop: 20, step: null }), { start: 2, stop: 20, step: 1 });
  assert.deepEqual(g.normalizeSlice(0, { stop: 5 }), { start: 0, stop: 5, step: 1 });
  assert.deepEqual(g.normalizeSlice(0, {}), { start: 0, stop: 26, step: 1 });
  assert.deepEqual(g.normalizeSlice(0, Object.assign(Object.create(null), { start: 1 })), { start: 1, stop: 26, step: 1 });
  assert.deepEqual(g.normalizeSlice(0, { blocks: [1, null] }), { start: 16, stop: 26, step: 1 });
});

test('plain arrays are read once: a getter or a Proxy cannot change a checked value', () => {
  const g = grid();
  const calls = [
    (a) => g.locateMany(a),
    (a) => g.locateAxis(0, a),
    (a) => g.locate(a),
    (a) => g.chunkOrigin(a),
    (a) => g.chunkShape(a),
    (a) => g.chunkDataShape(a),
    (a) => g.projectAxes([a]),
    (a) => g.projectAxes(a),
    (a) => g.selectedChunks(a),
    (a) => resize(g, a),
    (a) => overlap(g, grid()).sourcesOf(a),
    (a) => trimmed(a, [4, 4]),
    (a) => ChunkGrid.fromEdges([a]),
  ];
  for (const [i, call] of calls.entries()) {
    const { proxy, most } = counted([1, 1]);
    call(proxy);
    assert.equal(most(), 1, `call ${i} read an element twice`);
  }
  // Later reads that would give strings (or another index) are never seen.
  const { proxy } = counted([20, 15], () => '3');
  assert.deepEqual(Array.from(g.locateMany(proxy).chunks), [1, 0]);
  const { proxy: coords } = counted([1, 1], () => 0);
  assert.deepEqual(g.chunkOrigin(coords), [16, 24]);
  // The selection array itself, and a slice's members, are read once too.
  const { proxy: selection, most } = counted([{ start: 1, stop: 3 }, 2]);
  g.projectAxes(selection);
  assert.equal(most(), 1);
  let reads = 0;
  const slice = { get start() { reads++; return reads === 1 ? 2 : 'x'; }, stop: 5 };
  const [axis] = g.projectAxes([slice]);
  assert.equal(reads, 1);
  assert.deepEqual(Array.from(axis.outStops), [3]);
});

test('holes are refused at their index, never read as undefined or as text', () => {
  const hole = (n, at) => { const a = new Array(n).fill(1); delete a[at]; return a; };
  const g = grid();
  assert.throws(() => ChunkGrid.fromEdges([new Array(1)]), (e) => e instanceof GridError && e.path === '/chunk_shapes/0/0' && e.code === 'WRONG_TYPE' && /hole/.test(e.message));
  assert.throws(() => ChunkGrid.fromEdges([[5, , 5]]), (e) => e instanceof GridError && e.path === '/chunk_shapes/0/1' && e.code !== 'SYNTAX');
  assert.throws(() => ChunkGrid.fromEdges([[5], , [5]]), (e) => e instanceof GridError && e.path === '/chunk_shapes/1');
  assert.throws(() => ChunkGrid.fromChunkShapes([10, 10], [[5, , 5], 5]), (e) => e instanceof GridError && e.path === '/chunk_shapes/0/1' && e.code !== 'SYNTAX');
  assert.throws(() => ChunkGrid.fromChunkShapes([10, , 10], [5, 5]), (e) => e instanceof GridError && e.path === '/shape/1');
  const doc = arrayDocument([10], rectilinear([[5, , 5]]));
  assert.throws(() => ChunkGrid.fromMetadata(doc), (e) => e instanceof GridError && e.path === '/chunk_grid/configuration/chunk_shapes/0/1');
  assert.ok(validateMetadata(doc).errors.some((p) => p.path === '/chunk_grid/configuration/chunk_shapes/0/1' && p.code !== 'SYNTAX'));
  const at = (i, name = 'indices') => ({ name: 'TypeError', message: new RegExp(`${name.replace(/[[\]]/g, '\\$&')}\\[${i}\\].*hole`) });
  assert.throws(() => g.locateMany(hole(4, 2)), at(2));
  assert.throws(() => g.locateAxis(0, hole(3, 1)), at(1));
  assert.throws(() => g.locate(hole(2, 1)), at(1, 'index'));
  assert.throws(() => g.chunkOrigin(hole(2, 0)), at(0, 'coords'));
  assert.throws(() => g.projectAxes([hole(3, 2)]), at(2, 'selection[0]'));
  assert.throws(() => g.projectAxes(hole(2, 0)), at(0, 'selection'));
  assert.throws(() => g.projectAxes([{ blocks: hole(2, 1) }]), at(1, 'selection[0].blocks'));
  assert.throws(() => resize(g, hole(2, 1)), at(1, 'newShape'));
  assert.throws(() => resize(g, [26, 50], { edges: [undefined, hole(2, 0)] }), at(0, 'edges[1]'));
  assert.throws(() => trimmed(hole(2, 0), [4, 4]), at(0, 'shape'));
  assert.throws(() => overlap(g, grid()).sourcesOf(hole(2, 1)), at(1, 'targetCoords'));
});

test('an output in a SharedArrayBuffer is refused: its overlap with the input cannot be checked', () => {
  const g = grid();
  const memory = new SharedArrayBuffer(64);
  const indices = new Float64Array(memory, 0, 4);
  indices.set([20, 15, 0, 0]);
  // The same memory through a second SharedArrayBuffer object (what a
  // round trip through a worker gives): comparing buffer objects cannot see it.
  const alias = structuredClone(memory);
  assert.notEqual(alias, memory);
  const shared = (offset) => new Float64Array(alias, offset, 4);
  assert.throws(() => g.locateMany(indices, { chunks: shared(0), offsets: new Float64Array(4) }), { name: 'TypeError', message: /out\.chunks.*SharedArrayBuffer/ });
  assert.throws(() => g.locateMany(indices, { chunks: new Float64Array(4), offsets: shared(0) }), { name: 'TypeError', message: /out\.offsets.*SharedArrayBuffer/ });
  assert.throws(() => g.locateAxis(0, [1, 2, 3, 4], { chunks: shared(0), offsets: shared(32) }), TypeError);
  // Input in shared memory, outputs in ordinary ones: right.
  const out = { chunks: new Float64Array(4), offsets: new Float64Array(4) };
  assert.deepEqual(Array.from(g.locateMany(indices, out).chunks), [1, 0, 0, 0]);
});

test('edges() reads opts.bigint once: a getter cannot get doubles written and read as uint64', () => {
  const g = ChunkGrid.fromEdges([[3, 4, 5], [10, 10]]);
  let reads = 0;
  const opts = { get bigint() { return reads++ > 0; } };
  const edges = g.edges(0, opts);
  assert.equal(reads, 1);
  assert.deepEqual(Array.from(edges, Number), [3, 4, 5]);
});

test('edges() refuses an opts.bigint that is not a boolean, rather than reading "false" as true', () => {
  const g = ChunkGrid.fromEdges([[3, 4, 5], [10, 10]]);
  for (const bad of ['false', 'no', 1, 0, null]) {
    assert.throws(() => g.edges(0, { bigint: bad }), TypeError, String(bad));
  }
  assert.deepEqual(g.edges(0, { bigint: false }), new Float64Array([3, 4, 5]));
  assert.deepEqual(g.edges(0, { bigint: true }), new BigUint64Array([3n, 4n, 5n]));
  assert.deepEqual(g.edges(0, {}), new Float64Array([3, 4, 5]));
});

test('an axis that is not a number is a TypeError that names what was found', () => {
  const g = ChunkGrid.fromEdges([[3, 4, 5], [10, 10]]);
  assert.throws(() => g.runs('0'), { name: 'TypeError', message: /axis: found "0"/ });
  assert.throws(() => g.edges(1n), { name: 'TypeError', message: /axis: found 1n/ });
  assert.throws(() => g.axisChunk(null, 0), { name: 'TypeError', message: /axis: found null/ });
  assert.throws(() => g.runs(2), { name: 'RangeError', message: /axis: found 2; expected an integer in \[0, 2\)/ });
  assert.throws(() => g.runs(0.5), RangeError);
});

test('options are an object or absent, and their flags booleans: no truthiness, in every call that takes them', () => {
  const g = ChunkGrid.fromEdges([[3, 4, 5], [10, 10]]);
  const doc = arrayDocument([10], rectilinear([[5, 5]]));
  const calls = {
    fromMetadata: (opts) => ChunkGrid.fromMetadata(doc, opts),
    validateMetadata: (opts) => validateMetadata(doc, opts),
    readMetadata: (opts) => readMetadata(doc, opts),
  };
  for (const [name, call] of Object.entries(calls)) {
    for (const strict of ['false', 'true', 0, 1, null]) {
      assert.throws(() => call({ strict }), { name: 'TypeError', message: /^opts\.strict: found .*; expected true, false or absent$/ }, `${name} strict ${strict}`);
    }
    assert.throws(() => call({ lenient: 'yes' }), { name: 'TypeError', message: /^opts\.lenient: found "yes"/ }, name);
    for (const opts of ['strict', 5, true, [true]]) {
      assert.throws(() => call(opts), { name: 'TypeError', message: /^opts: found .*; expected an options object or nothing$/ }, `${name} ${opts}`);
    }
    for (const opts of [undefined, null, {}, { strict: false }, { strict: true }, { lenient: true }]) call(opts);
  }
  assert.throws(() => g.edges(0, 'bigint'), { name: 'TypeError', message: /^opts: found "bigint"/ });
  assert.deepEqual(g.edges(0, null), new Float64Array([3, 4, 5]));
  assert.deepEqual(g.chunkGroups(0, 0, 12, null), g.chunkGroups(0, 0, 12));
  assert.throws(() => g.chunkGroups(0, 0, 12, 5), { name: 'TypeError', message: /^opts: found 5/ });
  assert.deepEqual(resize(g, [12, 20], null).shape, [12, 20]);
});

test('metadata bytes are UTF-8 in a Uint8Array: another view is refused as what it is', () => {
  const bytes = new TextEncoder().encode(JSON.stringify(arrayDocument([10], rectilinear([[5, 5]]))));
  for (const view of [new Uint16Array(bytes.buffer.slice(0, 8)), new DataView(bytes.buffer), new Uint8ClampedArray(bytes)]) {
    const kind = view.constructor.name;
    assert.throws(() => ChunkGrid.fromMetadata(view), (e) => e instanceof GridError && e.code === 'WRONG_TYPE' && e.message === `found a ${kind}; expected a zarr.json object, JSON text or UTF-8 bytes`, kind);
    assert.equal(validateMetadata(view).errors[0].message, `found a ${kind}; expected a zarr.json object, JSON text or UTF-8 bytes`);
  }
  assert.equal(ChunkGrid.fromMetadata(bytes).shape[0], 10);
});

test('a disposed grid is named as the argument it is, not as the grid called', () => {
  const a = ChunkGrid.fromEdges([[1, 2]]);
  const b = ChunkGrid.fromEdges([[1, 2]]);
  b.dispose();
  assert.throws(() => a.equals(b), { message: 'the other ChunkGrid has been disposed' });
  assert.throws(() => concat([a, b], 0), { message: 'concat: grids[1] has been disposed' });
  assert.throws(() => overlap(a, b), { message: 'overlap: the target ChunkGrid has been disposed' });
  assert.throws(() => overlap(b, a), { message: 'overlap: the source ChunkGrid has been disposed' });
});
