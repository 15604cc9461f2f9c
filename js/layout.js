// @ts-check
// Chunk layout: what to draw for a chunk grid, independent of the renderer.
// One source of truth for the web demo's canvas and the CLI's SVG output.
//
//   layout(grid, options) -> Layout
//     options.axes       [yAxis, xAxis]: the axis drawn downwards and the one
//                        drawn rightwards. Default: the last two axes; a 1-d
//                        grid is drawn as one row ([null, 0]).
//     options.at         per axis, the element index on the axes not drawn
//                        (default 0); entries for drawn axes are ignored.
//     options.view       {y: [start, stop], x: [start, stop]}: the element
//                        window shown (pan/zoom). Default: fitView().
//     options.width, options.height   pixels, margins included (640 x 420).
//     options.minLineSpacing   boundaries closer than this many pixels merge
//                        into shaded bands (default 3).
//     options.highlights [{kind, y, x}]: element ranges to fill, each y/x a
//                        sorted list of [start, stop) or null for the whole
//                        axis; kind is a STYLE key ('selection', 'index', 'hover').
//     options.points     [{kind, y, x}]: single elements to mark.
//     options.labels     false to leave out all text (default true).
//     options.names      dimension names, shown in the axis captions.
//   Layout: {width, height, plot, frame, shapes, notes, stats}. `shapes` is a
//   list of primitives in paint order: {type: 'rect', kind, x, y, width,
//   height, opacity?}, {type: 'line', kind, x1, y1, x2, y2} and
//   {type: 'text', kind, x, y, text, rotate?, anchor?} (anchor 'middle' unless
//   'end'). STYLE says how each kind looks.
//
//   renderSVG(gridOrLayout, options) -> string: a standalone SVG document.
//     Given a grid, it lays it out first with the same options as layout().
//     E.g. renderSVG(grid, {width: 640, height: 420, axes: [0, 1]}).
//
//   fitView(grid, {axes, width, height}) -> view that shows the whole grid,
//     to scale unless one axis would be thinner than a quarter of its room.
//   locatePixel(layout, px, py) -> per drawn axis the element under a pixel
//     and its chunk {chunk, origin, size, declared, dataSize} (also in the
//     overflow region), or null outside the grid.
//   axisTable(grid, axis) -> what the layout asks of the grid about one axis
//     (lengths, the chunk under an element, chunk groups in a window), cached.
//
// Cost: O(pixels · log runs) per layout: the grid groups chunks closer than
// the line spacing (ChunkGrid.chunkGroups). Runs are never expanded: a run of a
// billion chunks closer than a pixel is one shaded band.
import { natural } from './numbers.js';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
export const MARGIN = { top: 22, right: 12, bottom: 30, left: 62 };
const FONT_SIZE = 12;
const CHAR_WIDTH = 0.62 * FONT_SIZE; // a generous estimate for digits and punctuation
const LINE_HEIGHT = 15;
const MAX_CELL_LABELS = 4000;

// How each primitive kind looks; both renderers read this table.
export const STYLE = {
  background: { fill: '#ffffff' },
  array: { fill: '#f3d6ad' }, // dask's tan, lightened
  padding: { fill: '#e9e4da' }, // the part of an edge chunk past the array's end
  overflow: { fill: '#d4d4d4' }, // phantom cells: declared chunks wholly past the end
  chunk: { stroke: '#6b4a1e', width: 1 },
  'chunk-phantom': { stroke: '#8f8f8f', width: 1, dash: [4, 3] },
  band: { fill: '#8b4903' }, // dense chunks, opacity by density (dask's dark brown)
  'band-phantom': { fill: '#6f6f6f' },
  'array-edge': { stroke: '#1a1a1a', width: 2 },
  selection: { fill: 'rgba(59, 130, 246, 0.5)' },
  missing: { fill: 'rgba(220, 38, 38, 0.35)' }, // chunks absent from an opened store
  index: { fill: 'rgba(220, 38, 38, 0.28)', stroke: '#b91c1c', width: 2 },
  'index-point': { fill: '#b91c1c' },
  hover: { stroke: '#0f766e', width: 2 },
  drag: { fill: 'rgba(37, 99, 235, 0.12)', stroke: '#1d4ed8', width: 1, dash: [5, 3] },
  'target-boundary': { stroke: '#c026d3', width: 1.5, dash: [6, 4] }, // a rechunk plan's target grid (web demo)
  halo: 'rgba(255, 255, 255, 0.7)', // drawn under all text, for legibility over lines
  label: { fill: '#3b2a12', size: FONT_SIZE },
  'label-phantom': { fill: '#5f5f5f', size: FONT_SIZE },
  size: { fill: '#444444', size: 11 },
  dense: { fill: '#1a1a1a', size: FONT_SIZE },
  badge: { fill: 'rgba(255, 255, 255, 0.92)', stroke: '#b9b2a5', width: 1 },
  caption: { fill: '#222222', size: FONT_SIZE },
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
};

