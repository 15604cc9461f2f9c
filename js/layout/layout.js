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
//
// This file lays the shapes out in paint order; its parts are named for what
// they do: layout-facts.js (what the grid says about each axis),
// layout-geometry.js (plot, view, frames, boundaries in view),
// layout-labels.js (text and notes), layout-style.js (how each kind looks)
// and layout-svg.js (the SVG document).
import { axisTable, defaultAxes, tableFor } from './layout-facts.js';
import { clamp, fitView, frameAxis, pixelRanges, planAxis, plotBox, toPixel } from './layout-geometry.js';
import { addDenseBadge, addLabels, layoutNotes } from './layout-labels.js';
import { STYLE } from './layout-style.js';
import { layoutSVG } from './layout-svg.js';

export { axisTable, defaultAxes } from './layout-facts.js';
export { MARGIN, elementToPixel, fitView, locatePixel, mergeMarks, pixelToElement, plotBox, rangeShape } from './layout-geometry.js';
export { STYLE, crispLine } from './layout-style.js';

// Chunks shorter than this many pixels get no label.
const LABEL_MIN = 14;

export function layout(grid, options = {}) {
  const width = options.width ?? 640;
  const height = options.height ?? 420;
  const minSpacing = options.minLineSpacing ?? 3;
  const axes = options.axes ?? defaultAxes(grid.ndim);
  const plot = plotBox(width, height);
  const view = options.view ?? fitView(grid, { axes, width, height });
  const Y = frameAxis(tableFor(grid, axes[0]), axes[0] ?? null, view.y, plot.y, plot.height);
  const X = frameAxis(tableFor(grid, axes[1]), axes[1] ?? null, view.x, plot.x, plot.width);
  const hidden = hiddenChunks(grid, axes, options.at ?? []);

  const shapes = [{ type: 'rect', kind: 'background', x: 0, y: 0, width, height }];
  const draw = painter(shapes, plot);
  drawRegions(draw, Y, X, hidden);
  const outlines = drawHighlights(draw, Y, X, options.highlights ?? []);
  const py = planAxis(Y, minSpacing, LABEL_MIN);
  const px = planAxis(X, minSpacing, LABEL_MIN);
  const ends = axisEnds(Y, X);
  drawBands(draw, py, px, ends);
  drawBoundaries(draw, { Y, X, py, px }, ends);
  drawArrayEdge(draw, ends);
  for (const [kind, x0, x1, y0, y1] of outlines) draw.rect(kind, x0, x1, y0, y1, { stroke: true });
  drawPoints(draw, Y, X, options.points ?? []);

  let labels = 0;
  if (options.labels !== false) {
    labels = addLabels(shapes, { grid, axes, hidden, Y, X, py, px, height, names: options.names });
    if (labels === 0 && (py.densest >= 1 || px.densest >= 1)) addDenseBadge(shapes, plot, Math.max(py.densest, px.densest));
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
    notes: layoutNotes({ Y, X, py, px, hidden, minSpacing }),
    stats: layoutStats(py, px, labels, shapes),
  };
}

export function renderSVG(source, options = {}) {
  return layoutSVG(source?.kind === 'chunk-layout' ? source : layout(source, options));
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

// Rectangles and lines clipped to the plot, appended to `shapes`; nothing
// is added for what lies wholly outside it.
function painter(shapes, plot) {
  const clipX = (p) => clamp(p, plot.x, plot.x + plot.width);
  const clipY = (p) => clamp(p, plot.y, plot.y + plot.height);
  const rect = (kind, x0, x1, y0, y1, extra) => {
    const [a, b, c, d] = [clipX(x0), clipX(x1), clipY(y0), clipY(y1)];
    if (b - a > 0 && d - c > 0) shapes.push({ type: 'rect', kind, x: a, y: c, width: b - a, height: d - c, ...extra });
  };
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
  return { rect, line };
}

// Regions: the array, the padding of edge chunks past the array's end, and
// overflow chunks, as the product of three intervals per axis.
function drawRegions(draw, Y, X, hidden) {
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
      draw.rect(kind, xs[j][0], xs[j][1], ys[i][0], ys[i][1]);
    }
  }
}

// Fills of highlighted chunks, under the lines; gives the outlines to
// stroke over them.
function drawHighlights(draw, Y, X, highlights) {
  const outlines = [];
  for (const h of highlights) {
    const yr = pixelRanges(Y, h.y);
    const xr = pixelRanges(X, h.x);
    const style = STYLE[h.kind] ?? STYLE.selection;
    for (const [y0, y1] of yr) {
      for (const [x0, x1] of xr) {
        if (style.fill) draw.rect(h.kind, x0, x1, y0, y1, { fill: true });
        if (style.stroke) outlines.push([h.kind, x0, x1, y0, y1]);
      }
    }
  }
  return outlines;
}

