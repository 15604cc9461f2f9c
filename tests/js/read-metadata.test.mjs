// readMetadata: one read of a zarr.json, array or group. Every value comes
// back exact (bigints past 2^53 - 1), and a group's consolidated metadata
// comes back entry by entry, each checked as a document of its own.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, readMetadata, validateMetadata } from 'zarr-rectilinear';
import { arrayDocument, rectilinear, regular, utf8 } from './support.mjs';

const MAX_UINT64 = 2n ** 64n - 1n;

// A uint64 array whose shape and fill value are past 2^53: written as text,
// since an object cannot hold such numbers exactly.
const BIG_ARRAY = `{"zarr_format":3,"node_type":"array","shape":[6,18446744073709551615],"data_type":"uint64",
  "chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[2,4],[9223372036854775808,9223372036854775807]]}},
  "chunk_key_encoding":{"name":"default","configuration":{"separator":"."}},"fill_value":18446744073709551615,
  "codecs":[{"name":"bytes","configuration":{"endian":"little"}}],"dimension_names":["y",null],"attributes":{"units":"K"}}`;

const group = (extra = {}) => ({ zarr_format: 3, node_type: 'group', attributes: {}, ...extra });
const consolidated = (metadata) => ({ consolidated_metadata: { kind: 'inline', must_understand: false, metadata } });
const text = (value) => JSON.stringify(value);

test('an array gives its grid and every value a reader needs', () => {
  const doc = arrayDocument([26, 38], rectilinear([[16, 10], [24, 14]]));
  const read = readMetadata(doc);
  assert.equal(read.kind, 'array');
  assert.equal(read.valid, true);
  assert.deepEqual([read.errors, read.warnings], [[], []]);
  assert.ok(read.grid instanceof ChunkGrid);
  assert.ok(read.grid.equals(ChunkGrid.fromMetadata(doc)));
  assert.deepEqual(read.shape, [26, 38]);
  assert.equal(read.dataType, doc.data_type);
  assert.deepEqual(read.fillValue, doc.fill_value);
  assert.deepEqual(read.codecs, doc.codecs);
  assert.deepEqual(read.chunkKeyEncoding, doc.chunk_key_encoding);
  assert.equal(read.dimensionNames, null);
  assert.deepEqual(read.attributes, doc.attributes ?? {});
  read.grid.dispose();
});

test('text, bytes and objects read alike', () => {
  const doc = arrayDocument([10], regular([3]));
  const reads = [doc, text(doc), utf8(text(doc))].map((input) => readMetadata(input));
  for (const read of reads) {
    assert.ok(read.grid.equals(reads[0].grid));
    const { grid, ...values } = read;
    const { grid: _, ...first } = reads[0];
    assert.deepEqual(values, first);
  }
});

test('uint64 values past 2^53 come back exactly, as bigints', () => {
  const read = readMetadata(BIG_ARRAY);
  assert.equal(read.valid, true, JSON.stringify(read.errors));
  assert.deepEqual(read.shape, [6, MAX_UINT64]);
  assert.equal(read.fillValue, MAX_UINT64);
  assert.deepEqual(read.grid.shape, [6, MAX_UINT64]);
  assert.deepEqual(read.grid.chunkShape([0n, 0n]), [2n, 2n ** 63n]);
  assert.deepEqual(read.dimensionNames, ['y', null]);
  assert.deepEqual(read.chunkKeyEncoding, { name: 'default', configuration: { separator: '.' } });
  assert.deepEqual(read.attributes, { units: 'K' });
});

test('fill_value: int64 past 2^53 as a bigint, special floats and hex as written, numbers otherwise', () => {
  const withFill = (dataType, fill) => text(arrayDocument([4], regular([2]))).replace(/"data_type":"[^"]*"/, `"data_type":"${dataType}"`).replace(/"fill_value":[^,}]*/, `"fill_value":${fill}`);
  const fill = (dataType, value) => readMetadata(withFill(dataType, value)).fillValue;
  assert.equal(fill('int64', '-9223372036854775808'), -(2n ** 63n));
  assert.equal(fill('int64', '-5'), -5);
  assert.equal(fill('uint64', '9007199254740991'), 9007199254740991);
  assert.equal(fill('uint64', '9007199254740992'), 9007199254740992n);
  assert.equal(fill('float64', '"NaN"'), 'NaN');
  assert.equal(fill('float64', '"-Infinity"'), '-Infinity');
  assert.equal(fill('float32', '"0x7fc00000"'), '0x7fc00000');
  assert.equal(fill('float64', '1.5e3'), 1500);
  assert.equal(fill('float64', '9007199254740993'), 9007199254740992); // a float: read as a double
  assert.equal(fill('bool', 'true'), true);
});

