// Opens a Zarr store by URL with the package's zarrita reader: the array's
// zarr.json becomes the document drawn, chunks absent from the store are
// marked, and a clicked chunk's values are summarised (min, max, mean, and a
// heat map for 2-d). A group lists its arrays (from consolidated metadata)
// to pick one. zarrita is loaded on first use, through the page's import map.
import { stringifyExact } from '../js/document/exact-json.js';
import { listArrays, openNode } from './store-open.js';
import { statistics } from './statistics.js';

// The largest grid whose chunks are each checked for presence (one HEAD each).
const MAX_PRESENCE_CHECKS = 4096;

export class StorePanel {
  constructor(ui, { onMetadata }) {
    this.ui = ui;
    this.onMetadata = onMetadata;
    this.array = null;
    this.missing = []; // coordinates of active chunks absent from the store
    this.readout = 0; // bumps on every open/click, so late answers are dropped
    ui.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.open(ui.url.value.trim(), ui.path.value.trim());
    });
    // Picking one of a group's arrays opens it.
    ui.children?.addEventListener('change', () => {
      const child = ui.children.value;
      if (!child) return;
      ui.path.value = child;
      this.open(ui.url.value.trim(), ui.path.value, { reuse: true });
    });
  }

  // A group: list its arrays to pick from.
  showGroup(node, arrays, path) {
    this.array = null;
    this.missing = [];
    this.status(listArrays(this.ui.children, node, arrays, path));
  }

  async open(url, path, { reuse = false } = {}) {
    const ticket = ++this.readout;
    this.status('Opening…');
    try {
      const { root, node, arrays } = await openNode(url, path, { reuse });
      if (ticket !== this.readout) return;
      if (node.kind === 'group') {
        this.showGroup(node, arrays, path);
        return;
      }
      const array = node;
      this.array = array;
      this.root = root;
      // Exact: a uint64 fill value past 2^53 is a bigint here.
      this.onMetadata(stringifyExact(array.metadata, { parsed: true, layout: 'document' }).text);
      this.missing = await this.findMissing(array);
      if (ticket !== this.readout) return;
      const checked = array.grid.numChunks <= MAX_PRESENCE_CHECKS;
      this.status(`Opened ${path || 'the root array'}: ${array.dtype}, shape [${array.shape.join(', ')}]. ` +
        (checked ? `${this.missing.length} of ${array.grid.numChunks} chunks missing (marked red).` : 'Too many chunks to check which exist.') +
        ' Click a chunk to see its values.');
      this.onMetadata(null); // redraw with the marks
    } catch (error) {
      if (ticket !== this.readout) return;
      this.array = null;
      this.missing = [];
      this.status(`Could not open the store: ${error.message}`, true);
    }
  }

  async findMissing(array) {
    const grid = array.grid;
    if (grid.numChunks > MAX_PRESENCE_CHECKS) return [];
    const all = [];
    const walk = (prefix) => {
      if (prefix.length === grid.ndim) return void all.push(prefix);
      for (let c = 0; c < Number(grid.gridShape[prefix.length]); c++) walk([...prefix, c]);
    };
    walk([]);
    const present = await Promise.all(all.map(async (coords) => {
      // Store keys are absolute within the store: resolve them under its root.
      const response = await fetch(new URL(array.chunkKey(coords).replace(/^\//, ''), this.root), { method: 'HEAD' });
      return response.ok;
    }));
    return all.filter((_, i) => !present[i]);
  }

  // The chunk at `coords` (drawn axes `axes`, other axes fixed at `at`).
  async showChunk(coords, axes, at) {
    const array = this.array;
    if (!array) return;
    const ticket = ++this.readout;
    const [{ get }] = await Promise.all([import('../js/zarrita/index.js')]);
    const grid = array.grid;
    const origin = grid.chunkOrigin(coords).map(Number);
    const size = grid.chunkDataShape(coords).map(Number);
    const selection = origin.map((o, d) => (axes.includes(d) ? { start: o, stop: o + size[d] } : at[d]));
    try {
      const { data, shape } = await get(array, selection);
      if (ticket !== this.readout) return;
      const stats = statistics(data);
      this.showValues(coords, shape, data, stats);
    } catch (error) {
      if (ticket === this.readout) this.status(`Could not read chunk (${coords.join(', ')}): ${error.message}`, true);
    }
  }

  showValues(coords, shape, data, stats) {
    const { values, heat } = this.ui;
    const fmt = (v) => (Number.isInteger(v) ? String(v) : v.toPrecision(6));
    values.replaceChildren(
      ...[
        ['chunk', `(${coords.join(', ')})`],
        ['values', shape.join(' × ')],
        ['min', stats ? fmt(stats.min) : '—'],
        ['max', stats ? fmt(stats.max) : '—'],
        ['mean', stats ? fmt(stats.mean) : '— (all fill values)'],
      ].flatMap(([k, v]) => [Object.assign(document.createElement('dt'), { textContent: k }), Object.assign(document.createElement('dd'), { textContent: v })]),
    );
    values.dataset.chunk = coords.join(',');
    heat.hidden = shape.length !== 2 || !stats;
    if (!heat.hidden) drawHeatMap(heat, shape, data, stats);
  }

  status(text, error = false) {
    this.ui.status.textContent = text;
    this.ui.status.classList.toggle('invalid', error);
  }
}

// A small heat map: one cell per value, dark to light from min to max.
function drawHeatMap(canvas, [rows, cols], data, { min, max }) {
  const scale = Math.max(1, Math.floor(160 / Math.max(rows, cols)));
  canvas.width = cols * scale;
  canvas.height = rows * scale;
  const ctx = canvas.getContext('2d');
  const span = max - min || 1;
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const v = Number(data[i * cols + j]);
      const t = Number.isNaN(v) ? null : (v - min) / span;
      ctx.fillStyle = t === null ? '#d4d4d4' : `hsl(${240 - 200 * t}, 70%, ${25 + 50 * t}%)`;
      ctx.fillRect(j * scale, i * scale, scale, scale);
    }
  }
}
