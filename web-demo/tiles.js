// tiles.html: opens a 2-d array (or a group, to pick one) and draws it chunk
// by chunk with arr.getChunk, each chunk where the grid places it, then the
// chunk boundaries over them. The colour scale comes from the first chunk
// read that holds values, so tiles are drawn as they arrive.
import { listArrays, openNode } from './store-open.js';

const $ = (id) => document.getElementById(id);
const ui = { form: $('tiles-form'), url: $('tiles-url'), path: $('tiles-path'), children: $('tiles-children'), status: $('tiles-status'), canvas: $('tiles') };

const MAX_PIXELS = 900; // the longer side of the drawing
const MAX_ELEMENTS = 4_000_000;
const IN_FLIGHT = 6;

let controller = null;
// What was drawn, for the browser tests: {path, tiles, missing, boundaries: {y, x}, done}.
window.tiles = null;

function status(text, error = false) {
  ui.status.textContent = text;
  ui.status.classList.toggle('invalid', error);
}

// Chunk edges (element positions) along an axis, from the grid's runs.
function boundaries(grid, axis) {
  const out = [0];
  const length = Number(grid.shape[axis]);
  for (let c = 0; c < Number(grid.gridShape[axis]); c++) out.push(Math.min(length, Number(grid.chunkOrigin(axis === 0 ? [c, 0] : [0, c])[axis]) + Number(grid.chunkShape(axis === 0 ? [c, 0] : [0, c])[axis])));
  return out;
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
  const scale = Math.max(1, Math.floor(MAX_PIXELS / Math.max(rows, cols)));
  const canvas = ui.canvas;
  canvas.width = cols * scale;
  canvas.height = rows * scale;
  const ctx = canvas.getContext('2d');
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  const edges = { y: boundaries(grid, 0), x: boundaries(grid, 1) };
  const coords = [];
  for (let i = 0; i < edges.y.length - 1; i++) for (let j = 0; j < edges.x.length - 1; j++) coords.push([i, j]);
  const state = { path, tiles: 0, missing: 0, total: coords.length, boundaries: edges, scale, done: false };
  window.tiles = state;
  let range = null;

  const drawTile = ([i, j], chunk) => {
    const [y0, x0] = [edges.y[i], edges.x[j]];
    const [h, w] = [edges.y[i + 1] - y0, edges.x[j + 1] - x0]; // the part inside the array
    const values = [];
    for (let a = 0; a < h; a++) for (let b = 0; b < w; b++) values.push(Number(chunk.data[a * chunk.stride[0] + b * chunk.stride[1]]));
    const real = values.filter((v) => !Number.isNaN(v) && v !== Number(arr.fillValue));
    if (!real.length) state.missing++;
    if (!range && real.length) range = { min: Math.min(...real), max: Math.max(...real) };
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
    status(`${path}: ${state.tiles} of ${coords.length} chunks drawn…`);
  };

  let next = 0;
  const worker = async () => {
    while (next < coords.length) {
      const c = coords[next++];
      drawTile(c, await arr.getChunk(c, { signal }));
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
  status(`${path}: ${arr.dtype} [${rows}, ${cols}], ${coords.length} chunks${sharded} drawn, ${state.missing} holding only the fill value.`);
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
