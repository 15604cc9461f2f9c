// The chunk-layout explorer: wires the page together. The grid logic is the
// package's (../js/index.js, including grid.summary() and
// grid.selectedChunks()), the drawing logic is ../js/layout.js; the modules
// here only connect them to the page.
import { defaultAxes, fitView, layout, locatePixel, pixelToElement, rangeShape, renderSVG, elementToPixel } from '../js/layout.js';
import { readDocument } from './document.js';
import { locateProblems, problemRanges } from './json-locate.js';
import { MarkedEditor } from './editor-marks.js';
import { DEFAULT_PRESET, PRESETS, presetByText } from './presets.js';
import { encodeState, decodeState } from './url-state.js';
import { drawLayout } from './canvas-view.js';
import { attachInteraction } from './interaction.js';
import { zoomView } from './view.js';
import { renderSummary } from './summary-table.js';
import { lookUpIndex } from './index-lookup.js';
import { parseSelection, formatSelection } from './selection-text.js';
import { axisHolds, axisRanges } from './highlight.js';
import { renderAxisPickers, renderSliders, pickAxis } from './axis-controls.js';
import { showIndexResult, showSelectionResult, showTooltip, showProblems } from './readouts.js';
import { download } from './download.js';
import { StorePanel } from './store-panel.js';
import { PlanOverlay } from './plan-overlay.js';
import { showReaders } from './reader-panel.js';

const $ = (id) => document.getElementById(id);
const ui = {
  preset: $('preset'),
  text: $('metadata'),
  marks: $('metadata-marks'),
  lenient: $('lenient'),
  status: $('doc-status'),
  problems: $('problems'),
  readers: $('readers'),
  axisY: $('axis-y'),
  axisX: $('axis-x'),
  sliders: $('sliders'),
  canvasBox: $('canvas-box'),
  canvas: $('canvas'),
  tooltip: $('tooltip'),
  notes: $('notes'),
  index: $('index'),
  indexResult: $('index-result'),
  selection: $('selection'),
  selectionResult: $('selection-result'),
};
const editor = new MarkedEditor(ui.text, ui.marks);
const planOverlay = new PlanOverlay($('plan-result'), $('plan-hover'));
const planTarget = $('plan-target');
const store = new StorePanel(
  { form: $('store-form'), url: $('store-url'), path: $('store-path'), children: $('store-children'), status: $('store-status'), values: $('chunk-values'), heat: $('heat-map') },
  { onMetadata: (text) => (text === null ? scheduleRender() : loadDocument(text)) },
);

// What the user chose; all of it goes into the URL hash.
const state = {
  text: DEFAULT_PRESET.text,
  lenient: false,
  axes: null, // [down, across]
  at: [], // element index per axis, for the axes not drawn
  view: null, // element window {y, x}; null fits the grid
  index: '',
  selection: '',
};

// What the state gives: the last valid grid and what was computed from it.
const shown = { grid: null, names: null, indexHit: null, selected: null, layout: null };
let hover = null;
let preview = null;
let renders = 0;

const dragMode = () => document.querySelector('input[name="drag"]:checked')?.value ?? 'select';
const sameShape = (a, b) => a && b && a.ndim === b.ndim && a.shape.every((v, d) => String(v) === String(b.shape[d]));

// ---------------------------------------------------------------------------
// The document.

function applyDocument({ resetView = false } = {}) {
  const result = readDocument(state.text, { lenient: state.lenient });
  showDocumentStatus(result);
  ui.preset.value = presetByText(state.text)?.id ?? '';
  if (!result.grid) {
    // The old drawing stays, as it was.
    if (shown.grid && !validAxes(state.axes, shown.grid.ndim)) state.axes = defaultAxes(shown.grid.ndim);
    ui.canvasBox.classList.toggle('stale', shown.grid !== null);
    scheduleRender();
    saveHash();
    return;
  }
  ui.canvasBox.classList.remove('stale');
  const previous = shown.grid;
  shown.grid = result.grid;
  shown.names = result.names;
  const ndim = result.grid.ndim;
  if (!validAxes(state.axes, ndim)) state.axes = presetByText(state.text)?.axes ?? defaultAxes(ndim);
  if (resetView || (previous && !sameShape(previous, result.grid))) state.view = null; // a new shape: fit it
  state.at = Array.from({ length: ndim }, (_, d) => clampAt(result.grid, d, state.at[d] ?? 0));
  previous?.dispose?.();
  renderSummary($('summary'), shown.grid, shown.names);
  refreshAxisControls();
  computeIndex();
  computeSelection();
  scheduleRender();
}

