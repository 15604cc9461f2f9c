// Running out of WebAssembly memory is a RangeError, never a trap: with
// either module's heap filled to its 4 GiB maximum (the reader module's by
// held grids, through the public API; the tools module's by blocks), every
// entry point that allocates, of zarr-rectilinear and of
// zarr-rectilinear/tools (and the consolidated store of
// zarr-rectilinear/zarrita, which alone reaches the reader module's
// memberSpans), gives its right answer or a RangeError naming
// memory (code OUT_OF_MEMORY); readMetadata and validateMetadata, which
// never throw, report an OUT_OF_MEMORY problem. Afterwards every answer is
// right again and each module's in-use bytes are back where they started.
// Every plain export of either module, and every binding the tools module
// registers, is reached by one of the entry points run. See docs/memory.md
// and docs/wasm-boundary.md, "Two modules".
//
// Filling 4 GiB touches that much fresh memory (the process then holds
// about 4.3 GB): 15 to 30 s on a small machine, most of it page faults.
// Run with: node --expose-gc --test tests/js/out-of-memory.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, readMetadata, validateMetadata } from 'zarr-rectilinear';
import { withConsolidatedMetadata } from 'zarr-rectilinear/zarrita';
import { axisSummary, concat, locatePointers, overlap, readerReport, repairMetadata, resize, summary, trimmed } from 'zarr-rectilinear/tools';
import { collectGarbage, inUse, toolsInUse } from './support.mjs';
// The module objects are internal: reach them through the package's own file.
import { native, nearestPlaces, toolsModule } from '#internals';
import { validText } from './document-text.mjs';

const utf8 = (text) => new TextEncoder().encode(text);
const alternating = (n) => Array.from({ length: n }, (_, i) => 1 + (i % 2));

// What a grid is, from JS alone (no call into WebAssembly), then disposed.
function described(grid) {
  try {
    return { shape: grid.shape, gridShape: grid.gridShape, declared: grid.declaredGridShape, warnings: grid.warnings };
  } finally {
    grid.dispose();
  }
}

function describedRead(read) {
  const out = { ...read };
  if (read.grid) out.grid = described(read.grid);
  if (read.consolidated) out.consolidated = [...read.consolidated].map(([path, entry]) => [path, describedRead(entry)]);
  return out;
}

// A store holding only groupText as its root zarr.json.
const consolidatedStore = () => ({ get: async (key) => (key === '/zarr.json' ? utf8(groupText) : undefined) });

const groupText = JSON.stringify({
  zarr_format: 3, node_type: 'group', attributes: { title: 'x'.repeat(100) },
  consolidated_metadata: { kind: 'inline', must_understand: false, metadata: { a: JSON.parse(validText), b: JSON.parse(validText) } },
});

