// repairMetadata through the built package: each writers' ledger entry
// (docs/writers-ledger.md) written back as conformant metadata, in place,
// and every other byte as it was; consolidated entries too; what has no
// conformant spelling (NaN in attributes) listed and left.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { GridError, readMetadata, validateMetadata } from 'zarr-rectilinear';
import { locatePointers, repairMetadata as repairOf } from 'zarr-rectilinear/tools';

// The entries repaired (or left) by the tests below, for the last one.
const seen = new Set();
const repairMetadata = (/** @type {string | Uint8Array} */ text) => {
  const out = repairOf(text);
  for (const { entry } of [...out.changes, ...out.unrepaired]) seen.add(entry);
  return out;
};

const lines = (...l) => l.join('\n');

// Every array entry of the ledger in one document, spaced as a person might.
const ARRAY = lines(
  '{',
  '  "zarr_format" : 3,',
  '  "node_type": "array",',
  '  "shape": [4, 20],',
  '  "data_type": "uint8",',
  '  "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2, [5, 10.0, true, 4]]}},',
  '  "chunk_key_encoding": {"name": "default"},',
  '  "fill_value": null,',
  '  "codecs": [],',
  '  "dimension_names": null,',
  '  "attributes": {"scale": 1.50, "huge": 123456789012345678901234567890, "note": "  spaced\\u0020"}',
  '}');
const ARRAY_REPAIRED = lines(
  '{',
  '  "zarr_format" : 3,',
  '  "node_type": "array",',
  '  "shape": [4, 20],',
  '  "data_type": "uint8",',
  '  "chunk_grid": {"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": [2, [5, 10, 1, 4]]}},',
  '  "chunk_key_encoding": {"name": "default"},',
  '  "fill_value": 0,',
  '  "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],',
  '  "attributes": {"scale": 1.50, "huge": 123456789012345678901234567890, "note": "  spaced\\u0020"}',
  '}');

test('every array entry is written back, and every other byte stays', () => {
  const before = validateMetadata(ARRAY);
  assert.equal(before.valid, true);
  assert.equal(validateMetadata(ARRAY, { strict: true }).valid, false);
  const { text, changes, unrepaired } = repairMetadata(ARRAY);
  assert.equal(text, ARRAY_REPAIRED);
  assert.deepEqual(unrepaired, []);
  assert.deepEqual(changes, [
    { pointer: '/chunk_grid/configuration/chunk_shape/1/1', old: '10.0', new: '10', entry: 'integral-float-edge' },
    { pointer: '/chunk_grid/configuration/chunk_shape/1/2', old: 'true', new: '1', entry: 'true-as-one' },
    { pointer: '/fill_value', old: 'null', new: '0', entry: 'zarrita-null-fill-value' },
    { pointer: '/codecs', old: '[]', new: '[{"name": "bytes", "configuration": {"endian": "little"}}]', entry: 'zarrita-empty-codecs' },
    { pointer: '/dimension_names', old: '"dimension_names": null', new: '', entry: 'dimension-names-null' },
    {
      pointer: '/chunk_grid',
      old: '{"name": "regular", "configuration": {"chunk_shape": [2, [5, 10, 1, 4]]}}',
      new: '{"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": [2, [5, 10, 1, 4]]}}',
      entry: 'regular-edge-lists',
    },
  ]);
  const strict = validateMetadata(text, { strict: true });
  assert.deepEqual(strict, { valid: true, errors: [], warnings: [] });
  // Untouched members, byte for byte, wherever they now are.
  for (const pointer of ['/zarr_format', '/shape', '/chunk_key_encoding', '/attributes']) {
    const [[was], [is]] = [ARRAY, text].map((t) => locatePointers(t, [pointer])[0]);
    assert.equal(text.slice(is.keyStart, is.end), ARRAY.slice(was.keyStart, was.end), pointer);
  }
  // The same array, read before and after.
  const [a, b] = [ARRAY, text].map((t) => readMetadata(t));
  try {
    assert.ok(a.grid.equals(b.grid));
    assert.deepEqual([a.fillValue, a.codecs, a.shape], [b.fillValue, b.codecs, b.shape]);
  } finally {
    a.grid.dispose();
    b.grid.dispose();
  }
});

test('fill values spelled, bare codec names and a zero chunk size', () => {
  const doc = '{"zarr_format":3,"node_type":"array","shape":[0,6],"data_type":"int32",' +
    '"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[0,3]}},"chunk_key_encoding":{"name":"default"},' +
    '"fill_value":"-7","codecs":[{"name":"bytes","configuration":{"endian":"little"}},"crc32c"]}';
  const { text, changes } = repairMetadata(doc);
  assert.deepEqual(changes.map((c) => [c.pointer, c.old, c.new, c.entry]), [
    ['/chunk_grid/configuration/chunk_shape/0', '0', '1', 'zero-chunk-size'],
    ['/fill_value', '"-7"', '-7', 'fill-value-spelled'],
    ['/codecs/1', '"crc32c"', '{"name": "crc32c"}', 'bare-codec-names'],
  ]);
  assert.equal(text, doc.replace('[0,3]', '[1,3]').replace('"-7"', '-7').replace('"crc32c"', '{"name": "crc32c"}'));
  assert.equal(validateMetadata(text, { strict: true }).valid, true);
  const float = doc.replace('"int32"', '"float64"').replace('"-7"', '"2.5e-3"');
  assert.equal(repairMetadata(float).changes[1].new, '2.5e-3');
});

