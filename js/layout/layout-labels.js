// @ts-check
// The chunk layout's text (js/layout/layout.js): edge lengths along the axes, the
// axis captions, one label per chunk with room for it, the badge that says
// where shading replaces chunks, and the notes that go with the drawing.
import { clamp, toPixel } from './layout-geometry.js';
import { LINE_HEIGHT, textWidth } from './layout-style.js';

const MAX_CELL_LABELS = 4000;

export const fmt = (v) => (typeof v === 'bigint' ? v.toLocaleString('en-US') : Math.round(v).toLocaleString('en-US'));
const tuple = (values) => `(${values.map((v) => String(v)).join(', ')})`;

// The pixels of chunk c on frame f, clipped to the view.
function visible(f, c) {
  const a = Math.max(toPixel(f, c.origin), f.offset);
  const b = Math.min(toPixel(f, c.origin + c.size), f.offset + f.pixels);
  return [a, b];
}

// Where the drawing starts and ends on screen, to keep text next to it.
function near(f) {
  const a = clamp(toPixel(f, 0), f.offset, f.offset + f.pixels);
  const b = clamp(toPixel(f, Math.max(f.table.edgeSum, f.table.length)), f.offset, f.offset + f.pixels);
  return [a, b];
}

// Every label of the layout, appended to `shapes`; gives the number of
// chunk labels (0 when there are too many chunks to label).
export function addLabels(shapes, context) {
  const text = (kind, x, y, value, extra) => shapes.push({ type: 'text', kind, x, y, text: value, ...extra });
  const { X, Y } = context;
  const [left, right] = near(X);
  const [top, bottom] = near(Y);
  const reach = edgeLabels(text, context, left, top);
  captions(text, context, { left, right, top, bottom, reach });
  return chunkLabels(text, context);
}

// Edge lengths along the top (x) and the left (y), where they fit. Gives
// how far left the labels on the left reach, for the caption beside them.
function edgeLabels(text, { X, Y, px, py }, left, top) {
  for (const c of px.cells) {
    const [a, b] = visible(X, c);
    const label = String(c.declared);
    if (b - a >= textWidth(label, 11) + 6) text('size', (a + b) / 2, top - 8, label);
  }
  // Down the left: level when short, else turned, when the chunk has room.
  let reach = left - 12;
  if (Y.table.pseudo) return reach;
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
  return reach;
}

function captions(text, { X, Y, names, height }, { left, right, top, bottom, reach }) {
  const caption = (f) => {
    const name = typeof names?.[f.axis] === 'string' && names[f.axis] ? ` (${names[f.axis]})` : '';
    return `axis ${f.axis}${name} · length ${f.table.exactLength.toLocaleString('en-US')}`;
  };
  if (X.axis !== null) text('caption', (left + right) / 2, Math.min(height - 10, bottom + 18), caption(X));
  if (Y.axis !== null) text('caption', Math.max(9, reach - 10), (top + bottom) / 2, caption(Y), { rotate: -90 });
}

// One label per chunk that has room: its coordinates, then its declared
// shape (and data shape when that is smaller), or "overflow".
function chunkLabels(text, context) {
  const { X, Y, py, px, hidden } = context;
  const yCells = Y.table.pseudo ? [{ chunk: null, origin: 0, size: 1, pseudo: true }] : py.cells;
  if (yCells.length * px.cells.length > MAX_CELL_LABELS) return 0;
  const byAxis = new Map(hidden.map((h) => [h.axis, h]));
  const hiddenOverflow = hidden.some((h) => h.chunk === null);
  const arrayEnd = { x: toPixel(X, X.table.length), y: toPixel(Y, Y.table.length) };
  let count = 0;
  for (const cy of yCells) {
    const [y0, y1] = visible(Y, cy);
    if (y1 - y0 < 13) continue;
    for (const cx of px.cells) {
      const [x0, x1] = visible(X, cx);
      if (x1 - x0 < 24) continue;
      const overflow = hiddenOverflow || (!cx.pseudo && cx.chunk >= X.table.activeCount) || (!cy.pseudo && cy.chunk >= Y.table.activeCount);
      const lines = chunkText(context, byAxis, cy, cx, overflow);
      if (placeChunkLabel(text, lines, overflow, { x0, x1, y0, y1 }, arrayEnd)) count++;
    }
  }
  return count;
}

// The lines of one chunk's label, the chunks on the axes not drawn included.
function chunkText({ grid, axes }, byAxis, cy, cx, overflow) {
  const coords = [];
  const shape = [];
  const data = [];
  for (let d = 0; d < grid.ndim; d++) {
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
  const lines = [tuple(coords)];
  lines.push(overflow ? 'overflow' : shape.join(' × '));
  const partial = !overflow && data.some((v, i) => v !== shape[i]);
  if (partial) lines.push(`data ${data.join(' × ')}`);
  return lines;
}

// As many lines as fit in the chunk's box, centred on the part inside the
// array when the text fits there; false when not even one fits.
function placeChunkLabel(text, lines, overflow, { x0, x1, y0, y1 }, arrayEnd) {
  const room = Math.max(1, Math.floor((y1 - y0 - 1) / LINE_HEIGHT));
  const fitting = [];
  for (const l of lines) {
    if (fitting.length >= room || textWidth(l) + 8 > x1 - x0) break;
    fitting.push(l);
  }
  if (fitting.length === 0) return false;
  const kind = overflow ? 'label-phantom' : 'label';
  const wide = Math.max(...fitting.map((l) => textWidth(l))) + 8;
  const xa = Math.min(x1, arrayEnd.x);
  const ya = Math.min(y1, arrayEnd.y);
  const cxp = !overflow && xa - x0 >= wide ? (x0 + xa) / 2 : (x0 + x1) / 2;
  const cyp = !overflow && ya - y0 >= fitting.length * LINE_HEIGHT + 4 ? (y0 + ya) / 2 : (y0 + y1) / 2;
  const first = cyp - ((fitting.length - 1) * LINE_HEIGHT) / 2;
  fitting.forEach((l, i) => text(kind, cxp, first + i * LINE_HEIGHT, l));
  return true;
}

// Where shading replaces the chunks, say so in the drawing itself, in a
// badge in the plot's top right corner.
export function addDenseBadge(shapes, plot, densest) {
  const lines = [`up to ${fmt(densest)} chunks per pixel:`, 'zoom in to see single chunks'];
  const wide = Math.max(...lines.map((l) => textWidth(l))) + 12;
  const tall = lines.length * LINE_HEIGHT + 8;
  if (plot.width < wide + 8 || plot.height < tall + 8) return;
  const x = plot.x + plot.width - wide - 4;
  const y = plot.y + 4;
  shapes.push({ type: 'rect', kind: 'badge', x, y, width: wide, height: tall, fill: true });
  shapes.push({ type: 'rect', kind: 'badge', x: x + 0.5, y: y + 0.5, width: wide - 1, height: tall - 1, stroke: true });
  lines.forEach((l, i) => shapes.push({ type: 'text', kind: 'dense', x: x + wide / 2, y: y + 4 + LINE_HEIGHT * (i + 0.5), text: l }));
}

// Notes: what a reader needs to read the picture right.
export function layoutNotes({ Y, X, py, px, hidden, minSpacing }) {
  const notes = [];
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
  return notes;
}
