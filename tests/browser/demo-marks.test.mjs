// Where the demo's editor marks a problem (web-demo/json-locate.js), run in
// Node: the places come from the package's locatePointers, in one call.
import test from 'node:test';
import assert from 'node:assert/strict';
import { toolsModule } from '../../js/tools/tools-module.js';
import { locateProblems, problemRanges } from '../../web-demo/json-locate.js';

// The marked text of each range.
const marked = (text, problem, pointers) => problemRanges(text, problem, pointers).map((r) => text.slice(r.start, r.end));

test('a member marks its key and value, an element its value', () => {
  const text = '{"shape": [10, -1], "é😀": {"a/b": true}}';
  assert.deepEqual(marked(text, { path: '/shape' }), ['"shape": [10, -1]']);
  assert.deepEqual(marked(text, { path: '/shape/1' }), ['-1']);
  assert.deepEqual(marked(text, { path: '/é😀/a~1b' }), ['"a/b": true']);
});

test('a duplicate key marks every copy after the first', () => {
  const text = '{"a": 1, "b": 2, "a": 3, "a": {}}';
  assert.deepEqual(marked(text, { path: '/a', code: 'DUPLICATE_KEY' }), ['"a": 3', '"a": {}']);
});

test('a missing member marks the start of the nearest enclosing value', () => {
  const text = '{"chunk_grid": {"name": "rectilinear", "configuration": {"kind": "inline"}}}';
  assert.deepEqual(marked(text, { path: '/chunk_grid/configuration/chunk_shapes', code: 'MISSING' }), ['"configuration": {']);
  assert.deepEqual(marked(text, { path: '/shape', code: 'MISSING' }), ['{']);
});

test('a syntax error marks the character at its byte offset', () => {
  const text = '{"é😀": 1 "b": 2}';
  const at = new TextEncoder().encode(text).indexOf(0x22, 10);  // the quote where a comma is missing
  assert.deepEqual(marked(text, { path: '', code: 'SYNTAX', byteOffset: at }), ['"']);
});

test('one call finds the places of every problem and of what encloses them', () => {
  const text = '{"a": {"b": [1, 2]}, "a": 0, "c": 1}';
  const problems = [{ path: '/a/b/1' }, { path: '/a' }, { path: '/c/d' }, { path: '/zz' }];
  const { native } = toolsModule;
  const saved = native.locatePointers;
  let calls = 0;
  native.locatePointers = (...args) => (calls++, saved(...args));
  try {
    const pointers = locateProblems(text, problems);
    assert.equal(calls, 1);
    assert.deepEqual(problems.map((p) => marked(text, p, pointers)), [['2'], ['"a": 0'], ['"c": 1'], ['{']]);
  } finally {
    native.locatePointers = saved;
  }
});
