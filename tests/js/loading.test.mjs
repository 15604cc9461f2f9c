// Loading: the WebAssembly loads on import (top-level await); every export is
// usable as soon as `import` returns; `ready` is an already-resolved promise.
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

test('in Node, the document module loads at its first use: a program that only builds grids never reads it', async () => {
  // A fresh process: whether the document module's CommonJS copy
  // (scripts/node-document-module.mjs) is in require's cache.
  const { execFileSync } = await import('node:child_process');
  const script = `import { createRequire } from 'node:module';
import { ChunkGrid, validateMetadata } from 'zarr-rectilinear';
const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((f) => f.endsWith('zarr_rectilinear_document.cjs'));
ChunkGrid.fromEdges([[3, 4]]).locate([5]);
const before = loaded();
const { valid } = validateMetadata('{}');
console.log(JSON.stringify({ before, after: loaded(), valid }));`;
  const printed = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: new URL('../..', import.meta.url), encoding: 'utf8' });
  assert.deepEqual(JSON.parse(printed), { before: false, after: true, valid: false });
});
