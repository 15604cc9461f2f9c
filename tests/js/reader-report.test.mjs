// readerReport: for one document, what each known reader does with it, and
// the JSON Pointer that decides it. Each document is built to give one
// verdict of one reader; the facts are js/tools/reader-facts.js's.
import test from 'node:test';
import assert from 'node:assert/strict';
import { GridError } from 'zarr-rectilinear';
import { READERS, readerReport } from 'zarr-rectilinear/tools';
import { arrayDocument, documentText, rectilinear, regular } from './support.mjs';

const GRID_NAME = '/chunk_grid/name';
const AXES = '/chunk_grid/configuration/chunk_shapes';

// The verdict of the reader whose name and versions start as given.
function verdict(report, reader, versions = '') {
  const found = report.filter((r) => r.reader === reader && r.versions.startsWith(versions));
  assert.equal(found.length, 1, `one entry for ${reader} ${versions}`);
  return found[0];
}

const sharded = (doc, inner) => ({
  ...doc,
  codecs: [{ name: 'sharding_indexed', configuration: { chunk_shape: inner, codecs: [{ name: 'bytes', configuration: { endian: 'little' } }], index_codecs: [{ name: 'bytes', configuration: { endian: 'little' } }] } }],
});

test('every reader reads a plain regular grid, at the grid name', () => {
  const report = readerReport(arrayDocument([100, 40], regular([10, 40])));
  assert.equal(report.length, READERS.length);
  for (const r of report) {
    assert.equal(r.verdict, 'reads', `${r.reader} ${r.versions}`);
    assert.equal(r.pointer, GRID_NAME);
    assert.ok(r.source.startsWith('https://') && /^\d{4}-\d{2}-\d{2}$/.test(r.checked));
  }
});

test('a rectilinear grid: each reader and version range as the facts say', () => {
  const report = readerReport(arrayDocument([30, 40], rectilinear([[10, 20], [[10, 4]]])));
  const expect = [
    ['zarr-python', 'before', 'refuses'], ['zarr-python', '3.2', 'reads-with-setting'],
    ['zarrs', 'before', 'refuses'], ['zarrs', '0.23.8', 'reads'], ['zarrita.js', '', 'refuses'],
    ['icechunk', 'repositories in format version 1', 'refuses'], ['icechunk', 'later', 'reads'],
    ['Zarr.jl', 'released', 'refuses'], ['Zarr.jl', 'pull request', 'reads'],
    ['tensorstore', '', 'refuses'], ['neuroglancer', '', 'refuses'],
  ];
  for (const [reader, versions, expected] of expect) {
    const r = verdict(report, reader, versions);
    assert.equal(r.verdict, expected, `${reader} ${versions}`);
    assert.equal(r.pointer, GRID_NAME);
  }
  const setting = verdict(report, 'zarr-python', '3.2');
  assert.equal(setting.setting, 'array.rectilinear_chunks');
  assert.equal(verdict(report, 'zarr-python', 'before').setting, undefined);
});

test('icechunk refuses an axis written as a bare integer, at that axis', () => {
  const report = readerReport(arrayDocument([30, 40], rectilinear([[10, 20], 8])));
  assert.deepEqual(pick(verdict(report, 'icechunk', 'later')), { verdict: 'refuses', pointer: `${AXES}/1` });
  // A bare integer is what the others read.
  assert.equal(verdict(report, 'zarrs', '0.23.8').verdict, 'reads');
  assert.equal(verdict(report, 'Zarr.jl', 'pull request').verdict, 'reads', 'a step past the end is a regular axis');
});

const pick = ({ verdict: v, pointer }) => ({ verdict: v, pointer });

