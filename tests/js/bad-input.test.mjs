// Hostile input: every entry of the bad-input catalogue (tests/data/bad-inputs/,
// docs/architecture.md) is refused with exactly the problems it lists, by
// default and with strict, given as text and as bytes: validateMetadata
// never throws, fromMetadata throws a GridError where the catalogue says it
// refuses, and the module still answers correctly afterwards. So are the
// arguments no document can spell (bad-arguments.mjs).
// Valid and large is not hostile: values at 2^53, 2^63 and 2^64 - 1, 10^7
// tiny runs and 100,000 levels of nesting inside attributes are accepted.
// Run with: node --expose-gc --test tests/js/bad-input.test.mjs
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, GridError, validateMetadata } from 'zarr-rectilinear';
import { badInputs, inShapeOrChunkGrid } from '../data/bad-inputs.mjs';
import { badArguments } from './bad-arguments.mjs';
import { documentText, nestedArrays, nestedObjects, rectilinear, regular, validText, DEPTH } from './document-text.mjs';

const entries = badInputs();
const utf8 = (text) => new TextEncoder().encode(text);
const gc = () => globalThis.gc?.();

// Past this size a document is checked once, as bytes, in the default mode:
// each of the 100 MB ones takes seconds a call. (The Catch2 and CLI suites
// leave them to this one, which checks them in WebAssembly's memory.)
const LARGE = 2 ** 20;

// A known-good query, answered exactly.
function assertModuleWorks() {
  const grid = ChunkGrid.fromMetadata(validText);
  try {
    assert.deepEqual(grid.locate([20, 15]), { chunk: [1, 0], offset: [4, 15] });
    assert.deepEqual(grid.chunkShape([0, 1]), [16, 14]);
    assert.equal(grid.toJSONText(), '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[16,10],[24,14]]}}');
  } finally {
    grid.dispose();
  }
  assert.deepEqual(validateMetadata(validText), { valid: true, errors: [], warnings: [] });
}

function thrown(fn) {
  try {
    const value = fn();
    value?.dispose?.();
  } catch (error) {
    return error;
  }
  return undefined;
}

const found = (problems) => problems.map(({ path, code }) => ({ pointer: path, code }));
const wanted = (errors) => errors.map(({ pointer, code }) => ({ pointer, code }));

// Every message says what was found, and (unless the JSON parser's reason
// follows) what was expected; a syntax error, at which byte (its
// byteOffset); and each holds what the catalogue asks of it.
function assertMessages(problems, errors) {
  problems.forEach(({ message, code, byteOffset }, i) => {
    assert.ok(message.startsWith('found ') && message.length < 1000, `a short message saying what was found: ${message}`);
    if (code !== 'SYNTAX' && code !== 'ENCODING') assert.match(message, /expected/);
    if (code === 'SYNTAX') assert.ok(Number.isInteger(byteOffset) && message.includes(`byte ${byteOffset}`), `byteOffset ${byteOffset}: ${message}`);
    for (const part of errors[i].message_contains ?? []) assert.ok(message.includes(part), `${JSON.stringify(part)} in ${message}`);
  });
}

function check(entry, input, strict) {
  const opts = strict ? { strict: true } : {};
  const errors = entry.errorsIn(strict);
  let report;
  assert.doesNotThrow(() => {
    report = validateMetadata(input, opts);
  }, 'validateMetadata never throws');
  const error = thrown(() => ChunkGrid.fromMetadata(input, opts));
  if (errors.length === 0) {
    // Read by default, with a warning: the writers' ledger.
    assert.equal(report.valid, true, JSON.stringify(report.errors));
    assert.ok(report.warnings.length > 0, 'a warning says what was read');
    assert.equal(error, undefined, `fromMetadata reads it: ${error?.message}`);
    return;
  }
  if (entry.refuses('validateMetadata')) {
    assert.equal(report.valid, false);
    assert.deepEqual(found(report.errors), wanted(errors));
    assertMessages(report.errors, errors);
  } else {
    assert.equal(report.valid, true, JSON.stringify(report.errors));
  }
  const grid = errors.filter((e) => inShapeOrChunkGrid(e.pointer));
  if (entry.refuses('fromMetadata')) {
    assert.ok(error instanceof GridError, `fromMetadata throws a GridError, not ${error?.constructor?.name}: ${error?.message}`);
    assert.deepEqual(found(error.errors), wanted(grid));
    assert.deepEqual([error.path, error.code], [grid[0].pointer, grid[0].code]);
    assertMessages(error.errors, grid);
    const messages = report.errors.filter((p) => inShapeOrChunkGrid(p.path)).map((p) => p.message);
    assert.deepEqual(error.errors.map((p) => p.message), messages, "the same messages as validateMetadata's");
  } else {
    // fromMetadata reads only shape and chunk_grid: a problem elsewhere is
    // validateMetadata's business.
    assert.equal(error, undefined, `fromMetadata accepts: ${error?.message}`);
  }
}

