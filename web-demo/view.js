// Pan and zoom: changes to the element window a layout shows.
// A view is {y: [start, stop], x: [start, stop]} in elements.
import { pixelToElement } from '../js/layout/layout.js';

const MAX_PIXELS_PER_ELEMENT = 400;

// Zooms by `factor` (> 1 zooms in) about pixel (px, py); `which` limits it
// to one axis ('x' or 'y'). A 1-d drawing only zooms across.
export function zoomView(layout, factor, px, py, which = 'both') {
  const out = { y: [...layout.view.y], x: [...layout.view.x] };
  for (const role of ['y', 'x']) {
    if (which !== 'both' && which !== role) continue;
    const frame = layout.frame[role];
    if (frame.table.pseudo) continue;
    const [a, b] = layout.view[role];
    const pixels = frame.pixels;
    const whole = Math.max(frame.table.edgeSum, frame.table.length, 1);
    let span = (b - a) / factor;
    span = Math.max(span, pixels / MAX_PIXELS_PER_ELEMENT);
    span = Math.min(span, whole * 50);
    const anchor = pixelToElement(layout, role, role === 'x' ? px : py);
    const t = (anchor - a) / (b - a);
    out[role] = [anchor - t * span, anchor - t * span + span];
  }
  return out;
}

// Moves the view by (dx, dy) pixels, as a drag would: content follows the pointer.
export function panView(layout, dx, dy) {
  const out = { y: [...layout.view.y], x: [...layout.view.x] };
  for (const [role, d] of [['x', dx], ['y', dy]]) {
    const frame = layout.frame[role];
    if (frame.table.pseudo || d === 0) continue;
    const shift = d / frame.scale;
    out[role] = [out[role][0] - shift, out[role][1] - shift];
  }
  return out;
}
