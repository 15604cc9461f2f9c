// consolidateMetadata never writes a document that validateMetadata
// refuses: a node whose name would be an unfit entry name in some group's
// document (a:b reads as a URL scheme there) is refused up front, naming
// the node, and what it writes is checked entries and all.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { consolidateMetadata, withConsolidatedMetadata } from 'zarr-rectilinear/zarrita';
import { validateMetadata } from 'zarr-rectilinear';

const GROUP = '{"zarr_format": 3, "node_type": "group", "attributes": {}}';
const ARRAY = `{"zarr_format": 3, "node_type": "array", "shape": [2], "data_type": "uint8",
  "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}}, "chunk_key_encoding": {"name": "default"},
  "fill_value": 0, "codecs": [{"name": "bytes"}]}`;

const storeOf = (nodes) => new Map(Object.entries(nodes).map(([path, doc]) => [`${path}/zarr.json`, new TextEncoder().encode(doc)]));

test('a node whose name reads as a URL scheme in a group\'s document is refused, naming it; nothing is written', async () => {
  for (const [nodes, node, lister, name] of [
    [{ '': GROUP, '/g': GROUP, '/g/a:b': ARRAY }, '/g/a:b', '/g', 'a:b'],
    [{ '': GROUP, '/g': GROUP, '/g/a:b': GROUP, '/g/a:b/c': ARRAY }, '/g/a:b', '/g', 'a:b'],
    [{ '': GROUP, '/x:y': ARRAY }, '/x:y', '/', 'x:y'],
  ]) {
    const store = storeOf(nodes);
    const before = new Map(store);
    await assert.rejects(consolidateMetadata(store), (e) => {
      assert.ok(e instanceof zarr.InvalidMetadataError, e.message);
      assert.ok(e.message.includes(`the node "${node}" would be listed in the consolidated metadata of "${lister}" as "${name}": found the name "${name}", a URL scheme`), e.message);
      assert.equal(e.path, `${node}/zarr.json`);
      return true;
    });
    assert.deepEqual(store, before, 'nothing written');
    // Named by {paths} too.
    await assert.rejects(consolidateMetadata(store, { paths: Object.keys(nodes).filter(Boolean) }), zarr.InvalidMetadataError);
  }
});

test('what consolidateMetadata writes, validateMetadata accepts: a name whose colon makes no scheme (1:2) is written', async () => {
  const store = storeOf({ '': GROUP, '/g': GROUP, '/g/b': GROUP, '/g/b/1:2': ARRAY });
  await consolidateMetadata(store);
  const written = store.get('/zarr.json');
  assert.deepEqual(validateMetadata(written).errors, []);
  const wrapped = await withConsolidatedMetadata(store);
  assert.deepEqual(wrapped.contents().map((c) => c.path), ['/', '/g', '/g/b', '/g/b/1:2']);
});