// Every public entry point that allocates in WebAssembly, on small grids
// (small answers) and on one of 10^6 runs (answers of megabytes).
function entryPoints(g, g2, big) {
  return {
    'fromMetadata text': () => described(ChunkGrid.fromMetadata(validText)),
    'fromMetadata bytes': () => described(ChunkGrid.fromMetadata(utf8(validText))),
    'fromMetadata object': () => described(ChunkGrid.fromMetadata(JSON.parse(validText), { lenient: true })),
    fromChunkShapes: () => described(ChunkGrid.fromChunkShapes([100, 50], [7, [[3, 10], 5, 15]])),
    fromEdges: () => described(ChunkGrid.fromEdges([[5, 5, 2], [1, 2, 3, 4]])),
    trimmed: () => described(trimmed([1000, 10], [64, 3])),
    concat: () => described(concat([g, g], 1)),
    resize: () => described(resize(g, [200, 60], { edges: [undefined, [10]] })),
    runs: () => [g.runs(1), g.dataRuns(0)],
    axisSummary: () => axisSummary(g, 1),
    summary: () => summary(g),
    axisChunk: () => [g.axisChunk(1, 3), g.axisChunk(1, 3n)],
    chunkAt: () => g.chunkAt(1, 33),
    chunkRange: () => g.chunkRange(1, 5, 40),
    chunkGroups: () => g.chunkGroups(1, 0, 50, { minSize: 10 }),
    normalizeSlice: () => g.normalizeSlice(0, { start: -10 }),
    selectedChunks: () => g.selectedChunks([{ start: 3, stop: 90, step: 2 }, [1, 40]]),
    edges: () => [g.edges(1), g.edges(1, { bigint: true })],
    locate: () => [g.locate([20, 15]), g.locate([20n, 15n])],
    locateMany: () => [g.locateMany([20, 15, 99, 49]), g.locateMany(new BigUint64Array([1n, 2n]))],
    locateAxis: () => g.locateAxis(1, [0, 49]),
    chunkGeometry: () => [g.chunkOrigin([1, 2]), g.chunkShape([1, 2]), g.chunkDataShape([14, 2])],
    projectAxes: () => g.projectAxes([{ start: 1, stop: 90, step: 3 }, [3, 1, 40, -1]]),
    'projectAxes bigint': () => g.projectAxes([new BigInt64Array([-1n, 5n]), { blocks: [1n, 3n] }]),
    project: () => [...g.project([5, new Uint8Array(50).fill(1)])],
    toJSON: () => [g.toJSON(), g.toJSONText(), g.toRegularJSON(), g2.toRegularJSON()],
    equals: () => g.equals(g2),
    toDaskChunks: () => g.toDaskChunks(),
    overlap: () => {
      const plan = overlap(g, g2);
      return [plan.totals(), plan.sourcesOf([1, 1]), plan.axisSources(0, 0, 5)];
    },
    validateMetadata: () => [validateMetadata(validText), validateMetadata(JSON.parse(groupText))],
    readMetadata: () => [describedRead(readMetadata(validText)), describedRead(readMetadata(utf8(groupText)))],
    readerReport: () => [readerReport(validText), readerReport(groupText)],
    repairMetadata: () => repairMetadata('{"zarr_format":3,"node_type":"group","consolidated_metadata":null,"attributes":{"x":NaN}}'),
    locatePointers: () => locatePointers(groupText, ['/consolidated_metadata/metadata/a/shape', '/attributes/title', '/x']),
    // The CLI's placing of problems (js/cli/problem-lines.js).
    nearestPlaces: () => nearestPlaces(utf8(groupText), ['/consolidated_metadata/metadata/a/shape/7', '/attributes/title', '/x/y']),
    // The list of known data types and codecs, for the tests that hold the
    // reader's to it.
    knownExtensions: () => {
      const at = toolsModule.native._zr_known_extensions() >>> 0;
      toolsModule.checkMemory('listing the known extensions');
      return toolsModule.cString(at).split('\n').length > 10;
    },
    // A number past 2^53 in an object: the core says where a float may be (floatPlaces).
    'validateMetadata large float': () => [validateMetadata({ ...JSON.parse(validText), data_type: 'float64', fill_value: 1e20, shape: [2 ** 60, 1] })],
    // The consolidated store finds its entries' texts with the reader
    // module's memberSpans. (Asynchronous: runAll awaits every answer.)
    withConsolidatedMetadata: async () => {
      const store = await withConsolidatedMetadata(consolidatedStore());
      return [store.contents(), new TextDecoder().decode(await store.get('/b/zarr.json'))];
    },
    'big toJSONText': () => big.toJSONText().length,
    'big runs': () => big.runs(0).length,
    'big edges': () => big.edges(0).length,
    'big locateMany': () => big.locateMany(new Float64Array(100_000).map((_, i) => i * 15)).chunks[99_999],
  };
}

// The entry points that allocate in the tools module: zarr-rectilinear/tools'
// (docs/wasm-boundary.md, "Two modules"). Every other one needs the reader
// module alone.
const TOOLS = ['trimmed', 'concat', 'resize', 'axisSummary', 'summary', 'overlap', 'readerReport', 'repairMetadata', 'locatePointers', 'nearestPlaces'];
// Calls into the tools module whose answer fits in the 64 KiB reserve that
// a call may spend (docs/memory.md): with its memory full they answer.
const TOOLS_SMALL = ['knownExtensions'];

