// The chunk-layout explorer (web-demo/) in real headless Chromium, served by
// the project's own static server, as `npm start` serves it: drawing,
// hovering, selecting, panning, links, exports, presets and the keyboard.
// What it does with invalid and hostile documents: demo-input.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { READERS } from '../../js/tools/reader-facts.js';
import { open, close, renders, afterRender, toPixel, colorAt, mouseAt, canvasImage, near, ARRAY_FILL, CHUNK_LINE, isBlue, isRed, field, rowCells, preset, artifacts, browser, demoSession } from './demo-page.mjs';

demoSession();

test('the spec example is drawn on load, to scale, with a correct summary table', async () => {
  const demo = await open();
  const { page } = demo;
  // Inside each chunk (away from its label), the array's fill.
  for (const [y, x] of [[3, 3], [3, 27], [17.5, 2], [24.5, 36.5]]) {
    assert.ok(near(await colorAt(page, y, x), ARRAY_FILL), `fill at (${y}, ${x})`);
  }
  // On the boundaries between chunks, the chunk lines.
  const [lx] = await toPixel(page, 0, 24);
  const [, ly] = await toPixel(page, 16, 0);
  const [bx, by] = await toPixel(page, 5, 5);
  const sample = (x, y) => page.evaluate(([px, py]) => {
    const c = document.getElementById('canvas');
    const r = c.width / c.clientWidth;
    return Array.from(c.getContext('2d').getImageData(Math.floor(px * r), Math.floor(py * r), 1, 1).data);
  }, [x, y]);
  assert.ok(near(await sample(lx, by), CHUNK_LINE, 40), 'vertical boundary after 24 columns');
  assert.ok(near(await sample(bx, ly), CHUNK_LINE, 40), 'horizontal boundary after 16 rows');
  const layout = await page.evaluate(() => {
    const { frame, shapes } = window.explorer.layout;
    return { sx: frame.x.scale, sy: frame.y.scale, labels: shapes.filter((s) => s.type === 'text').map((s) => s.text) };
  });
  assert.ok(Math.abs(layout.sx - layout.sy) < 1e-9, 'drawn to scale');
  for (const l of ['(0, 0)', '(0, 1)', '(1, 0)', '(1, 1)', '16 × 24', '10 × 14']) assert.ok(layout.labels.includes(l), l);

  assert.deepEqual(await rowCells(page, 'shape'), ['26', '38', '[26, 38]']);
  assert.deepEqual(await rowCells(page, 'chunks-active'), ['2', '2', '4']);
  assert.deepEqual(await rowCells(page, 'chunks-declared'), ['2', '2', '4']);
  assert.deepEqual(await rowCells(page, 'runs'), ['16, 10', '24, 14', '4 runs']);
  assert.deepEqual(await rowCells(page, 'smallest-chunk'), ['10', '14', '10 × 14']);
  assert.deepEqual(await rowCells(page, 'largest-chunk'), ['16', '24', '16 × 24']);
  assert.match(await page.textContent('#summary tfoot'), /^4 chunks in total/);
  await page.screenshot({ path: `${artifacts}default-view.png`, fullPage: true });
  await close(demo);
});

test('typing the index 20, 15 highlights chunk (1, 0) and shows offset (4, 15)', async () => {
  const demo = await open();
  const { page } = demo;
  const before = await colorAt(page, 18, 4);
  const n = await renders(page);
  await page.fill('#index', '20, 15');
  await afterRender(page, n);
  assert.equal(await field(page, '#index-result', 'chunk'), '(1, 0)');
  assert.equal(await field(page, '#index-result', 'offset'), '(4, 15)');
  assert.equal(await field(page, '#index-result', 'origin'), '(16, 0)');
  assert.equal(await field(page, '#index-result', 'shape'), '10 × 24');
  assert.equal(await field(page, '#index-result', 'data-shape'), '10 × 24');
  const highlighted = await colorAt(page, 18, 4);
  assert.ok(!near(highlighted, before, 5) && isRed(highlighted), `chunk (1, 0) is marked: ${highlighted}`);
  assert.ok(near(await colorAt(page, 3, 3), ARRAY_FILL), 'chunk (0, 0) is not');
  assert.ok(isRed(await colorAt(page, 20.5, 15.5)), 'the element itself is marked');
  // Out of range: a message, no highlight.
  await page.fill('#index', '26, 0');
  assert.match(await page.textContent('#index-result'), /outside the array shape/);
  await close(demo);
});

