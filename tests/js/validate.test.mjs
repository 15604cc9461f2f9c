// validateMetadata: the whole zarr.json, never throwing; and GridError, whose
// path and message match what validateMetadata reports.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid, GridError, validateMetadata } from 'zarr-rectilinear';
import { arrayDocument, documentText, rectilinear, regular, utf8 } from './support.mjs';

const good = arrayDocument([26, 38], rectilinear([[16, 10], [24, 14]]));
const goodText = JSON.stringify(good);
const paths = (report) => report.errors.map((e) => e.path);
const BOM = [0xef, 0xbb, 0xbf];

test('a valid document gives {valid: true, errors: [], warnings: []} (object, text and bytes)', () => {
  for (const input of [good, goodText, utf8(goodText)]) {
    assert.deepEqual(validateMetadata(input), { valid: true, errors: [], warnings: [] });
  }
  assert.equal(validateMetadata(arrayDocument([10], regular([3]))).valid, true);
});

test('an invalid document gives valid: false with each problem as {path, message}', () => {
  const report = validateMetadata(arrayDocument([10], rectilinear([[4, 0]])));
  assert.equal(report.valid, false);
  assert.ok(report.errors.length >= 1);
  for (const e of report.errors) {
    assert.equal(typeof e.path, 'string');
    assert.equal(typeof e.message, 'string');
    assert.ok(e.message.length > 0);
  }
});

test('path is a JSON Pointer, e.g. /chunk_grid/configuration/chunk_shapes/3/0/1', () => {
  const report = validateMetadata(arrayDocument([6, 6, 6, 6], rectilinear([4, 4, 4, [[1, 0], 6]])));
  assert.deepEqual(paths(report), ['/chunk_grid/configuration/chunk_shapes/3/0/1']);
});

test('messages say what was found and what was expected', () => {
  const [error] = validateMetadata(arrayDocument([10], rectilinear([[4, 5]]))).errors;
  assert.equal(error.path, '/chunk_grid/configuration/chunk_shapes/0');
  assert.match(error.message, /found/);
  assert.match(error.message, /9/);
  assert.match(error.message, /expected/);
  assert.match(error.message, /10/);
});

test('it never throws for bad JSON text', () => {
  for (const text of ['', '{', '{"a":', 'nul', '[1,]', '{"a":1,}', '\u0000', 'x'.repeat(10000), '['.repeat(100000)]) {
    const report = validateMetadata(text);
    assert.equal(report.valid, false, JSON.stringify(text.slice(0, 20)));
    assert.ok(report.errors.length > 0);
  }
});

test('it never throws for wrong types', () => {
  const report = validateMetadata({ ...good, zarr_format: '3', node_type: 1, shape: 'x', data_type: 5, chunk_grid: [], chunk_key_encoding: 1, codecs: {} });
  assert.equal(report.valid, false);
  assert.deepEqual(paths(report).sort(), ['/chunk_grid', '/chunk_key_encoding', '/codecs', '/data_type', '/node_type', '/shape', '/zarr_format']);
});

test('it never throws for non-object input', () => {
  for (const input of [undefined, null, 42, true, [], [good], 'null', '42', '[]', Symbol('x'), () => 1, 10n]) {
    const report = validateMetadata(input);
    assert.equal(report.valid, false, String(typeof input));
    assert.ok(report.errors.length > 0);
  }
});

test('it never throws for objects that cannot be written as JSON', () => {
  const cyclic = { ...good };
  cyclic.self = cyclic;
  const throwing = { ...good, get shape() { throw new Error('boom'); } };
  for (const input of [cyclic, throwing]) {
    assert.doesNotThrow(() => validateMetadata(input));
    assert.equal(validateMetadata(input).valid, false);
  }
});