test(`the catalogue holds at least 500 distinct bad inputs (it holds ${entries.length})`, () => {
  assert.ok(entries.length >= 500);
  assert.equal(new Set(entries.map((e) => e.name)).size, entries.length, 'names are distinct');
  const documents = entries.filter((e) => e.byteLength <= LARGE).map((e) => Buffer.from(e.bytes()).toString('latin1'));
  assert.equal(new Set(documents).size, documents.length, 'documents are distinct');
  for (const e of entries) {
    assert.ok(e.errors.length + (e.strict_errors?.length ?? 0) > 0 && e.refused_by.length > 0, `${e.name}: refused somewhere`);
  }
});

for (const entry of entries) {
  test(`bad input: ${entry.name} (${entry.file})`, (t) => {
    const started = performance.now();
    const large = entry.byteLength > LARGE;
    const inputs = entry.isText && !large ? [entry.text(), entry.bytes()] : [entry.bytes()];
    for (const input of inputs) {
      for (const strict of large ? [false] : [false, true]) {
        check(entry, input, strict);
      }
    }
    if (large) {
      inputs.length = 0;
      gc();
      t.diagnostic(`${entry.name}: ${(performance.now() - started).toFixed(0)} ms`);
    }
    assertModuleWorks();
  });
}

for (const { name, input, path } of badArguments()) {
  test(`bad argument: ${name} -> ${path === '' ? '""' : path}`, () => {
    const report = validateMetadata(input);
    assert.equal(report.valid, false);
    assert.equal(report.errors[0].path, path);
    for (const { message } of report.errors) assert.ok(message.length > 0 && message.length < 1000, message);
    const error = thrown(() => ChunkGrid.fromMetadata(input));
    assert.ok(error instanceof GridError, `fromMetadata throws a GridError, not ${error?.constructor?.name}: ${error?.message}`);
    assert.equal(error.path, path);
    assert.ok(report.errors.some((e) => e.path === error.path && e.message === error.message));
    assertModuleWorks();
  });
}


// ---------------------------------------------------------------------------
// Valid and large is not hostile.
// ---------------------------------------------------------------------------

const U64_MAX = 2n ** 64n - 1n;
const bigDocument = (shape, chunkGrid) => documentText({ shape, chunk_grid: chunkGrid });

// `warnings`: the paths of the warnings expected (an unknown data type, say).
function accepted(input, opts = {}, warnings = []) {
  const report = validateMetadata(input, opts);
  assert.deepEqual({ ...report, warnings: report.warnings.map((w) => w.path) }, { valid: true, errors: [], warnings });
  return ChunkGrid.fromMetadata(input, opts);
}

test('valid: a length of 2^64 - 1 with edges 2^63 and 2^63 - 1, exactly (text and bytes)', () => {
  const text = bigDocument(`[${U64_MAX}]`, rectilinear({ chunkShapes: `[[${2n ** 63n},${2n ** 63n - 1n}]]` }));
  for (const input of [text, utf8(text)]) {
    const grid = accepted(input);
    assert.deepEqual(grid.shape, [U64_MAX]);
    assert.deepEqual(grid.gridShape, [2]);
    assert.deepEqual(grid.runs(0), [{ size: 2n ** 63n, count: 1 }, { size: 2n ** 63n - 1n, count: 1 }]);
    assert.equal(grid.toJSONText(), `{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[${2n ** 63n},${2n ** 63n - 1n}]]}}`);
    assert.deepEqual(grid.locate([U64_MAX - 1n]), { chunk: [1n], offset: [2n ** 63n - 2n] });
    assert.deepEqual(grid.locate([2n ** 63n - 1n]), { chunk: [0n], offset: [2n ** 63n - 1n] });
    assert.deepEqual(grid.chunkOrigin([1n]), [2n ** 63n]);
    assert.deepEqual(grid.chunkDataShape([1n]), [2n ** 63n - 1n]);
    assert.throws(() => grid.locate([U64_MAX]), RangeError);
    grid.dispose();
  }
});