function validAxes(axes, ndim) {
  if (!Array.isArray(axes) || axes.length !== 2) return false;
  const ok = (a) => a === null || (Number.isInteger(a) && a >= 0 && a < ndim);
  if (!ok(axes[0]) || !ok(axes[1])) return false;
  if (ndim >= 2) return axes[0] !== null && axes[1] !== null && axes[0] !== axes[1];
  return axes[0] === null && axes[1] === (ndim === 1 ? 0 : null);
}

function clampAt(grid, d, value) {
  const length = Number(grid.shape[d]);
  return Math.min(Math.max(0, Math.floor(Number(value) || 0)), Math.max(0, length - 1));
}

function showDocumentStatus({ errors, warnings, kind }) {
  const what = kind === 'zarr.json' ? 'zarr.json' : 'shape and chunk_grid';
  const status = ui.status;
  status.classList.toggle('invalid', errors.length > 0);
  status.classList.toggle('warned', errors.length === 0 && warnings.length > 0);
  if (errors.length) {
    status.textContent = `${errors.length} error${errors.length === 1 ? '' : 's'} in the ${what}${shown.grid ? '; the drawing shows the last valid document' : ''}.`;
  } else {
    status.textContent = `Valid ${what}${warnings.length ? `, with ${warnings.length} warning${warnings.length === 1 ? '' : 's'}` : ''}.`;
  }
  ui.text.setAttribute('aria-invalid', String(errors.length > 0));
  const found = [...errors.map((p) => ({ ...p, kind: 'error' })), ...warnings.map((p) => ({ ...p, kind: 'warning' }))];
  // Every place the problems need, found in one call.
  const pointers = found.length ? locateProblems(state.text, found) : null;
  const problems = found.map((p) => ({ ...p, ranges: problemRanges(state.text, p, pointers) }));
  editor.setMarks(problems.flatMap((p) => p.ranges.map((r) => ({ ...r, kind: p.kind }))));
  showProblems(ui.problems, problems, (p) => p.ranges[0] && editor.reveal(p.ranges[0]));
  showReaders(ui.readers, state.text, kind, (path) => {
    const [range] = problemRanges(state.text, { path });
    if (range) editor.reveal(range);
  });
}

// ---------------------------------------------------------------------------
// Index and selection.

function computeIndex({ follow = false } = {}) {
  const text = state.index.trim();
  shown.indexHit = null;
  if (!text || !shown.grid) {
    showIndexResult(ui.indexResult, null);
    return;
  }
  try {
    shown.indexHit = lookUpIndex(shown.grid, text);
    showIndexResult(ui.indexResult, shown.indexHit);
    if (follow) {
      // Show the slice that holds the index.
      const [y, x] = state.axes;
      shown.indexHit.index.forEach((v, d) => {
        if (d !== y && d !== x) state.at[d] = Number(v);
      });
      refreshAxisControls();
    }
  } catch (error) {
    showIndexResult(ui.indexResult, error);
  }
}

function computeSelection() {
  const text = state.selection.trim();
  shown.selected = null;
  if (!text || !shown.grid) {
    showSelectionResult(ui.selectionResult, null);
    return;
  }
  try {
    const selection = parseSelection(text, shown.grid.ndim);
    shown.selected = shown.grid.selectedChunks(selection);
    showSelectionResult(ui.selectionResult, shown.selected);
  } catch (error) {
    showSelectionResult(ui.selectionResult, error);
  }
}

// The chunk index of the current slice on each axis not drawn.
function sliceChunks() {
  const out = new Map();
  for (const h of shown.layout?.hidden ?? []) out.set(h.axis, h.chunk ? h.chunk.chunk : null);
  return out;
}