// ---------------------------------------------------------------------------
// Axis facts: what the layout draws on one axis, asked of the grid. The
// grid answers in O(log runs) and never lists more chunks than a view shows;
// here its exact answers only become doubles for placing pixels.

const axisFacts = new WeakMap();

class AxisFacts {
  constructor(grid, axis) {
    const s = grid.axisSummary(axis);
    this.grid = grid;
    this.axis = axis;
    this.pseudo = false;
    this.length = Number(s.length);
    this.exactLength = BigInt(s.length);
    this.exactEdgeSum = BigInt(s.edgeSum);
    this.edgeSum = Number(s.edgeSum);
    this.activeCount = Number(s.activeCount); // chunks that overlap the array
    // Where the last active chunk ends: the array's end, padded.
    this.activeEnd = s.activeCount > 0 ? this.#span(grid.axisChunk(axis, BigInt(s.activeCount) - 1n)) : 0;
  }

  #span(c) {
    return Number(c.origin) + Number(c.size);
  }

  // The chunk under element e, for 0 <= e < edgeSum (see described()).
  chunkAtElement(e) {
    if (!(e >= 0 && e < this.edgeSum)) return null;
    // Past 2^53 a double may round onto the edge sum itself: then the last chunk.
    const exact = BigInt(Math.floor(e));
    return described(this.grid.chunkAt(this.axis, exact < this.exactEdgeSum ? exact : this.exactEdgeSum - 1n));
  }

  // Consecutive chunks meeting [v0, v1]: one per chunk of at least minSize
  // elements, groups of shorter ones.
  groups(v0, v1, minSize) {
    return this.grid.chunkGroups(this.axis, Math.max(v0, 0), Math.max(v1, 0) + 1, { minSize });
  }
}

// A chunk as the drawing describes it, from the grid's exact answer
// (ChunkGrid.axisChunk): doubles to place it, exact values to label it.
function described(c) {
  return {
    chunk: natural(BigInt(c.chunk)), origin: Number(c.origin), size: Number(c.size),
    declared: natural(BigInt(c.size)), dataSize: natural(BigInt(c.dataSize)),
  };
}


export function axisTable(grid, axis) {
  let tables = axisFacts.get(grid);
  if (!tables) axisFacts.set(grid, (tables = new Map()));
  let table = tables.get(axis);
  if (!table) {
    table = new AxisFacts(grid, axis);
    tables.set(axis, table);
  }
  return table;
}

// The stand-in for the missing y axis of a 1-d grid: one unit-long chunk.
const UNIT_AXIS = Object.freeze({
  pseudo: true, length: 1, exactLength: 1n, edgeSum: 1, activeCount: 1, activeEnd: 1,
  chunkAtElement: (e) => (e >= 0 && e < 1 ? { chunk: 0, origin: 0, size: 1 } : null),
  groups: () => [{ first: 0, count: 1, origin: 0, lastOrigin: 0, end: 1 }],
});

export function defaultAxes(ndim) {
  if (ndim === 0) return [null, null];
  if (ndim === 1) return [null, 0];
  return [ndim - 2, ndim - 1];
}

function tableFor(grid, axis) {
  return axis === null || axis === undefined ? UNIT_AXIS : axisTable(grid, axis);
}

// ---------------------------------------------------------------------------
// Fitting and mapping.

export function plotBox(width, height) {
  return {
    x: MARGIN.left,
    y: MARGIN.top,
    width: Math.max(1, width - MARGIN.left - MARGIN.right),
    height: Math.max(1, height - MARGIN.top - MARGIN.bottom),
  };
}

