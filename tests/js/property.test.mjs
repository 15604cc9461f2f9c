// Property tests on random grids (seeded, so a failure reproduces): the batch
// lookups agree with per-row locate and with a plain reference model
// (expanded edges + linear scan), and project covers each selected element
// exactly once, at its correct output position.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid } from 'zarr-rectilinear';
import { ReferenceGrid, checkCoverage, mulberry32, randInt, randomEntry, randomGrid } from './support.mjs';

const CASES = 150;

function* cases(seed, maxDims, maxLength) {
  const rand = mulberry32(seed);
  for (let i = 0; i < CASES; i++) {
    const { shape, chunkShapes } = randomGrid(rand, maxDims, maxLength);
    const grid = ChunkGrid.fromChunkShapes(shape, chunkShapes);
    const model = new ReferenceGrid(shape, chunkShapes);
    yield { rand, grid, model, chunkShapes, label: `case ${i}: shape ${JSON.stringify(shape)} chunk_shapes ${JSON.stringify(chunkShapes)}` };
    grid.dispose();
  }
}

test('gridShape, declaredGridShape and edges agree with the reference model', () => {
  for (const { grid, model, label } of cases(1, 3, 40)) {
    assert.deepEqual(grid.gridShape, model.gridShape, label);
    assert.deepEqual(grid.declaredGridShape, model.declaredGridShape, label);
    for (let d = 0; d < grid.ndim; d++) assert.deepEqual(Array.from(grid.edges(d)), model.edges[d], `${label} axis ${d}`);
  }
});

test('runs expand to the declared edges, and are maximal', () => {
  for (const { grid, model, label } of cases(2, 3, 40)) {
    for (let d = 0; d < grid.ndim; d++) {
      const runs = grid.runs(d);
      assert.deepEqual(runs.flatMap(({ size, count }) => Array(count).fill(size)), model.edges[d], `${label} axis ${d}`);
      for (let k = 1; k < runs.length; k++) assert.notEqual(runs[k].size, runs[k - 1].size, `${label} axis ${d}: runs not merged`);
    }
  }
});

test('chunkOrigin, chunkShape and chunkDataShape agree with the reference for every declared chunk', () => {
  for (const { grid, model, label } of cases(3, 2, 30)) {
    const [rows, cols] = [model.declaredGridShape[0], model.declaredGridShape[1] ?? 1];
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) {
        const coords = grid.ndim === 1 ? [i] : [i, j];
        assert.deepEqual(grid.chunkOrigin(coords), model.chunkOrigin(coords), `${label} ${coords}`);
        assert.deepEqual(grid.chunkShape(coords), model.chunkShape(coords), `${label} ${coords}`);
        assert.deepEqual(grid.chunkDataShape(coords), model.chunkDataShape(coords), `${label} ${coords}`);
      }
    }
    assert.throws(() => grid.chunkOrigin(model.declaredGridShape.map((n) => n)), RangeError, label);
  }
});

test('locate agrees with the reference model, in range and out of range', () => {
  for (const { rand, grid, model, label } of cases(4, 3, 40)) {
    for (let k = 0; k < 40; k++) {
      // Up to 3 past the end, to probe overflow chunks.
      const index = model.shape.map((n) => randInt(rand, 0, n + 3));
      const expected = model.locate(index);
      if (expected === null) assert.throws(() => grid.locate(index), RangeError, `${label} ${index}`);
      else assert.deepEqual(grid.locate(index), expected, `${label} ${index}`);
    }
  }
});

test('locateMany equals per-row locate and the reference, for every input type', () => {
  for (const { rand, grid, model, label } of cases(5, 3, 40)) {
    if (model.shape.includes(0)) continue;
    const n = 50;
    const flat = [];
    for (let r = 0; r < n; r++) for (const len of model.shape) flat.push(randInt(rand, 0, len - 1));
    const expectedChunks = [];
    const expectedOffsets = [];
    for (let r = 0; r < n; r++) {
      const row = flat.slice(r * grid.ndim, (r + 1) * grid.ndim);
      const one = grid.locate(row);
      assert.deepEqual(one, model.locate(row), `${label} row ${row}`);
      expectedChunks.push(...one.chunk);
      expectedOffsets.push(...one.offset);
    }
    for (const input of [flat, Float64Array.from(flat), Uint32Array.from(flat), Int32Array.from(flat)]) {
      const { chunks, offsets } = grid.locateMany(input);
      assert.deepEqual(Array.from(chunks), expectedChunks, `${label} ${input.constructor.name}`);
      assert.deepEqual(Array.from(offsets), expectedOffsets, `${label} ${input.constructor.name}`);
    }
    for (const input of [BigUint64Array.from(flat, BigInt), BigInt64Array.from(flat, BigInt)]) {
      const { chunks, offsets } = grid.locateMany(input);
      assert.deepEqual(Array.from(chunks), expectedChunks.map(BigInt), `${label} ${input.constructor.name}`);
      assert.deepEqual(Array.from(offsets), expectedOffsets.map(BigInt), `${label} ${input.constructor.name}`);
    }
  }
});

