// Loading: the WebAssembly loads on import, synchronously (no top-level
// await), for each entry point (zarr-rectilinear, and zarr-rectilinear/tools
// with its module of its own); every export is usable as soon as `import`
// returns; `ready` is an already-resolved promise.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import * as pkg from 'zarr-rectilinear';
import { ChunkGrid, validateMetadata, GridError, ready } from 'zarr-rectilinear';
import * as tools from 'zarr-rectilinear/tools';

// Used at module top level, before anything awaits `ready`.
const atImport = ChunkGrid.fromEdges([[3, 4]]).locate([5]);
const toolsAtImport = tools.summary(tools.trimmed([10], [4])).largestChunk;

test('the package exports ChunkGrid, validateMetadata, readMetadata, GridError and ready', () => {
  assert.deepEqual(Object.keys(pkg).sort(), ['ChunkGrid', 'GridError', 'readMetadata', 'ready', 'validateMetadata']);
  assert.equal(typeof ChunkGrid, 'function');
  assert.equal(typeof validateMetadata, 'function');
  assert.equal(typeof GridError, 'function');
});

test('zarr-rectilinear/tools exports the plans, the summaries, the reader report, READERS, repair, locatePointers and ready', () => {
  assert.deepEqual(Object.keys(tools).sort(), [
    'READERS', 'axisSummary', 'concat', 'locatePointers', 'overlap', 'readerReport', 'ready', 'repairMetadata', 'resize', 'summary', 'trimmed',
  ]);
  for (const name of Object.keys(tools).filter((n) => n !== 'READERS' && n !== 'ready')) assert.equal(typeof tools[name], 'function', name);
  assert.ok(Array.isArray(tools.READERS) && tools.READERS.length > 0);
});

test('every export is usable as soon as import returns, without awaiting ready', () => {
  assert.deepEqual(atImport, { chunk: [1], offset: [2] });
  assert.deepEqual(toolsAtImport, [4]);
});

test('ready is a promise, in each entry point', () => {
  assert.ok(ready instanceof Promise);
  assert.ok(tools.ready instanceof Promise);
});

test('ready is already resolved when import returns', async () => {
  for (const promise of [ready, tools.ready]) {
    const first = await Promise.race([promise.then(() => 'ready'), Promise.resolve().then(() => 'pending')]);
    assert.equal(first, 'ready');
  }
});

test('ready resolves (never rejects)', async () => {
  await assert.doesNotReject(ready);
  await assert.doesNotReject(tools.ready);
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
  assert.deepEqual(message.summed, { length: 5, activeCount: 2, largestDataSize: 3 });
});
