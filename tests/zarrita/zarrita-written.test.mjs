// An array that zarrita.js 0.7.5's create writes with its defaults
// ("codecs": [] and "fill_value": null) opens and reads as zarrita reads
// it, with a warning for each (docs/writers-ledger.md); with strict it is
// refused.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as zarr from 'zarrita';
import { readMetadata } from 'zarr-rectilinear';
import { get, open } from 'zarr-rectilinear/zarrita';
import { tempStore } from './support.mjs';

for (const dtype of ['float32', 'int16', 'int64', 'bool']) {
  test(`zarrita's create defaults open: ${dtype}`, async (t) => {
    const { store } = tempStore(t);
    const theirs = await zarr.create(zarr.root(store).resolve('a'), { shape: [5], chunkShape: [2], dtype });
    const written = JSON.parse(new TextDecoder().decode(await store.get('/a/zarr.json')));
    assert.deepEqual([written.codecs, written.fill_value], [[], null]);
    // Chunk 1 written, chunks 0 and 2 missing: zarrita reads them as zeros.
    const data = dtype === 'int64' ? new BigInt64Array([7n, -8n]) : dtype === 'bool' ? new zarr.BoolArray([true, true]) : new (dtype === 'int16' ? Int16Array : Float32Array)([7, -8]);
    await zarr.set(theirs, [zarr.slice(2, 4)], { data, shape: [2], stride: [1] });
    const read = readMetadata(await store.get('/a/zarr.json'));
    assert.deepEqual(read.warnings.map((w) => [w.path, w.message.match(/writers' ledger: ([a-z-]+)/)[1]]),
      [['/fill_value', 'zarrita-null-fill-value'], ['/codecs', 'zarrita-empty-codecs']]);
    const ours = await open(store, { path: 'a', kind: 'array' });
    const mine = Array.from((await get(ours)).data);
    if (dtype === 'int64') {
      // zarrita fills a missing int64 chunk with null, which BigInt64Array refuses: we read 0n.
      assert.deepEqual(mine, [0n, 0n, 7n, -8n, 0n]);
    } else {
      assert.deepEqual(mine, Array.from((await zarr.get(theirs)).data));
    }
    await assert.rejects(open(store, { path: 'a', strict: true }), /strict; writers' ledger: zarrita-/);
  });
}