test('it never throws for huge values: beyond uint64 is an error at the value\'s pointer', () => {
  for (const value of ['18446744073709551616', '99999999999999999999999999999']) {
    const report = validateMetadata(documentText(`[${value},38]`, '[[16,10],[24,14]]'));
    assert.equal(report.valid, false);
    assert.deepEqual(paths(report), ['/shape/0']);
  }
  assert.deepEqual(paths(validateMetadata({ ...good, shape: [2n ** 70n, 38] })), ['/shape/0']);
  assert.deepEqual(paths(validateMetadata({ ...good, shape: [1e300, 38] })), ['/shape/0']);
});

test('a number too large for a double (1e400) is reported at its pointer, not as a JSON syntax error', () => {
  const report = validateMetadata(documentText('[1e400,38]', '[[16,10],[24,14]]'));
  assert.equal(report.valid, false);
  assert.deepEqual(paths(report), ['/shape/0']);
});

test('a JSON syntax error has the path "" and its message gives the byte offset', () => {
  const report = validateMetadata('{"zarr_format":3,,}');
  assert.equal(report.valid, false);
  assert.deepEqual(paths(report), ['']);
  assert.match(report.errors[0].message, /\b17\b/);
});

test('the syntax error offset counts bytes, not UTF-16 code units', () => {
  // "é" is one code unit and two UTF-8 bytes: the second comma is at byte 8.
  const report = validateMetadata('{"é":1,,}');
  assert.deepEqual(paths(report), ['']);
  assert.match(report.errors[0].message, /\b8\b/);
  assert.doesNotMatch(report.errors[0].message, /\b7\b/);
});

test('byte input must be valid UTF-8', () => {
  const at = goodText.indexOf('float32');
  const bad = new Uint8Array([...utf8(goodText.slice(0, at)), 0xff, ...utf8(goodText.slice(at))]);
  const report = validateMetadata(bad);
  assert.equal(report.valid, false);
  assert.equal(report.errors[0].path, '');
  const overlong = new Uint8Array([...utf8(goodText.slice(0, at)), 0xc0, 0xaf, ...utf8(goodText.slice(at))]);
  assert.equal(validateMetadata(overlong).valid, false);
});

test('a byte-order mark is an error in strict mode', () => {
  const report = validateMetadata(new Uint8Array([...BOM, ...utf8(goodText)]), { strict: true });
  assert.equal(report.valid, false);
  assert.deepEqual(paths(report), ['']);
  assert.match(report.errors[0].message, /byte-order mark|BOM/i);
});

test('a byte-order mark is a warning in lenient mode', () => {
  const report = validateMetadata(new Uint8Array([...BOM, ...utf8(goodText)]), { lenient: true });
  assert.equal(report.valid, true);
  assert.deepEqual(report.errors, []);
  assert.equal(report.warnings.length, 1);
  assert.equal(report.warnings[0].path, '');
});

test('fromMetadata follows the same byte-order mark rule', () => {
  const bytes = new Uint8Array([...BOM, ...utf8(goodText)]);
  assert.throws(() => ChunkGrid.fromMetadata(bytes, { strict: true }), (e) => e instanceof GridError && e.path === '');
  const grid = ChunkGrid.fromMetadata(bytes, { lenient: true });
  assert.deepEqual(grid.shape, [26, 38]);
  assert.equal(grid.warnings.length, 1);
});

test('a duplicate key is an error at that key\'s pointer', () => {
  const text = goodText.replace('"kind":"inline"', '"kind":"inline","kind":"inline"');
  assert.deepEqual(paths(validateMetadata(text)), ['/chunk_grid/configuration/kind']);
  const top = goodText.replace('"node_type":"array"', '"node_type":"array","node_type":"array"');
  assert.deepEqual(paths(validateMetadata(top)), ['/node_type']);
});

test('a duplicate key inside attributes or codecs is reported too, with ~ and / escaped in the pointer', () => {
  const text = goodText.replace('"attributes":{}', '"attributes":{"a/b":1,"a/b":2,"m~n":1,"m~n":1}');
  assert.deepEqual(paths(validateMetadata(text)), ['/attributes/a~1b', '/attributes/m~0n']);
});

