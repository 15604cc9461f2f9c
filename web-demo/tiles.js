// tiles.html: opens a 2-d array (or a group, to pick one) and draws it chunk
// by chunk with arr.getChunk, each chunk where arr.chunkRegion places it, then
// the chunk boundaries over them. The colour scale comes from the first chunk
// read that holds values, so tiles are drawn as they arrive.
import { listArrays, openNode } from './store-open.js';
import { statistics } from './statistics.js';

const $ = (id) => document.getElementById(id);
const ui = { form: $('tiles-form'), url: $('tiles-url'), path: $('tiles-path'), children: $('tiles-children'), status: $('tiles-status'), canvas: $('tiles') };

const MAX_PIXELS = 900; // the longer side of the drawing
const MAX_ELEMENTS = 4_000_000;
const MAX_CHUNKS = 4096; // each one a request: a tiny zarr.json can declare millions
const IN_FLIGHT = 6;

let controller = null;
// What was drawn, for the browser tests: {path, tiles, missing, boundaries: {y, x}, done}.
window.tiles = null;

function status(text, error = false) {
  ui.status.textContent = text;
  ui.status.classList.toggle('invalid', error);
}

function colour(t) {
  return t === null ? [212, 212, 212] : hsl(240 - 200 * t, 0.7, 0.25 + 0.5 * t);
}

function hsl(h, s, l) {
  const a = s * Math.min(l, 1 - l);
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

async function draw(arr, path, signal) {
  const grid = arr.chunkGrid; // inner chunks for a sharded array
  const [rows, cols] = arr.shape.map(Number);
  if (arr.ndim !== 2) throw new Error(`${path} has ${arr.ndim} dimensions; this page draws 2-d arrays`);
  if (rows * cols > MAX_ELEMENTS) throw new Error(`${path} has ${rows * cols} elements; this page draws up to ${MAX_ELEMENTS}`);
  const chunks = BigInt(grid.numChunks);
  if (chunks > BigInt(MAX_CHUNKS)) {
    throw new Error(`${path} has ${chunks.toLocaleString('en-US')} chunks; this page draws up to ${MAX_CHUNKS.toLocaleString('en-US')}, one request each`);
  }
  const scale = Math.max(1, Math.floor(MAX_PIXELS / Math.max(rows, cols)));
  const canvas = ui.canvas;
  canvas.width = cols * scale;
  canvas.height = rows * scale;
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  // Each chunk's region in the coordinates getChunk takes, from one ask of
  // the grid: where its tile goes, and how much of it lies inside the array.
  const [gridRows, gridCols] = grid.gridShape.map(Number);
  const regions = [];
  for (let i = 0; i < gridRows; i++) for (let j = 0; j < gridCols; j++) regions.push({ coords: [i, j], ...arr.chunkRegion([i, j]) });
  // The boundaries: where each row and column of chunks starts, and the array's end.
  const edges = {
    y: [...regions.filter((r) => r.coords[1] === 0).map((r) => r.origin[0]), rows],
    x: [...regions.filter((r) => r.coords[0] === 0).map((r) => r.origin[1]), cols],
  };
  const state = { path, tiles: 0, missing: 0, total: regions.length, boundaries: edges, scale, done: false };
  window.tiles = state;
  let range = null;

  const drawTile = ({ origin: [y0, x0], dataShape: [h, w] }, chunk) => {
    const values = [];
    for (let a = 0; a < h; a++) for (let b = 0; b < w; b++) values.push(Number(chunk.data[a * chunk.stride[0] + b * chunk.stride[1]]));
    const real = values.filter((v) => !Number.isNaN(v) && v !== Number(arr.fillValue));
    if (!real.length) state.missing++;
    if (!range && real.length) range = statistics(real);
    const span = range ? range.max - range.min || 1 : 1;
    const image = ctx.createImageData(w * scale, h * scale);
    for (let a = 0; a < h * scale; a++) {
      for (let b = 0; b < w * scale; b++) {
        const v = values[Math.floor(a / scale) * w + Math.floor(b / scale)];
        const missing = !real.length || Number.isNaN(v);
        const t = missing || !range ? null : Math.max(0, Math.min(1, (v - range.min) / span));
        const [r, g, bl] = colour(t);
        const at = 4 * (a * w * scale + b);
        image.data.set([r, g, bl, 255], at);
      }
    }
    ctx.putImageData(image, x0 * scale, y0 * scale);
    state.tiles++;
    status(`${path}: ${state.tiles} of ${regions.length} chunks drawn…`);
  };

  let next = 0;
  const worker = async () => {
    while (next < regions.length) {
      const region = regions[next++];
      drawTile(region, await arr.getChunk(region.coords, { signal }));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  // The boundaries, over the tiles.
  ctx.strokeStyle = 'rgba(0, 0, 0, 0.85)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  for (const y of edges.y) ctx.moveTo(0, y * scale + 0.5), ctx.lineTo(canvas.width, y * scale + 0.5);
  for (const x of edges.x) ctx.moveTo(x * scale + 0.5, 0), ctx.lineTo(x * scale + 0.5, canvas.height);
  ctx.stroke();
  state.done = true;
  const sharded = arr.shardChunkShape ? ` (inner chunks [${arr.shardChunkShape.join(', ')}] of its shards)` : '';
  status(`${path}: ${arr.dtype} [${rows}, ${cols}], ${regions.length} chunks${sharded} drawn, ${state.missing} holding only the fill value.`);
}

async function openAndDraw(url, path, reuse = false) {
  controller?.abort(new Error('superseded'));
  controller = new AbortController();
  const { signal } = controller;
  window.tiles = null;
  status('Opening…');
  try {
    const { node, arrays } = await openNode(url, path, { signal, reuse });
    if (node.kind === 'group') {
      status(listArrays(ui.children, node, arrays, path));
      return;
    }
    await draw(node, path, signal);
  } catch (error) {
    if (signal.aborted) return;
    status(`Could not draw: ${error.message}`, true);
  }
}

ui.form.addEventListener('submit', (event) => {
  event.preventDefault();
  openAndDraw(ui.url.value.trim(), ui.path.value.trim());
});
ui.children.addEventListener('change', () => {
  if (!ui.children.value) return;
  ui.path.value = ui.children.value;
  openAndDraw(ui.url.value.trim(), ui.path.value, true);
});

// ?store=…&path=… opens at once.
const params = new URLSearchParams(location.search);
if (params.has('store')) ui.url.value = params.get('store');
if (params.has('path')) ui.path.value = params.get('path');
openAndDraw(ui.url.value.trim(), ui.path.value.trim());