test('a group: a byte-order mark, its consolidated entries, and NaN reported and left', () => {
  const entry = '{"zarr_format": 3, "node_type": "array", "shape": [6], "data_type": "uint8", "fill_value": "3",' +
    ' "chunk_grid": {"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": [[true, 5.0]]}},' +
    ' "chunk_key_encoding": {"name": "default"}, "codecs": ["bytes"], "attributes": {"gain": NaN}}';
  const group = '\uFEFF{"zarr_format": 3, "node_type": "group", "attributes": {"low": -Infinity},\n' +
    ` "consolidated_metadata": {"kind": "inline", "must_understand": false, "metadata": {"x/y": ${entry},` +
    ' "z": {"zarr_format": 3, "node_type": "group", "consolidated_metadata": null}}}}';
  const bytes = new TextEncoder().encode(group);
  const { text, changes, unrepaired } = repairMetadata(bytes);
  assert.ok(text instanceof Uint8Array);
  const at = '/consolidated_metadata/metadata';
  assert.deepEqual(changes[0], { pointer: '', old: '\uFEFF', new: '', entry: 'byte-order-mark' });
  assert.deepEqual(changes.map((c) => [c.pointer, c.entry]), [
    ['', 'byte-order-mark'],
    [`${at}/x~1y/fill_value`, 'fill-value-spelled'],
    [`${at}/x~1y/chunk_grid/configuration/chunk_shapes/0/0`, 'true-as-one'],
    [`${at}/x~1y/chunk_grid/configuration/chunk_shapes/0/1`, 'integral-float-edge'],
    [`${at}/x~1y/codecs/0`, 'bare-codec-names'],
    [`${at}/z/consolidated_metadata`, 'consolidated-metadata-null'],
  ]);
  const repaired = new TextDecoder('utf-8', { ignoreBOM: true }).decode(text);
  assert.equal(repaired, group.slice(1).replace('"3"', '3').replace('[[true, 5.0]]', '[[1, 5]]')
    .replace('["bytes"]', '[{"name": "bytes"}]').replace(', "consolidated_metadata": null', ''));
  // NaN and -Infinity have no JSON spelling: listed, left, and still refused by strict.
  assert.deepEqual(unrepaired.map((u) => [u.pointer, u.entry]), [['/attributes/low', 'non-finite-tokens'], [`${at}/x~1y/attributes/gain`, 'non-finite-tokens']]);
  assert.match(unrepaired[0].reason, /no spelling of -Infinity; left as it is/);
  const strict = validateMetadata(text, { strict: true });
  assert.deepEqual(strict.errors.map((e) => e.path), ['/attributes/low', `${at}/x~1y/attributes/gain`]);
});

// Each read lists at most 1000 problems, and repair read the text again
// for every 1000 changes: 16,000 changes in 4.3 MB took 4.5 s, four times
// as many eleven times as long. Now every fix is read at once (and the
// fixes that hold others are found in O(n log n)): two passes here, the
// edges and then the grid that holds them. Quadratic, this took minutes.
test('400,000 changes: each made, in text order, the grid that holds them after them', { timeout: 60_000 }, () => {
  const n = 400_000;
  const grid = (name, edges) => `{"name": "${name}", "configuration": {${name === 'regular' ? '' : '"kind": "inline", '}"chunk_${name === 'regular' ? 'shape' : 'shapes'}": [[${edges}], 2]}}`;
  const doc = (g) => `{"zarr_format": 3, "node_type": "array", "shape": [${10 * n}, 2], "data_type": "uint8", "chunk_grid": ${g}, "chunk_key_encoding": {"name": "default"}, "fill_value": 0, "codecs": [{"name": "bytes"}]}`;
  const floats = Array(n).fill('10.0').join(', ');
  const ints = Array(n).fill('10').join(', ');
  const { text, changes, unrepaired } = repairMetadata(doc(grid('regular', floats)));
  assert.equal(text, doc(grid('rectilinear', ints)));
  assert.deepEqual(unrepaired, []);
  assert.equal(changes.length, n + 1);
  changes.slice(0, n).forEach((c, i) => {
    if (c.pointer !== `/chunk_grid/configuration/chunk_shape/0/${i}` || c.old !== '10.0' || c.new !== '10') assert.fail(`change ${i}: ${JSON.stringify(c)}`);
  });
  assert.deepEqual({ ...changes[n], old: changes[n].old.length, new: changes[n].new.length }, {
    pointer: '/chunk_grid', old: grid('regular', ints).length, new: grid('rectilinear', ints).length, entry: 'regular-edge-lists',
  });
  assert.equal(validateMetadata(text, { strict: true }).valid, true);
});

test('text with nothing to repair comes back as given; bad input is refused clearly', () => {
  const conformant = new TextEncoder().encode('{"zarr_format": 3, "node_type": "group"}');
  const same = repairMetadata(conformant);
  assert.equal(same.text, conformant);
  assert.deepEqual([same.changes, same.unrepaired], [[], []]);
  assert.throws(() => repairMetadata('{"zarr_format": 3,'), (e) => e instanceof GridError && e.code === 'SYNTAX');
  assert.throws(() => repairMetadata('[1]'), (e) => e instanceof GridError && e.code === 'WRONG_TYPE');
  assert.throws(() => repairMetadata(/** @type {any} */ ({ zarr_format: 3 })), /text: found an object; expected the text of a zarr.json/);
  // And the module keeps working.
  assert.equal(repairMetadata('{"zarr_format":3,"node_type":"group","consolidated_metadata":null}').text, '{"zarr_format":3,"node_type":"group"}');
});

test('the tests above meet every entry of docs/writers-ledger.md', () => {
  const doc = readFileSync(new URL('../../docs/writers-ledger.md', import.meta.url), 'utf8');
  const ids = [...doc.matchAll(/^### `([a-z0-9-]+)`$/gm)].map((m) => m[1]);
  assert.ok(ids.length >= 12);
  assert.deepEqual([...seen].sort(), ids.sort());
});