test('zarr_format must be 3 and node_type "array" or "group" (a group is checked as a group)', () => {
  assert.deepEqual(paths(validateMetadata({ ...good, zarr_format: 2 })), ['/zarr_format']);
  assert.deepEqual(paths(validateMetadata({ ...good, node_type: 'table' })), ['/node_type']);
  assert.deepEqual(paths(validateMetadata({ ...good, node_type: 'group' })),
    ['/shape', '/data_type', '/chunk_grid', '/chunk_key_encoding', '/fill_value', '/codecs']);
});

for (const field of ['zarr_format', 'node_type', 'shape', 'data_type', 'chunk_grid', 'chunk_key_encoding', 'fill_value', 'codecs']) {
  test(`the required v3 field ${field} must be present`, () => {
    const { [field]: _, ...rest } = good;
    const report = validateMetadata(rest);
    assert.equal(report.valid, false);
    assert.deepEqual(paths(report), [`/${field}`]);
  });
}

test('the required v3 fields must have the right JSON type', () => {
  assert.deepEqual(paths(validateMetadata({ ...good, codecs: {} })), ['/codecs']);
  assert.deepEqual(paths(validateMetadata({ ...good, chunk_key_encoding: 7 })), ['/chunk_key_encoding']);
  assert.deepEqual(paths(validateMetadata({ ...good, data_type: 5 })), ['/data_type']);
  assert.deepEqual(paths(validateMetadata({ ...good, shape: {} })), ['/shape']);
});

test('fill_value is checked against the data type (every rule: document-rules.test.mjs)', () => {
  for (const fill of ['NaN', -1.5, 0, '0x7fc00000']) assert.equal(validateMetadata({ ...good, fill_value: fill }).valid, true, JSON.stringify(fill));
  for (const fill of [[1, 2], { x: 1 }, 'nan']) assert.deepEqual(paths(validateMetadata({ ...good, fill_value: fill })), ['/fill_value'], JSON.stringify(fill));
  // zarrita.js's null: read as 0 (docs/writers-ledger.md), refused with strict.
  assert.deepEqual(paths(validateMetadata({ ...good, fill_value: null }, { strict: true })), ['/fill_value']);
});

test('unknown codecs and data types are warnings, not errors', () => {
  const report = validateMetadata({ ...good, data_type: 'no-such-type', fill_value: null, codecs: [{ name: 'made-up' }] });
  assert.equal(report.valid, true);
  assert.deepEqual(report.warnings.map((w) => [w.path, w.code]), [['/data_type', 'UNKNOWN_EXTENSION'], ['/codecs/0/name', 'UNKNOWN_EXTENSION']]);
  assert.equal(validateMetadata({ ...good, data_type: { name: 'custom', configuration: {} } }).valid, true);
});

test('user attributes are not validated', () => {
  let deep = 1;
  for (let i = 0; i < 10000; i++) deep = [deep];
  assert.equal(validateMetadata({ ...good, attributes: { deep, n: 1.5, s: 'x' } }).valid, true);
});

test('every problem in the document is reported', () => {
  const report = validateMetadata({ ...good, zarr_format: 2, shape: [10, -1], chunk_grid: rectilinear([[4, 0], [[2, 0]]]) });
  assert.deepEqual(paths(report).sort(), ['/chunk_grid/configuration/chunk_shapes/0/1', '/chunk_grid/configuration/chunk_shapes/1/0/1', '/shape/1', '/zarr_format']);
});

