// Drives the demo's store panel: open an array, click a chunk, read what the
// panel shows.

// Opens `path` in the store whose URL is in the form; resolves to the status line.
export async function openStore(page, path) {
  await page.fill('#store-path', path);
  await page.click('#store-open');
  await page.waitForFunction(() => /^Opened|^Could not/.test(document.getElementById('store-status').textContent), null, { timeout: 20000 });
  return page.textContent('#store-status');
}

// Clicks the middle of chunk `coords` and resolves to the values shown for it.
export async function clickChunk(page, coords) {
  const at = await page.evaluate(([i, j]) => {
    const g = window.explorer.grid;
    const [y, x] = g.chunkOrigin([i, j]);
    return { x: window.explorer.toPixel('x', x + 0.5), y: window.explorer.toPixel('y', y + 0.5) };
  }, coords);
  const box = await page.locator('#canvas').boundingBox();
  await page.mouse.click(box.x + at.x, box.y + at.y);
  await page.waitForFunction((c) => document.getElementById('chunk-values').dataset.chunk === c, coords.join(','), { timeout: 20000 });
  const text = await page.$$eval('#chunk-values dd', (dds) => dds.map((d) => d.textContent));
  return { chunk: text[0], values: text[1], min: text[2], max: text[3], mean: text[4] };
}
