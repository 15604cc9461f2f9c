// The whole array document, checked in the core (docs/semantics.md, "What
// validateMetadata checks"): validateMetadata, readMetadata and the
// reader's open agree, each problem at its pointer and with its code.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readMetadata, validateMetadata } from 'zarr-rectilinear';
import { arrayDocument, regular } from './support.mjs';

const base = () => arrayDocument([10, 20], regular([5, 5]));
const withMembers = (changes) => {
  const doc = base();
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete doc[key];
    else doc[key] = value;
  }
  return doc;
};
const bytesLE = { name: 'bytes', configuration: { endian: 'little' } };

// Exactly one error, at `path`, with `code`; its message says found and
// expected. `opts` {strict: true} for a writers' ledger entry, which the
// default reads with a warning (writers-ledger.test.mjs).
function refused(doc, path, code, opts = {}) {
  const report = validateMetadata(typeof doc === 'string' ? doc : JSON.stringify(doc), opts);
  assert.equal(report.valid, false, JSON.stringify(doc));
  assert.deepEqual(report.errors.map((e) => [e.path, e.code]), [[path, code]], JSON.stringify(report.errors));
  assert.match(report.errors[0].message, /found/);
  assert.match(report.errors[0].message, /expected/);
}
function accepted(doc) {
  const report = validateMetadata(typeof doc === 'string' ? doc : JSON.stringify(doc));
  assert.deepEqual(report.errors, [], JSON.stringify(doc));
  return report;
}
function warned(doc, path) {
  const report = accepted(doc);
  assert.deepEqual(report.warnings.map((w) => [w.path, w.code]), [[path, 'UNKNOWN_EXTENSION']]);
  return report;
}

test('zarr_format and node_type', () => {
  refused(withMembers({ zarr_format: 2 }), '/zarr_format', 'INVALID');
  refused(withMembers({ node_type: undefined }), '/node_type', 'MISSING');
});

test('data types: the core ones, r<bits> and zarr-python\'s; r12 is an error; an unknown name is a warning naming it', () => {
  for (const t of ['int8', 'uint64', 'float16', 'float64']) accepted(withMembers({ data_type: t }));
  accepted(withMembers({ data_type: 'r16', fill_value: [0, 255] }));
  refused(withMembers({ data_type: 'r12', fill_value: [0] }), '/data_type', 'INVALID');
  const vlen = (name) => [{ name, configuration: {} }];
  accepted(withMembers({ data_type: 'string', fill_value: '', codecs: vlen('vlen-utf8') }));
  accepted(withMembers({ data_type: 'variable_length_bytes', fill_value: 'AQI=', codecs: vlen('vlen-bytes') }));
  refused(withMembers({ data_type: 'string', fill_value: 0, codecs: vlen('vlen-utf8') }), '/fill_value', 'WRONG_TYPE');
  refused(withMembers({ data_type: 'variable_length_bytes', fill_value: null, codecs: vlen('vlen-bytes') }), '/fill_value', 'WRONG_TYPE', { strict: true });
  const report = warned(withMembers({ data_type: 'numpy.datetime64', fill_value: 0 }), '/data_type');
  assert.match(report.warnings[0].message, /"numpy.datetime64"/);
  warned(withMembers({ data_type: { name: 'numcodecs.something' } }), '/data_type/name');
});