export function fitView(grid, { axes = defaultAxes(grid.ndim), width = 640, height = 420 } = {}) {
  const plot = plotBox(width, height);
  const ty = tableFor(grid, axes[0]);
  const tx = tableFor(grid, axes[1]);
  const ey = Math.max(ty.edgeSum, ty.length, 1);
  const ex = Math.max(tx.edgeSum, tx.length, 1);
  const room = 0.94; // a little air around the array
  let sx;
  let sy;
  if (ty.pseudo) {
    sx = (plot.width * room) / ex;
    sy = Math.min(56, plot.height * room); // a one-row strip
  } else {
    const s = Math.min((plot.width * room) / ex, (plot.height * room) / ey);
    // To scale, unless an axis would get less than a quarter of its room.
    sx = Math.min((plot.width * room) / ex, Math.max(s, (plot.width * 0.25) / ex));
    sy = Math.min((plot.height * room) / ey, Math.max(s, (plot.height * 0.25) / ey));
  }
  const window = (whole, scale, pixels) => {
    const span = pixels / scale;
    const start = -(span - whole) / 2;
    return [start, start + span];
  };
  return { y: window(ey, sy, plot.height), x: window(ex, sx, plot.width) };
}

function frameAxis(table, axis, [start, stop], offset, pixels) {
  const span = stop > start ? stop - start : 1;
  return { axis, start, stop: start + span, offset, pixels, scale: pixels / span, table };
}

const toPixel = (f, e) => f.offset + (e - f.start) * f.scale;

export function elementToPixel(layout, role, e) {
  return toPixel(layout.frame[role], e);
}

export function pixelToElement(layout, role, p) {
  const f = layout.frame[role];
  return f.start + (p - f.offset) / f.scale;
}

// The element and chunk under pixel (px, py) on each drawn axis. Works in
// the overflow region too (the run table covers every declared chunk).
export function locatePixel(layout, px, py) {
  const { plot } = layout;
  if (px < plot.x || px > plot.x + plot.width || py < plot.y || py > plot.y + plot.height) return null;
  const at = (role, p) => {
    const f = layout.frame[role];
    const e = Math.floor(pixelToElement(layout, role, p));
    const chunk = f.table.chunkAtElement(e);
    if (!chunk) return null;
    // Past 2^53 a pixel spans many elements: name one exactly, as a bigint.
    const element = e > MAX_SAFE ? BigInt(e) : e;
    return { axis: f.axis, element, inArray: e < f.table.length, overflow: chunk.chunk >= f.table.activeCount, ...chunk };
  };
  const y = at('y', py);
  const x = at('x', px);
  return y && x ? { y, x } : null;
}

// ---------------------------------------------------------------------------
// One axis: chunk boundaries in view, dense ones merged, and the chunks large
// enough to label. O(pixels + runs in view).

function planAxis(f, minSpacing, labelMin) {
  const t = f.table;
  const items = [];
  const cells = [];
  let densest = 0;
  const v0 = f.start;
  const v1 = f.stop;
  if (t.edgeSum > 0 && v1 >= 0 && v0 <= t.edgeSum) {
    for (const g of t.groups(v0, v1, minSpacing / f.scale)) {
      const start = Number(g.origin);
      if (g.count === 1) {
        if (start >= v0 && start <= v1) items.push({ a: toPixel(f, start), b: toPixel(f, start), count: 1, e: start });
        if ((Number(g.end) - start) * f.scale >= labelMin) {
          cells.push(t.pseudo ? { chunk: 0, origin: start, size: 1 } : described(t.grid.axisChunk(t.axis, BigInt(g.first))));
        }
        continue;
      }
      // Boundaries closer than the spacing: one band, counted, over the part in view.
      const a = toPixel(f, Math.max(start, v0));
      const b = toPixel(f, Math.min(Number(g.lastOrigin), v1));
      items.push({ a, b, count: Number(g.count), e: start });
      // Chunks per pixel over the whole group, its last chunk included.
      densest = Math.max(densest, Number(g.count) / Math.max(toPixel(f, Number(g.end)) - toPixel(f, start), 1));
    }
    if (t.edgeSum >= v0 && t.edgeSum <= v1) items.push({ a: toPixel(f, t.edgeSum), b: toPixel(f, t.edgeSum), count: 1, e: t.edgeSum });
  }
  return { ...mergeMarks(items, minSpacing), cells, densest };
}