function highlightsFor(view) {
  const grid = shown.grid;
  const [y, x] = state.axes;
  const highlights = [];
  const points = [];
  const hiddenAxes = [];
  for (let d = 0; d < grid.ndim; d++) if (d !== y && d !== x) hiddenAxes.push(d);
  const atChunk = (d) => {
    if (Number(grid.shape[d]) === 0) return null;
    const { chunks } = grid.locateAxis(d, [state.at[d]]);
    return chunks[0];
  };
  const sel = shown.selected;
  if (sel && hiddenAxes.every((d) => atChunk(d) !== null && axisHolds(sel.axes[d], atChunk(d)))) {
    highlights.push({
      kind: 'selection',
      y: y === null ? null : axisRanges(grid, y, sel.axes[y], view.y),
      x: x === null ? null : axisRanges(grid, x, sel.axes[x], view.x),
    });
  }
  // Chunks absent from the opened store, on the slice drawn.
  if (store.array && grid.equals(store.array.grid)) {
    for (const coords of store.missing) {
      if (!hiddenAxes.every((d) => String(atChunk(d)) === String(coords[d]))) continue;
      const range = (d) => {
        const origin = Number(grid.chunkOrigin(coords)[d]);
        return [[origin, origin + Number(grid.chunkDataShape(coords)[d])]];
      };
      highlights.push({ kind: 'missing', y: y === null ? null : range(y), x: x === null ? null : range(x) });
    }
  }
  const hit = shown.indexHit;
  if (hit && hiddenAxes.every((d) => String(atChunk(d)) === String(hit.chunk[d]))) {
    const range = (d) => [Number(hit.origin[d]), Number(hit.origin[d]) + Number(hit.shape[d])];
    highlights.push({ kind: 'index', y: y === null ? null : [range(y)], x: x === null ? null : [range(x)] });
    points.push({ kind: 'index-point', y: y === null ? 0 : hit.index[y], x: x === null ? 0 : hit.index[x] });
  }
  return { highlights, points };
}

// ---------------------------------------------------------------------------
// Drawing.

let frame = 0;
function scheduleRender() {
  if (!frame) frame = requestAnimationFrame(render);
}

function canvasSize() {
  const width = Math.max(320, Math.floor(ui.canvasBox.clientWidth));
  const height = Math.round(Math.min(620, Math.max(320, width * 0.6)));
  return { width, height };
}

function render() {
  frame = 0;
  const grid = shown.grid;
  if (!grid) return;
  const { width, height } = canvasSize();
  const base = { axes: state.axes, at: state.at, width, height, names: shown.names };
  // The view in force: the user's, or the one that fits the grid.
  const view = state.view ?? fitView(grid, base);
  const { highlights, points } = highlightsFor(view);
  shown.layout = layout(grid, { ...base, view, highlights, points });
  if (planOverlay.source !== grid) {
    planOverlay.source = grid;
    planOverlay.update(grid, planTarget.value);
  }
  updateHover();
  paint();
  renders++;
  ui.notes.replaceChildren(...shown.layout.notes.map((n) => Object.assign(document.createElement('li'), { textContent: n })));
  const [y, x] = state.axes;
  const describe = (d) => (d === null ? '' : `axis ${d} (length ${String(grid.shape[d])}, ${String(grid.gridShape[d])} chunks)`);
  ui.canvas.setAttribute('aria-label', `Chunk layout of an array of shape [${grid.shape.join(', ')}]: ${y === null ? '' : `${describe(y)} down, `}${describe(x)} across. ${grid.numChunks.toLocaleString('en-US')} chunks in all.`);
  saveHash();
}

// Repaints the last layout with the hover outline and the drag rectangle.
function paint() {
  const overlay = [];
  overlay.push(...planOverlay.lines(shown.layout));
  if (hover?.outline) overlay.push(hover.outline);
  if (preview) {
    const box = {
      type: 'rect',
      kind: 'drag',
      x: Math.min(preview.x0, preview.x1),
      y: Math.min(preview.y0, preview.y1),
      width: Math.abs(preview.x1 - preview.x0),
      height: Math.abs(preview.y1 - preview.y0),
    };
    overlay.push({ ...box, fill: true }, { ...box, stroke: true });
  }
  drawLayout(ui.canvas, shown.layout, overlay);
}

function refreshAxisControls() {
  const grid = shown.grid;
  renderAxisPickers(ui.axisY, ui.axisX, grid.ndim, state.axes, shown.names);
  renderSliders(ui.sliders, grid, state.axes, state.at, shown.names, (d, value) => {
    state.at[d] = value;
    scheduleRender();
  });
}

// ---------------------------------------------------------------------------
// Hover, click and drag on the drawing.