test('valid: an integer step of 2^64 - 1 on an axis of 2^64 - 1', () => {
  const grid = accepted(bigDocument(`[${U64_MAX},1]`, rectilinear({ chunkShapes: `[${U64_MAX},1]` })));
  assert.deepEqual(grid.shape, [U64_MAX, 1]);
  assert.deepEqual(grid.gridShape, [1, 1]);
  assert.equal(grid.isRegular, true);
  assert.deepEqual(grid.locate([U64_MAX - 1n, 0n]), { chunk: [0n, 0n], offset: [U64_MAX - 1n, 0n] });
  assert.deepEqual(grid.toRegularJSON(), { name: 'regular', configuration: { chunk_shape: [U64_MAX, 1] } });
  grid.dispose();
});

test('valid: 2^53 as a regular length and chunk length (a bigint out: above 2^53 - 1)', () => {
  const grid = accepted(bigDocument(`[${2 ** 53}]`, regular(`[${2 ** 53}]`)));
  assert.deepEqual(grid.shape, [2n ** 53n]);
  assert.deepEqual(grid.gridShape, [1]);
  assert.deepEqual(grid.locate([2n ** 53n - 1n]), { chunk: [0n], offset: [2n ** 53n - 1n] });
  assert.deepEqual(grid.locate([2 ** 53 - 1]), { chunk: [0], offset: [2 ** 53 - 1] });
  grid.dispose();
});

test('valid: 2^63 unit chunks in one run, never expanded', () => {
  const grid = accepted(bigDocument(`[${2n ** 63n}]`, rectilinear({ chunkShapes: `[[[1,${2n ** 63n}]]]` })));
  assert.deepEqual(grid.declaredGridShape, [2n ** 63n]);
  assert.equal(grid.numChunks, 2n ** 63n);
  assert.deepEqual(grid.runs(0), [{ size: 1, count: 2n ** 63n }]);
  assert.deepEqual(grid.locate([2n ** 63n - 1n]), { chunk: [2n ** 63n - 1n], offset: [0n] });
  assert.throws(() => grid.edges(0), RangeError);
  assert.equal(grid.toJSONText(), `{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[[1,${2n ** 63n}]]]}}`);
  grid.dispose();
});

test('valid: uint64 values as bigints in an object, and a fill_value of 2^64 - 1', () => {
  const doc = JSON.parse(validText);
  doc.shape = [U64_MAX, 2n ** 63n];
  doc.chunk_grid = { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[[2n ** 63n, 1], 2n ** 63n - 1n], 2n ** 53n] } };
  doc.data_type = 'uint64';
  doc.fill_value = U64_MAX;
  const grid = accepted(doc);
  assert.deepEqual(grid.shape, [U64_MAX, 2n ** 63n]);
  assert.deepEqual(grid.gridShape, [2, 1024]);
  assert.deepEqual(grid.locate([U64_MAX - 1n, 2n ** 63n - 1n]), { chunk: [1n, 2n ** 10n - 1n], offset: [2n ** 63n - 2n, 2n ** 53n - 1n] });
  grid.dispose();
  assert.equal(validateMetadata(documentText({ data_type: '"uint64"', fill_value: String(U64_MAX) })).valid, true);
  assert.equal(validateMetadata(documentText({ data_type: '"uint64"', fill_value: String(U64_MAX + 1n) })).valid, false);
});