test('icechunk misreads an edge of 2^32 or more, at that edge; 2^32 - 1 it reads', () => {
  const at = readerReport(documentText('[4294967297,6]', '[[1,4294967296],[6]]'));
  assert.deepEqual(pick(verdict(at, 'icechunk', 'later')), { verdict: 'misreads', pointer: `${AXES}/0/1` });
  const run = readerReport(documentText('[17179869184,6]', '[[[4294967296,4]],[6]]'));
  assert.deepEqual(pick(verdict(run, 'icechunk', 'later')), { verdict: 'misreads', pointer: `${AXES}/0/0/0` });
  const below = readerReport(documentText('[4294967296,6]', '[[1,4294967295],[6]]'));
  assert.equal(verdict(below, 'icechunk', 'later').verdict, 'reads');
  // Past 2^53: read exactly from the text.
  const huge = readerReport(documentText('[18446744073709551615,6]', '[[18446744073709551615],[6]]'));
  assert.deepEqual(pick(verdict(huge, 'icechunk', 'later')), { verdict: 'misreads', pointer: `${AXES}/0/0` });
});

// The root's lists are read into runs, which do not keep whether [V, 1] or
// V was written: such a run is pointed at whole, and so it is in a
// consolidated entry, where the list is read as written.
test('a document\'s pointers do not depend on where it is: a run of count 1, at the root and as a consolidated entry', () => {
  const text = documentText('[4294967296,6]', '[[[4294967296,1]],[6]]');
  const own = verdict(readerReport(text), 'icechunk', 'later');
  assert.deepEqual(pick(own), { verdict: 'misreads', pointer: `${AXES}/0/0` });
  const group = `{"zarr_format":3,"node_type":"group","attributes":{},"consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{"a":${text}}}}`;
  assert.deepEqual(pick(verdict(readerReport(group), 'icechunk', 'later')), { verdict: 'misreads', pointer: `/consolidated_metadata/metadata/a${own.pointer}` });
});

test('icechunk misreads a run count of 2^32 or more, at that count; written counts, not merged runs', () => {
  const report = readerReport(documentText('[4294967296,6]', '[[[1,4294967296]],[6]]'));
  assert.deepEqual(pick(verdict(report, 'icechunk', 'later')), { verdict: 'misreads', pointer: `${AXES}/0/0/1` });
  // Two runs of 2^31 that the grid merges into one of 2^32: each is read as written.
  const halves = readerReport(documentText('[4294967296,6]', '[[[1,2147483648],[1,2147483648]],[6]]'));
  assert.equal(verdict(halves, 'icechunk', 'later').verdict, 'reads');
});

test('Zarr.jl refuses an edge list that runs past the end, at that axis', () => {
  const report = readerReport(arrayDocument([30, 40], rectilinear([[10, 20], [30, 30]])));
  assert.deepEqual(pick(verdict(report, 'Zarr.jl', 'pull request')), { verdict: 'refuses', pointer: `${AXES}/1` });
  assert.equal(verdict(report, 'zarrs', '0.23.8').verdict, 'reads');
});

test('zarr-python: a sharded array whose inner chunks do not divide every shard edge is refused, at that edge', () => {
  const divides = readerReport(sharded(arrayDocument([30, 40], rectilinear([[10, 20], [[20, 2]]])), [10, 5]));
  assert.equal(verdict(divides, 'zarr-python', '3.2').verdict, 'reads-with-setting');
  const odd = readerReport(sharded(arrayDocument([30, 40], rectilinear([[10, 20], [[20, 2]]])), [4, 5]));
  for (const versions of ['before', '3.2']) {
    assert.deepEqual(pick(verdict(odd, 'zarr-python', versions)), { verdict: 'refuses', pointer: `${AXES}/0/0` });
  }
  // The rule is zarr-python's for a regular grid too.
  const regularOdd = readerReport(sharded(arrayDocument([30, 40], regular([10, 20])), [4, 5]));
  assert.deepEqual(pick(verdict(regularOdd, 'zarr-python', 'before')), { verdict: 'refuses', pointer: '/chunk_grid/configuration/chunk_shape/0' });
  assert.equal(verdict(regularOdd, 'zarrs', '0.23.8').verdict, 'reads');
});

