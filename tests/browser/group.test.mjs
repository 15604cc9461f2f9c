// The demo opens a group by URL and lists its arrays (from the consolidated
// metadata of the fixture store) to pick one; tiles.html draws a rectilinear
// 2-d array chunk by chunk with getChunk, its chunk boundaries where the
// grid puts them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import FileSystemStore from '@zarrita/storage/fs';
import { create, open, set } from 'zarr-rectilinear/zarrita';
import { serve } from '../../scripts/serve.mjs';
import { launch } from './chromium.mjs';
import { openStore } from './store-page.mjs';

const root = resolve(import.meta.dirname, '../..');
const storeDir = resolve(root, 'build/fixture-store');
let server, url, browser;

const hasConsolidated = () => {
  try {
    return readFileSync(resolve(storeDir, 'zarr.json'), 'utf8').includes('consolidated_metadata');
  } catch {
    return false;
  }
};

before(async () => {
  if (!hasConsolidated()) execFileSync('node', [resolve(root, 'scripts/make-fixture-store.mjs'), storeDir]);
  ({ server, url } = await serve());
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

async function newPage() {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1300 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // HEAD requests for missing chunks are 404s by design.
  page.on('console', (m) => m.type() === 'error' && !/status of 404/.test(m.text()) && errors.push(m.text()));
  return { page, errors };
}

test('the store panel opens a group, lists its arrays and opens the one picked', async () => {
  const { page, errors } = await newPage();
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.goto(`${url}/web-demo/`);
  const status = await openStore(page, '');
  // Listed in the order of the consolidated metadata, which the store's writer chose.
  const listed = status.match(/^Opened the root group: a group of 4 arrays \(([^)]*)\)/)?.[1].split(', ');
  assert.deepEqual([...(listed ?? [])].sort(), ['maps/relief', 'regular', 'sharded', 'temperature'], status);
  const options = await page.$$eval('#store-children option', (os) => os.map((o) => o.value));
  assert.deepEqual(options, ['', ...listed]);
  await page.selectOption('#store-children', 'maps/relief');
  await page.waitForFunction(() => /^Opened maps\/relief/.test(document.getElementById('store-status').textContent), null, { timeout: 20000 });
  assert.match(await page.textContent('#store-status'), /uint16, shape \[40, 64\]\. 0 of 9 chunks missing/);
  assert.deepEqual(await page.evaluate(() => window.explorer.grid.shape), [40, 64]);
  // The arrays' zarr.json came from the root's consolidated metadata: one request for metadata.
  assert.deepEqual(requests.filter((p) => p.startsWith('/build/') && p.endsWith('zarr.json')), ['/build/fixture-store/zarr.json']);
  // A nested group lists its own arrays.
  assert.match(await openStore(page, 'maps'), /^Opened maps: a group of 1 arrays \(relief\)/);
  assert.deepEqual(errors, []);
});

test('tiles.html draws a rectilinear array tile by tile, with its chunk boundaries', async () => {
  const { page, errors } = await newPage();
  await page.goto(`${url}/web-demo/tiles.html?path=temperature`);
  await page.waitForFunction(() => window.tiles?.done, null, { timeout: 30000 });
  const drawn = await page.evaluate(() => window.tiles);
  const arr = await open(new FileSystemStore(storeDir), { path: 'temperature', kind: 'array' });
  assert.equal(drawn.tiles, 24);
  assert.equal(drawn.missing, 1, 'chunk (1, 2) is missing from the store');
  assert.deepEqual(drawn.boundaries, { y: [0, 10, 30, 60, 120], x: [0, 25, 50, 75, 100, 150, 200] });
  assert.deepEqual(arr.grid.gridShape, [4, 6]);
  assert.match(await page.textContent('#tiles-status'), /24 chunks drawn, 1 holding only the fill value/);
  // Pixels: a boundary line is dark; the missing chunk (rows 10-30, columns 50-75) is grey.
  const pixel = (x, y) => page.evaluate(([x, y]) => Array.from(document.getElementById('tiles').getContext('2d').getImageData(x, y, 1, 1).data), [x, y]);
  const s = drawn.scale;
  assert.deepEqual(await pixel(62 * s, 20 * s), [212, 212, 212, 255]);
  const line = await pixel(25 * s, 5 * s);
  assert.ok(line[0] < 60 && line[1] < 60 && line[2] < 60, `boundary pixel ${line}`);
  assert.notDeepEqual(await pixel(30 * s, 5 * s), [212, 212, 212, 255]);
  assert.deepEqual(errors, []);
});

// Stores a hostile or merely large document describes, written under build/.
const testStores = resolve(root, 'build/test-stores/tiles');

test('tiles.html draws an array whose one chunk holds 600,000 values', async () => {
  rmSync(testStores, { recursive: true, force: true });
  const big = await create(new FileSystemStore(testStores), {
    path: 'big', shape: [1000, 600], chunk_shapes: [[1000], [600]], dtype: 'float32', fill_value: 0,
    codecs: [{ name: 'bytes', configuration: { endian: 'little' } }],
  });
  await set(big, null, { data: Float32Array.from({ length: 600_000 }, (_, n) => n % 977), shape: [1000, 600] });
  const { page, errors } = await newPage();
  await page.goto(`${url}/web-demo/tiles.html?store=../build/test-stores/tiles/&path=big`);
  await page.waitForFunction(() => window.tiles?.done || /^Could not/.test(document.getElementById('tiles-status').textContent), null, { timeout: 30000 });
  // It was "Could not draw: Maximum call stack size exceeded": Math.min(...values) over the chunk.
  assert.match(await page.textContent('#tiles-status'), /^big: float32 \[1000, 600\], 1 chunks drawn/);
  assert.deepEqual(errors, []);
});

test('tiles.html refuses a grid of four million chunks at once, and asks for none of them', async () => {
  // 300 bytes of zarr.json: 2000 x 2000 chunks of one element.
  mkdirSync(resolve(testStores, 'many'), { recursive: true });
  writeFileSync(resolve(testStores, 'many/zarr.json'), JSON.stringify({
    zarr_format: 3, node_type: 'array', shape: [2000, 2000], data_type: 'uint8',
    chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[[1, 2000]], [[1, 2000]]] } },
    chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [{ name: 'bytes' }],
  }));
  const { page, errors } = await newPage();
  const chunkRequests = [];
  page.on('request', (r) => /\/many\/c\//.test(r.url()) && chunkRequests.push(r.url()));
  await page.goto(`${url}/web-demo/tiles.html?store=../build/test-stores/tiles/&path=many`);
  // It froze the page for half a minute, then asked for 4,000,000 chunks, some hundred a second.
  await page.waitForFunction(() => /^Could not/.test(document.getElementById('tiles-status').textContent), null, { timeout: 5000 });
  assert.match(await page.textContent('#tiles-status'), /4,000,000 chunks; this page draws up to/);
  assert.deepEqual(chunkRequests, []);
  assert.deepEqual(errors, []);
});

