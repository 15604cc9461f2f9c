// The package under a strict Content-Security-Policy, in headless Chromium:
//   Content-Security-Policy: script-src 'self' 'wasm-unsafe-eval'
// forbids eval and new Function (which Embind uses unless built with
// -sDYNAMIC_EXECUTION=0) and inline scripts, and allows compiling
// WebAssembly. Lookups must work in the page and in a module Web Worker
// with no violation reported; an eval control proves the policy is in force
// and that violations would be seen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import sirv from 'sirv';
import { launch } from './chromium.mjs';

const POLICY = "script-src 'self' 'wasm-unsafe-eval'";
const root = new URL('../..', import.meta.url).pathname;

// scripts/serve.mjs's approach (sirv over the repository root), with the
// policy header on every response, the worker script's included.
function serveWithPolicy() {
  const handler = sirv(root, { dev: true });
  const server = createServer((req, res) => {
    res.setHeader('Content-Security-Policy', POLICY);
    handler(req, res, () => {
      res.statusCode = 404;
      res.end('not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}` }));
  });
}

let server, url, browser;
before(async () => {
  ({ server, url } = await serveWithPolicy());
  browser = await launch();
});
after(async () => {
  await browser?.close();
  server?.close();
});

const expected = {
  located: { chunk: [1, 0], offset: [4, 15] },
  many: { chunks: [1, 0, 0, 0, 1, 1], offsets: [4, 15, 0, 0, 9, 13] },
  bigLocated: { chunk: [1n], offset: [9223372036854775806n] },
  bigShape: ['18446744073709551615'],
  bigJSON: '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[9223372036854775808,9223372036854775807]]}}',
  regular: { gridShape: [10, 4], located: { chunk: [9, 3], offset: [9, 24] }, isRegular: true },
  dask: { shape: [12, 3], edges: [5, 5, 2] },
  projections: [[0, 1], [1, 1]],
  sliceChunks: [0, 1],
  pointChunks: [0, 1],
  chunkShape: [16, 14],
  json: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[16, 10], [24, 14]] } },
  resized: [3, 2],
  largest: [16, 24],
  shapeAt: 45,
  valid: true,
  invalid: '',
  gridError: { isGridError: true, path: '/chunk_grid/configuration/chunk_shapes/0/1' },
};

test(`lookups work under "Content-Security-Policy: ${POLICY}", in the page and in a Web Worker`, async () => {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/refused to evaluate|unsafe-eval|Failed to load resource/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().endsWith('/favicon.ico')) problems.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  const cspConsole = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspConsole.push(m.text());
  });
  const response = await page.goto(`${url}/tests/browser/pages/csp.html`);
  assert.equal(response.headers()['content-security-policy'], POLICY, 'the page is served with the policy');
  await page.waitForFunction(() => window.results, null, { timeout: 30000 });
  const results = await page.evaluate(() => window.results);
  assert.deepEqual(problems, []);

  // The policy is in force, and a violation is seen when one happens.
  assert.equal(results.evalBlocked, true, 'new Function is refused in the page');
  assert.equal(results.fromWorker.evalBlocked, true, 'new Function is refused in the worker');
  assert.ok(results.violationsAfterControl.length > results.violationsDuringWorkload.length, 'the eval control is reported as a violation');
  assert.ok(results.fromWorker.violationsAfterControl.length > results.fromWorker.violationsDuringWorkload.length, 'the worker reports the control too');

  // No violation from loading the package or running the workload.
  assert.deepEqual(results.violationsDuringWorkload, []);
  assert.deepEqual(results.fromWorker.violationsDuringWorkload, []);
  assert.ok(cspConsole.every((text) => /eval/i.test(text)), `only the control's eval is reported: ${cspConsole}`);

  // Correct results in both.
  assert.deepEqual(results.page, expected);
  assert.deepEqual(results.fromWorker.results, expected);
  await page.close();
});
