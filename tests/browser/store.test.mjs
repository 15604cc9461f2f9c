// The demo opens the fixture store served by the static server, the way
// `npm start` serves it: it draws the array's layout, marks the chunk that
// is missing, and reads a clicked chunk's values through zarrita's FetchStore.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, rmSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import FileSystemStore from '@zarrita/storage/fs';
import { create, open, get, set } from 'zarr-rectilinear/zarrita';
import { serve } from '../../scripts/serve.mjs';
import { launch } from './chromium.mjs';
import { openStore, clickChunk } from './store-page.mjs';

const root = resolve(import.meta.dirname, '../..');
const storeDir = resolve(root, 'build/fixture-store');
let server, url, browser;

before(async () => {
  if (!existsSync(resolve(storeDir, 'zarr.json'))) execFileSync('node', [resolve(root, 'scripts/make-fixture-store.mjs'), storeDir]);
  ({ server, url } = await serve());
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

// The values the page should show for a chunk, read in Node from the files.
async function expectedStats(path, coords) {
  const arr = await open(new FileSystemStore(storeDir), { path });
  const origin = arr.grid.chunkOrigin(coords);
  const size = arr.grid.chunkDataShape(coords);
  const { data } = await get(arr, origin.map((o, d) => ({ start: o, stop: o + size[d] })));
  const values = Array.from(data, Number);
  const fmt = (v) => (Number.isInteger(v) ? String(v) : v.toPrecision(6));
  return { min: fmt(Math.min(...values)), max: fmt(Math.max(...values)), mean: fmt(values.reduce((a, b) => a + b) / values.length) };
}

test('the demo opens the served store, marks the missing chunk and reads a clicked chunk', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1300 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The HEAD request for the one missing chunk is a 404 by design.
  page.on('console', (m) => m.type() === 'error' && !/status of 404/.test(m.text()) && errors.push(m.text()));
  await page.goto(`${url}/web-demo/`);

  const status = await openStore(page, 'temperature');
  assert.match(status, /^Opened temperature: float32, shape \[120, 200\]\. 1 of 24 chunks missing/);
  const drawn = await page.evaluate(() => ({
    shape: window.explorer.grid.shape,
    missing: window.explorer.layout.shapes.filter((s) => s.kind === 'missing').length,
  }));
  assert.deepEqual(drawn, { shape: [120, 200], missing: 1 });

  const shown = await clickChunk(page, [2, 4]);
  assert.equal(shown.chunk, '(2, 4)');
  assert.equal(shown.values, '30 × 50');
  assert.deepEqual({ min: shown.min, max: shown.max, mean: shown.mean }, await expectedStats('temperature', [2, 4]));
  assert.equal(await page.isVisible('#heat-map'), true);

  const missing = await clickChunk(page, [1, 2]);
  assert.equal(missing.mean, '— (all fill values)', 'a missing chunk reads as the fill value (NaN)');
  assert.deepEqual(errors, []);
});

test('a sharded array is read through HTTP range requests', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1300 } });
  await page.goto(`${url}/web-demo/`);
  assert.match(await openStore(page, 'sharded'), /^Opened sharded: int16, shape \[64, 96\]\. 0 of 6 chunks missing/);
  const shown = await clickChunk(page, [1, 2]);
  assert.deepEqual({ min: shown.min, max: shown.max, mean: shown.mean }, await expectedStats('sharded', [1, 2]));
});

test('a clicked chunk of 600,000 values shows its min, max and mean', async () => {
  const dir = resolve(root, 'build/test-stores/panel');
  rmSync(dir, { recursive: true, force: true });
  const big = await create(new FileSystemStore(dir), {
    path: 'big', shape: [1000, 600], chunk_shapes: [[1000], [600]], dtype: 'float32', fill_value: 0,
    codecs: [{ name: 'bytes', configuration: { endian: 'little' } }],
  });
  await set(big, null, { data: Float32Array.from({ length: 600_000 }, (_, n) => n % 977), shape: [1000, 600] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 1300 } });
  await page.goto(`${url}/web-demo/`);
  await page.fill('#store-url', '../build/test-stores/panel/');
  assert.match(await openStore(page, 'big'), /^Opened big: float32, shape \[1000, 600\]/);
  await page.evaluate(() => document.getElementById('chunk-values').replaceChildren());
  const box = await page.locator('#canvas').boundingBox();
  const at = await page.evaluate(() => ({ x: window.explorer.toPixel('x', 300), y: window.explorer.toPixel('y', 500) }));
  await page.mouse.click(box.x + at.x, box.y + at.y);
  await page.waitForFunction(() => document.getElementById('chunk-values').dataset.chunk === '0,0' || /^Could not/.test(document.getElementById('store-status').textContent), null, { timeout: 20000 });
  // It was "Could not read chunk (0, 0): Maximum call stack size exceeded": Math.min(...values).
  assert.doesNotMatch(await page.textContent('#store-status'), /^Could not/);
  const shown = await page.$$eval('#chunk-values dd', (dds) => dds.map((d) => d.textContent));
  assert.deepEqual(shown.slice(1, 4), ['1000 × 600', '0', '976']);
});

test('a store that is not there gives a clear message', async () => {
  const page = await browser.newPage();
  await page.goto(`${url}/web-demo/`);
  await page.fill('#store-url', '/build/no-such-store/');
  assert.match(await openStore(page, 'temperature'), /^Could not open the store: /);
});