test('tiles.html lists a group and draws a sharded array by its inner chunks', async () => {
  const { page, errors } = await newPage();
  await page.goto(`${url}/web-demo/tiles.html?path=`);
  await page.waitForFunction(() => /^Opened/.test(document.getElementById('tiles-status').textContent), null, { timeout: 20000 });
  await page.selectOption('#tiles-children', 'sharded');
  await page.waitForFunction(() => window.tiles?.done && window.tiles.path === 'sharded', null, { timeout: 30000 });
  const drawn = await page.evaluate(() => window.tiles);
  assert.equal(drawn.tiles, 4 * 6); // [64, 96] in inner chunks [16, 16]
  assert.deepEqual(drawn.boundaries.y, [0, 16, 32, 48, 64]);
  assert.match(await page.textContent('#tiles-status'), /inner chunks \[16, 16\]/);
  assert.deepEqual(errors, []);
});

test('the metadata shown is exact for a uint64 fill value past 2^53 and for a double past it', async () => {
  // What the store panel puts in the editor: the package's one JSON writer,
  // on a document read exactly.
  const { stringifyExact } = await import('../../js/document/exact-json.js');
  const doc = { fill_value: 2n ** 64n - 1n, shape: [2n ** 60n, 3], attributes: { big: 1e300 }, name: 'x' };
  const expected = '{\n  "fill_value": 18446744073709551615,\n  "shape": [1152921504606846976,3],\n  "attributes": {\n    "big": 1e+300\n  },\n  "name": "x"\n}';
  assert.deepEqual(stringifyExact(doc, { parsed: true, layout: 'document' }), { text: expected, problems: [] });
  const { page, errors } = await newPage();
  await page.goto(`${url}/web-demo/`);
  const inBrowser = await page.evaluate(async () => {
    const { stringifyExact: write } = await import('../js/document/exact-json.js');
    return write({ fill_value: 2n ** 64n - 1n, shape: [2n ** 60n, 3], attributes: { big: 1e300 }, name: 'x' }, { parsed: true, layout: 'document' }).text;
  });
  assert.equal(inBrowser, expected);
  assert.deepEqual(errors, []);
});
