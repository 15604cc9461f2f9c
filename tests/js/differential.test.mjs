// Differential test: random grids (overflow, zero-length axes, 0-d, sizes
// near 2^64) and random inputs of every kind (valid, out of range, wrong
// type), through every member of the API, against the run-based BigInt
// model of oracle.mjs. Every answer must equal the model's, or be a clear
// error (TypeError, RangeError, GridError) exactly where the model says the
// input is invalid. Seeded and bounded in time; it prints its counts.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, GridError } from 'zarr-rectilinear';
import { axisSummary } from 'zarr-rectilinear/tools';
import { MAX_UINT64, axisModel } from './oracle.mjs';

const SEED = 20261201;
const SECONDS = Number(process.env.ZR_DIFFERENTIAL_SECONDS ?? 8);
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

// xorshift64*: the same sequence on every run and machine.
function rng(seed) {
  let s = BigInt(seed) | 1n;
  const next = () => {
    s ^= s >> 12n;
    s ^= (s << 25n) & MAX_UINT64;
    s ^= s >> 27n;
    return (s * 0x2545f4914f6cdd1dn) & MAX_UINT64;
  };
  const below = (n) => (n <= 0n ? 0n : next() % n);
  const int = (n) => Number(below(BigInt(n)));
  const pick = (items) => items[int(items.length)];
  return { next, below, int, pick };
}

// A random length: small, zero, or near 2^64.
function randomLength(r) {
  return r.pick([() => r.below(40n), () => 0n, () => MAX_UINT64 - r.below(1000n), () => r.below(1n << 60n), () => 2n ** 53n + r.below(5n)])();
}

// A random chunk_shapes entry for an axis of `length`: steps and lists that
// fit, and ones that overflow or fall short.
function randomEntry(r, length) {
  const size = () => r.pick([() => 1n + r.below(9n), () => 1n + r.below(1n << 62n), () => 0n])();
  if (r.int(3) === 0) return size();
  const items = Array.from({ length: 1 + r.int(4) }, () => (r.int(2) ? size() : [size(), r.pick([1n, 2n, 1n + r.below(1n << 40n), 0n])]));
  // Often make the list reach the length exactly, as writers do.
  if (r.int(2)) {
    const sum = items.reduce((s, it) => s + (Array.isArray(it) ? it[0] * it[1] : it), 0n);
    if (length > sum) items.push(length - sum);
  }
  return items;
}

const toText = (v) => (Array.isArray(v) ? `[${v.map(toText).join(',')}]` : String(v));
const natural = (v) => (v > SAFE ? v : Number(v));

function expectError(fn, kinds) {
  try {
    fn();
  } catch (e) {
    assert.ok(kinds.some((k) => e instanceof k), `expected ${kinds.map((k) => k.name).join(' or ')}, got ${e}`);
    return;
  }
  assert.fail(`expected ${kinds.map((k) => k.name).join(' or ')}`);
}

// A random index input of some kind for an axis of the model: valid, out of
// range, negative, unsafe, fractional, or of the wrong type.
function randomIndex(r, m) {
  const kind = r.int(10);
  if (kind < 5 && m.length > 0n) {
    const e = r.below(m.length);
    return { value: r.int(2) && e <= SAFE ? Number(e) : e, valid: e };
  }
  return r.pick([
    { value: m.length, valid: null },
    { value: -1n, valid: null },
    { value: MAX_UINT64 + 1n, valid: null },
    { value: 2 ** 60, valid: null },
    { value: 1.5, valid: null },
    { value: null, valid: null, type: true },
    { value: '3', valid: null, type: true },
    { value: true, valid: null, type: true },
  ]);
}