test('hovering a chunk gives its coordinates, origin, declared shape and data shape', async () => {
  const demo = await open('#preset=overflow');
  const { page } = demo;
  await page.mouse.move(...(await mouseAt(page, 9.5, 13.5)));
  await page.waitForSelector('#tooltip:not([hidden])');
  assert.equal(await field(page, '#tooltip', 'chunk'), '(2, 2)');
  assert.equal(await field(page, '#tooltip', 'origin'), '(8, 12)');
  assert.equal(await field(page, '#tooltip', 'shape'), '4 × 6');
  assert.equal(await field(page, '#tooltip', 'data-shape'), '2 × 2');
  assert.equal(await field(page, '#tooltip', 'element'), '(9, 13)');
  // A phantom cell past the array's end.
  await page.mouse.move(...(await mouseAt(page, 17, 3)));
  await page.waitForFunction(() => document.querySelector('#tooltip dd[data-field="chunk"]')?.textContent === '(4, 0)');
  assert.equal(await field(page, '#tooltip', 'data-shape'), '0 × 6');
  assert.match(await page.textContent('#tooltip'), /Overflow/);
  await page.mouse.move(1, 1);
  await page.waitForSelector('#tooltip', { state: 'hidden' });
  await close(demo);
});

test('a rechunk target is drawn dashed over the grid; hovering lists the source chunks a target chunk reads', async () => {
  const demo = await open();
  const { page } = demo;
  const before = await canvasImage(page);
  // The spec example, [[16, 10], [24, 14]] on [26, 38], read by [[13, 13], [19, 19]].
  await page.fill('#plan-target', '[[13, 13], [19, 19]]');
  await page.waitForFunction(() => document.getElementById('plan-result').dataset.maxReads);
  assert.match(await page.textContent('#plan-result'), /^4 target chunks read at most 4 source chunks each, 2\.25 on average; read amplification /);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.notEqual(await canvasImage(page), before, 'the target boundaries are drawn');
  // Element (20, 15) lies in target chunk (1, 0): rows [13, 26) meet source
  // chunks 0 and 1, columns [0, 19) source chunk 0.
  await page.mouse.move(...(await mouseAt(page, 20.5, 15.5)));
  await page.waitForFunction(() => document.getElementById('plan-hover').dataset.reads);
  assert.equal(await page.textContent('#plan-hover'), 'target chunk (1, 0) reads source chunks 0–1 × 0–0: 2 in all');
  await page.fill('#plan-target', '[[13, 13]]');
  await page.waitForFunction(() => /axes/.test(document.getElementById('plan-result').textContent));
  await close(demo);
});

test('a typed selection highlights the chunks grid.project returns, and a step skips chunks', async () => {
  const demo = await open('#preset=overflow');
  const { page } = demo;
  const n = await renders(page);
  // Rows 0 and 9: chunks 0 and 2 of axis 0; chunk 1 is stepped over.
  await page.fill('#selection', '0:10:9, :');
  await afterRender(page, n);
  assert.equal(await page.getAttribute('#selection-result strong', 'data-count'), '6');
  const projected = await page.evaluate(() =>
    [...window.explorer.grid.project([{ start: 0, stop: 10, step: 9 }, null])].map((p) => p.chunkCoords.join(',')));
  assert.deepEqual(projected, ['0,0', '0,1', '0,2', '2,0', '2,1', '2,2']);
  for (const [y, x] of [[0.5, 0.5], [0.5, 7], [8.5, 0.5], [8.5, 7]]) assert.ok(isBlue(await colorAt(page, y, x)), `selected at (${y}, ${x})`);
  for (const [y, x] of [[4.5, 0.5], [5.5, 7]]) {
    const c = await colorAt(page, y, x);
    assert.ok(!isBlue(c) && near(c, ARRAY_FILL), `row 1 is skipped: ${c}`);
  }
  // An integer-list selection, and a malformed one.
  await page.fill('#selection', '[0, 5, 9], 13');
  assert.equal(await page.getAttribute('#selection-result strong', 'data-count'), '3');
  await page.fill('#selection', '0:5:0');
  assert.match(await page.textContent('#selection-result'), /step of at least 1/);
  // Whole chunks, as dask's array.blocks[...]: the same chunks as {blocks}.
  await page.fill('#selection', 'blocks[1:3], blocks[-1]');
  const blocks = await page.evaluate(() =>
    [...window.explorer.grid.project([{ blocks: [1, 3] }, { blocks: [-1, null] }])].map((p) => p.chunkCoords.join(',')));
  assert.deepEqual(blocks, ['1,2', '2,2']);
  assert.equal(await page.getAttribute('#selection-result strong', 'data-count'), '2');
  await page.fill('#selection', 'blocks[0:1:2]');
  assert.match(await page.textContent('#selection-result'), /no step/);
  await close(demo);
});

