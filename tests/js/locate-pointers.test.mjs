// locatePointers: where JSON Pointers' values lie in JSON text, read by the
// core. A string gets UTF-16 indices, bytes get byte offsets.
import test from 'node:test';
import assert from 'node:assert/strict';
import { locatePointers } from 'zarr-rectilinear/tools';

// Each place as the text it covers: "key: value" from keyStart, or the value.
const texts = (text, pointer) => locatePointers(text, [pointer])[0].map((p) => text.slice(p.keyStart ?? p.start, p.end));

test('locatePointers finds nested values and their keys, one array of places per pointer', () => {
  const text = '{"a": {"b": [10, {"c": null}, [true, "s"]]}, "d": -1.5e3}';
  const places = locatePointers(text, ['', '/a/b', '/a/b/1/c', '/a/b/2/1', '/x']);
  assert.deepEqual(places, [
    [{ start: 0, end: text.length }],
    [{ keyStart: 7, start: 12, end: 42 }],
    [{ keyStart: 18, start: 23, end: 27 }],
    [{ start: 37, end: 40 }],
    [],
  ]);
  assert.equal(text.slice(37, 40), '"s"');
  assert.deepEqual(texts(text, '/d'), ['"d": -1.5e3']);
  assert.ok(!('keyStart' in places[0][0]), 'the root has no key');
});

test('locatePointers matches decoded keys, with ~0 and ~1 in the pointer', () => {
  const text = '{"a/b": 1, "m~n": 2, "q\\"r": 3, "\\u00e9": 4, "": 5}';
  assert.deepEqual(texts(text, '/a~1b'), ['"a/b": 1']);
  assert.deepEqual(texts(text, '/m~0n'), ['"m~n": 2']);
  assert.deepEqual(texts(text, '/q"r'), ['"q\\"r": 3']);
  assert.deepEqual(texts(text, '/é'), ['"\\u00e9": 4']);
  assert.deepEqual(texts(text, '/'), ['"": 5']);
});

test('locatePointers gives every copy of a duplicate key, in text order', () => {
  const text = '{"a": {"x": 1}, "a": {"x": 2, "x": 3}}';
  assert.deepEqual(texts(text, '/a'), ['"a": {"x": 1}', '"a": {"x": 2, "x": 3}']);
  assert.deepEqual(texts(text, '/a/x'), ['"x": 1', '"x": 2', '"x": 3']);
});

test('locatePointers keeps what ended before a syntax error', () => {
  const text = '{"a": 1, "b": [2, 3 4], "c": 5}';
  const [root, a, b, b1, c] = locatePointers(text, ['', '/a', '/b', '/b/1', '/c']);
  assert.deepEqual([root, b, c], [[], [], []]);
  assert.deepEqual(a, [{ keyStart: 1, start: 6, end: 7 }]);
  assert.deepEqual(b1, [{ start: 18, end: 19 }]);
  assert.deepEqual(locatePointers('', ['']), [[]]);
});

test('locatePointers gives UTF-16 indices for a string and byte offsets for bytes', () => {
  // "é" is 1 UTF-16 unit and 2 bytes, "😀" 2 units and 4 bytes, "€" 1 and 3.
  const text = '{"é": "😀", "k": ["€", 1]}';
  const pointers = ['/é', '/k/0', '/k/1'];
  const inString = locatePointers(text, pointers);
  assert.deepEqual(inString, [[{ keyStart: 1, start: 6, end: 10 }], [{ start: 18, end: 21 }], [{ start: 23, end: 24 }]]);
  assert.equal(text.slice(18, 21), '"€"');
  const bytes = new TextEncoder().encode(text);
  const inBytes = locatePointers(bytes, pointers);
  assert.deepEqual(inBytes, [[{ keyStart: 1, start: 7, end: 13 }], [{ start: 21, end: 26 }], [{ start: 28, end: 29 }]]);
  assert.equal(new TextDecoder().decode(bytes.subarray(21, 26)), '"€"');
});

test('locatePointers reads numbers of any size', () => {
  const text = `{"a": 1e400, "b": ${'9'.repeat(400)}, "c": 18446744073709551616}`;
  assert.deepEqual(texts(text, '/a'), ['"a": 1e400']);
  assert.deepEqual(texts(text, '/b'), [`"b": ${'9'.repeat(400)}`]);
  assert.deepEqual(texts(text, '/c'), ['"c": 18446744073709551616']);
});

test('locatePointers answers a repeated pointer each time it is asked', () => {
  const places = locatePointers('[7, 8]', ['/1', '/1', '/0']);
  assert.deepEqual(places, [[{ start: 4, end: 5 }], [{ start: 4, end: 5 }], [{ start: 1, end: 2 }]]);
  assert.notEqual(places[0][0], places[1][0]);
  assert.deepEqual(locatePointers('[]', []), []);
});

test('locatePointers refuses bad arguments with a TypeError', () => {
  assert.throws(() => locatePointers({}, ['']), { name: 'TypeError', message: /text: found an object; expected a string or a Uint8Array/ });
  assert.throws(() => locatePointers('{}', '/a'), { name: 'TypeError', message: /pointers: found "\/a"; expected an array of strings/ });
  assert.throws(() => locatePointers('{}', ['', 3]), { name: 'TypeError', message: /pointers\[1\]: found 3; expected a string/ });
  assert.throws(() => locatePointers('{}', ['/a', , '/b']), { name: 'TypeError', message: /pointers\[1\]: found a hole/ });
  assert.throws(() => locatePointers('{}', ['/ok', 'a/b']), { name: 'TypeError', message: /pointers\[1\]: found "a\/b"; expected a JSON Pointer/ });
  assert.throws(() => locatePointers('{}', ['/a~2']), { name: 'TypeError', message: /pointers\[0\]/ });
});

test('locatePointers reads a large document in one pass', () => {
  const n = 200_000;
  const text = `{"edges": [${Array.from({ length: n }, (_, i) => i % 7 + 1).join(', ')}], "last": {"x": 1}}`;
  const [first, last, x] = locatePointers(text, ['/edges/0', `/edges/${n - 1}`, '/last/x']);
  assert.deepEqual(first, [{ start: 11, end: 12 }]);
  assert.equal(text.slice(last[0].start, last[0].end), String((n - 1) % 7 + 1));
  assert.deepEqual(texts(text, '/last/x'), ['"x": 1']);
  assert.equal(x.length, 1);
});