// What each module exports, and which of the entry points above reach it:
// an export added without an entry point that reaches it fails the test
// below, so that the memory tests keep covering every one. The basics,
// which the wrapper's helpers call (src/wasm/module_basics.cpp), are not
// entry points.
const BASICS = ['_zr_malloc', '_zr_out_of_memory_flag', '_zr_heap_in_use', '_zr_max_document_bytes', '_zr_problem_code_names', '_zr_struct_layouts', '_zr_columns_to_doubles', '_zr_grid_free'];
const READER_EXPORTS = {
  _zr_axis_chunk: ['axisChunk'],
  _zr_axis_counts: ['axisSummary', 'summary'],
  _zr_chunk_at: ['chunkAt'],
  _zr_chunk_geometry: ['chunkGeometry'],
  _zr_chunk_groups: ['chunkGroups'],
  _zr_chunk_range: ['chunkRange', 'overlap'],
  _zr_expand_edges: ['edges', 'big edges'],
  _zr_float_places: ['validateMetadata large float'],
  _zr_grid_equals: ['equals'],
  _zr_grid_is_regular: ['toJSON'],
  _zr_grid_ndim: ['fromEdges'],
  _zr_grid_words: ['concat', 'resize', 'overlap', 'axisSummary', 'summary'],
  _zr_locate_axis_f64: ['locateAxis'],
  _zr_locate_axis_u64: ['locateAxis'],
  _zr_locate_f64: ['locate', 'locateMany', 'big locateMany'],
  _zr_locate_u64: ['locate', 'locateMany'],
  _zr_member_spans: ['withConsolidatedMetadata'],
  _zr_project_integer: ['project'],
  _zr_project_points: ['projectAxes', 'projectAxes bigint', 'project'],
  _zr_read_chunk_shapes: ['fromChunkShapes'],
  _zr_read_document: ['readMetadata', 'readerReport'],
  _zr_read_edges: ['fromEdges'],
  _zr_read_grid_metadata: ['fromMetadata text', 'fromMetadata bytes', 'fromMetadata object'],
  _zr_read_grid_words: ['trimmed', 'concat', 'resize'],
  _zr_read_json: ['toJSON'],
  _zr_runs: ['runs', 'big runs'],
  _zr_slice_bound: ['projectAxes', 'selectedChunks'],
  _zr_slice_chunks: ['selectedChunks'],
  _zr_slice_into: ['projectAxes', 'project'],
  _zr_slice_range: ['normalizeSlice'],
  _zr_to_json_text: ['toJSON', 'big toJSONText'],
  _zr_validate_metadata: ['validateMetadata'],
};
const TOOLS_EXPORTS = {
  _zr_axis_overlap: ['overlap'],
  _zr_axis_sources: ['overlap'],
  _zr_concat_grids: ['concat'],
  _zr_data_size_stats: ['axisSummary', 'summary'],
  _zr_grid_words: ['trimmed', 'concat', 'resize'],
  _zr_known_extensions: ['knownExtensions'],
  _zr_read_grid_words: ['concat', 'resize', 'overlap', 'axisSummary', 'summary'],
  _zr_resize: ['resize'],
  _zr_trimmed_grid: ['trimmed'],
};
// The tools module's bindings registered through guarded<>.
const TOOLS_BINDINGS = { locateNearest: ['nearestPlaces'], locatePointers: ['locatePointers'], readerFacts: ['readerReport'], repairMetadata: ['repairMetadata'] };

// Whether an answer is a report of running out of memory: a RangeError, or
// the OUT_OF_MEMORY problem of a reader that never throws.
function isOutOfMemory(answer) {
  const reports = (r) => r?.errors?.length === 1 && r.errors[0].code === 'OUT_OF_MEMORY' && /out of WebAssembly memory/.test(r.errors[0].message);
  return Array.isArray(answer) && answer.some(reports);
}

// Runs every entry point: each answers as `expected` or reports running
// out of memory. Returns the names of those that reported it.
async function runAll(calls, expected) {
  const reported = [];
  for (const [name, call] of Object.entries(calls)) {
    let answer;
    try {
      answer = await call();
    } catch (error) {
      assert.ok(error instanceof RangeError && error.code === 'OUT_OF_MEMORY' && /out of WebAssembly memory/.test(error.message),
        `${name} threw ${error?.constructor?.name}: ${error?.message}`);
      reported.push(name);
      continue;
    }
    if (isOutOfMemory(answer)) reported.push(name);
    else assert.deepEqual(answer, expected[name], name);
  }
  return reported;
}

