// The chunk-layout explorer (web-demo/) in real headless Chromium, given
// what users and links give it: invalid JSON and grids, what known writers
// stored against the spec, a grid of a billion chunks, a document of
// thousands of axes, a link to an invalid document, names XML cannot hold.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { open, close, renders, afterRender, canvasImage, field, rowCells, preset, artifacts, demoSession } from './demo-page.mjs';

demoSession();

test('invalid JSON and an invalid grid list every error with its pointer; the old drawing stays', async () => {
  const demo = await open();
  const { page } = demo;
  const drawing = await canvasImage(page);
  const good = await page.inputValue('#metadata');

  await page.fill('#metadata', good.replace('[24, 14]', '[24 14]'));
  await page.waitForSelector('#problems li.error');
  assert.equal(await page.textContent('#problems li.error .pointer'), '(the document)');
  assert.match(await page.textContent('#problems li.error'), /invalid JSON at byte \d+/);
  assert.equal(await page.textContent('#metadata-marks mark.error'), '1', 'the place where the comma is missing');
  assert.equal(await page.getAttribute('#metadata', 'aria-invalid'), 'true');
  assert.match(await page.getAttribute('#canvas-box', 'class'), /stale/);
  assert.equal(await canvasImage(page), drawing, 'the old drawing stays');

  await page.fill('#metadata', good.replace('[[16, 10], [24, 14]]', '[[16, 0], [[24, -1], 14]]'));
  await page.waitForFunction(() => document.querySelectorAll('#problems li.error').length === 2);
  const pointers = await page.$$eval('#problems li.error .pointer', (els) => els.map((e) => e.textContent));
  assert.deepEqual(pointers, ['/chunk_grid/configuration/chunk_shapes/0/1', '/chunk_grid/configuration/chunk_shapes/1/0/1']);
  assert.deepEqual(await page.$$eval('#metadata-marks mark.error', (els) => els.map((e) => e.textContent)), ['0', '-1']);
  assert.equal(await canvasImage(page), drawing, 'the old drawing still stays');
  // Choosing an error selects its place in the text.
  await page.click('#problems li.error >> nth=1');
  const selected = await page.evaluate(() => {
    const t = document.getElementById('metadata');
    return t.value.slice(t.selectionStart, t.selectionEnd);
  });
  assert.equal(selected, '-1');

  // The invalid-document preset: a whole zarr.json, every error listed.
  await page.selectOption('#preset', 'invalid');
  await page.waitForFunction(() => document.querySelectorAll('#problems li.error').length === 5);
  const all = await page.$$eval('#problems li.error .pointer', (els) => els.map((e) => e.textContent));
  assert.ok(all.includes('/zarr_format') && all.includes('/fill_value') && all.includes('/chunk_grid/configuration/chunk_shapes/1/1'));

  // Back to valid: redrawn, no problems.
  const n = await renders(page);
  await page.fill('#metadata', good);
  await afterRender(page, n);
  assert.equal(await page.$$eval('#problems li', (els) => els.length), 0);
  assert.equal(await canvasImage(page), drawing);
  await close(demo);
});

test('the lenient switch turns writer mistakes into warnings and draws the grid', async () => {
  const demo = await open('#preset=lenient');
  const { page } = demo;
  await page.waitForSelector('#problems li.error');
  assert.equal(await page.$$eval('#problems li.error', (els) => els.length), 2);
  const n = await renders(page);
  await page.check('#lenient');
  await afterRender(page, n);
  assert.equal(await page.$$eval('#problems li.warning', (els) => els.length), 2);
  assert.equal(await page.$$eval('#problems li.error', (els) => els.length), 0);
  assert.match(await page.textContent('#problems li.warning .pointer'), /^\/chunk_grid\/configuration\/chunk_shapes\/0\/0$/);
  assert.equal(await page.$$eval('#metadata-marks mark.warning', (els) => els.map((e) => e.textContent).join(' ')), '16.0 14.0');
  assert.deepEqual(await rowCells(page, 'chunks-active'), ['2', '2', '4']);
  await close(demo);
});

test('the billion-chunk preset renders quickly and the page stays responsive', async () => {
  const demo = await open();
  const { page } = demo;
  let started = Date.now();
  await preset(page, 'billion');
  const drawn = Date.now() - started;
  assert.ok(drawn < 5000, `drawn in ${drawn} ms`);
  assert.deepEqual(await rowCells(page, 'chunks-active'), ['1,000,000,000', '100', '100,000,000,000']);
  assert.match(await page.textContent('#notes'), /axis 0: up to [\d,]+ chunks per pixel/);
  const stats = await page.evaluate(() => window.explorer.layout.stats);
  assert.ok(stats.shapes < 100, `${stats.shapes} shapes`);
  // A click is answered: zoom in, and the view changes.
  const view = await page.evaluate(() => window.explorer.layout.view);
  started = Date.now();
  const n = await renders(page);
  await page.click('#zoom-in');
  await afterRender(page, n);
  assert.ok(Date.now() - started < 5000);
  assert.notDeepEqual(await page.evaluate(() => window.explorer.layout.view), view);
  // Resolve an index deep in the run.
  await page.fill('#index', '999999999, 999');
  assert.equal(await field(page, '#index-result', 'chunk'), '(999999999, 99)');
  await page.click('#fit');
  await page.screenshot({ path: `${artifacts}billion-chunk-view.png`, fullPage: true });
  await close(demo);
});

