// The package in real headless Chromium: a plain <script type="module"> and
// a module Web Worker, with no bundler.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../../scripts/serve.mjs';
import { launch } from './chromium.mjs';

let server, url, browser;
before(async () => {
  ({ server, url } = await serve());
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

test('the package loads and answers in a page and in a worker', async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${url}/tests/browser/pages/package.html`);
  await page.waitForFunction(() => window.results, null, { timeout: 20000 });
  const results = await page.evaluate(() => window.results);
  assert.deepEqual(errors, []);
  assert.deepEqual(results.located, { chunk: [1, 0], offset: [4, 15] });
  assert.deepEqual(results.batch, ['4', '15']);
  assert.deepEqual(results.projections, [[0, 1], [1, 1]]);
  assert.equal(results.valid, false);
  assert.deepEqual(results.fromWorker, { shape: [12], located: { chunk: [2], offset: [1] } });
});