test('dragging a rectangle selects the chunks under it', async () => {
  const demo = await open();
  const { page } = demo;
  const from = await mouseAt(page, 2.2, 2.2);
  const to = await mouseAt(page, 19.6, 9.6);
  await page.mouse.move(...from);
  await page.mouse.down();
  await page.mouse.move(to[0], to[1], { steps: 5 });
  await page.mouse.up();
  assert.equal(await page.inputValue('#selection'), '2:20, 2:10');
  assert.equal(await page.getAttribute('#selection-result strong', 'data-count'), '2');
  assert.ok(isBlue(await colorAt(page, 3, 3)) && isBlue(await colorAt(page, 24, 3)), 'chunks (0, 0) and (1, 0)');
  assert.ok(!isBlue(await colorAt(page, 3, 30)), 'not chunk (0, 1)');
  await page.keyboard.press('Escape');
  assert.equal(await page.inputValue('#selection'), '');
  await close(demo);
});

test('pan and zoom change the view: wheel, drag, keys and buttons', async () => {
  const demo = await open();
  const { page } = demo;
  const view = () => page.evaluate(() => window.explorer.layout.view);
  const span = (v) => v.x[1] - v.x[0];
  const fitted = await view();
  const before = await canvasImage(page);

  await page.mouse.move(...(await mouseAt(page, 13, 19)));
  let n = await renders(page);
  await page.mouse.wheel(0, -400);
  await afterRender(page, n);
  const zoomed = await view();
  assert.ok(span(zoomed) < span(fitted), 'the wheel zooms in');
  assert.notEqual(await canvasImage(page), before);

  n = await renders(page);
  const [x, y] = await mouseAt(page, 13, 19);
  await page.keyboard.down('Shift');
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 80, y, { steps: 4 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
  await afterRender(page, n);
  const panned = await view();
  assert.ok(panned.x[0] < zoomed.x[0], 'a shift-drag to the right shows what lies to the left');
  assert.ok(Math.abs(span(panned) - span(zoomed)) < 1e-9);

  await page.focus('#canvas');
  n = await renders(page);
  await page.keyboard.press('ArrowRight');
  await afterRender(page, n);
  assert.ok((await view()).x[0] > panned.x[0], 'the arrow keys pan');
  n = await renders(page);
  await page.keyboard.press('-');
  await afterRender(page, n);
  assert.ok(span(await view()) > span(panned), 'minus zooms out');
  n = await renders(page);
  await page.keyboard.press('0');
  await afterRender(page, n);
  assert.deepEqual(await view(), fitted, '0 fits again');
  await close(demo);
});

test('the URL hash reproduces a view after a reload', async () => {
  const demo = await open();
  const { page } = demo;
  await preset(page, 'tiff');
  await page.fill('#index', '300, 600');
  await page.fill('#selection', '::300, ::600');
  await page.click('#zoom-in');
  await page.check('#lenient');
  await page.waitForFunction(() => /index=/.test(location.hash) && /view=/.test(location.hash) && /lenient=1/.test(location.hash));
  const state = await page.evaluate(() => window.explorer.state);
  const image = await canvasImage(page);
  const hash = await page.evaluate(() => location.hash);
  assert.match(hash, /preset=tiff/);

  await page.reload();
  await page.waitForFunction(() => window.explorer?.renders > 0);
  assert.deepEqual(await page.evaluate(() => window.explorer.state), state);
  assert.equal(await canvasImage(page), image);
  assert.equal(await field(page, '#index-result', 'chunk'), '(1, 2)');
  assert.equal(await page.getAttribute('#selection-result strong', 'data-count'), '12');
  assert.equal(await page.inputValue('#preset'), 'tiff');
  assert.equal(await page.isChecked('#lenient'), true);

  // An edited document travels in the hash too.
  const edited = (await page.inputValue('#metadata')).replace('232]', '232, 1]').replace('"shape": [1000, 1500]', '"shape": [1001, 1500]');
  await page.fill('#metadata', edited);
  await page.waitForFunction(() => /doc=/.test(location.hash));
  const link = await page.evaluate(() => location.href);
  const other = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await other.goto(link);
  await other.waitForFunction(() => window.explorer?.renders > 0);
  assert.equal(await other.inputValue('#metadata'), edited);
  assert.deepEqual(await rowCells(other, 'chunks-active'), ['5', '6', '30']);
  await other.close();
  await close(demo);
});

test('SVG and chunk_grid JSON exports produce files that parse', async () => {
  const demo = await open();
  const { page } = demo;
  const save = async (button) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
    return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
  };
  const svg = await save('#export-svg');
  assert.equal(svg.name, 'chunk-layout.svg');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.localName,
      chunkLines: doc.querySelectorAll('line.chunk').length,
      edges: doc.querySelectorAll('line.array-edge').length,
      arrays: doc.querySelectorAll('rect.array').length,
      labels: [...doc.querySelectorAll('text')].map((t) => t.textContent),
    };
  }, svg.text);
  assert.equal(parsed.error, null);
  assert.equal(parsed.root, 'svg');
  assert.equal(parsed.chunkLines, 2, 'one inner boundary per axis');
  assert.equal(parsed.edges, 4);
  assert.equal(parsed.arrays, 1);
  assert.ok(parsed.labels.includes('(1, 0)') && parsed.labels.includes('16 × 24'));

  const json = await save('#export-json');
  assert.equal(json.name, 'chunk_grid.json');
  assert.deepEqual(JSON.parse(json.text), { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[16, 10], [24, 14]] } });
  await close(demo);
});