test('a group: the consolidated array that fares worst decides, at its pointer', () => {
  const group = {
    zarr_format: 3, node_type: 'group', attributes: {},
    consolidated_metadata: {
      kind: 'inline', must_understand: false,
      metadata: { 'a/regular': arrayDocument([10], regular([5])), 'b': arrayDocument([30], rectilinear([[10, 20]])) },
    },
  };
  const report = readerReport(group);
  const r = verdict(report, 'zarrita.js');
  assert.equal(r.verdict, 'refuses');
  assert.equal(r.pointer, '/consolidated_metadata/metadata/b/chunk_grid/name');
  assert.match(r.reason, /^b: /);
  assert.equal(verdict(report, 'zarrs', '0.23.8').verdict, 'reads');
  const empty = readerReport({ zarr_format: 3, node_type: 'group', attributes: {} });
  assert.ok(empty.every((v) => v.verdict === 'reads' && v.pointer === '/node_type'));
});

test('text, bytes and objects give the same report', () => {
  const doc = arrayDocument([30, 40], rectilinear([[10, 20], 8]));
  const text = JSON.stringify(doc);
  assert.deepEqual(readerReport(text), readerReport(doc));
  assert.deepEqual(readerReport(new TextEncoder().encode(text)), readerReport(doc));
});

test('an invalid document gets no verdict: a GridError with every problem; the module keeps working', () => {
  assert.throws(() => readerReport(arrayDocument([30], rectilinear([[10, 10]]))), (e) => e instanceof GridError && e.code === 'SUM_BELOW_LENGTH');
  assert.throws(() => readerReport('{"zarr_format":3,'), (e) => e instanceof GridError && e.code === 'SYNTAX');
  assert.throws(() => readerReport(null), (e) => e instanceof GridError && e.code === 'WRONG_TYPE');
  assert.throws(() => readerReport(arrayDocument([2 ** 60], rectilinear([[10]]))), (e) => e instanceof GridError && e.code === 'UNSAFE_NUMBER');
  // Integral floats are read only leniently: strict rules decide.
  assert.throws(() => readerReport(documentText('[30]', '[[10.0,20]]')), GridError);
  assert.equal(readerReport(arrayDocument([30], rectilinear([[10, 20]]))).length, READERS.length);
});

test('a member of the rectilinear configuration this package refuses: who misreads, who refuses, who is unchecked', () => {
  const grid = { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[5, 5]], encoded_chunk_shapes: [200] } };
  const member = '/chunk_grid/configuration/encoded_chunk_shapes';
  const report = readerReport(arrayDocument([10], grid));
  assert.equal(report.length, READERS.length);
  // zarr-python and zarrs ignore the member, and read each chunk as its declared shape.
  assert.deepEqual(pick(verdict(report, 'zarr-python', '3.2')), { verdict: 'misreads', pointer: member });
  assert.deepEqual(pick(verdict(report, 'zarrs', '0.23.8')), { verdict: 'misreads', pointer: member });
  // Those that refuse rectilinear grids refuse this one.
  assert.deepEqual(pick(verdict(report, 'zarrita.js')), { verdict: 'refuses', pointer: GRID_NAME });
  assert.deepEqual(pick(verdict(report, 'zarr-python', 'before')), { verdict: 'refuses', pointer: GRID_NAME });
  // Of the others, nothing is claimed.
  assert.deepEqual(pick(verdict(report, 'icechunk', 'later')), { verdict: 'unchecked', pointer: member });
  // In a group's consolidated entry, the pointers are the entry's.
  const entry = '/consolidated_metadata/metadata/a';
  const group = JSON.stringify({
    zarr_format: 3, node_type: 'group', attributes: {},
    consolidated_metadata: { kind: 'inline', must_understand: false, metadata: { a: arrayDocument([10], grid) } },
  });
  assert.deepEqual(pick(verdict(readerReport(group), 'zarrs', '0.23.8')), { verdict: 'misreads', pointer: `${entry}${member}` });
  assert.deepEqual(pick(verdict(readerReport(group), 'tensorstore')), { verdict: 'refuses', pointer: `${entry}${GRID_NAME}` });
  // Another error beside it: no verdict.
  assert.throws(() => readerReport(arrayDocument([30], { ...grid, configuration: { ...grid.configuration, chunk_shapes: [[5]] } })), GridError);
});