// Each entry point's answer, with memory to spare.
async function answers(calls) {
  const out = {};
  for (const [name, call] of Object.entries(calls)) out[name] = await call();
  return out;
}

// Holds grids of `base`'s size until the next one does not fit.
function fill(base, held) {
  for (;;) {
    try {
      held.push(concat([base], 0));
    } catch (error) {
      if (error instanceof RangeError && error.code === 'OUT_OF_MEMORY') return;
      throw error;
    }
  }
}

test('the JS wrapper checks the flag after every binding the tools module registers through guarded<>', () => {
  // The core records each as it registers it (src/wasm/tools/registration.hpp);
  // js/tools/tools-module.js wraps every one it is told of. One from each file
  // that registers bindings (tools_module.cpp, reader_bindings.cpp,
  // repair_bindings.cpp): a registration that stopped recording would leave
  // its bindings unchecked. (The reader module has no Embind: the tests
  // below reach each of its exports with memory full.)
  const { native: module, guarded } = toolsModule;
  const recorded = module.guardedBindings();
  assert.deepEqual(guarded, recorded);
  assert.deepEqual(recorded.map((b) => b.name).sort(), Object.keys(TOOLS_BINDINGS).sort());
  assert.equal(new Set(recorded.map((b) => b.name)).size, recorded.length, 'each is recorded once');
  for (const b of recorded) {
    assert.equal(typeof module[b.name], 'function', `${b.name} is a binding`);
    assert.ok(b.what.length > 0, `${b.name} says what it does`);
  }
});

test('every export of each module is reached by an entry point these tests run with its memory full', () => {
  const names = entryPoints({}, {}, {});
  const exported = (module) => Object.keys(module).filter((k) => k.startsWith('_zr_') && typeof module[k] === 'function' && !BASICS.includes(k)).sort();
  assert.deepEqual(exported(native), Object.keys(READER_EXPORTS).sort(), 'the reader module\'s exports are those listed in READER_EXPORTS');
  assert.deepEqual(exported(toolsModule.native), Object.keys(TOOLS_EXPORTS).sort(), 'the tools module\'s exports are those listed in TOOLS_EXPORTS');
  for (const [module, table] of [['reader', READER_EXPORTS], ['tools', TOOLS_EXPORTS], ['tools', TOOLS_BINDINGS]]) {
    for (const [name, reachedBy] of Object.entries(table)) {
      assert.ok(reachedBy.length > 0, `${name} is reached by an entry point`);
      for (const entry of reachedBy) assert.ok(entry in names, `${name}: ${entry} is an entry point run`);
      // What reaches the tools module is run with the tools module full.
      if (module === 'tools') for (const entry of reachedBy) assert.ok(TOOLS.includes(entry) || TOOLS_SMALL.includes(entry), `${name}: ${entry} is listed in TOOLS`);
    }
  }
});

test('tests run with --expose-gc', () => {
  assert.equal(typeof globalThis.gc, 'function', 'run node with --expose-gc');
});