// Pixel positions of each drawn axis's start, the array's end on it, and
// the end of its declared chunks.
function axisEnds(Y, X) {
  return {
    yZero: toPixel(Y, 0),
    xZero: toPixel(X, 0),
    yEnd: { array: toPixel(Y, Math.max(0, Y.table.length)), all: toPixel(Y, Y.table.edgeSum) },
    xEnd: { array: toPixel(X, Math.max(0, X.table.length)), all: toPixel(X, X.table.edgeSum) },
  };
}

// Band opacity: the denser, the darker, on a log scale.
function shade(density) {
  return Math.min(0.9, Math.max(0.3, 0.32 + 0.1 * Math.log10(Math.max(density, 1))));
}

// Dense bands, split where they cross into the region past the array.
function drawBands(draw, py, px, { yZero, xZero, yEnd, xEnd }) {
  for (const b of px.bands) {
    const opacity = shade(b.count / Math.max(1, b.p1 - b.p0));
    const x0 = b.p0;
    const x1 = Math.max(b.p1, b.p0 + 1);
    const xArrayEnd = Math.min(x1, xEnd.array);
    draw.rect('band', x0, xArrayEnd, yZero, yEnd.array, { opacity });
    draw.rect('band-phantom', x0, xArrayEnd, yEnd.array, yEnd.all, { opacity });
    draw.rect('band-phantom', Math.max(x0, xEnd.array), x1, yZero, yEnd.all, { opacity });
  }
  for (const b of py.bands) {
    const opacity = shade(b.count / Math.max(1, b.p1 - b.p0));
    const y0 = b.p0;
    const y1 = Math.max(b.p1, b.p0 + 1);
    const yArrayEnd = Math.min(y1, yEnd.array);
    draw.rect('band', xZero, xEnd.array, y0, yArrayEnd, { opacity });
    draw.rect('band-phantom', xEnd.array, xEnd.all, y0, yArrayEnd, { opacity });
    draw.rect('band-phantom', xZero, xEnd.all, Math.max(y0, yEnd.array), y1, { opacity });
  }
}

// Chunk boundaries drawn singly: solid inside the array, dashed past it.
function drawBoundaries(draw, { Y, X, py, px }, { yZero, xZero, yEnd, xEnd }) {
  // A boundary on the array's edge is drawn as the edge.
  const onEdge = (l, t) => t.length > 0 && (l.e === 0 || l.e === t.length);
  for (const l of px.lines) {
    if (onEdge(l, X.table)) continue;
    if (l.e > X.table.length) draw.line('chunk-phantom', l.p, yZero, l.p, yEnd.all);
    else {
      draw.line('chunk', l.p, yZero, l.p, yEnd.array);
      draw.line('chunk-phantom', l.p, yEnd.array, l.p, yEnd.all);
    }
  }
  if (Y.table.pseudo) return;
  for (const l of py.lines) {
    if (onEdge(l, Y.table)) continue;
    if (l.e > Y.table.length) draw.line('chunk-phantom', xZero, l.p, xEnd.all, l.p);
    else {
      draw.line('chunk', xZero, l.p, xEnd.array, l.p);
      draw.line('chunk-phantom', xEnd.array, l.p, xEnd.all, l.p);
    }
  }
}

// The array boundary, on top of the chunk lines.
function drawArrayEdge(draw, { yZero, xZero, yEnd, xEnd }) {
  draw.line('array-edge', xZero, yZero, xEnd.array, yZero);
  draw.line('array-edge', xZero, yEnd.array, xEnd.array, yEnd.array);
  draw.line('array-edge', xZero, yZero, xZero, yEnd.array);
  draw.line('array-edge', xEnd.array, yZero, xEnd.array, yEnd.array);
}

// Single elements marked, at least 6 pixels square.
function drawPoints(draw, Y, X, points) {
  for (const p of points) {
    const cx = toPixel(X, X.table.pseudo ? 0.5 : Number(p.x) + 0.5);
    const cy = toPixel(Y, Y.table.pseudo ? 0.5 : Number(p.y) + 0.5);
    const w = Math.max(6, X.scale * (X.table.pseudo ? 0 : 1));
    const h = Math.max(6, Y.scale * (Y.table.pseudo ? 0 : 1));
    draw.rect(p.kind ?? 'index-point', cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2, { fill: true });
  }
}

function layoutStats(py, px, labels, shapes) {
  return {
    lines: { y: py.lines.length, x: px.lines.length },
    bands: { y: py.bands.length, x: px.bands.length },
    // Chunk boundaries in view, drawn singly or counted in bands.
    boundaries: {
      y: py.lines.length + py.bands.reduce((n, b) => n + b.count, 0),
      x: px.lines.length + px.bands.reduce((n, b) => n + b.count, 0),
    },
    labels,
    shapes: shapes.length,
  };
}