// Boundaries closer than minSpacing pixels join into one band that counts
// them; a boundary left on its own stays a line.
export function mergeMarks(items, minSpacing) {
  const lines = [];
  const bands = [];
  /** @type {{ a: number, b: number, e: number, count: number } | null} */
  let cur = null;
  const flush = () => {
    if (!cur) return;
    if (cur.count === 1) lines.push({ p: cur.a, e: cur.e });
    else bands.push({ p0: cur.a, p1: cur.b, count: cur.count });
  };
  for (const it of items) {
    if (cur && it.a - cur.b < minSpacing) {
      cur.b = Math.max(cur.b, it.b);
      cur.count += it.count;
    } else {
      flush();
      cur = { ...it };
    }
  }
  flush();
  return { lines, bands };
}

// Band opacity: the denser, the darker, on a log scale.
function shade(density) {
  return Math.min(0.9, Math.max(0.3, 0.32 + 0.1 * Math.log10(Math.max(density, 1))));
}

// ---------------------------------------------------------------------------
// The layout.

const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
const fmt = (v) => (typeof v === 'bigint' ? v.toLocaleString('en-US') : Math.round(v).toLocaleString('en-US'));
const textWidth = (text, size = FONT_SIZE) => text.length * size * 0.62;

export function layout(grid, options = {}) {
  const width = options.width ?? 640;
  const height = options.height ?? 420;
  const minSpacing = options.minLineSpacing ?? 3;
  const wantLabels = options.labels !== false;
  const axes = options.axes ?? defaultAxes(grid.ndim);
  const plot = plotBox(width, height);
  const view = options.view ?? fitView(grid, { axes, width, height });
  const Y = frameAxis(tableFor(grid, axes[0]), axes[0] ?? null, view.y, plot.y, plot.height);
  const X = frameAxis(tableFor(grid, axes[1]), axes[1] ?? null, view.x, plot.x, plot.width);
  const hidden = hiddenChunks(grid, axes, options.at ?? []);

  const shapes = [];
  const notes = [];
  const clipX = (p) => clamp(p, plot.x, plot.x + plot.width);
  const clipY = (p) => clamp(p, plot.y, plot.y + plot.height);
  const rect = (kind, x0, x1, y0, y1, extra) => {
    const [a, b, c, d] = [clipX(x0), clipX(x1), clipY(y0), clipY(y1)];
    if (b - a > 0 && d - c > 0) shapes.push({ type: 'rect', kind, x: a, y: c, width: b - a, height: d - c, ...extra });
  };

  shapes.push({ type: 'rect', kind: 'background', x: 0, y: 0, width, height });

  // Regions: the array, the padding of edge chunks past the array's end, and
  // overflow chunks, as the product of three intervals per axis.
  const spans = (f) => {
    const t = f.table;
    const cuts = [0, t.length, Math.max(t.length, t.activeEnd), Math.max(t.length, t.edgeSum)];
    return [0, 1, 2].map((i) => [toPixel(f, cuts[i]), toPixel(f, cuts[i + 1])]);
  };
  const kinds = ['array', 'padding', 'overflow'];
  const ys = spans(Y);
  const xs = spans(X);
  const hiddenOverflow = hidden.some((h) => h.chunk === null);
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const kind = hiddenOverflow ? 'overflow' : kinds[Math.max(i, j)];
      rect(kind, xs[j][0], xs[j][1], ys[i][0], ys[i][1]);
    }
  }

  // Fills of highlighted chunks, under the lines.
  const outlines = [];
  for (const h of options.highlights ?? []) {
    const yr = pixelRanges(Y, h.y);
    const xr = pixelRanges(X, h.x);
    const style = STYLE[h.kind] ?? STYLE.selection;
    for (const [y0, y1] of yr) {
      for (const [x0, x1] of xr) {
        if (style.fill) rect(h.kind, x0, x1, y0, y1, { fill: true });
        if (style.stroke) outlines.push([h.kind, x0, x1, y0, y1]);
      }
    }
  }

  // Chunk boundaries.
  const labelMin = 14;
  const py = planAxis(Y, minSpacing, labelMin);
  const px = planAxis(X, minSpacing, labelMin);
  const yEnd = { array: toPixel(Y, Math.max(0, Y.table.length)), all: toPixel(Y, Y.table.edgeSum) };
  const xEnd = { array: toPixel(X, Math.max(0, X.table.length)), all: toPixel(X, X.table.edgeSum) };
  const yZero = toPixel(Y, 0);
  const xZero = toPixel(X, 0);

  // Dense bands, split where they cross into the region past the array.
  for (const b of px.bands) {
    const opacity = shade(b.count / Math.max(1, b.p1 - b.p0));
    const x0 = b.p0;
    const x1 = Math.max(b.p1, b.p0 + 1);
    const xArrayEnd = Math.min(x1, xEnd.array);
    rect('band', x0, xArrayEnd, yZero, yEnd.array, { opacity });
    rect('band-phantom', x0, xArrayEnd, yEnd.array, yEnd.all, { opacity });
    rect('band-phantom', Math.max(x0, xEnd.array), x1, yZero, yEnd.all, { opacity });
  }
  for (const b of py.bands) {
    const opacity = shade(b.count / Math.max(1, b.p1 - b.p0));
    const y0 = b.p0;
    const y1 = Math.max(b.p1, b.p0 + 1);
    const yArrayEnd = Math.min(y1, yEnd.array);
    rect('band', xZero, xEnd.array, y0, yArrayEnd, { opacity });
    rect('band-phantom', xEnd.array, xEnd.all, y0, yArrayEnd, { opacity });
    rect('band-phantom', xZero, xEnd.all, Math.max(y0, yEnd.array), y1, { opacity });
  }

  const line = (kind, x1, y1, x2, y2) => {
    if (x1 === x2) {
      if (x1 < plot.x || x1 > plot.x + plot.width) return;
      const [a, b] = [clipY(Math.min(y1, y2)), clipY(Math.max(y1, y2))];
      if (b > a) shapes.push({ type: 'line', kind, x1, y1: a, x2, y2: b });
    } else {
      if (y1 < plot.y || y1 > plot.y + plot.height) return;
      const [a, b] = [clipX(Math.min(x1, x2)), clipX(Math.max(x1, x2))];
      if (b > a) shapes.push({ type: 'line', kind, x1: a, y1, x2: b, y2 });
    }
  };
  // A boundary on the array's edge is drawn as the edge.
  const onEdge = (l, t) => t.length > 0 && (l.e === 0 || l.e === t.length);
  for (const l of px.lines) {
    if (onEdge(l, X.table)) continue;
    if (l.e > X.table.length) line('chunk-phantom', l.p, yZero, l.p, yEnd.all);
    else {
      line('chunk', l.p, yZero, l.p, yEnd.array);
      line('chunk-phantom', l.p, yEnd.array, l.p, yEnd.all);
    }
  }
  if (!Y.table.pseudo) {
    for (const l of py.lines) {
      if (onEdge(l, Y.table)) continue;
      if (l.e > Y.table.length) line('chunk-phantom', xZero, l.p, xEnd.all, l.p);
      else {
        line('chunk', xZero, l.p, xEnd.array, l.p);
        line('chunk-phantom', xEnd.array, l.p, xEnd.all, l.p);
      }
    }
  }

  // The array boundary, on top of the chunk lines.
  line('array-edge', xZero, yZero, xEnd.array, yZero);
  line('array-edge', xZero, yEnd.array, xEnd.array, yEnd.array);
  line('array-edge', xZero, yZero, xZero, yEnd.array);
  line('array-edge', xEnd.array, yZero, xEnd.array, yEnd.array);

  for (const [kind, x0, x1, y0, y1] of outlines) {
    const [a, b, c, d] = [clipX(x0), clipX(x1), clipY(y0), clipY(y1)];
    if (b - a > 0 && d - c > 0) shapes.push({ type: 'rect', kind, x: a, y: c, width: b - a, height: d - c, stroke: true });
  }
  for (const p of options.points ?? []) {
    const cx = toPixel(X, X.table.pseudo ? 0.5 : Number(p.x) + 0.5);
    const cy = toPixel(Y, Y.table.pseudo ? 0.5 : Number(p.y) + 0.5);
    const w = Math.max(6, X.scale * (X.table.pseudo ? 0 : 1));
    const h = Math.max(6, Y.scale * (Y.table.pseudo ? 0 : 1));
    rect(p.kind ?? 'index-point', cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2, { fill: true });
  }

  let labels = 0;
  if (wantLabels) labels = addLabels(shapes, { grid, axes, hidden, Y, X, py, px, plot, height, names: options.names });

  // Where shading replaces the chunks, say so in the drawing itself, in a
  // badge in the plot's top right corner.
  if (wantLabels && labels === 0 && (py.densest >= 1 || px.densest >= 1)) {
    const densest = Math.max(py.densest, px.densest);
    const lines = [`up to ${fmt(densest)} chunks per pixel:`, 'zoom in to see single chunks'];
    const wide = Math.max(...lines.map((l) => textWidth(l))) + 12;
    const tall = lines.length * LINE_HEIGHT + 8;
    if (plot.width >= wide + 8 && plot.height >= tall + 8) {
      const x = plot.x + plot.width - wide - 4;
      const y = plot.y + 4;
      shapes.push({ type: 'rect', kind: 'badge', x, y, width: wide, height: tall, fill: true });
      shapes.push({ type: 'rect', kind: 'badge', x: x + 0.5, y: y + 0.5, width: wide - 1, height: tall - 1, stroke: true });
      lines.forEach((l, i) => shapes.push({ type: 'text', kind: 'dense', x: x + wide / 2, y: y + 4 + LINE_HEIGHT * (i + 0.5), text: l }));
    }
  }

  // Notes: what a reader needs to read the picture right.
  for (const [f, p] of /** @type {const} */ ([[Y, py], [X, px]])) {
    if (f.table.pseudo) continue;
    if (p.densest > 0) {
      const per = p.densest >= 1 ? `up to ${fmt(p.densest)} chunks per pixel` : `chunks under ${minSpacing} px apart`;
      notes.push(`axis ${f.axis}: ${per}; dense chunk boundaries are drawn as shaded bands`);
    }
    if (f.table.length === 0) notes.push(`axis ${f.axis} has length 0: every declared chunk on it is overflow`);
  }
  for (const h of hidden) {
    notes.push(h.chunk === null
      ? `axis ${h.axis} has length 0: this slice holds no array elements`
      : `axis ${h.axis} at index ${fmt(h.at)}: chunk ${fmt(h.chunk.chunk)}`);
  }

  return {
    kind: 'chunk-layout',
    width,
    height,
    plot,
    axes,
    view: { y: [Y.start, Y.stop], x: [X.start, X.stop] },
    frame: { y: Y, x: X },
    hidden,
    shape: grid.shape,
    shapes,
    notes,
    stats: {
      lines: { y: py.lines.length, x: px.lines.length },
      bands: { y: py.bands.length, x: px.bands.length },
      // Chunk boundaries in view, drawn singly or counted in bands.
      boundaries: {
        y: py.lines.length + py.bands.reduce((n, b) => n + b.count, 0),
        x: px.lines.length + px.bands.reduce((n, b) => n + b.count, 0),
      },
      labels,
      shapes: shapes.length,
    },
  };
}