test("a 3-d preset's slider changes the drawn slice", async () => {
  const demo = await open('#preset=daily');
  const { page } = demo;
  const labels = () => page.evaluate(() => window.explorer.layout.shapes.filter((s) => s.type === 'text').map((s) => s.text));
  assert.equal(await page.inputValue('#axis-y'), '0');
  assert.equal(await page.inputValue('#axis-x'), '2');
  assert.ok((await labels()).includes('(0, 0, 0)'));
  const before = await canvasImage(page);
  // The slider works from the keyboard: End goes to the last latitude, in
  // chunk 4 (the one-row tail of [[180, 4], 1]).
  await page.focus('#at-1');
  const n = await renders(page);
  await page.keyboard.press('End');
  await afterRender(page, n);
  assert.equal(await page.inputValue('#at-1'), '720');
  assert.match(await page.textContent('.slider output'), /chunk 4 \[720, 721\)/);
  assert.ok((await labels()).includes('(0, 4, 0)'));
  assert.notEqual(await canvasImage(page), before);
  // Picking another axis to draw moves the slider to the one left over.
  await page.selectOption('#axis-x', '1');
  await page.waitForSelector('#at-2');
  assert.equal(await page.$$eval('.slider', (els) => els.length), 1);
  await close(demo);
});

test('the main controls work from the keyboard and carry labels', async () => {
  const demo = await open();
  const { page } = demo;
  // Tab reaches every main control, in order.
  const reached = [];
  await page.focus('#preset');
  for (let i = 0; i < 30; i++) {
    reached.push(await page.evaluate(() => document.activeElement.id || document.activeElement.name || document.activeElement.tagName));
    await page.keyboard.press('Tab');
  }
  for (const id of ['preset', 'metadata', 'lenient', 'axis-y', 'axis-x', 'zoom-in', 'zoom-out', 'fit', 'drag', 'export-svg', 'export-json', 'canvas', 'index', 'selection', 'clear-selection']) {
    assert.ok(reached.includes(id), `Tab reaches ${id}: ${reached.join(' ')}`);
  }
  // Every form control has a label; every button a name.
  const unlabelled = await page.evaluate(() =>
    [...document.querySelectorAll('input, select, textarea')].filter((e) => e.labels.length === 0 && !e.getAttribute('aria-label')).map((e) => e.id || e.name));
  assert.deepEqual(unlabelled, []);
  const unnamed = await page.evaluate(() => [...document.querySelectorAll('button')].filter((b) => !b.textContent.trim() && !b.getAttribute('aria-label')).length);
  assert.equal(unnamed, 0);
  assert.match(await page.getAttribute('#canvas', 'aria-label'), /shape \[26, 38\]/);
  assert.equal(await page.getAttribute('#canvas', 'role'), 'img');

  // Keyboard only: choose a preset, type an index, zoom the drawing.
  await page.focus('#preset');
  let n = await renders(page);
  await page.keyboard.press('ArrowDown');
  await afterRender(page, n);
  assert.equal(await page.inputValue('#preset'), 'spec-5d');
  await page.focus('#index');
  await page.keyboard.type('5, 0, 0, 5, 5');
  assert.equal(await field(page, '#index-result', 'chunk'), '(1, 0, 0, 3, 1)');
  await page.focus('#canvas');
  const span = await page.evaluate(() => window.explorer.layout.view.x[1] - window.explorer.layout.view.x[0]);
  n = await renders(page);
  await page.keyboard.press('+');
  await afterRender(page, n);
  assert.ok((await page.evaluate(() => window.explorer.layout.view.x[1] - window.explorer.layout.view.x[0])) < span);
  await close(demo);
});

