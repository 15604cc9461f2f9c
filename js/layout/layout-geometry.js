// @ts-check
// The chunk layout's geometry (js/layout/layout.js): the plot box, the view that
// fits a grid, the mapping between elements and pixels on each drawn axis
// (a frame), and per axis the chunk boundaries in view, dense ones merged.
// O(pixels + runs in view) per axis.
import { described, defaultAxes, tableFor } from './layout-facts.js';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
export const MARGIN = { top: 22, right: 12, bottom: 30, left: 62 };

export const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

// The plot: the drawing's area inside the margins.
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

// One drawn axis's frame: the element window [start, stop) shown over
// `pixels` pixels from `offset` (a pixel position, not an element's).
export function frameAxis(table, axis, [start, stop], offset, pixels) {
  const span = stop > start ? stop - start : 1;
  return { axis, start, stop: start + span, offset, pixels, scale: pixels / span, table };
}

export const toPixel = (f, e) => f.offset + (e - f.start) * f.scale;

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

// One axis: chunk boundaries in view (lines, and bands where they are
// closer than minSpacing pixels), the chunks at least labelMin pixels long
// (cells, to label), and the most chunks per pixel in a band (densest).
export function planAxis(f, minSpacing, labelMin) {
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

// Element ranges ([start, stop) pairs, sorted; null = the whole axis) as
// pixel ranges clipped to the view, with ranges under half a pixel apart joined.
export function pixelRanges(f, ranges) {
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