test('valid: 10^7 tiny runs (alternating edges 1 and 2), exactly and without a crash', (t) => {
  const started = performance.now();
  const n = 10_000_000;
  const edges = `[${'1,2,'.repeat(n / 2).slice(0, -1)}]`;
  const length = 1.5 * n;
  const text = bigDocument(`[${length}]`, rectilinear({ chunkShapes: `[${edges}]` }));
  const grid = accepted(text);
  assert.deepEqual(grid.declaredGridShape, [n]);
  assert.deepEqual(grid.gridShape, [n]);
  assert.deepEqual(grid.locate([length - 1]), { chunk: [n - 1], offset: [1] });
  assert.deepEqual(grid.locate([4]), { chunk: [3], offset: [0] });
  assert.deepEqual(grid.locate([7_500_001]), { chunk: [5_000_001], offset: [0] });
  assert.deepEqual(grid.locate([7_500_002]), { chunk: [5_000_001], offset: [1] });
  const expanded = grid.edges(0);
  assert.equal(expanded.length, n);
  assert.deepEqual([expanded[0], expanded[1], expanded[n - 2], expanded[n - 1]], [1, 2, 1, 2]);
  // Canonical text: alternating edges have no shorter form.
  assert.equal(grid.toJSONText(), `{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[${edges}]}}`);
  const { chunks, offsets } = grid.locateAxis(0, new Float64Array([0, 1, 2, 3, length - 2]));
  assert.deepEqual(Array.from(chunks), [0, 1, 1, 2, n - 1]);
  assert.deepEqual(Array.from(offsets), [0, 0, 1, 0, 0]);
  grid.dispose();
  gc();
  t.diagnostic(`10^7 runs: ${(performance.now() - started).toFixed(0)} ms`);
  assertModuleWorks();
});

// The most runs a document within the size limit can declare: 128 MiB of
// alternating edges 1 and 2, one run per two bytes, about 2.1 GB once read
// (32 bytes per run) and about 2.4 GB while reading, within WebAssembly's
// 4 GiB; and lookups into memory past 2 GiB work.
test('valid: a 128 MiB document of 67 million runs is read without running out of memory', (t) => {
  const started = performance.now();
  const head = '{"shape":[SHAPE],"chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[';
  const tail = ']]}}}';
  let n = Math.floor((2 ** 27 - head.length - 20 - tail.length) / 2);
  n -= n % 2;
  const length = 1.5 * n;
  const start = new TextEncoder().encode(head.replace('SHAPE', String(length)));
  const bytes = new Uint8Array(start.length + 2 * n - 1 + tail.length);
  bytes.set(start);
  const pair = new TextEncoder().encode('1,2,');
  for (let at = start.length; at < start.length + 2 * n; at += 4) bytes.set(pair, at);
  bytes.set(new TextEncoder().encode(tail), start.length + 2 * n - 1);
  assert.ok(bytes.length <= 2 ** 27);
  const grid = ChunkGrid.fromMetadata(bytes);
  try {
    assert.deepEqual(grid.gridShape, [n]);
    const indices = new Float64Array(8_000_000).map((_, i) => (i * 3) % length);
    indices[1] = 2;
    indices[2] = length - 1;
    // Edges 1, 2 repeat every 3 elements: x = 3q + r lies in chunk 2q (r = 0)
    // or 2q + 1 (at offset r - 1).
    const check = ({ chunks, offsets }) => {
      for (const i of [0, 1, 2, 3, 4_000_001, 7_999_999]) {
        const q = Math.floor(indices[i] / 3), r = indices[i] % 3;
        assert.deepEqual([chunks[i], offsets[i]], r === 0 ? [2 * q, 0] : [2 * q + 1, r - 1], `row ${i}`);
      }
    };
    check(grid.locateMany(indices));
    // Batches of 8 million rows (192 MB each) until one lies past 2 GiB,
    // where addresses no longer fit an int32.
    const batches = [];
    try {
      while (batches.length < 8 && !(batches.at(-1)?.indices.byteOffset >= 2 ** 31)) batches.push(grid.locateBatch(8_000_000));
      const batch = batches.at(-1);
      assert.ok(batch.indices.byteOffset >= 2 ** 31, `batch at ${batch.indices.byteOffset}`);
      batch.indices.set(indices);
      check(batch.locate());
    } finally {
      for (const batch of batches) batch.dispose();
    }
  } finally {
    grid.dispose();
  }
  t.diagnostic(`${n} runs: ${(performance.now() - started).toFixed(0)} ms`);
  assertModuleWorks();
});