let pointer = null; // where the pointer rests on the drawing, if it does

function hoverAt(px, py) {
  pointer = [px, py];
  updateHover();
  paint();
}

// The tooltip and outline for the chunk under the pointer, in the current layout.
function updateHover() {
  const lay = shown.layout;
  const grid = shown.grid;
  const found = lay && grid && pointer ? locatePixel(lay, ...pointer) : null;
  const slices = sliceChunks();
  if (!found || [...slices.values()].some((c) => c === null)) {
    ui.tooltip.hidden = true;
    hover = null;
    return;
  }
  const [px, py] = pointer;
  const [y, x] = state.axes;
  const coords = Array.from({ length: grid.ndim }, (_, d) => (d === y ? found.y.chunk : d === x ? found.x.chunk : slices.get(d)));
  const element = found.x.inArray && found.y.inArray
    ? Array.from({ length: grid.ndim }, (_, d) => (d === y ? found.y.element : d === x ? found.x.element : state.at[d]))
    : null;
  let geometry;
  try {
    geometry = { origin: grid.chunkOrigin(coords), shape: grid.chunkShape(coords), dataShape: grid.chunkDataShape(coords) };
  } catch {
    // The layout still shows the grid before an edit: wait for the redraw.
    ui.tooltip.hidden = true;
    hover = null;
    return;
  }
  showTooltip(ui.tooltip, { coords, ...geometry, element, overflow: found.x.overflow || (y !== null && found.y.overflow) });
  planOverlay.hover(element);
  ui.tooltip.hidden = false;
  const box = ui.canvasBox.getBoundingClientRect();
  const tip = ui.tooltip.getBoundingClientRect();
  const left = px + 14 + tip.width > box.width ? px - 14 - tip.width : px + 14;
  const top = py + 14 + tip.height > box.height ? py - 14 - tip.height : py + 14;
  ui.tooltip.style.left = `${Math.max(0, left)}px`;
  ui.tooltip.style.top = `${Math.max(0, top)}px`;
  hover = { outline: rangeShape(lay, 'hover', [found.y.origin, found.y.origin + found.y.size], [found.x.origin, found.x.origin + found.x.size]) };
}

function hideTooltip() {
  pointer = null;
  ui.tooltip.hidden = true;
  if (hover) {
    hover = null;
    if (shown.layout) paint();
  }
}

function clickAt(px, py) {
  const found = shown.layout ? locatePixel(shown.layout, px, py) : null;
  if (!found || !found.x.inArray || !found.y.inArray) return;
  const [y, x] = state.axes;
  const index = Array.from({ length: shown.grid.ndim }, (_, d) => (d === y ? found.y.element : d === x ? found.x.element : state.at[d]));
  setIndex(index.join(', '));
  if (store.array && shown.grid.equals(store.array.grid)) {
    const chunk = shown.grid.locate(index).chunk;
    store.showChunk(chunk, [y, x].filter((d) => d !== null), state.at);
  }
}

// Replaces the document, as a preset does.
function loadDocument(text) {
  state.text = text;
  ui.text.value = text;
  state.axes = null;
  state.at = [];
  state.view = null;
  state.index = '';
  state.selection = '';
  ui.index.value = '';
  ui.selection.value = '';
  applyDocument({ resetView: true });
}

function selectRect({ x0, y0, x1, y1 }) {
  const lay = shown.layout;
  const grid = shown.grid;
  const [y, x] = state.axes;
  const range = (role, d, a, b) => {
    const length = Number(grid.shape[d]);
    const lo = Math.max(0, Math.floor(pixelToElement(lay, role, Math.min(a, b))));
    const hi = Math.min(length, Math.ceil(pixelToElement(lay, role, Math.max(a, b))));
    return hi > lo ? { start: lo, stop: hi } : null;
  };
  const selection = [];
  for (let d = 0; d < grid.ndim; d++) {
    if (d === x) selection.push(range('x', d, x0, x1));
    else if (d === y) selection.push(range('y', d, y0, y1));
    else selection.push(state.at[d]);
  }
  if (selection.some((s) => s === null)) return;
  setSelection(formatSelection(selection));
}

function setIndex(text) {
  state.index = text;
  ui.index.value = text;
  computeIndex({ follow: true });
  scheduleRender();
}