// The chunk on each axis not drawn, at the chosen element.
function hiddenChunks(grid, axes, at) {
  const out = [];
  for (let d = 0; d < grid.ndim; d++) {
    if (d === axes[0] || d === axes[1]) continue;
    const t = axisTable(grid, d);
    if (t.length === 0) {
      out.push({ axis: d, at: 0, chunk: null });
      continue;
    }
    const e = clamp(Math.floor(Number(at[d] ?? 0)), 0, t.length - 1);
    out.push({ axis: d, at: e, chunk: t.chunkAtElement(e) });
  }
  return out;
}

// Element ranges ([start, stop) pairs, sorted; null = the whole axis) as
// pixel ranges clipped to the view, with ranges under half a pixel apart joined.
function pixelRanges(f, ranges) {
  const t = f.table;
  const list = ranges ?? [[0, t.pseudo ? 1 : t.length]];
  const out = [];
  for (const [s, e] of list) {
    const a = Math.max(toPixel(f, Number(s)), f.offset);
    const b = Math.min(toPixel(f, Number(e)), f.offset + f.pixels);
    if (b <= a) continue;
    const last = out[out.length - 1];
    if (last && a - last[1] < 0.5) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

const tuple = (values) => `(${values.map((v) => String(v)).join(', ')})`;

function addLabels(shapes, { grid, axes, hidden, Y, X, py, px, plot, height, names }) {
  let count = 0;
  const text = (kind, x, y, value, extra) => shapes.push({ type: 'text', kind, x, y, text: value, ...extra });
  const visible = (f, c) => {
    const a = Math.max(toPixel(f, c.origin), f.offset);
    const b = Math.min(toPixel(f, c.origin + c.size), f.offset + f.pixels);
    return [a, b];
  };

  // Where the drawing starts and ends on screen, to keep text next to it.
  const near = (f) => {
    const a = clamp(toPixel(f, 0), f.offset, f.offset + f.pixels);
    const b = clamp(toPixel(f, Math.max(f.table.edgeSum, f.table.length)), f.offset, f.offset + f.pixels);
    return [a, b];
  };
  const [left, right] = near(X);
  const [top, bottom] = near(Y);

  // Edge lengths along the top (x) and the left (y), where they fit.
  for (const c of px.cells) {
    const [a, b] = visible(X, c);
    const label = String(c.declared);
    if (b - a >= textWidth(label, 11) + 6) text('size', (a + b) / 2, top - 8, label);
  }
  // Down the left: level when short, else turned, when the chunk has room.
  let reach = left - 12;
  if (!Y.table.pseudo) {
    for (const c of py.cells) {
      const [a, b] = visible(Y, c);
      const label = String(c.declared);
      const w = textWidth(label, 11);
      if (w <= 36 && b - a >= 13) {
        text('size', left - 6, (a + b) / 2, label, { anchor: 'end' });
        reach = Math.min(reach, left - 6 - w);
      } else if (b - a >= w + 6) {
        text('size', left - 9, (a + b) / 2, label, { rotate: -90 });
        reach = Math.min(reach, left - 16);
      }
    }
  }

  // Axis captions.
  const caption = (f) => {
    const name = typeof names?.[f.axis] === 'string' && names[f.axis] ? ` (${names[f.axis]})` : '';
    return `axis ${f.axis}${name} · length ${f.table.exactLength.toLocaleString('en-US')}`;
  };
  if (X.axis !== null) text('caption', (left + right) / 2, Math.min(height - 10, bottom + 18), caption(X));
  if (Y.axis !== null) text('caption', Math.max(9, reach - 10), (top + bottom) / 2, caption(Y), { rotate: -90 });

  // One label per chunk cell that has room: its coordinates, then its
  // declared shape (and data shape when that is smaller), or "overflow".
  const ndim = grid.ndim;
  const xArrayEnd = toPixel(X, X.table.length);
  const yArrayEnd = toPixel(Y, Y.table.length);
  const byAxis = new Map(hidden.map((h) => [h.axis, h]));
  const hiddenOverflow = hidden.some((h) => h.chunk === null);
  const yCells = Y.table.pseudo ? [{ chunk: null, origin: 0, size: 1, pseudo: true }] : py.cells;
  if (yCells.length * px.cells.length > MAX_CELL_LABELS) return count;
  for (const cy of yCells) {
    const [y0, y1] = visible(Y, cy);
    if (y1 - y0 < 13) continue;
    for (const cx of px.cells) {
      const [x0, x1] = visible(X, cx);
      if (x1 - x0 < 24) continue;
      const coords = [];
      const shape = [];
      const data = [];
      for (let d = 0; d < ndim; d++) {
        const c = d === axes[1] ? cx : d === axes[0] ? cy : byAxis.get(d).chunk;
        if (c === null) {
          coords.push('·');
          shape.push('·');
          data.push(0);
          continue;
        }
        coords.push(c.chunk);
        shape.push(c.declared);
        data.push(c.dataSize);
      }
      const overflow = hiddenOverflow || (!cx.pseudo && cx.chunk >= X.table.activeCount) || (!cy.pseudo && cy.chunk >= Y.table.activeCount);
      const lines = [tuple(coords)];
      lines.push(overflow ? 'overflow' : shape.join(' × '));
      const partial = !overflow && data.some((v, i) => v !== shape[i]);
      if (partial) lines.push(`data ${data.join(' × ')}`);
      const room = Math.max(1, Math.floor((y1 - y0 - 1) / LINE_HEIGHT));
      const fitting = [];
      for (const l of lines) {
        if (fitting.length >= room || textWidth(l) + 8 > x1 - x0) break;
        fitting.push(l);
      }
      if (fitting.length === 0) continue;
      const kind = overflow ? 'label-phantom' : 'label';
      // Centre on the part inside the array when the text fits there.
      const wide = Math.max(...fitting.map((l) => textWidth(l))) + 8;
      const xa = Math.min(x1, xArrayEnd);
      const ya = Math.min(y1, yArrayEnd);
      const cxp = !overflow && xa - x0 >= wide ? (x0 + xa) / 2 : (x0 + x1) / 2;
      const cyp = !overflow && ya - y0 >= fitting.length * LINE_HEIGHT + 4 ? (y0 + ya) / 2 : (y0 + y1) / 2;
      const first = cyp - ((fitting.length - 1) * LINE_HEIGHT) / 2;
      fitting.forEach((l, i) => text(kind, cxp, first + i * LINE_HEIGHT, l));
      count++;
    }
  }
  return count;
}

// Where to stroke a line so that it covers whole pixels: odd widths sit on
// half-pixel positions. Both renderers use it.
export function crispLine(s) {
  const h = ((STYLE[s.kind]?.width ?? 1) % 2) / 2;
  const snap = (v) => Math.round(v - h) + h;
  return s.x1 === s.x2
    ? { x1: snap(s.x1), y1: s.y1, x2: snap(s.x2), y2: s.y2 }
    : { x1: s.x1, y1: snap(s.y1), x2: s.x2, y2: snap(s.y2) };
}

// ---------------------------------------------------------------------------
// SVG.

const round = (v) => Math.round(v * 100) / 100;
const escapeXML = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]);