test('with WebAssembly memory full, every entry point answers right or throws a RangeError; afterwards all is as before', { timeout: 300_000 }, async (t) => {
  const g = ChunkGrid.fromChunkShapes([100, 50], [7, [[3, 10], 5, 15]]);
  const g2 = ChunkGrid.fromMetadata({ shape: [100, 50], chunk_grid: { name: 'regular', configuration: { chunk_shape: [10, 25] } } });
  const big = ChunkGrid.fromEdges([alternating(1_000_000)]);
  const calls = entryPoints(g, g2, big);
  const expected = await answers(calls); // also a warm-up
  // Grids to fill with, from 40 MB down to a few hundred bytes, so that
  // little is left free.
  const bases = [1_000_000, 10_000, 100, 1].map((n) => ChunkGrid.fromEdges([alternating(n)]));
  // A consolidated store holds the grids of what it read until it is
  // collected: in-use bytes are compared after a collection.
  await collectGarbage();
  const start = inUse();
  const toolsStart = toolsInUse();

  const started = performance.now();
  const held = bases.map(() => []);
  bases.forEach((base, i) => fill(base, held[i]));
  t.diagnostic(`filled in ${((performance.now() - started) / 1000).toFixed(1)} s: ${inUse()} bytes in use, grids of each size: ${held.map((h) => h.length)}`);
  assert.ok(inUse() > 4 * 2 ** 30 - 2 ** 26, `only ${inUse()} bytes in use`);

  // Full; then with about 1 MB free; then with about 80 MB. Some small
  // answers fit in the holes left even when full; no new grid does.
  const full = await runAll(calls, expected);
  const builders = ['fromMetadata text', 'fromMetadata bytes', 'fromMetadata object', 'fromChunkShapes', 'fromEdges', 'trimmed', 'concat', 'resize'];
  assert.deepEqual(builders.filter((name) => !full.includes(name)), [], 'with memory full, no grid is built');
  // To the last byte: the holes between grids, taken with the allocator the
  // JS wrapper uses for its buffers. Now only the reserve is left.
  const blocks = [];
  for (let size = 2 ** 20; size >= 1; size /= 4) {
    for (let block; (block = native._zr_malloc(size)) !== 0;) blocks.push(block);
  }
  const none = await runAll(calls, expected);
  // A call whose work fits in the 64 KiB reserve answers, whole, from it
  // (its answer is made in the heap before it returns); no grid and no
  // large answer does.
  const large = Object.keys(calls).filter((name) => builders.includes(name) || name.startsWith('big '));
  assert.deepEqual(large.filter((name) => !none.includes(name)), [], 'with no byte free, no grid is built and no large answer made');
  for (const block of blocks) native._free(block);
  for (const grid of held[1].splice(0, 3)) grid.dispose();
  const some = await runAll(calls, expected);
  for (const grid of held[0].splice(0, 2)) grid.dispose();
  const more = await runAll(calls, expected);
  assert.deepEqual(more, [], 'with 80 MB free, every call answers');
  t.diagnostic(`out of memory with memory full (${full.length} of ${Object.keys(calls).length}): ${full.join(', ')}`);
  t.diagnostic(`with 1 MB free (${some.length}): ${some.join(', ')}`);

  for (const grid of held.flat()) grid.dispose();
  assert.deepEqual(await runAll(calls, expected), []);
  await collectGarbage();
  assert.equal(inUse(), start);
  assert.equal(toolsInUse(), toolsStart, 'the tools module freed its copies of the grids, in every call that ran out');
  for (const grid of [g, g2, big, ...bases]) grid.dispose();
});

test('with the tools module\'s memory full, every entry point answers right or throws a RangeError; afterwards all is as before', { timeout: 300_000 }, async () => {
  const g = ChunkGrid.fromChunkShapes([100, 50], [7, [[3, 10], 5, 15]]);
  const g2 = ChunkGrid.fromMetadata({ shape: [100, 50], chunk_grid: { name: 'regular', configuration: { chunk_shape: [10, 25] } } });
  const big = ChunkGrid.fromEdges([alternating(1_000_000)]);
  const calls = entryPoints(g, g2, big);
  const expected = await answers(calls);
  const { native: tools } = toolsModule;
  await collectGarbage();
  const start = toolsInUse();
  const readerStart = inUse();
  // Its own heap, filled to the last byte with the allocator the wrapper uses.
  const blocks = [];
  for (let size = 2 ** 26; size >= 1; size /= 4) {
    for (let block; (block = tools._zr_malloc(size)) !== 0;) blocks.push(block);
  }
  assert.ok(toolsInUse() > 4 * 2 ** 30 - 2 ** 26, `only ${toolsInUse()} bytes in use`);
  const none = await runAll(calls, expected);
  assert.deepEqual(none.sort(), [...TOOLS].sort(), 'every call of zarr-rectilinear/tools, and only those, runs out of memory');
  await collectGarbage();
  assert.equal(inUse(), readerStart, 'a tool that ran out left nothing in the reader module');
  for (const block of blocks.splice(0, 2)) tools._free(block);
  assert.deepEqual(await runAll(calls, expected), [], 'with 128 MB free, every call answers');
  for (const block of blocks) tools._free(block);
  assert.deepEqual(await runAll(calls, expected), []);
  assert.equal(toolsInUse(), start);
  await collectGarbage();
  assert.equal(inUse(), readerStart);
  for (const grid of [g, g2, big]) grid.dispose();
});