test('a document of 16,000 axes is refused at once, with a clear message, and the page stays responsive', async () => {
  const demo = await open();
  const { page } = demo;
  const n = 16_000;
  const doc = JSON.stringify({ shape: Array(n).fill(1), chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: Array(n).fill(1) } } });
  const started = Date.now();
  await page.evaluate((text) => {
    const el = document.getElementById('metadata');
    el.value = text;
    el.dispatchEvent(new Event('input'));
  }, doc);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // It took 37 s: 15,998 sliders and a summary of 16,002 columns; a zoom then 3 s.
  const took = Date.now() - started;
  assert.ok(took < 3000, `took ${took} ms`);
  assert.match(await page.textContent('#problems'), /found 16000 axes; the explorer draws arrays of up to 64/);
  assert.equal(await page.locator('#sliders input').count(), 0);
  assert.deepEqual(await page.evaluate(() => window.explorer.grid.shape), [26, 38], 'the last valid document stays drawn');
  await close(demo);
});

// Hovers, clicks, drags, wheels and presses + over a drawing that shows nothing.
async function pointAtBlankDrawing(page) {
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(box.x + 100, box.y + 60);
  await page.mouse.down();
  await page.mouse.move(box.x + 300, box.y + 200, { steps: 5 });
  await page.mouse.up();
  await page.mouse.wheel(0, -200);
  await page.keyboard.press('+');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

test('a link to an invalid document, followed in the open page, shows what it shows on a fresh load: no drawing to hover, click or drag', async () => {
  const demo = await open();
  const { page } = demo;
  const link = `#doc=${encodeURIComponent('{"shape": [10, ')}`;
  await page.evaluate((hash) => { location.hash = hash; }, link);
  await page.waitForFunction(() => /error/.test(document.getElementById('doc-status').textContent));
  // The spec example stayed drawn, not marked stale, over a disposed grid:
  // hovering threw "this ChunkGrid has been disposed", a click or a drag
  // "object null is not iterable".
  assert.equal(await page.evaluate(() => window.explorer.layout), null);
  await pointAtBlankDrawing(page);
  const blank = await page.evaluate(() => {
    const c = document.getElementById('canvas');
    return Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data).every((v) => v === 0);
  });
  assert.equal(blank, true, 'the old drawing is gone, as on a fresh load of the link');
  assert.equal(await page.isHidden('#tooltip'), true);
  // And the page goes on: a preset draws.
  await preset(page, 'spec-2d');
  assert.deepEqual(await page.evaluate(() => window.explorer.grid.shape), [26, 38]);
  await close(demo);

  // The same link loaded fresh: the pointer over the empty drawing threw
  // "Cannot read properties of null (reading 'width')" (a hover repainted no
  // layout), a drag "object null is not iterable", the wheel as much.
  const fresh = await open(link);
  await pointAtBlankDrawing(fresh.page);
  await close(fresh);
});

test('the exported SVG is well-formed XML whatever the dimension names hold', async () => {
  const demo = await open();
  const { page } = demo;
  // Valid JSON strings, and valid dimension names; U+0001 and U+FFFF are not
  // characters XML may hold, so written as they are the file did not parse
  // ("Invalid character U+0001").
  const names = ['a\u0001b</text><script>alert(1)</script>', '\uffff]]>&amp;"\''];
  const doc = JSON.stringify({
    zarr_format: 3, node_type: 'array', shape: [26, 38], data_type: 'float32',
    chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[16, 10], [24, 14]] } },
    chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [{ name: 'bytes', configuration: { endian: 'little' } }],
    dimension_names: names,
  });
  const n = await renders(page);
  await page.fill('#metadata', doc);
  await afterRender(page, n);
  assert.match(await page.textContent('#doc-status'), /^Valid zarr.json/);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-svg')]);
  const text = readFileSync(await download.path(), 'utf8');
  const parsed = await page.evaluate((svg) => {
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      scripts: doc.querySelectorAll('script').length,
      captions: [...doc.querySelectorAll('text')].map((t) => t.textContent).filter((t) => t.startsWith('axis')),
    };
  }, text);
  assert.equal(parsed.error, null);
  assert.equal(parsed.scripts, 0);
  assert.ok(parsed.captions.some((c) => c.includes('a\ufffdb</text><script>')), parsed.captions.join(' | '));
  assert.ok(parsed.captions.some((c) => c.includes('\ufffd]]>&amp;"\'')), parsed.captions.join(' | '));
  await close(demo);
});
