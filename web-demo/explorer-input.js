// How the explorer handles input: the document editor, presets, axis
// pickers, index and selection fields, the zoom and export buttons, and
// hover, click and drag on the drawing. Each changes the state and asks the
// view (explorer-view.js) to show it.
// app: {ui, state, view, store, planOverlay, planTarget, onHashChange}.
import { locatePixel, pixelToElement, renderSVG } from '../js/layout/layout.js';
import { PRESETS } from './presets.js';
import { attachInteraction } from './interaction.js';
import { zoomView } from './view.js';
import { formatSelection } from './selection-text.js';
import { pickAxis } from './axis-controls.js';
import { download } from './download.js';

const dragMode = () => document.querySelector('input[name="drag"]:checked')?.value ?? 'select';

// Replaces the document, as a preset does.
export function loadDocument(app, text) {
  const { state, ui } = app;
  state.text = text;
  ui.text.value = text;
  state.axes = null;
  state.at = [];
  state.view = null;
  state.index = '';
  state.selection = '';
  ui.index.value = '';
  ui.selection.value = '';
  app.view.applyDocument({ resetView: true });
}

function setIndex({ state, ui, view }, text) {
  state.index = text;
  ui.index.value = text;
  view.computeIndex({ follow: true });
  view.scheduleRender();
}

function setSelection({ state, ui, view }, text) {
  state.selection = text;
  ui.selection.value = text;
  view.computeSelection();
  view.scheduleRender();
}

function setView({ state, view }, window) {
  state.view = window;
  view.scheduleRender();
}

// A click in the array looks its element up, and shows the chunk's values
// when the grid is the opened store's.
function clickAt(app, px, py) {
  const { state, view, store } = app;
  const { layout: lay, grid } = view.shown;
  const found = lay ? locatePixel(lay, px, py) : null;
  if (!found || !found.x.inArray || !found.y.inArray) return;
  const [y, x] = state.axes;
  const index = Array.from({ length: grid.ndim }, (_, d) => (d === y ? found.y.element : d === x ? found.x.element : state.at[d]));
  setIndex(app, index.join(', '));
  if (store.array && grid.equals(store.array.grid)) {
    const chunk = grid.locate(index).chunk;
    store.showChunk(chunk, [y, x].filter((d) => d !== null), state.at);
  }
}

// A dragged rectangle selects the elements under it, on the slice drawn.
function selectRect(app, { x0, y0, x1, y1 }) {
  const { state, view } = app;
  const { layout: lay, grid } = view.shown;
  if (!lay || !grid) return;
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
  setSelection(app, formatSelection(selection));
}

// The document, its presets and the lenient switch.
function wireDocument(app) {
  const { state, ui, view } = app;
  ui.preset.replaceChildren(new Option('Custom document', ''), ...PRESETS.map((p) => new Option(p.name, p.id)));
  ui.preset.options[0].hidden = true;
  ui.preset.addEventListener('change', () => {
    const preset = PRESETS.find((p) => p.id === ui.preset.value);
    if (!preset) return;
    loadDocument(app, preset.text);
  });
  ui.text.addEventListener('input', () => {
    state.text = ui.text.value;
    view.applyDocument();
  });
  ui.lenient.addEventListener('change', () => {
    state.lenient = ui.lenient.checked;
    view.applyDocument();
  });
}

// The axes drawn, the index and the selection.
function wireQueries(app) {
  const { state, ui, view } = app;
  const onAxis = (role, select) => select.addEventListener('change', () => {
    state.axes = pickAxis(state.axes, role, select.value === '' ? null : Number(select.value));
    state.view = null;
    view.refreshAxisControls();
    view.scheduleRender();
  });
  onAxis('y', ui.axisY);
  onAxis('x', ui.axisX);
  ui.index.addEventListener('input', () => setIndex(app, ui.index.value));
  ui.selection.addEventListener('input', () => setSelection(app, ui.selection.value));
  ui.indexForm.addEventListener('submit', (e) => e.preventDefault());
  ui.selectionForm.addEventListener('submit', (e) => e.preventDefault());
  ui.clearSelection.addEventListener('click', () => setSelection(app, ''));
}

// Zoom, fit and the two downloads.
function wireButtons(app) {
  const { ui, view } = app;
  const zoomBy = (factor) => {
    const lay = view.shown.layout;
    if (!lay) return;
    setView(app, zoomView(lay, factor, lay.plot.x + lay.plot.width / 2, lay.plot.y + lay.plot.height / 2));
  };
  ui.zoomIn.addEventListener('click', () => zoomBy(1.5));
  ui.zoomOut.addEventListener('click', () => zoomBy(1 / 1.5));
  ui.fit.addEventListener('click', () => setView(app, null));
  ui.exportSVG.addEventListener('click', () => {
    if (view.shown.layout) download('chunk-layout.svg', renderSVG(view.shown.layout), 'image/svg+xml');
  });
  ui.exportJSON.addEventListener('click', () => {
    if (view.shown.grid) download('chunk_grid.json', `${view.shown.grid.toJSONText()}\n`, 'application/json');
  });
}

// Pointer, wheel and keys on the drawing; its size; the rechunk target.
function wireDrawing(app) {
  const { ui, view, planOverlay, planTarget } = app;
  attachInteraction(ui.canvas, {
    getLayout: () => view.shown.layout,
    dragMode,
    onView: (window) => setView(app, window),
    onFit: () => setView(app, null),
    onSelectRect: (rect) => selectRect(app, rect),
    onPreview: (rect) => view.showPreview(rect),
    onClick: (px, py) => clickAt(app, px, py),
    onHover: (px, py) => view.hoverAt(px, py),
    onLeave: () => view.hideTooltip(),
    onEscape: () => setSelection(app, ''),
  });
  new ResizeObserver(() => view.scheduleRender()).observe(ui.canvasBox);
  planTarget.addEventListener('input', () => {
    planOverlay.update(view.shown.grid, planTarget.value);
    if (view.shown.layout) view.paint();
  });
}

export function wireInput(app) {
  wireDocument(app);
  wireQueries(app);
  wireButtons(app);
  wireDrawing(app);
  window.addEventListener('hashchange', app.onHashChange);
}
