// The chunk-layout explorer (web-demo/) as the browser suites drive it:
// a session (the project's own static server, as `npm start` serves it,
// and headless Chromium) and the helpers that read and steer the page.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { serve } from '../../scripts/serve.mjs';
import { launch } from './chromium.mjs';

// Screenshots for people to look at; build/ is ignored by git.
export const artifacts = new URL('../../build/test-artifacts/', import.meta.url).pathname;

let server, url;
/** The suite's browser, once its session has started. */
export let browser;

// Starts the server and the browser before the suite's tests, and stops
// them after: call once at the top of a test file.
export function demoSession() {
  before(async () => {
    ({ server, url } = await serve());
    browser = await launch();
    mkdirSync(artifacts, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });
}

// Opens the demo; `problems` collects console errors and page errors.
export async function open(hash = '') {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${url}/web-demo/${hash}`);
  // Ready once drawn; an invalid document on load draws nothing.
  await page.waitForFunction(() => window.explorer && (window.explorer.renders > 0 || !window.explorer.grid), null, { timeout: 20_000 });
  return { page, problems };
}

export async function close({ page, problems }) {
  await page.close();
  assert.deepEqual(problems, [], 'no console errors');
}

export const renders = (page) => page.evaluate(() => window.explorer.renders);
// Waits for a render after `count`, then for any render still pending.
export async function afterRender(page, count) {
  await page.waitForFunction((n) => window.explorer.renders > n, count, { timeout: 10_000 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

// An element position on the drawn axes -> CSS pixel in the canvas.
export const toPixel = (page, ye, xe) => page.evaluate(([y, x]) => [window.explorer.toPixel('x', x), window.explorer.toPixel('y', y)], [ye, xe]);

// RGBA of the canvas at an element position.
export async function colorAt(page, ye, xe) {
  const [x, y] = await toPixel(page, ye, xe);
  return page.evaluate(([px, py]) => {
    const canvas = document.getElementById('canvas');
    const ratio = canvas.width / canvas.clientWidth;
    return Array.from(canvas.getContext('2d').getImageData(Math.round(px * ratio), Math.round(py * ratio), 1, 1).data);
  }, [x, y]);
}

export async function mouseAt(page, ye, xe) {
  const [x, y] = await toPixel(page, ye, xe);
  const box = await page.locator('#canvas').boundingBox();
  return [box.x + x, box.y + y];
}

export const canvasImage = (page) => page.evaluate(() => document.getElementById('canvas').toDataURL());
export const near = (a, b, tolerance = 12) => a.slice(0, 3).every((v, i) => Math.abs(v - b[i]) <= tolerance);
export const ARRAY_FILL = [0xf3, 0xd6, 0xad];
export const CHUNK_LINE = [0x6b, 0x4a, 0x1e];
export const isBlue = ([r, g, b]) => b > r + 20;
export const isRed = ([r, g, b]) => r > b + 40 && r > g + 40;

export const field = (page, scope, name) => page.textContent(`${scope} dd[data-field="${name}"]`);
export const rowCells = (page, row) => page.$$eval(`#summary tr[data-row="${row}"] td`, (tds) => tds.map((td) => td.textContent));

export async function preset(page, id) {
  const n = await renders(page);
  await page.selectOption('#preset', id);
  await afterRender(page, n);
}