// 128 MiB of tiny values outside chunk_shapes: more JSON values than a
// document tree may hold. fromMetadata needs only shape and chunk_grid and
// keeps nothing else, so it reads the grid; validateMetadata, which reads
// the whole document, refuses it with a clear error. Neither runs out of
// memory, and the module keeps working.
test('128 MiB of values in attributes: fromMetadata reads the grid, validateMetadata refuses at the value limit', () => {
  const head = documentText({ shape: '[4]', chunk_grid: regular('[2]'), attributes: null }).slice(0, -1) + ',"attributes":{"a":[';
  const tail = ']}}';
  const n = Math.floor((2 ** 27 - head.length - tail.length) / 2);
  const bytes = new Uint8Array(head.length + 2 * n - 1 + tail.length);
  bytes.set(utf8(head));
  for (let at = head.length; at < head.length + 2 * n; at += 2) bytes.set([49, 44], at);
  bytes.set(utf8(tail), head.length + 2 * n - 1);
  assert.ok(bytes.length <= 2 ** 27);
  const grid = ChunkGrid.fromMetadata(bytes);
  assert.deepEqual(grid.gridShape, [2]);
  grid.dispose();
  const report = validateMetadata(bytes);
  assert.equal(report.valid, false);
  assert.equal(report.errors.length, 1);
  assert.equal(report.errors[0].path, '');
  assert.match(report.errors[0].message, /^found more than 33554432 JSON values .*; expected at most 33554432$/);
  gc();
  assertModuleWorks();
});

test('valid: 10^7 run items [[1, 1], [2, 1], ...] in run form', () => {
  const n = 10_000_000;
  const items = `[${'[1,1],[2,1],'.repeat(n / 2).slice(0, -1)}]`;
  const grid = accepted(bigDocument(`[${1.5 * n}]`, rectilinear({ chunkShapes: `[${items}]` })));
  assert.deepEqual(grid.declaredGridShape, [n]);
  assert.deepEqual(grid.locate([1.5 * n - 1]), { chunk: [n - 1], offset: [1] });
  grid.dispose();
  gc();
  assertModuleWorks();
});

for (const [where, field] of [['attributes', 'attributes'], ['fill_value', 'fill_value'], ['a codec configuration', 'codecs']]) {
  test(`valid: 100,000 levels of nesting inside ${where} are accepted (text, bytes, object)`, () => {
    const arrays = nestedArrays('1');
    const objects = nestedObjects('{"b":[]}');
    const value = (inner) => (field === 'attributes' ? `{"deep":${inner}}` : field === 'codecs' ? `[{"name":"bytes","configuration":{"endian":"little","x":${inner}}}]` : inner);
    // A fill value nested that deep is that of a data type this library does
    // not know (a warning): a known one's fill value is a number or short list.
    const extra = field === 'fill_value' ? { data_type: '"x.nested"' } : {};
    const warnings = field === 'fill_value' ? ['/data_type'] : [];
    for (const inner of [arrays, objects]) {
      const text = documentText({ ...extra, [field]: value(inner) });
      for (const input of [text, utf8(text)]) {
        const grid = accepted(input, {}, warnings);
        assert.deepEqual(grid.shape, [26, 38]);
        assert.deepEqual(grid.locate([20, 15]), { chunk: [1, 0], offset: [4, 15] });
        grid.dispose();
      }
    }
    if (field === 'attributes') {
      // The same as a JS object: nested 100,000 deep.
      let deep = 1;
      for (let i = 0; i < DEPTH; i++) deep = [deep];
      const doc = JSON.parse(validText);
      doc.attributes = { deep };
      const grid = accepted(doc);
      assert.deepEqual(grid.shape, [26, 38]);
      grid.dispose();
    }
    assertModuleWorks();
  });
}