function svgShape(s) {
  const st = STYLE[s.kind] ?? {};
  const cls = `class="${s.kind}"`;
  if (s.type === 'rect') {
    const paint = s.stroke
      ? `fill="none" stroke="${st.stroke}" stroke-width="${st.width ?? 1}"${st.dash ? ` stroke-dasharray="${st.dash.join(' ')}"` : ''}`
      : `fill="${st.fill}"${s.opacity !== undefined ? ` fill-opacity="${round(s.opacity)}"` : ''}`;
    return `<rect ${cls} x="${round(s.x)}" y="${round(s.y)}" width="${round(s.width)}" height="${round(s.height)}" ${paint} shape-rendering="crispEdges"/>`;
  }
  if (s.type === 'line') {
    const { x1, y1, x2, y2 } = crispLine(s);
    const dash = st.dash ? ` stroke-dasharray="${st.dash.join(' ')}"` : '';
    return `<line ${cls} x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke="${st.stroke}" stroke-width="${st.width ?? 1}"${dash}/>`;
  }
  const rotate = s.rotate ? ` transform="rotate(${s.rotate} ${round(s.x)} ${round(s.y)})"` : '';
  return `<text ${cls} x="${round(s.x)}" y="${round(s.y)}" fill="${st.fill}" font-size="${st.size ?? FONT_SIZE}" text-anchor="${s.anchor ?? 'middle'}" dominant-baseline="central" stroke="${STYLE.halo}" stroke-width="2.5" stroke-linejoin="round" paint-order="stroke"${rotate}>${escapeXML(s.text)}</text>`;
}

