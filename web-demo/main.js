// The chunk-layout explorer: wires the page together. The grid logic is the
// package's (../js/index.js, including grid.selectedChunks(), and
// ../js/tools.js for summaries, plans and the reader report), the drawing logic is ../js/layout.js; the modules
// here only connect them to the page: explorer-view.js renders the state,
// explorer-input.js turns the page's input into changes of it, and this
// file holds the state and keeps it in the URL hash.
import { elementToPixel } from '../js/layout/layout.js';
import { MarkedEditor } from './editor-marks.js';
import { DEFAULT_PRESET, presetByText } from './presets.js';
import { encodeState, decodeState } from './url-state.js';
import { StorePanel } from './store-panel.js';
import { PlanOverlay } from './plan-overlay.js';
import { ExplorerView } from './explorer-view.js';
import { loadDocument, wireInput } from './explorer-input.js';

const $ = (id) => document.getElementById(id);
const ui = {
  preset: $('preset'),
  text: $('metadata'),
  marks: $('metadata-marks'),
  lenient: $('lenient'),
  status: $('doc-status'),
  problems: $('problems'),
  readers: $('readers'),
  summary: $('summary'),
  axisY: $('axis-y'),
  axisX: $('axis-x'),
  sliders: $('sliders'),
  canvasBox: $('canvas-box'),
  canvas: $('canvas'),
  tooltip: $('tooltip'),
  notes: $('notes'),
  index: $('index'),
  indexForm: $('index-form'),
  indexResult: $('index-result'),
  selection: $('selection'),
  selectionForm: $('selection-form'),
  selectionResult: $('selection-result'),
  clearSelection: $('clear-selection'),
  zoomIn: $('zoom-in'),
  zoomOut: $('zoom-out'),
  fit: $('fit'),
  exportSVG: $('export-svg'),
  exportJSON: $('export-json'),
};

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
  view.shown.grid?.dispose();
  view.shown.grid = null;
  view.applyDocument();
  // A link to a document that draws nothing shows what a fresh load of it
  // shows: no drawing (the last one was of the grid just disposed).
  if (!view.shown.grid) view.clearDrawing();
}

// ---------------------------------------------------------------------------
// The page.

const editor = new MarkedEditor(ui.text, ui.marks);
const planOverlay = new PlanOverlay($('plan-result'), $('plan-hover'));
const planTarget = $('plan-target');
const store = new StorePanel(
  { form: $('store-form'), url: $('store-url'), path: $('store-path'), children: $('store-children'), status: $('store-status'), values: $('chunk-values'), heat: $('heat-map') },
  { onMetadata: (text) => (text === null ? view.scheduleRender() : loadDocument(app, text)) },
);
const view = new ExplorerView({ ui, state, editor, planOverlay, planTarget, store, saveHash });
const app = {
  ui,
  state,
  view,
  store,
  planOverlay,
  planTarget,
  onHashChange: () => {
    if (location.hash !== lastHash) loadHash();
  },
};

wireInput(app);
loadHash();

// A read-only handle for tests and the curious.
window.explorer = {
  get state() {
    return structuredClone(state);
  },
  get grid() {
    return view.shown.grid;
  },
  get layout() {
    return view.shown.layout;
  },
  get renders() {
    return view.renders;
  },
  toPixel: (role, element) => elementToPixel(view.shown.layout, role, element),
};