test('locateMany names the first out-of-range row, checked against the array shape', () => {
  for (const { rand, grid, model, label } of cases(6, 3, 40)) {
    if (model.shape.includes(0)) continue;
    const n = 10;
    const bad = randInt(rand, 0, n - 1);
    const flat = [];
    for (let r = 0; r < n; r++) {
      const axis = randInt(rand, 0, grid.ndim - 1);
      model.shape.forEach((len, d) => flat.push(r === bad && d === axis ? len + randInt(rand, 0, 3) : randInt(rand, 0, len - 1)));
    }
    assert.throws(() => grid.locateMany(Float64Array.from(flat)), (e) => e instanceof RangeError && new RegExp(`\\brow ${bad}\\b`).test(e.message), label);
  }
});

test('locateAxis equals the reference on every axis', () => {
  for (const { rand, grid, model, label } of cases(7, 3, 40)) {
    for (let d = 0; d < grid.ndim; d++) {
      if (model.shape[d] === 0) continue;
      const indices = Array.from({ length: 30 }, () => randInt(rand, 0, model.shape[d] - 1));
      const { chunks, offsets } = grid.locateAxis(d, Int32Array.from(indices));
      const expected = indices.map((i) => model.locateAxis(d, i));
      assert.deepEqual(Array.from(chunks), expected.map((e) => e.chunk), `${label} axis ${d}`);
      assert.deepEqual(Array.from(offsets), expected.map((e) => e.offset), `${label} axis ${d}`);
    }
  }
});

test('project covers each selected element exactly once, at its correct output position', () => {
  for (const { rand, grid, model, label } of cases(8, 3, 16)) {
    for (let k = 0; k < 4; k++) {
      const selection = model.shape.map((len, d) => randomEntry(rand, len, model.declaredGridShape[d]));
      // Sometimes leave trailing axes out: they are taken whole.
      const given = rand() < 0.2 ? selection.slice(0, randInt(rand, 0, selection.length)) : selection;
      const describe = `${label} selection ${JSON.stringify(given, (_, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v))}`;
      const projections = Array.from(grid.project(given));
      try {
        checkCoverage(model, projections, given);
      } catch (e) {
        e.message = `${describe}: ${e.message}`;
        throw e;
      }
    }
  }
});

test('project visits only active chunks, in row-major order', () => {
  for (const { grid, model, label } of cases(9, 3, 20)) {
    const coords = Array.from(grid.project([]), (p) => p.chunkCoords);
    const gridShape = model.gridShape;
    const expected = gridShape.reduce((acc, n) => acc.flatMap((prefix) => Array.from({ length: n }, (_, i) => [...prefix, i])), [[]]);
    assert.deepEqual(coords, gridShape.includes(0) ? [] : expected, label);
  }
});

test('toJSON round-trips: same shape, same declared edges, same axis forms; canonical text is a fixed point', () => {
  for (const { grid, model, chunkShapes: input, label } of cases(10, 3, 40)) {
    const chunkShapes = grid.toJSON().configuration.chunk_shapes;
    const again = ChunkGrid.fromChunkShapes(model.shape, chunkShapes);
    assert.ok(again.equals(grid), label);
    assert.deepEqual(again.declaredGridShape, model.declaredGridShape, label);
    assert.equal(again.toJSONText(), grid.toJSONText(), label);
    assert.equal(again.isRegular, grid.isRegular, label);
    // An integer stays an integer; a list stays a list.
    chunkShapes.forEach((entry, d) => assert.equal(typeof entry, typeof input[d], `${label} axis ${d}`));
    again.dispose();
  }
});

test('the bigint path agrees with run arithmetic on grids beyond 2^53', () => {
  const rand = mulberry32(11);
  const big = (lo, hi) => BigInt(randInt(rand, lo, hi));
  let checked = 0;
  for (let i = 0; i < 100; i++) {
    // One axis of a few runs with sizes up to ~2^58 and counts up to 16.
    const runs = Array.from({ length: randInt(rand, 1, 4) }, () => [(big(1, 2 ** 28) << big(0, 30)) + 1n, big(1, 16)]);
    const sum = runs.reduce((s, [v, n]) => s + v * n, 0n);
    if (sum > 2n ** 64n - 1n) continue;
    // The array may end inside the last chunk.
    const last = runs[runs.length - 1][0];
    const length = sum - (BigInt(Math.floor(rand() * 2 ** 31)) * (last - 1n)) / 2n ** 31n;
    const grid = ChunkGrid.fromChunkShapes([length], [runs]);
    const probes = [0n, length - 1n, ...Array.from({ length: 20 }, () => (BigInt(Math.floor(rand() * 2 ** 31)) * length) / 2n ** 31n)];
    const { chunks, offsets } = grid.locateMany(BigUint64Array.from(probes));
    probes.forEach((index, k) => {
      // Reference: walk the runs, arithmetic inside a run.
      let start = 0n;
      let first = 0n;
      for (const [v, n] of runs) {
        if (index < start + v * n) {
          const inRun = (index - start) / v;
          assert.equal(chunks[k], first + inRun, `case ${i} index ${index}`);
          assert.equal(offsets[k], index - start - inRun * v, `case ${i} index ${index}`);
          assert.deepEqual(grid.locate([index]), { chunk: [first + inRun], offset: [index - start - inRun * v] });
          return;
        }
        start += v * n;
        first += n;
      }
      assert.fail('reference did not find the index');
    });
    assert.throws(() => grid.locateMany(new BigUint64Array([length])), RangeError);
    grid.dispose();
    checked++;
  }
  assert.ok(checked > 50, `only ${checked} cases fit in uint64`);
});