export function renderSVG(source, options = {}) {
  const lay = source?.kind === 'chunk-layout' ? source : layout(source, options);
  const body = [];
  /** @type {string | null} */
  let group = null;
  // Consecutive shapes of one type share a <g>, keeping paint order.
  for (const s of lay.shapes) {
    const name = s.type === 'rect' ? 'cells' : s.type === 'line' ? 'boundaries' : 'labels';
    if (group !== name) {
      if (group) body.push('</g>');
      body.push(`<g class="${name}">`);
      group = name;
    }
    body.push(svgShape(s));
  }
  if (group) body.push('</g>');
  const title = `Chunk layout of an array of shape [${lay.shape.map(String).join(', ')}]`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${lay.width}" height="${lay.height}" viewBox="0 0 ${lay.width} ${lay.height}" font-family="${escapeXML(STYLE.font)}">`,
    `<title>${escapeXML(title)}</title>`,
    `<desc>${escapeXML([`axes drawn: ${lay.axes.map((a) => (a === null ? '-' : a)).join(' (down), ')} (across)`, ...lay.notes].join('; '))}</desc>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

// One rectangle over element ranges y = [start, stop), x = [start, stop) of
// a finished layout, clipped to its plot: for overlays such as a hover
// outline, drawn without laying the grid out again. Null when out of view.
export function rangeShape(lay, kind, y, x, { stroke = true } = {}) {
  const { plot } = lay;
  const cx = (v) => clamp(v, plot.x, plot.x + plot.width);
  const cy = (v) => clamp(v, plot.y, plot.y + plot.height);
  const x0 = cx(toPixel(lay.frame.x, Number(x[0])));
  const x1 = cx(toPixel(lay.frame.x, Number(x[1])));
  const y0 = cy(toPixel(lay.frame.y, Number(y[0])));
  const y1 = cy(toPixel(lay.frame.y, Number(y[1])));
  if (x1 - x0 <= 0 || y1 - y0 <= 0) return null;
  return { type: 'rect', kind, x: x0, y: y0, width: x1 - x0, height: y1 - y0, ...(stroke ? { stroke: true } : {}) };
}
