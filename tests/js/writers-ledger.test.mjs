// The writers' ledger (docs/writers-ledger.md) through the built package:
// each entry reads by default as its writers meant, with a warning at its
// pointer naming the entry and its writers; {strict: true} makes each an
// error; what no writer is known to write stays an error.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, GridError, readMetadata, validateMetadata } from 'zarr-rectilinear';

const BYTES_LE = '[{"name":"bytes","configuration":{"endian":"little"}}]';
// An array document as text, members replaced by raw JSON.
function arrayText({ shape = '[4,6]', dataType = '"float32"', grid = '{"name":"regular","configuration":{"chunk_shape":[2,3]}}',
  fill = '0', codecs = BYTES_LE, extra = '' } = {}) {
  return `{"zarr_format":3,"node_type":"array","shape":${shape},"data_type":${dataType},"chunk_grid":${grid},` +
    `"chunk_key_encoding":{"name":"default"},"fill_value":${fill},"codecs":${codecs}${extra}}`;
}
const rectilinear = (shapes) => `{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":${shapes}}}`;

// The documents with one entry each: [id, text, pointer, pointer with strict].
const ENTRIES = [
  ['dimension-names-null', arrayText({ extra: ',"dimension_names":null,"storage_transformers":[]' }), '/dimension_names'],
  ['consolidated-metadata-null', '{"zarr_format":3,"node_type":"group","attributes":{},"consolidated_metadata":null}', '/consolidated_metadata'],
  ['non-finite-tokens', arrayText({ extra: ',"attributes":{"missing":NaN}' }), '/attributes/missing'],
  ['integral-float-edge', arrayText({ grid: rectilinear('[2,[3,3.0]]') }), '/chunk_grid/configuration/chunk_shapes/1/1'],
  ['true-as-one', arrayText({ grid: rectilinear('[true,3]') }), '/chunk_grid/configuration/chunk_shapes/0'],
    // Read as a whole grid; refused list by list.
  ['regular-edge-lists', arrayText({ grid: '{"name":"regular","configuration":{"chunk_shape":[2,[1,5]]}}' }), '/chunk_grid/configuration/chunk_shape',
    '/chunk_grid/configuration/chunk_shape/1'],
  ['zero-chunk-size', arrayText({ shape: '[0,6]', grid: '{"name":"regular","configuration":{"chunk_shape":[0,3]}}' }), '/chunk_grid/configuration/chunk_shape/0'],
  ['fill-value-spelled', arrayText({ dataType: '"int32"', fill: '"42"' }), '/fill_value'],
  ['bare-codec-names', arrayText({ dataType: '"uint8"', codecs: '["bytes"]' }), '/codecs/0'],
  ['zarrita-empty-codecs', arrayText({ codecs: '[]' }), '/codecs'],
  ['zarrita-null-fill-value', arrayText({ fill: 'null' }), '/fill_value'],
  ['byte-order-mark', `\uFEFF${arrayText()}`, ''],
];

for (const [id, text, pointer, strictPointer = pointer] of ENTRIES) {
  test(`${id}: valid with a warning by default (lenient too), an error with strict`, () => {
    for (const opts of [undefined, {}, { lenient: true }]) {
      const report = validateMetadata(text, opts);
      assert.equal(report.valid, true, JSON.stringify(report.errors));
      assert.deepEqual(report.warnings.map((w) => w.path), [pointer]);
      assert.match(report.warnings[0].message, new RegExp(`writers' ledger: ${id}, written by \\S`));
      const read = readMetadata(text, opts);
      assert.equal(read.valid, true);
      assert.deepEqual(read.warnings.map((w) => w.path), [pointer]);
      read.grid?.dispose();
    }
    for (const opts of [{ strict: true }, { strict: true, lenient: true }]) {
      const report = validateMetadata(text, opts);
      assert.equal(report.valid, false);
      assert.deepEqual(report.errors.map((e) => e.path), [strictPointer]);
      assert.match(report.errors[0].message, new RegExp(`^found .*; expected .*\\(strict; writers' ledger: ${id}, written by `));
      assert.deepEqual(report.warnings, []);
      assert.equal(readMetadata(text, opts).valid, false);
    }
  });
}