test('differential: every API member agrees with the run-based BigInt model', (t) => {
  const r = rng(SEED);
  const counts = { grids: 0, invalidGrids: 0, checks: 0, refusals: 0 };
  const until = Date.now() + SECONDS * 1000;
  while (Date.now() < until) {
    const ndim = r.int(4);
    const shape = Array.from({ length: ndim }, () => randomLength(r));
    const entries = shape.map((length) => randomEntry(r, length));
    const models = entries.map((entry, d) => axisModel(entry, shape[d]));
    const invalid = models.find((m) => m.error);
    const text = `{"shape":${toText(shape)},"chunk_shapes":${toText(entries)}}`;
    const build = () => ChunkGrid.fromChunkShapes(shape, entries);
    counts.grids++;
    if (invalid) {
      counts.invalidGrids++;
      try {
        build().dispose();
        assert.fail(`accepted ${text}; the model says ${invalid.error}`);
      } catch (e) {
        assert.ok(e instanceof GridError, `${text}: ${e}`);
        assert.ok(models.some((m) => m.error === e.code), `${text}: code ${e.code}, the model says ${models.map((m) => m.error).join(', ')}`);
      }
      continue;
    }
    const grid = build();
    try {
      const where = `grid ${text}`;
      assert.deepEqual(grid.shape, shape.map(natural), where);
      assert.deepEqual(grid.gridShape, models.map((m) => natural(m.activeCount)), where);
      assert.deepEqual(grid.declaredGridShape, models.map((m) => natural(m.declaredCount)), where);
      models.forEach((m, d) => {
        assert.deepEqual(grid.runs(d), m.runs.map(({ size, count }) => ({ size: natural(size), count: natural(count) })), where);
        assert.deepEqual(grid.dataRuns(d), m.dataRuns().map(({ size, count }) => ({ size: natural(size), count: natural(count) })), where);
        const s = axisSummary(grid, d);
        assert.equal(BigInt(s.edgeSum), m.edgeSum, where);
        assert.equal(s.isStep, m.isStep, where);
        counts.checks += 4;
      });
      // Round trip through the canonical text.
      const again = ChunkGrid.fromMetadata(`{"shape":${toText(shape)},"chunk_grid":${grid.toJSONText()}}`);
      assert.ok(again.equals(grid), where);
      again.dispose();

      for (let k = 0; k < 12; k++) {
        // locate and locateMany: one random index per axis.
        const picks = models.map((m) => randomIndex(r, m));
        const index = picks.map((p) => p.value);
        const valid = picks.every((p) => p.valid !== null);
        if (valid) {
          const expected = models.map((m, d) => m.locate(picks[d].valid));
          const big = index.some((v) => typeof v === 'bigint');
          const out = (v) => (big ? v : Number(v));
          if (expected.every((e) => big || (e.chunk <= SAFE && e.offset <= SAFE))) {
            assert.deepEqual(grid.locate(index), { chunk: expected.map((e) => out(e.chunk)), offset: expected.map((e) => out(e.offset)) }, `${where} locate ${index}`);
          }
          const many = grid.locateMany(index.map(BigInt));
          assert.deepEqual(Array.from(many.chunks), expected.map((e) => e.chunk), `${where} locateMany ${index}`);
        } else if (ndim > 0) {
          counts.refusals++;
          expectError(() => grid.locateMany(index), [TypeError, RangeError]);
          expectError(() => grid.locate(index), [TypeError, RangeError]);
        }
        counts.checks += 2;

        if (ndim === 0) continue;
        const d = r.int(ndim);
        const m = models[d];
        // Per-axis facts: a chunk, the chunk at an element, a chunk range.
        const c = r.below(m.declaredCount + 2n);
        const chunk = m.chunk(c);
        if (chunk) assert.deepEqual(grid.axisChunk(d, c), chunk, `${where} axisChunk(${d}, ${c})`);
        else expectError(() => grid.axisChunk(d, c), [RangeError]);
        const e = r.below(m.edgeSum + 2n);
        const at = m.locate(e);
        if (at) assert.deepEqual(grid.chunkAt(d, e), m.chunk(at.chunk), `${where} chunkAt(${d}, ${e})`);
        else expectError(() => grid.chunkAt(d, e), [RangeError]);
        if (m.declaredCount > 0n && c < m.declaredCount && ndim > 0) {
          const coords = models.map((mm, dd) => (dd === d ? c : 0n));
          if (models.every((mm) => mm.declaredCount > 0n)) {
            assert.deepEqual(grid.chunkOrigin(coords)[d], chunk.origin, where);
            assert.deepEqual(grid.chunkDataShape(coords)[d], chunk.dataSize, where);
          }
        }
        const a = r.below(m.edgeSum + 3n);
        const b = r.below(m.edgeSum + 3n);
        const range = grid.chunkRange(d, a, b);
        const last = b <= m.edgeSum ? b : m.edgeSum;
        const expected = a < last ? { first: m.locate(a).chunk, stop: m.locate(last - 1n).chunk + 1n } : { first: 0n, stop: 0n };
        assert.deepEqual(range, expected, `${where} chunkRange(${d}, ${a}, ${b})`);
        // Slices: Python semantics from the model.
        const bound = () => r.pick([null, r.below(m.length + 3n), -r.below(m.length + 3n)]);
        const [start, stop, step] = [bound(), bound(), 1n + r.below(5n)];
        assert.deepEqual(grid.normalizeSlice(d, { start: start ?? null, stop: stop ?? null, step }), m.normalizeSlice(start, stop, step), `${where} slice ${start}:${stop}:${step}`);
        expectError(() => grid.normalizeSlice(d, { step: 0 }), [RangeError]);
        expectError(() => grid.normalizeSlice(d, { start: '1' }), [TypeError]);
        counts.checks += 6;
      }
    } finally {
      grid.dispose();
    }
  }
  t.diagnostic(`differential: ${counts.grids} grids (${counts.invalidGrids} invalid), ${counts.checks} checks, ${counts.refusals} refused inputs, seed ${SEED}, ${SECONDS} s`);
  assert.ok(counts.grids > 100, `only ${counts.grids} grids in ${SECONDS} s`);
});
