// A store from withConsolidatedMetadata serves each listed zarr.json as the
// bytes of its value in the root document, never JSON written again (which
// turned a -0.0 fill value into 0, and NaN or 1e400 in attributes into
// null); each open of a listed node gives values of its own; `strict` means
// the same as on a plain store; a group keeps the warnings of its own
// document, as an array keeps its grid's.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { open, get, withConsolidatedMetadata } from 'zarr-rectilinear/zarrita';

const utf8 = (text) => new TextEncoder().encode(text);
const text = (bytes) => new TextDecoder().decode(bytes);

const ARRAY = (fill, attributes = '{}', dtype = 'float64') => `{"zarr_format": 3, "node_type": "array", "shape": [4, 4], "data_type": "${dtype}",
  "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2, 2]}},
  "chunk_key_encoding": {"name": "default"}, "fill_value": ${fill},
  "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}], "dimension_names": ["y", "x"], "attributes": ${attributes}}`;

// A root group listing `entries` ([name, text]), each written as given.
const rootText = (entries, { attributes = '{}', bom = false } = {}) => `${bom ? '\ufeff' : ''}{"zarr_format": 3, "node_type": "group", "attributes": ${attributes},
  "consolidated_metadata": {"kind": "inline", "must_understand": false, "metadata": {
${entries.map(([name, doc]) => `    ${JSON.stringify(name)}: ${doc}`).join(',\n')}}}}`;

const storeOf = (files) => new Map(Object.entries(files).map(([key, value]) => [key, utf8(value)]));

test('each listed zarr.json is served as the very text the root document holds for it', async () => {
  const a = ARRAY('-0.0', '{"nan": NaN, "huge": 1e400, "negative zero": -0.0, "tiny": 5e-324, "big": 18446744073709551615}');
  const g = '{"zarr_format": 3, "node_type": "group", "attributes": {"at": -0.0, "inf": -Infinity}}';
  for (const bom of [false, true]) {
    const store = await withConsolidatedMetadata(storeOf({ '/zarr.json': rootText([['a', a], ['g', g], ['g/b', ARRAY('1.5e300')]], { bom }) }));
    assert.equal(text(await store.get('/a/zarr.json')), a, `bom: ${bom}`);
    assert.equal(text(await store.get('/g/zarr.json')), g);
    assert.equal(text(await store.get('/g/b/zarr.json')), ARRAY('1.5e300'));
    // A fresh copy each time: changing what one get gave changes no later one.
    (await store.get('/a/zarr.json')).fill(32);
    assert.equal(text(await store.get('/a/zarr.json')), a);
  }
});

test('an entry written twice is served as the copy the core reads, the last, and opens as refused', async () => {
  const group = (n) => `{"zarr_format": 3, "node_type": "group", "attributes": {"n": ${n}}}`;
  const store = await withConsolidatedMetadata(storeOf({ '/zarr.json': rootText([['a', group(1)], ['a', group(2)]]) }));
  assert.equal(text(await store.get('/a/zarr.json')), group(2));
  await assert.rejects(open(store, { path: 'a' }), (e) => e instanceof zarr.InvalidMetadataError && /more than once/.test(e.message));
});

test('a -0.0 fill value reads as -0 for missing chunks, through zarrita and through open', async () => {
  const store = await withConsolidatedMetadata(storeOf({ '/zarr.json': rootText([['a', ARRAY('-0.0')]]) }));
  const ours = await open(store, { path: 'a', kind: 'array' });
  assert.ok(Object.is(ours.fillValue, -0));
  assert.ok(Array.from((await get(ours)).data).every((v) => Object.is(v, -0)), 'open');
  const theirs = await zarr.open(zarr.root(store).resolve('a'), { kind: 'array' });
  assert.ok(Object.is(theirs.fillValue, -0), 'zarrita reads the served zarr.json');
  assert.ok(Array.from((await zarr.get(theirs)).data).every((v) => Object.is(v, -0)), 'zarrita');
});