test('{strict: false}: a document valid with ledger warnings is judged as read, each entry as meant', () => {
  // An edge written 4294967296.0 is the edge 2^32, which icechunk misreads, at its place.
  const text = documentText('[4294967297,6]', '[[1,4294967296.0],[6]]');
  assert.throws(() => readerReport(text), GridError, 'strict by default');
  const asRead = readerReport(text, { strict: false });
  assert.deepEqual(pick(verdict(asRead, 'icechunk', 'later')), { verdict: 'misreads', pointer: `${AXES}/0/1` });
  assert.deepEqual(readerReport(text, { lenient: true }), asRead);
  assert.deepEqual(asRead, readerReport(documentText('[4294967297,6]', '[[1,4294967296],[6]]')));
  // Still no verdict for what is not valid either way, and options are checked.
  assert.throws(() => readerReport(documentText('[30]', '[[10.5,20]]'), { strict: false }), GridError);
  assert.throws(() => readerReport(text, { strict: 'no' }), TypeError);
});

test('the facts: every entry has a source, a date, and rules that name known conditions and verdicts', () => {
  const conditions = new Set(['rectilinear', 'integer-axis', 'edges-past-end', 'edge-at-least', 'count-at-least', 'shard-edge-not-divided',
    'data-type-not-in', 'codec-not-in', 'codec-in', 'unknown-grid-member']);
  for (const entry of READERS) {
    assert.ok(entry.source.startsWith('https://'), entry.reader);
    assert.match(entry.checked, /^\d{4}-\d{2}-\d{2}$/);
    for (const rule of entry.rules) {
      assert.ok(conditions.has(rule.when), rule.when);
      assert.ok(['reads-with-setting', 'refuses', 'misreads'].includes(rule.verdict));
      assert.equal(rule.verdict === 'reads-with-setting', typeof rule.setting === 'string');
      assert.equal(rule.when.endsWith('-in'), Array.isArray(rule.names), `${rule.when} lists names`);
    }
  }
  assert.ok(Object.isFrozen(READERS));
});

test('zarrita.js refuses a data type or a codec it lacks, at its name, before the grid', () => {
  for (const [type, fill] of [['complex64', [0, 0]], ['complex128', [0, 0]], ['r16', [0, 0]]]) {
    const doc = { ...arrayDocument([100, 40], regular([10, 40])), data_type: type, fill_value: fill };
    const r = verdict(readerReport(doc), 'zarrita.js');
    assert.deepEqual([r.verdict, r.pointer], ['refuses', '/data_type'], type);
    assert.match(r.reason, /Unknown or unsupported dataType/);
  }
  // The extension-point form names the type too.
  const named = { ...arrayDocument([100, 40], regular([10, 40])), data_type: { name: 'complex64' }, fill_value: [0, 0] };
  assert.equal(verdict(readerReport(named), 'zarrita.js').pointer, '/data_type/name');
  // A sharding codec's own codecs count.
  const bz2 = sharded(arrayDocument([100, 40], regular([10, 40])), [5, 40]);
  bz2.codecs[0].configuration.codecs.push({ name: 'numcodecs.bz2', configuration: { level: 1 } });
  const r = verdict(readerReport(bz2), 'zarrita.js');
  assert.deepEqual([r.verdict, r.pointer], ['refuses', '/codecs/0/configuration/codecs/1/name']);
  assert.equal(verdict(readerReport(arrayDocument([100, 40], regular([10, 40]))), 'zarrita.js').verdict, 'reads');
});
