// Loading: the WebAssembly loads on import, synchronously (no top-level
// await); every export is usable as soon as `import` returns; `ready` is an
// already-resolved promise.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import * as pkg from 'zarr-rectilinear';
import { ChunkGrid, validateMetadata, GridError, ready } from 'zarr-rectilinear';

// Used at module top level, before anything awaits `ready`.
const atImport = ChunkGrid.fromEdges([[3, 4]]).locate([5]);

test('the package exports ChunkGrid, validateMetadata, readMetadata, locatePointers, readerReport, READERS, repairMetadata, GridError and ready', () => {
  assert.deepEqual(Object.keys(pkg).sort(), ['ChunkGrid', 'GridError', 'READERS', 'locatePointers', 'readMetadata', 'readerReport', 'ready', 'repairMetadata', 'validateMetadata']);
  assert.equal(typeof ChunkGrid, 'function');
  assert.equal(typeof validateMetadata, 'function');
  assert.equal(typeof GridError, 'function');
});

test('every export is usable as soon as import returns, without awaiting ready', () => {
  assert.deepEqual(atImport, { chunk: [1], offset: [2] });
});

test('ready is a promise', () => {
  assert.ok(ready instanceof Promise);
});

test('ready is already resolved when import returns', async () => {
  const first = await Promise.race([ready.then(() => 'ready'), Promise.resolve().then(() => 'pending')]);
  assert.equal(first, 'ready');
});

test('ready resolves (never rejects)', async () => {
  await assert.doesNotReject(ready);
});

test('ChunkGrid has no public constructor: grids come from the static builders', () => {
  assert.throws(() => new ChunkGrid(), TypeError);
});

test('the package loads in a worker thread without fetch', async () => {
  const worker = new Worker(new URL('./worker-fixture.mjs', import.meta.url));
  const message = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  assert.equal(message.fetched, false);
  assert.deepEqual(message.located, { chunk: [1, 0], offset: [2, 1] });
});