test('integers are strict: true, 4.0, 1e3, "4", null, negatives and 0 are errors (true and 4.0 with strict)', () => {
  for (const bad of ['true', '4.0', '1e3', '"4"', 'null', '-4', '0']) {
    const report = validateMetadata(documentText('[8]', `[[${bad},4]]`), { strict: true });
    assert.deepEqual(paths(report), ['/chunk_grid/configuration/chunk_shapes/0/0'], bad);
  }
  for (const bad of ['"4"', 'null', '-4', '0', 'false', '4.5']) {
    assert.deepEqual(paths(validateMetadata(documentText('[8]', `[[${bad},4]]`))), ['/chunk_grid/configuration/chunk_shapes/0/0'], bad);
  }
});

test('by default, an integral float edge (5.0, 1e2) is accepted with a warning; in shape it is an error', () => {
  const text = documentText('[10,1000]', '[[5,5.0],[[1e2,10]]]');
  assert.equal(validateMetadata(text, { strict: true }).valid, false);
  const report = validateMetadata(text, { lenient: true });
  assert.equal(report.valid, true);
  assert.deepEqual(report.warnings.map((w) => w.path).sort(), [
    '/chunk_grid/configuration/chunk_shapes/0/1',
    '/chunk_grid/configuration/chunk_shapes/1/0/0',
  ]);
  assert.deepEqual(paths(validateMetadata(documentText('[10.0]', '[[5,5]]'))), ['/shape/0']);
});

test('lenient mode still rejects non-integral floats', () => {
  assert.deepEqual(paths(validateMetadata(documentText('[10.5]', '[11]'), { lenient: true })), ['/shape/0']);
});

test('lenient mode accepts zarr-python 3.2.1\'s "regular" grid with edge lists, with a warning', () => {
  const doc = arrayDocument([10, 20], { name: 'regular', configuration: { chunk_shape: [2, [5, 10, 5]] } });
  assert.equal(validateMetadata(doc, { strict: true }).valid, false);
  const report = validateMetadata(doc, { lenient: true });
  assert.equal(report.valid, true);
  assert.equal(report.warnings.length, 1);
});

test('a run item is exactly two positive integers: [v], [v, n, x] and [[v, n], m] are errors', () => {
  const report = validateMetadata(arrayDocument([8, 8, 8], rectilinear([[[8]], [[4, 2, 1]], [[[4, 1], 2]]])));
  assert.deepEqual(paths(report), [
    '/chunk_grid/configuration/chunk_shapes/0/0',
    '/chunk_grid/configuration/chunk_shapes/1/0',
    '/chunk_grid/configuration/chunk_shapes/2/0/0',
  ]);
});

test('a run count of 0 is an error', () => {
  assert.deepEqual(paths(validateMetadata(arrayDocument([8], rectilinear([[[4, 0], 8]])))), ['/chunk_grid/configuration/chunk_shapes/0/0/1']);
});

test('in metadata, [] is an error everywhere, even on a zero-length axis', () => {
  assert.deepEqual(paths(validateMetadata(arrayDocument([0], rectilinear([[]])))), ['/chunk_grid/configuration/chunk_shapes/0']);
  assert.equal(validateMetadata(arrayDocument([0], rectilinear([[4]]))).valid, true);
  assert.equal(validateMetadata(arrayDocument([0], rectilinear([4]))).valid, true);
});

test('chunk_shapes must have one entry per axis', () => {
  assert.deepEqual(paths(validateMetadata(arrayDocument([8, 8], rectilinear([4])))), ['/chunk_grid/configuration/chunk_shapes']);
});

test('the configuration kind must be "inline"', () => {
  const doc = arrayDocument([8], { name: 'rectilinear', configuration: { kind: 'file', chunk_shapes: [4] } });
  assert.deepEqual(paths(validateMetadata(doc)), ['/chunk_grid/configuration/kind']);
});

test('a sum of declared edges that exceeds uint64 is an error', () => {
  const report = validateMetadata(documentText('[10]', '[[[9223372036854775807,4]]]'));
  assert.deepEqual(paths(report), ['/chunk_grid/configuration/chunk_shapes/0/0']);
  const split = validateMetadata(documentText('[10]', '[[18446744073709551615,1]]'));
  assert.equal(split.valid, false);
});