test('fill values: integer ranges exactly, float strings and hex, complex, bool, raw bytes', () => {
  refused(withMembers({ data_type: 'int16', fill_value: 70000 }), '/fill_value', 'OUT_OF_RANGE');
  refused(withMembers({ fill_value: null }), '/fill_value', 'WRONG_TYPE', { strict: true });
  refused(withMembers({ fill_value: 'abc' }), '/fill_value', 'INVALID');
  refused(withMembers({ fill_value: true }), '/fill_value', 'WRONG_TYPE');
  refused(withMembers({ fill_value: 'nan' }), '/fill_value', 'INVALID');
  refused(withMembers({ data_type: 'int32', fill_value: 'abc' }), '/fill_value', 'WRONG_TYPE');
  for (const f of ['NaN', 'Infinity', '-Infinity', '0x7fc00000', 1.5]) accepted(withMembers({ fill_value: f }));
  refused(withMembers({ fill_value: '0x7e00' }), '/fill_value', 'INVALID');
  accepted(withMembers({ data_type: 'float16', fill_value: '0x7e00' }));
  accepted(withMembers({ data_type: 'complex128', fill_value: ['NaN', 0] }));
  refused(withMembers({ data_type: 'complex64', fill_value: 0 }), '/fill_value', 'WRONG_TYPE');
  accepted(withMembers({ data_type: 'bool', fill_value: false }));
  refused(withMembers({ data_type: 'r16', fill_value: [0, 256] }), '/fill_value/1', 'OUT_OF_RANGE');
  // Exact 64-bit integers, as text.
  const text = (type, fill) => JSON.stringify(withMembers({ data_type: type })).replace('"fill_value":0', `"fill_value":${fill}`);
  accepted(text('int64', '-9223372036854775808'));
  accepted(text('uint64', '18446744073709551615'));
  refused(text('int64', '9223372036854775808'), '/fill_value', 'OUT_OF_RANGE');
  // Finite floats past the type's range would read as infinity.
  refused(text('float32', '1e39'), '/fill_value', 'OUT_OF_RANGE');
  refused(text('float64', '1e400'), '/fill_value', 'OUT_OF_RANGE');
  refused(text('float16', '65520'), '/fill_value', 'OUT_OF_RANGE');
  refused(text('complex64', '[0, -1e39]'), '/fill_value/1', 'OUT_OF_RANGE');
  for (const [type, fill] of [['float32', '3.4028234663852886e38'], ['float16', '65504'], ['float64', '1e308'], ['float32', '1e-50']]) accepted(text(type, fill));
});

test('chunk key encodings: default and v2 with "/" or "."', () => {
  accepted(withMembers({ chunk_key_encoding: { name: 'v2' } }));
  accepted(withMembers({ chunk_key_encoding: 'default' }));
  refused(withMembers({ chunk_key_encoding: { configuration: { separator: '/' } } }), '/chunk_key_encoding/name', 'MISSING');
  refused(withMembers({ chunk_key_encoding: { name: 'default', configuration: { separator: '-' } } }), '/chunk_key_encoding/configuration/separator', 'INVALID');
});

test('codecs: in order, exactly one array-to-bytes codec, each named', () => {
  const gzip = { name: 'gzip', configuration: { level: 5 } };
  refused(withMembers({ codecs: [] }), '/codecs', 'EMPTY_LIST', { strict: true });
  refused(withMembers({ codecs: [gzip] }), '/codecs', 'CODEC_ORDER');
  refused(withMembers({ codecs: [bytesLE, bytesLE] }), '/codecs/1', 'CODEC_ORDER');
  refused(withMembers({ codecs: [gzip, bytesLE] }), '/codecs/0', 'CODEC_ORDER');
  refused(withMembers({ codecs: [{ configuration: {} }] }), '/codecs/0/name', 'MISSING');
  accepted(withMembers({ codecs: [{ name: 'transpose', configuration: { order: [1, 0] } }, bytesLE, gzip, { name: 'crc32c' }] }));
  accepted(withMembers({ codecs: [bytesLE, { name: 'numcodecs.zlib', configuration: { level: 1 } }] }));
  warned(withMembers({ codecs: [bytesLE, { name: 'numcodecs.unheard-of', configuration: { level: 1 } }] }), '/codecs/1/name');
});