test('every open of a listed node gives values of its own', async () => {
  const files = storeOf({
    '/zarr.json': rootText([['a', ARRAY('0', '{"units": "m", "nested": {"k": [1, 2]}}', 'uint16')], ['g', '{"zarr_format": 3, "node_type": "group", "attributes": {"x": 1}}']]),
  });
  files.set('/a/c/0/0', new Uint8Array([1, 0, 2, 0, 3, 0, 4, 0])); // one chunk, little-endian
  const store = await withConsolidatedMetadata(files);
  const first = await open(store, { path: 'a', kind: 'array' });
  first.attrs.units = 'changed';
  first.attrs.nested.k.push(3);
  first.dimensionNames[0] = 'changed';
  first.codecs[0].configuration.endian = 'big';
  const group = await open(store, { path: 'g', kind: 'group' });
  group.attrs.x = 2;

  const second = await open(store, { path: 'a', kind: 'array' });
  assert.deepEqual(second.attrs, { units: 'm', nested: { k: [1, 2] } });
  assert.deepEqual(second.dimensionNames, ['y', 'x']);
  assert.equal(second.codecs[0].configuration.endian, 'little');
  assert.deepEqual(second.metadata.attributes, { units: 'm', nested: { k: [1, 2] } });
  assert.deepEqual(Array.from((await get(second, [zarr.slice(0, 2), zarr.slice(0, 2)])).data), [1, 2, 3, 4], 'decoded as written');
  const again = await open(store, { path: 'g', kind: 'group' });
  assert.deepEqual(again.attrs, { x: 1 });
});

test('open\'s strict means the same on a consolidated store as on a plain one', async () => {
  const quirky = ARRAY('"42"', '{}', 'int32'); // writers' ledger: fill-value-spelled
  const plain = storeOf({ '/zarr.json': '{"zarr_format": 3, "node_type": "group"}', '/a/zarr.json': quirky });
  await assert.rejects(open(plain, { path: 'a', strict: true }), zarr.InvalidMetadataError);
  assert.equal((await open(plain, { path: 'a' })).grid.warnings.length, 1);
  const files = storeOf({ '/zarr.json': rootText([['a', quirky]]) });
  for (const wrapped of [{}, { strict: true }]) {
    const store = await withConsolidatedMetadata(files, wrapped);
    await assert.rejects(open(store, { path: 'a', strict: true }), (e) => e instanceof zarr.InvalidMetadataError && /fill_value/.test(e.message), JSON.stringify(wrapped));
    const lenient = await open(store, { path: 'a' });
    assert.equal(lenient.fillValue, 42);
    assert.equal(lenient.grid.warnings.length, 1, JSON.stringify(wrapped));
  }
});

test('a group keeps the warnings of its own document, not its entries\'', async () => {
  const files = storeOf({
    '/zarr.json': rootText([['a', ARRAY('0', '{"n": NaN}')], ['g', '{"zarr_format": 3, "node_type": "group", "attributes": {"n": -Infinity}}']], { attributes: '{"n": NaN}', bom: true }),
    '/h/zarr.json': '{"zarr_format": 3, "node_type": "group", "consolidated_metadata": null}',
  });
  const root = await open(files, { kind: 'group' });
  assert.deepEqual(root.warnings.map((w) => w.path), ['', '/attributes/n']);
  assert.ok(root.warnings.every((w) => /^found /.test(w.message)));
  assert.deepEqual((await open(files, { path: 'h', kind: 'group' })).warnings.map((w) => w.path), ['/consolidated_metadata']);
  await assert.rejects(open(files, { path: 'h', kind: 'group', strict: true }), zarr.InvalidMetadataError);

  const store = await withConsolidatedMetadata(files);
  assert.deepEqual((await open(store, { kind: 'group' })).warnings.map((w) => w.path), ['', '/attributes/n']);
  assert.deepEqual((await open(store, { path: 'g', kind: 'group' })).warnings.map((w) => w.path), ['/consolidated_metadata/metadata/g/attributes/n']);
  assert.deepEqual((await open(store, { path: 'a', kind: 'array' })).grid.warnings.map((w) => w.path), ['/consolidated_metadata/metadata/a/attributes/n']);
});