test('an integer step whose ceil(L / m) * m overflows uint64 is an error', () => {
  const report = validateMetadata(documentText('[18446744073709551615]', '[10]'));
  assert.deepEqual(paths(report), ['/chunk_grid/configuration/chunk_shapes/0']);
  assert.equal(validateMetadata(documentText('[18446744073709551615]', '[5]')).valid, true);
});

test('GridError extends Error', () => {
  const e = new GridError([{ path: '/shape', message: 'found x; expected y' }]);
  assert.ok(e instanceof Error);
  assert.ok(e instanceof GridError);
  assert.equal(e.path, '/shape');
  assert.equal(e.message, 'found x; expected y');
});

test('GridError: path and message of the first problem match what validateMetadata reports', () => {
  const doc = arrayDocument([26, 38], rectilinear([[16, true], [[24, 0], 14]]));
  const report = validateMetadata(doc);
  assert.throws(() => ChunkGrid.fromMetadata(doc), (e) => {
    assert.ok(e instanceof GridError);
    assert.equal(e.path, report.errors[0].path);
    assert.equal(e.message, report.errors[0].message);
    return true;
  });
});

test('GridError: errors lists every problem in shape and chunk_grid', () => {
  const doc = arrayDocument([26, -1], rectilinear([[16, true], [[24, 0], 14]]));
  const gridProblems = validateMetadata(doc).errors.filter((p) => p.path.startsWith('/shape') || p.path.startsWith('/chunk_grid'));
  assert.throws(() => ChunkGrid.fromMetadata(doc), (e) => {
    assert.deepEqual(e.errors, gridProblems);
    assert.equal(e.errors.length, 3);
    return true;
  });
});

test('GridError matches validateMetadata for text input too', () => {
  const text = documentText('[10]', '[[4,4,1]]');
  const report = validateMetadata(text);
  assert.throws(() => ChunkGrid.fromMetadata(text), (e) => e instanceof GridError && e.path === report.errors[0].path && e.message === report.errors[0].message);
});

test('lenient fromMetadata warnings match validateMetadata\'s', () => {
  const text = documentText('[10]', '[[5.0,5]]');
  const grid = ChunkGrid.fromMetadata(text, { lenient: true });
  assert.deepEqual(grid.warnings, validateMetadata(text, { lenient: true }).warnings);
});

test('a document over the 128 MiB limit is refused with a clear error, before it is copied', () => {
  const text = `{"shape":[1],"attributes":"${'x'.repeat(129 * 2 ** 20)}"}`;
  const report = validateMetadata(text);
  assert.equal(report.valid, false);
  assert.equal(report.errors[0].path, '');
  assert.match(report.errors[0].message, /^found a document of \d+ characters; expected at most 134217728 bytes \(128 MiB\)$/);
  assert.throws(() => ChunkGrid.fromMetadata(new TextEncoder().encode(text)), (e) => e instanceof GridError && /128 MiB/.test(e.message));
  assert.deepEqual(ChunkGrid.fromChunkShapes([5], [2]).locate([4]), { chunk: [2], offset: [0] });
});

test('a syntax error carries its code and byte offset, so nothing reads them out of the message', () => {
  const [error] = validateMetadata('{"zarr_format": 3, "shape": [1,, 2]}').errors;
  assert.equal(error.code, 'SYNTAX');
  assert.equal(error.path, '');
  assert.equal(error.byteOffset, 31);
  const [missing] = validateMetadata('{"zarr_format": 3}').errors;
  assert.equal(missing.code, 'MISSING');
  assert.equal(missing.byteOffset, undefined);
  // Counted in bytes, as the message says: "é" is two.
  assert.equal(validateMetadata('{"é": [}').errors[0].byteOffset, 8);
});