test('lenient mode accepts a byte-order mark with a warning (the strict error above is not a crash)', () => {
  const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(validText)]);
  const report = validateMetadata(bytes, { lenient: true });
  assert.equal(report.valid, true);
  assert.deepEqual(report.warnings.map((w) => w.path), ['']);
  ChunkGrid.fromMetadata(bytes, { lenient: true }).dispose();
});

// ---------------------------------------------------------------------------
// Hostile but small: the work must stay near-linear in the input. A
// duplicate key is reported with its JSON Pointer, whose length grows with
// its depth; building that pointer, or reporting many of them, must not
// cost time quadratic (or worse) in the document's size.
// ---------------------------------------------------------------------------

const LIMIT_MS = 2000; // a linear pass over these documents takes milliseconds

function timed(fn) {
  const started = performance.now();
  const value = fn();
  return { value, ms: performance.now() - started };
}

test('one duplicate key under 300,000 levels of nesting is reported quickly (a 600 KB document)', { timeout: 120_000 }, () => {
  const text = documentText({ attributes: `{"x":${'['.repeat(300_000)}{"a":1,"a":2}${']'.repeat(300_000)}}` });
  const { value: report, ms } = timed(() => validateMetadata(text));
  assert.equal(report.valid, false);
  assert.equal(report.errors.length, 1);
  assert.equal(report.errors[0].path, `/attributes/x${'/0'.repeat(300_000)}/a`);
  assert.ok(ms < LIMIT_MS, `validateMetadata took ${ms.toFixed(0)} ms for ${text.length} bytes`);
  const { ms: readMs } = timed(() => ChunkGrid.fromMetadata(text).dispose());
  assert.ok(readMs < LIMIT_MS, `fromMetadata took ${readMs.toFixed(0)} ms for ${text.length} bytes, though attributes are not its business`);
  assertModuleWorks();
});

test('5,000 nested objects that each repeat a key are reported quickly (a 90 KB document)', { timeout: 120_000 }, () => {
  const depth = 5000;
  const text = documentText({ attributes: `${'{"a":0,"a":0,"b":'.repeat(depth)}0${'}'.repeat(depth)}` });
  const { value: report, ms } = timed(() => validateMetadata(text));
  assert.equal(report.valid, false);
  assert.equal(report.errors[0].path, '/attributes/a');
  const pathBytes = report.errors.reduce((n, e) => n + e.path.length, 0);
  assert.ok(ms < LIMIT_MS, `validateMetadata took ${ms.toFixed(0)} ms for ${text.length} bytes (${report.errors.length} errors, ${(pathBytes / 1e6).toFixed(1)} MB of paths)`);
  const { ms: readMs } = timed(() => ChunkGrid.fromMetadata(text).dispose());
  assert.ok(readMs < LIMIT_MS, `fromMetadata took ${readMs.toFixed(0)} ms for ${text.length} bytes`);
  assertModuleWorks();
});

test('20,000 nested objects that each repeat a key (a 360 KB document): the report stays small and quick', { timeout: 300_000 }, () => {
  // Every repeated key is a problem, and its pointer grows with its depth:
  // reporting them all is quadratic in the input (here 400 MB of paths; an
  // 810 KB document of this shape runs the 4 GiB heap out). The report must
  // stay proportional to the input, e.g. by capping the problems listed.
  const depth = 20_000;
  const text = documentText({ attributes: `${'{"a":0,"a":0,"b":'.repeat(depth)}0${'}'.repeat(depth)}` });
  const { value: report, ms } = timed(() => validateMetadata(text));
  assert.equal(report.valid, false);
  assert.equal(report.errors[0].path, '/attributes/a');
  const reportBytes = report.errors.reduce((n, e) => n + e.path.length + e.message.length, 0);
  assert.ok(reportBytes <= 16 * 2 ** 20, `the report holds ${(reportBytes / 2 ** 20).toFixed(0)} MiB for a ${(text.length / 1024).toFixed(0)} KiB document`);
  assert.ok(ms < LIMIT_MS, `validateMetadata took ${ms.toFixed(0)} ms`);
  const { ms: readMs } = timed(() => ChunkGrid.fromMetadata(text).dispose());
  assert.ok(readMs < LIMIT_MS, `fromMetadata took ${readMs.toFixed(0)} ms, though attributes are not its business`);
  assertModuleWorks();
});