test('every preset loads without console errors', async () => {
  const demo = await open();
  const { page } = demo;
  const ids = await page.$$eval('#preset option', (os) => os.map((o) => o.value).filter(Boolean));
  assert.equal(ids.length, 10);
  for (const id of ids) {
    await page.selectOption('#preset', id);
    await page.waitForTimeout(50);
  }
  await close(demo);
});

// The reader table's row for a reader and version range: [verdict, pointer].
const readerRow = (page, reader, versions) => page.$$eval('#readers tbody tr', (rows, [r, v]) => {
  const row = rows.find((tr) => tr.querySelector('.reader').textContent === r && tr.querySelector('.versions').textContent.startsWith(v));
  return row ? [row.cells[1].textContent, row.querySelector('.pointer').textContent] : null;
}, [reader, versions]);

test('the reader report beside the problems follows the document as the user types', async () => {
  const demo = await open('#preset=daily');
  const { page } = demo;
  await page.waitForSelector('#readers tbody tr');
  assert.equal(await page.$$eval('#readers tbody tr', (rows) => rows.length), READERS.length);
  assert.deepEqual(await readerRow(page, 'zarr-python', '3.2.0'), ['reads-with-setting (array.rectilinear_chunks)', '/chunk_grid/name']);
  assert.deepEqual(await readerRow(page, 'icechunk', 'later'), ['refuses', '/chunk_grid/configuration/chunk_shapes/2']);
  // Choosing a verdict selects the value that decides it.
  await page.click('#readers tbody tr:has(.versions:text-is("later format versions")) button');
  const selected = await page.evaluate(() => {
    const t = document.getElementById('metadata');
    return t.value.slice(t.selectionStart, t.selectionEnd);
  });
  assert.equal(selected, '360');

  // Typing an edge list instead of the bare integer: icechunk reads it.
  const text = await page.inputValue('#metadata');
  await page.fill('#metadata', text.replace(/\n(\s*)360\n/, '\n$1[[360, 4]]\n'));
  await page.waitForFunction(() => [...document.querySelectorAll('#readers tbody tr')].some((tr) => tr.querySelector('.versions').textContent.startsWith('later') && tr.cells[1].textContent === 'reads'));
  assert.deepEqual(await readerRow(page, 'zarrita.js', '0.7'), ['refuses', '/chunk_grid/name']);

  // An invalid document gets no verdict; a regular grid is read by all.
  await page.fill('#metadata', text.replace('"zarr_format": 3', '"zarr_format": 2'));
  await page.waitForFunction(() => document.querySelectorAll('#readers tbody tr').length === 0);
  assert.match(await page.textContent('#readers caption'), /not valid/);
  await page.selectOption('#preset', 'regular');
  await page.waitForFunction((n) => document.querySelectorAll('#readers tbody tr').length === n, READERS.length);
  assert.deepEqual(await page.$$eval('#readers tbody tr', (rows) => [...new Set(rows.map((tr) => tr.cells[1].textContent))]), ['reads']);
  // A grid alone has no codecs: no report.
  await page.selectOption('#preset', 'spec-2d');
  await page.waitForFunction(() => /whole zarr\.json/.test(document.querySelector('#readers caption')?.textContent ?? ''));
  await close(demo);
});