test('an invalid array reports as validateMetadata does, with no grid', () => {
  const doc = arrayDocument([10], rectilinear([[4, 0]]));
  const read = readMetadata(doc);
  assert.equal(read.valid, false);
  assert.equal(read.grid, null);
  assert.deepEqual(read.errors, validateMetadata(doc).errors);
  assert.deepEqual(read.shape, [10]);
});

test('bad input never throws: it gives an invalid array with no values', () => {
  for (const input of ['{', '[1]', 7, null, new Uint8Array([0xff])]) {
    const read = readMetadata(input);
    assert.equal(read.kind, 'array');
    assert.equal(read.valid, false);
    assert.equal(read.grid, null);
    assert.equal(read.shape, null);
    assert.ok(read.errors.length > 0);
  }
});

test('a group gives its attributes; no consolidated metadata is null', () => {
  const read = readMetadata(group({ attributes: { title: 'store' } }));
  assert.deepEqual(read, { kind: 'group', valid: true, errors: [], warnings: [], attributes: { title: 'store' }, consolidated: null });
});

test('a group is checked as a group: zarr_format 3 and object attributes', () => {
  const read = readMetadata(text({ zarr_format: 2, node_type: 'group', attributes: [] }));
  assert.equal(read.kind, 'group');
  assert.deepEqual(read.errors.map((e) => e.path), ['/zarr_format', '/attributes']);
});

test('consolidated metadata gives each entry by its flattened path, each read as a document', () => {
  const a = arrayDocument([10], regular([4]));
  const read = readMetadata(group(consolidated({ a: group(), 'a/b': a, c: group({ attributes: { x: 1 } }) })));
  assert.equal(read.valid, true, JSON.stringify(read.errors));
  assert.ok(read.consolidated instanceof Map);
  assert.deepEqual([...read.consolidated.keys()], ['a', 'a/b', 'c']);
  const b = read.consolidated.get('a/b');
  assert.equal(b.kind, 'array');
  assert.ok(b.grid.equals(ChunkGrid.fromMetadata(a)));
  assert.deepEqual(b.shape, [10]);
  assert.deepEqual(read.consolidated.get('c').attributes, { x: 1 });
  assert.equal(read.consolidated.get('a').consolidated, null);
});

test('consolidated uint64 values come back exactly', () => {
  const read = readMetadata(`{"zarr_format":3,"node_type":"group","consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{"big":${BIG_ARRAY}}}}`);
  const big = read.consolidated.get('big');
  assert.equal(big.valid, true, JSON.stringify(big.errors));
  assert.deepEqual(big.shape, [6, MAX_UINT64]);
  assert.equal(big.fillValue, MAX_UINT64);
  assert.deepEqual(big.grid.shape, [6, MAX_UINT64]);
});

test('a child group may hold consolidated metadata of its own', () => {
  const inner = group(consolidated({ b: arrayDocument([5], regular([2])) }));
  const read = readMetadata(group(consolidated({ a: inner, 'a/b': arrayDocument([5], regular([2])) })));
  assert.equal(read.valid, true, JSON.stringify(read.errors));
  const a = read.consolidated.get('a');
  assert.deepEqual([...a.consolidated.keys()], ['b']);
  assert.deepEqual(a.consolidated.get('b').grid.shape, [5]);
});

test('consolidated_metadata: null (zarr-python 3.0 and 3.1) reads as none, with a warning', () => {
  const read = readMetadata(group({ consolidated_metadata: null }));
  assert.equal(read.valid, true);
  assert.equal(read.consolidated, null);
  assert.deepEqual(read.warnings.map((w) => w.path), ['/consolidated_metadata']);
});

test('an invalid entry is reported at its pointer into the group, by the entry and by the group', () => {
  const bad = arrayDocument([10], rectilinear([[4, 0]]));
  const read = readMetadata(group(consolidated({ 'a/b': bad, ok: arrayDocument([4], regular([2])) })));
  const expected = validateMetadata(bad).errors.map((e) => `/consolidated_metadata/metadata/a~1b${e.path}`);
  assert.ok(expected.length > 0);
  assert.equal(read.valid, false);
  assert.deepEqual(read.errors.map((e) => e.path), expected);
  const entry = read.consolidated.get('a/b');
  assert.equal(entry.valid, false);
  assert.equal(entry.grid, null);
  assert.deepEqual(entry.errors.map((e) => e.path), expected);
  assert.equal(read.consolidated.get('ok').valid, true);
});

