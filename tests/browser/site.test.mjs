// The static site of `npm run site`, served from a subfolder by a plain
// static server the way any static host would serve it: nothing from the
// repository, no server code. The demo loads, a URL hash restores a view,
// the default store URL opens the fixture store, and the exports download.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeSite } from '../../scripts/site.mjs';
import { serve } from '../../scripts/serve.mjs';
import { launch } from './chromium.mjs';
import { openStore, clickChunk } from './store-page.mjs';

const work = mkdtempSync(join(tmpdir(), 'zr-site-'));
let server, url, browser;

before(async () => {
  await writeSite(join(work, 'demo'));
  // The host serves the folder that holds the site: the site lives at /demo/.
  ({ server, url } = await serve({ root: work, dev: false }));
  url += '/demo';
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
  rmSync(work, { recursive: true, force: true });
});

// Opens a page of the site and waits for the explorer's first drawing;
// `problems` collects page errors and console errors.
async function open(path) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1300 } });
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  // The HEAD request for the fixture's one missing chunk is a 404 by design.
  page.on('console', (m) => m.type() === 'error' && !/status of 404/.test(m.text()) && problems.push(m.text()));
  await page.goto(`${url}/${path}`);
  await page.waitForFunction(() => window.explorer?.renders > 0, null, { timeout: 20_000 });
  return { page, problems };
}

test("the site's front page leads to the demo", async () => {
  const { page, problems } = await open('');
  assert.equal(page.url(), `${url}/web-demo/`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a URL hash restores the view', async () => {
  const { page, problems } = await open('web-demo/#preset=tiff&lenient=1&index=300,600&sel=::300,::600');
  assert.equal(await page.inputValue('#preset'), 'tiff');
  assert.equal(await page.isChecked('#lenient'), true);
  assert.equal(await page.textContent('#index-result dd[data-field="chunk"]'), '(1, 2)');
  assert.equal(await page.getAttribute('#selection-result strong', 'data-count'), '12');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the default store URL opens the fixture store, and chunks decode', async () => {
  const { page, problems } = await open('web-demo/');
  assert.match(await openStore(page, 'temperature'), /^Opened temperature: float32, shape \[120, 200\]\. 1 of 24 chunks missing/);
  const shown = await clickChunk(page, [2, 4]);
  assert.equal(shown.values, '30 × 50');
  assert.match(shown.mean, /^\d+\.\d+$/, 'gzip chunks decode with the copied codecs');
  assert.match(await openStore(page, 'sharded'), /^Opened sharded: int16, shape \[64, 96\]\. 0 of 6 chunks missing/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('SVG and chunk_grid JSON export as downloads', async () => {
  const { page, problems } = await open('web-demo/#preset=spec-2d');
  const save = async (button) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
    return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
  };
  const svg = await save('#export-svg');
  assert.equal(svg.name, 'chunk-layout.svg');
  assert.match(svg.text, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  const json = await save('#export-json');
  assert.equal(json.name, 'chunk_grid.json');
  assert.deepEqual(JSON.parse(json.text), { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[16, 10], [24, 14]] } });
  assert.deepEqual(problems, []);
  await page.close();
});