function setSelection(text) {
  state.selection = text;
  ui.selection.value = text;
  computeSelection();
  scheduleRender();
}

function setView(view) {
  state.view = view;
  scheduleRender();
}

// ---------------------------------------------------------------------------
// URL hash.

let hashTimer = 0;
let lastHash = '';
function saveHash() {
  clearTimeout(hashTimer);
  hashTimer = setTimeout(() => {
    lastHash = `#${encodeState(state)}`;
    if (location.hash !== lastHash) history.replaceState(null, '', lastHash);
  }, 120);
}

function loadHash() {
  const saved = decodeState(location.hash);
  Object.assign(state, {
    text: DEFAULT_PRESET.text,
    lenient: false,
    axes: null,
    at: [],
    view: null,
    index: '',
    selection: '',
    ...saved,
  });
  if (!saved.axes) state.axes = presetByText(state.text)?.axes ?? null;
  ui.text.value = state.text;
  ui.lenient.checked = state.lenient;
  ui.index.value = state.index;
  ui.selection.value = state.selection;
  shown.grid?.dispose();
  shown.grid = null;
  applyDocument();
}

// ---------------------------------------------------------------------------
// Events.

function wire() {
  ui.preset.replaceChildren(new Option('Custom document', ''), ...PRESETS.map((p) => new Option(p.name, p.id)));
  ui.preset.options[0].hidden = true;
  ui.preset.addEventListener('change', () => {
    const preset = PRESETS.find((p) => p.id === ui.preset.value);
    if (!preset) return;
    loadDocument(preset.text);
  });
  ui.text.addEventListener('input', () => {
    state.text = ui.text.value;
    applyDocument();
  });
  ui.lenient.addEventListener('change', () => {
    state.lenient = ui.lenient.checked;
    applyDocument();
  });
  const onAxis = (role, select) => select.addEventListener('change', () => {
    state.axes = pickAxis(state.axes, role, select.value === '' ? null : Number(select.value));
    state.view = null;
    refreshAxisControls();
    scheduleRender();
  });
  onAxis('y', ui.axisY);
  onAxis('x', ui.axisX);
  ui.index.addEventListener('input', () => setIndex(ui.index.value));
  ui.selection.addEventListener('input', () => setSelection(ui.selection.value));
  $('index-form').addEventListener('submit', (e) => e.preventDefault());
  $('selection-form').addEventListener('submit', (e) => e.preventDefault());
  $('clear-selection').addEventListener('click', () => setSelection(''));
  const zoomBy = (factor) => {
    const lay = shown.layout;
    if (!lay) return;
    setView(zoomView(lay, factor, lay.plot.x + lay.plot.width / 2, lay.plot.y + lay.plot.height / 2));
  };
  $('zoom-in').addEventListener('click', () => zoomBy(1.5));
  $('zoom-out').addEventListener('click', () => zoomBy(1 / 1.5));
  $('fit').addEventListener('click', () => setView(null));
  $('export-svg').addEventListener('click', () => {
    if (shown.layout) download('chunk-layout.svg', renderSVG(shown.layout), 'image/svg+xml');
  });
  $('export-json').addEventListener('click', () => {
    if (shown.grid) download('chunk_grid.json', `${shown.grid.toJSONText()}\n`, 'application/json');
  });
  attachInteraction(ui.canvas, {
    getLayout: () => shown.layout,
    dragMode,
    onView: setView,
    onFit: () => setView(null),
    onSelectRect: selectRect,
    onPreview: (rect) => {
      preview = rect;
      if (shown.layout) paint();
    },
    onClick: clickAt,
    onHover: hoverAt,
    onLeave: hideTooltip,
    onEscape: () => setSelection(''),
  });
  new ResizeObserver(() => scheduleRender()).observe(ui.canvasBox);
  planTarget.addEventListener('input', () => {
    planOverlay.update(shown.grid, planTarget.value);
    if (shown.layout) paint();
  });
  window.addEventListener('hashchange', () => {
    if (location.hash !== lastHash) loadHash();
  });
}

wire();
loadHash();

// A read-only handle for tests and the curious.
window.explorer = {
  get state() {
    return structuredClone(state);
  },
  get grid() {
    return shown.grid;
  },
  get layout() {
    return shown.layout;
  },
  get renders() {
    return renders;
  },
  toPixel: (role, element) => elementToPixel(shown.layout, role, element),
};
