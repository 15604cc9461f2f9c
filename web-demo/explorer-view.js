// What the explorer renders: from the state the user chose (the document,
// axes, slice, view, index and selection) to what the page shows: the
// document's status and problems, the grid's summary, the index and
// selection readouts, and the drawing with its hover outline and tooltip.
// How the page's input changes the state is explorer-input.js.
import { defaultAxes, fitView, layout, locatePixel, rangeShape } from '../js/layout/layout.js';
import { readDocument } from './document.js';
import { locateProblems, problemRanges } from './json-locate.js';
import { presetByText } from './presets.js';
import { drawLayout } from './canvas-view.js';
import { renderSummary } from './summary-table.js';
import { lookUpIndex } from './index-lookup.js';
import { parseSelection } from './selection-text.js';
import { axisHolds, axisRanges } from './highlight.js';
import { renderAxisPickers, renderSliders } from './axis-controls.js';
import { showIndexResult, showSelectionResult, showTooltip, showProblems } from './readouts.js';
import { showReaders } from './reader-panel.js';

const sameShape = (a, b) => a && b && a.ndim === b.ndim && a.shape.every((v, d) => String(v) === String(b.shape[d]));

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

// app: {ui, state, editor, planOverlay, planTarget, store, saveHash}.
// `shown` is what the state gives: the last valid grid and what was
// computed from it.
export class ExplorerView {
  constructor(app) {
    this.app = app;
    this.shown = { grid: null, names: null, indexHit: null, selected: null, layout: null };
    this.hover = null; // the outline of the chunk under the pointer
    this.preview = null; // the rectangle being dragged
    this.pointer = null; // where the pointer rests on the drawing, if it does
    this.renders = 0;
    this.frame = 0;
  }

  // ---------------------------------------------------------------------------
  // The document.