test('codec configurations: bytes endian, gzip level, transpose order, sharding', () => {
  refused(withMembers({ codecs: [{ name: 'bytes' }] }), '/codecs/0', 'MISSING');
  refused(withMembers({ codecs: [{ name: 'bytes', configuration: {} }] }), '/codecs/0/configuration/endian', 'MISSING');
  accepted(withMembers({ data_type: 'uint8', codecs: [{ name: 'bytes' }] }));
  refused(withMembers({ codecs: [{ name: 'bytes', configuration: { endian: 'middle' } }] }), '/codecs/0/configuration/endian', 'INVALID');
  refused(withMembers({ codecs: [bytesLE, { name: 'gzip', configuration: { level: 10 } }] }), '/codecs/1/configuration/level', 'OUT_OF_RANGE');
  refused(withMembers({ codecs: [{ name: 'transpose', configuration: { order: [0, 0] } }, bytesLE] }), '/codecs/0/configuration/order/1', 'INVALID');
  const sharding = (config) => withMembers({ codecs: [{ name: 'sharding_indexed', configuration: config }] });
  const good = { chunk_shape: [1, 5], codecs: [bytesLE], index_codecs: [bytesLE, { name: 'crc32c' }], index_location: 'end' };
  accepted(sharding(good));
  refused(sharding({ ...good, index_codecs: [{ name: 'crc32c' }] }), '/codecs/0/configuration/index_codecs', 'CODEC_ORDER');
  refused(sharding({ ...good, chunk_shape: [1] }), '/codecs/0/configuration/chunk_shape', 'AXIS_COUNT');
  refused(sharding({ ...good, index_location: 'middle' }), '/codecs/0/configuration/index_location', 'INVALID');
});

test('dimension_names, attributes, storage_transformers and unknown members', () => {
  accepted(withMembers({ dimension_names: ['y', null], storage_transformers: [] }));
  refused(withMembers({ dimension_names: ['y'] }), '/dimension_names', 'AXIS_COUNT');
  refused(withMembers({ attributes: 7 }), '/attributes', 'WRONG_TYPE');
  refused(withMembers({ storage_transformers: [{ name: 'x' }] }), '/storage_transformers/0', 'UNKNOWN_NAME');
  warned(withMembers({ storage_transformers: [{ name: 'x', must_understand: false }] }), '/storage_transformers/0');
  refused(withMembers({ extra: 1 }), '/extra', 'UNKNOWN_KEY');
  warned(withMembers({ extra: { must_understand: false } }), '/extra');
});

test('integral floats are forgiven only where the writers\' ledger lists them', () => {
  const text = JSON.stringify(withMembers({ codecs: [bytesLE, { name: 'gzip', configuration: { level: 5 } }] })).replace('"level":5', '"level":5.0');
  assert.deepEqual(validateMetadata(text, { lenient: true }).errors.map((e) => [e.path, e.code]), [['/codecs/1/configuration/level', 'NOT_INTEGER']]);
  const fill = JSON.stringify(withMembers({ data_type: 'int32' })).replace('"fill_value":0', '"fill_value":1.5');
  assert.deepEqual(validateMetadata(fill).errors.map((e) => [e.path, e.code]), [['/fill_value', 'NOT_INTEGER']]);
});

test('readMetadata checks arrays, groups and consolidated entries by the same rules', () => {
  const bad = readMetadata(JSON.stringify(withMembers({ codecs: [] })), { strict: true });
  assert.equal(bad.valid, false);
  assert.deepEqual(bad.errors.map((e) => e.path), ['/codecs']);
  const group = readMetadata('{"zarr_format": 99, "node_type": "group", "attributes": 7}');
  assert.equal(group.valid, false);
  assert.deepEqual(group.errors.map((e) => e.path).sort(), ['/attributes', '/zarr_format']);
  const extra = readMetadata('{"zarr_format": 3, "node_type": "group", "extra": 1}');
  assert.deepEqual(extra.errors.map((e) => [e.path, e.code]), [['/extra', 'UNKNOWN_KEY']]);
});
