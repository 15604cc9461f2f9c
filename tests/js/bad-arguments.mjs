// Metadata arguments that no document text can spell, so the bad-input
// catalogue (tests/data/bad-inputs/) cannot hold them: JS values that are
// not text, bytes or an object, and objects holding what JSON cannot say
// exactly (NaN, Infinity, -0, bigints, numbers already rounded past 2^53).
// Each: {name, input, path}; fromMetadata throws a GridError at `path`, and
// validateMetadata reports it first. Not a test file: node --test picks up
// only *.test.mjs.
import { validText } from './document-text.mjs';

const CS = '/chunk_grid/configuration/chunk_shapes';

// The spec's example array as an object, edited.
function withObject(edit) {
  const o = JSON.parse(validText);
  edit(o);
  return o;
}

export function badArguments() {
  const list = [];
  for (const [what, input] of [['null', null], ['a number', 42], ['an array', []], ['undefined', undefined],
    ['a boolean', false], ['a function', () => 1]]) {
    list.push({ name: `the metadata argument is ${what} (not text, bytes or an object)`, input, path: '' });
  }
  for (const [name, edit, path] of [
    ['a shape entry of NaN', (o) => (o.shape[0] = NaN), '/shape/0'],
    ['an edge of Infinity', (o) => (o.chunk_grid.configuration.chunk_shapes[0][0] = Infinity), `${CS}/0/0`],
    ['a shape entry above 2^53 (already rounded)', (o) => (o.shape[0] = 2 ** 64), '/shape/0'],
    ['an edge above 2^53 (already rounded)', (o) => (o.chunk_grid.configuration.chunk_shapes[0][0] = 2 ** 53 + 2), `${CS}/0/0`],
    ['a bigint edge beyond uint64', (o) => (o.chunk_grid.configuration.chunk_shapes[0][0] = 2n ** 64n), `${CS}/0/0`],
    ['a negative bigint shape entry', (o) => (o.shape[1] = -1n), '/shape/1'],
    ['a string edge', (o) => (o.chunk_grid.configuration.chunk_shapes[1][0] = '24'), `${CS}/1/0`],
    ['an edge of -0', (o) => (o.chunk_grid.configuration.chunk_shapes[0][1] = -0), `${CS}/0/1`],
    ['shape is missing (undefined)', (o) => (o.shape = undefined), '/shape'],
  ]) {
    list.push({ name: `object: ${name}`, input: withObject(edit), path });
  }
  return list;
}