test('each entry reads as its writers meant', () => {
  const values = (extra) => readMetadata(arrayText(extra));
  const nonFinite = readMetadata(arrayText({ extra: ',"attributes":{"a":NaN,"b":[Infinity,-Infinity],"c":"NaN"}' }));
  assert.ok(Number.isNaN(nonFinite.attributes.a));
  assert.deepEqual(nonFinite.attributes.b, [Infinity, -Infinity]);
  assert.equal(nonFinite.attributes.c, 'NaN');
  assert.equal(nonFinite.warnings[0].code, 'NONCONFORMANT');
  assert.equal(values({ extra: ',"dimension_names":null' }).dimensionNames, null);
  assert.equal(values({ dataType: '"int32"', fill: '"42"' }).fillValue, 42);
  assert.equal(values({ dataType: '"int32"', fill: '0.0' }).fillValue, 0);
  assert.equal(values({ dataType: '"int8"', fill: '"-3"' }).fillValue, -3);
  assert.equal(values({ fill: '"3.14"' }).fillValue, 3.14);
  assert.equal(values({ fill: 'null' }).fillValue, 0);
  assert.equal(values({ dataType: '"bool"', fill: 'null', codecs: '[{"name":"bytes"}]' }).fillValue, false);
  assert.deepEqual(values({ dataType: '"uint8"', codecs: '["bytes","crc32c"]' }).codecs, [{ name: 'bytes' }, { name: 'crc32c' }]);
  assert.deepEqual(values({ codecs: '[]' }).codecs, [{ name: 'bytes', configuration: { endian: 'little' } }]);
  const grid = (shapes, shape = '[4,6]') => readMetadata(arrayText({ shape, grid: rectilinear(shapes) })).grid;
  assert.deepEqual(grid('[2,[3,3.0]]').toJSON(), ChunkGrid.fromChunkShapes([4, 6], [2, [3, 3]]).toJSON());
  assert.deepEqual(grid('[true,[true,5]]').toJSON(), ChunkGrid.fromChunkShapes([4, 6], [1, [1, 5]]).toJSON());
  const regularLists = readMetadata(arrayText({ grid: '{"name":"regular","configuration":{"chunk_shape":[2,[1,5]]}}' }));
  assert.deepEqual(regularLists.grid.toJSON(), ChunkGrid.fromChunkShapes([4, 6], [2, [1, 5]]).toJSON());
  const zero = readMetadata(arrayText({ shape: '[0,6]', grid: '{"name":"regular","configuration":{"chunk_shape":[false,3]}}' }));
  assert.deepEqual(zero.grid.shape, [0, 6]);
  assert.equal(zero.grid.isRegular, true);
});