test('an object entry past 2^53 is reported in that entry', () => {
  const read = readMetadata(group(consolidated({ x: { ...arrayDocument([4], regular([2])), data_type: 'int64', fill_value: 2 ** 60 } })));
  const entry = read.consolidated.get('x');
  assert.equal(entry.valid, false);
  assert.equal(entry.grid, null);
  assert.deepEqual(entry.errors.map((e) => e.path), ['/consolidated_metadata/metadata/x/fill_value']);
  assert.deepEqual(read.errors.map((e) => e.path), ['/consolidated_metadata/metadata/x/fill_value']);
});

test('attributes come back as JSON.parse gives them, "__proto__" as an own member', () => {
  const read = readMetadata('{"zarr_format":3,"node_type":"group","attributes":{"__proto__":{"a":1},"deep":[[[{"k":[true,null,-0.5]}]]]}}');
  assert.deepEqual(read.attributes, JSON.parse('{"__proto__":{"a":1},"deep":[[[{"k":[true,null,-0.5]}]]]}'));
  assert.equal(Object.getPrototypeOf(read.attributes), Object.prototype);
  assert.ok(Object.hasOwn(read.attributes, '__proto__'));
});

test('attributes nested deeper than any recursive reader goes come back whole', () => {
  const depth = 100_000;
  const read = readMetadata(`{"zarr_format":3,"node_type":"group","attributes":{"x":${'['.repeat(depth)}${']'.repeat(depth)}}}`);
  assert.equal(read.valid, true);
  let v = read.attributes.x;
  let n = 1;
  while (v.length) (v = v[0]), n++;
  assert.equal(n, depth);
});

test('a group\'s problems carry their kind: wrong type, missing member, too deep', () => {
  const codes = (doc) => readMetadata(doc).errors.map(({ path, code }) => [path, code]);
  assert.deepEqual(codes(text([1, 2])), [['', 'WRONG_TYPE']]);
  assert.deepEqual(codes(group({ consolidated_metadata: 5 })), [['/consolidated_metadata', 'WRONG_TYPE']]);
  assert.deepEqual(codes(group({ consolidated_metadata: { kind: 'inline', must_understand: false } })), [['/consolidated_metadata/metadata', 'MISSING']]);
  assert.deepEqual(codes(group({ consolidated_metadata: { kind: 'inline', must_understand: 'no', metadata: {} } })), [['/consolidated_metadata/must_understand', 'WRONG_TYPE']]);
  assert.deepEqual(codes(group({ consolidated_metadata: { kind: 'inline', must_understand: false, metadata: [] } })), [['/consolidated_metadata/metadata', 'WRONG_TYPE']]);
  let nested = group();
  for (let i = 0; i < 40; i++) nested = group(consolidated({ a: nested }));
  assert.ok(codes(nested).some(([, code]) => code === 'TOO_LARGE'), 'consolidated metadata nested past the limit is TOO_LARGE');
});

test('numbers that are not integers read as JSON.parse reads them', () => {
  const attributes = '{"a":1.5,"b":1e300,"c":-2.5e-10,"d":0.1,"e":5e-324,"f":1.7976931348623157e308,"g":123456789012345678901234567890.5}';
  const read = readMetadata(`{"zarr_format":3,"node_type":"group","attributes":${attributes}}`);
  assert.deepEqual(read.attributes, JSON.parse(attributes));
});

test('readMetadata returns the attributes it validated: a getter is read once', () => {
  const base = {
    zarr_format: 3, node_type: 'array', shape: [10], data_type: 'uint8',
    chunk_grid: { name: 'regular', configuration: { chunk_shape: [5] } },
    chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [{ name: 'bytes' }],
  };
  let reads = 0;
  const meta = { ...base };
  Object.defineProperty(meta, 'attributes', { enumerable: true, get() { return ++reads <= 3 ? {} : 'not an object'; } });
  const read = readMetadata(meta);
  assert.equal(reads, 1);
  assert.equal(read.valid, true);
  assert.deepEqual(read.attributes, {});
});
