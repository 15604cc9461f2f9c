// Paints a layout from js/layout/layout.js on a canvas. All geometry and merging
// is the layout's; this only turns its primitives into canvas calls, with
// the same STYLE table the SVG output uses.
import { STYLE, crispLine } from '../js/layout/layout.js';

// Sizes the canvas backing store for the device pixel ratio; returns the context.
export function prepareCanvas(canvas, width, height) {
  const ratio = window.devicePixelRatio || 1;
  const w = Math.round(width * ratio);
  const h = Math.round(height * ratio);
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const ctx = canvas.getContext('2d');
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  return ctx;
}

function paintRect(ctx, s, st) {
  if (s.stroke) {
    ctx.strokeStyle = st.stroke;
    ctx.lineWidth = st.width ?? 1;
    ctx.setLineDash(st.dash ?? []);
    ctx.strokeRect(s.x, s.y, s.width, s.height);
    return;
  }
  ctx.globalAlpha = s.opacity ?? 1;
  ctx.fillStyle = st.fill;
  // Whole pixels, as the SVG's crispEdges: no seams between neighbours.
  const x = Math.round(s.x);
  const y = Math.round(s.y);
  ctx.fillRect(x, y, Math.max(1, Math.round(s.x + s.width) - x), Math.max(1, Math.round(s.y + s.height) - y));
  ctx.globalAlpha = 1;
}

function paintLine(ctx, s, st) {
  const { x1, y1, x2, y2 } = crispLine(s);
  ctx.strokeStyle = st.stroke;
  ctx.lineWidth = st.width ?? 1;
  ctx.setLineDash(st.dash ?? []);
  ctx.beginPath();
  ctx.moveTo(x1, y1);
  ctx.lineTo(x2, y2);
  ctx.stroke();
}

function paintText(ctx, s, st) {
  ctx.save();
  ctx.font = `${st.size ?? 12}px ${STYLE.font}`;
  ctx.textAlign = s.anchor === 'end' ? 'right' : 'center';
  ctx.textBaseline = 'middle';
  ctx.translate(s.x, s.y);
  if (s.rotate) ctx.rotate((s.rotate * Math.PI) / 180);
  ctx.setLineDash([]);
  ctx.lineJoin = 'round';
  ctx.lineWidth = 2.5;
  ctx.strokeStyle = STYLE.halo;
  ctx.strokeText(s.text, 0, 0);
  ctx.fillStyle = st.fill;
  ctx.fillText(s.text, 0, 0);
  ctx.restore();
}

// Draws `layout.shapes`, then `overlay` shapes (hover, drag) in the same form.
export function drawLayout(canvas, layout, overlay = []) {
  const ctx = prepareCanvas(canvas, layout.width, layout.height);
  for (const s of [...layout.shapes, ...overlay]) {
    const st = STYLE[s.kind] ?? {};
    if (s.type === 'rect') paintRect(ctx, s, st);
    else if (s.type === 'line') paintLine(ctx, s, st);
    else if (s.type === 'text') paintText(ctx, s, st);
  }
}