  applyDocument({ resetView = false } = {}) {
    const { state, ui } = this.app;
    const shown = this.shown;
    const result = readDocument(state.text, { lenient: state.lenient });
    this.showDocumentStatus(result);
    ui.preset.value = presetByText(state.text)?.id ?? '';
    if (!result.grid) {
      // The old drawing stays, as it was.
      if (shown.grid && !validAxes(state.axes, shown.grid.ndim)) state.axes = defaultAxes(shown.grid.ndim);
      ui.canvasBox.classList.toggle('stale', shown.grid !== null);
      this.scheduleRender();
      this.app.saveHash();
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
    renderSummary(ui.summary, shown.grid, shown.names);
    this.refreshAxisControls();
    this.computeIndex();
    this.computeSelection();
    this.scheduleRender();
  }

  showDocumentStatus({ errors, warnings, kind }) {
    const { state, ui, editor } = this.app;
    const what = kind === 'zarr.json' ? 'zarr.json' : 'shape and chunk_grid';
    const status = ui.status;
    status.classList.toggle('invalid', errors.length > 0);
    status.classList.toggle('warned', errors.length === 0 && warnings.length > 0);
    if (errors.length) {
      status.textContent = `${errors.length} error${errors.length === 1 ? '' : 's'} in the ${what}${this.shown.grid ? '; the drawing shows the last valid document' : ''}.`;
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

  computeIndex({ follow = false } = {}) {
    const { state, ui } = this.app;
    const shown = this.shown;
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
        this.refreshAxisControls();
      }
    } catch (error) {
      showIndexResult(ui.indexResult, error);
    }
  }

  computeSelection() {
    const { state, ui } = this.app;
    const shown = this.shown;
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
  sliceChunks() {
    const out = new Map();
    for (const h of this.shown.layout?.hidden ?? []) out.set(h.axis, h.chunk ? h.chunk.chunk : null);
    return out;
  }

  // What to fill on the slice drawn: the selection, the chunks missing from
  // an opened store, and the chunk and element of the index looked up.
  highlightsFor(view) {
    const { state, store } = this.app;
    const { grid, selected: sel, indexHit: hit } = this.shown;
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
    if (hit && hiddenAxes.every((d) => String(atChunk(d)) === String(hit.chunk[d]))) {
      const range = (d) => [Number(hit.origin[d]), Number(hit.origin[d]) + Number(hit.shape[d])];
      highlights.push({ kind: 'index', y: y === null ? null : [range(y)], x: x === null ? null : [range(x)] });
      points.push({ kind: 'index-point', y: y === null ? 0 : hit.index[y], x: x === null ? 0 : hit.index[x] });
    }
    return { highlights, points };
  }

  // ---------------------------------------------------------------------------
  // Drawing.

  scheduleRender() {
    if (!this.frame) this.frame = requestAnimationFrame(() => this.render());
  }

  canvasSize() {
    const width = Math.max(320, Math.floor(this.app.ui.canvasBox.clientWidth));
    const height = Math.round(Math.min(620, Math.max(320, width * 0.6)));
    return { width, height };
  }

  render() {
    const { state, ui, planOverlay, planTarget } = this.app;
    const shown = this.shown;
    this.frame = 0;
    const grid = shown.grid;
    if (!grid) return;
    const { width, height } = this.canvasSize();
    const base = { axes: state.axes, at: state.at, width, height, names: shown.names };
    // The view in force: the user's, or the one that fits the grid.
    const view = state.view ?? fitView(grid, base);
    const { highlights, points } = this.highlightsFor(view);
    shown.layout = layout(grid, { ...base, view, highlights, points });
    if (planOverlay.source !== grid) {
      planOverlay.source = grid;
      planOverlay.update(grid, planTarget.value);
    }
    this.updateHover();
    this.paint();
    this.renders++;
    ui.notes.replaceChildren(...shown.layout.notes.map((n) => Object.assign(document.createElement('li'), { textContent: n })));
    const [y, x] = state.axes;
    const describe = (d) => (d === null ? '' : `axis ${d} (length ${String(grid.shape[d])}, ${String(grid.gridShape[d])} chunks)`);
    ui.canvas.setAttribute('aria-label', `Chunk layout of an array of shape [${grid.shape.join(', ')}]: ${y === null ? '' : `${describe(y)} down, `}${describe(x)} across. ${grid.numChunks.toLocaleString('en-US')} chunks in all.`);
    this.app.saveHash();
  }

  // No drawing: the canvas blank, nothing to hover, click or drag.
  clearDrawing() {
    const { ui } = this.app;
    this.shown.layout = null;
    this.hover = null;
    this.preview = null;
    ui.tooltip.hidden = true;
    ui.canvasBox.classList.remove('stale');
    ui.canvas.getContext('2d').clearRect(0, 0, ui.canvas.width, ui.canvas.height);
    ui.notes.replaceChildren();
  }

  // Repaints the last layout with the hover outline and the drag rectangle.
  paint() {
    const overlay = [];
    const preview = this.preview;
    overlay.push(...this.app.planOverlay.lines(this.shown.layout));
    if (this.hover?.outline) overlay.push(this.hover.outline);
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
    drawLayout(this.app.ui.canvas, this.shown.layout, overlay);
  }

  // The drag rectangle, or null when the drag ends.
  showPreview(rect) {
    this.preview = rect;
    if (this.shown.layout) this.paint();
  }

  refreshAxisControls() {
    const { state, ui } = this.app;
    const { grid, names } = this.shown;
    renderAxisPickers(ui.axisY, ui.axisX, grid.ndim, state.axes, names);
    renderSliders(ui.sliders, grid, state.axes, state.at, names, (d, value) => {
      state.at[d] = value;
      this.scheduleRender();
    });
  }

  // ---------------------------------------------------------------------------
  // Hover.

  hoverAt(px, py) {
    this.pointer = [px, py];
    this.updateHover();
    if (this.shown.layout) this.paint();
  }

  // The tooltip and outline for the chunk under the pointer, in the current layout.
  updateHover() {
    const { state, ui, planOverlay } = this.app;
    const { layout: lay, grid } = this.shown;
    const found = lay && grid && this.pointer ? locatePixel(lay, ...this.pointer) : null;
    const slices = this.sliceChunks();
    if (!found || [...slices.values()].some((c) => c === null)) {
      ui.tooltip.hidden = true;
      this.hover = null;
      return;
    }
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
      this.hover = null;
      return;
    }
    showTooltip(ui.tooltip, { coords, ...geometry, element, overflow: found.x.overflow || (y !== null && found.y.overflow) });
    planOverlay.hover(element);
    this.placeTooltip();
    this.hover = { outline: rangeShape(lay, 'hover', [found.y.origin, found.y.origin + found.y.size], [found.x.origin, found.x.origin + found.x.size]) };
  }

  // The tooltip beside the pointer, kept inside the drawing.
  placeTooltip() {
    const { ui } = this.app;
    const [px, py] = this.pointer;
    ui.tooltip.hidden = false;
    const box = ui.canvasBox.getBoundingClientRect();
    const tip = ui.tooltip.getBoundingClientRect();
    const left = px + 14 + tip.width > box.width ? px - 14 - tip.width : px + 14;
    const top = py + 14 + tip.height > box.height ? py - 14 - tip.height : py + 14;
    ui.tooltip.style.left = `${Math.max(0, left)}px`;
    ui.tooltip.style.top = `${Math.max(0, top)}px`;
  }

  hideTooltip() {
    this.pointer = null;
    this.app.ui.tooltip.hidden = true;
    if (this.hover) {
      this.hover = null;
      if (this.shown.layout) this.paint();
    }
  }
}