test('ChunkGrid.fromMetadata reads grid entries by default, and refuses them with strict', () => {
  for (const shapes of ['[2,[3,3.0]]', '[true,3]']) {
    const text = arrayText({ grid: rectilinear(shapes) });
    const grid = ChunkGrid.fromMetadata(text);
    assert.equal(grid.warnings.length, 1);
    assert.match(grid.warnings[0].message, /writers' ledger/);
    assert.throws(() => ChunkGrid.fromMetadata(text, { strict: true }), (e) => e instanceof GridError && /strict; writers' ledger/.test(e.message));
  }
});

test('what no writer is known to write stays an error, with the messages of before', () => {
  const refused = (text, path, message) => {
    const report = validateMetadata(text);
    assert.equal(report.valid, false, text);
    assert.ok(report.errors.some((e) => e.path === path && message.test(e.message)), JSON.stringify(report.errors));
  };
  refused(arrayText({ extra: ',"attributes":{"a":nan}' }), '', /invalid JSON at byte \d+: Invalid value/);
  refused(arrayText({ extra: ',"attributes":{"a":Inf}' }), '', /invalid JSON at byte \d+: Invalid value/);
  refused(arrayText({ grid: rectilinear('[2,[3,4.5]]') }), '/chunk_grid/configuration/chunk_shapes/1/1', /^found 4\.5, not an integer; expected a positive integer/);
  refused(arrayText({ grid: rectilinear('[2,[3,false]]') }), '/chunk_grid/configuration/chunk_shapes/1/1', /^found false; expected a positive integer/);
  refused(arrayText({ extra: ',"dimension_names":5' }), '/dimension_names', /^found 5; expected an array of names/);
  refused('{"zarr_format":3,"node_type":"group","consolidated_metadata":7}', '/consolidated_metadata', /^found 7; expected an object/);
  refused(arrayText({ shape: '[4.0,6]' }), '/shape/0', /^found 4\.0, a float/);
  refused(arrayText({ fill: 'NaN' }), '/fill_value', /NaN \(a token JSON does not have\)/);
  refused(arrayText({ dataType: '"int32"', fill: '"4.5"' }), '/fill_value', /^found the string "4\.5"; expected an integer/);
  refused(arrayText({ shape: '[3,6]', grid: '{"name":"regular","configuration":{"chunk_shape":[0,3]}}' }), '/chunk_grid/configuration/chunk_shape/0', /^found 0; expected a positive integer/);
});

test('validateMetadata checks a group as a group, and its consolidated metadata entry by entry', () => {
  const group = { zarr_format: 3, node_type: 'group', attributes: { title: 't' } };
  assert.deepEqual(validateMetadata(group), { valid: true, errors: [], warnings: [] });
  const entry = JSON.parse(arrayText());
  const consolidated = { ...group, consolidated_metadata: { kind: 'inline', must_understand: false, metadata: { a: entry, b: { ...entry, shape: [-1, 6] } } } };
  const report = validateMetadata(consolidated);
  assert.equal(report.valid, false);
  assert.deepEqual(report.errors.map((e) => e.path), ['/consolidated_metadata/metadata/b/shape/0']);
  const text = JSON.stringify(consolidated).replace('"b":', '"c":').replace('[-1,6]', '[4,6]');
  assert.equal(validateMetadata(text).valid, true);
});

test('numbers above 2^53 in an object are refused only where an integer is wanted', () => {
  const doc = (members) => ({ ...JSON.parse(arrayText()), ...members });
  // Floats: the value they hold.
  for (const members of [
    { data_type: 'float64', fill_value: 1e20 },
    { data_type: 'float32', fill_value: 9.969209968386869e36 },
    { data_type: 'complex128', fill_value: [1e20, -1e300] },
  ]) {
    const report = validateMetadata(doc(members));
    assert.equal(report.valid, true, JSON.stringify(report.errors));
  }
  assert.equal(readMetadata(doc({ data_type: 'float64', fill_value: 1e20 })).fillValue, 1e20);
  // Attributes, also inside consolidated metadata.
  const group = { zarr_format: 3, node_type: 'group', consolidated_metadata: { kind: 'inline', must_understand: false,
    metadata: { a: doc({ attributes: { valid_max: 1e20, nested: [{ x: 2 ** 60 }] } }) } } };
  assert.equal(validateMetadata(group).valid, true, JSON.stringify(validateMetadata(group).errors));
  // Integers: possibly rounded, refused at their pointer.
  const unsafe = (members, path) => {
    const report = validateMetadata(doc(members));
    assert.equal(report.valid, false);
    assert.deepEqual(report.errors.map((e) => [e.path, e.code]), [[path, 'UNSAFE_NUMBER']]);
  };
  unsafe({ shape: [2 ** 60, 6] }, '/shape/0');
  unsafe({ data_type: 'int64', fill_value: 2 ** 60 }, '/fill_value');
  unsafe({ data_type: 'uint64', fill_value: 1e20 }, '/fill_value');
  unsafe({ chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [2 ** 60, 3] } } }, '/chunk_grid/configuration/chunk_shapes/0');
  unsafe({ codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'blosc', configuration: { cname: 'lz4', clevel: 5, shuffle: 'noshuffle', blocksize: 2 ** 60 } }] },
    '/codecs/1/configuration/blocksize');
  assert.throws(() => ChunkGrid.fromMetadata({ shape: [2 ** 60], chunk_grid: { name: 'regular', configuration: { chunk_shape: [1] } } }),
    (e) => e instanceof GridError && e.code === 'UNSAFE_NUMBER');
});
