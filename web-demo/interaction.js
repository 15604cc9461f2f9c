// Pointer, wheel and keyboard input on the drawing, turned into intents:
// a new view (pan/zoom), a selected rectangle, a click, a hover.
import { panView, zoomView } from './view.js';

const CLICK_SLOP = 4; // pixels a press may move and still count as a click

// handlers: getLayout(), dragMode() ('select' | 'pan'), onView(view), onFit(),
// onSelectRect({x0, y0, x1, y1}), onPreview(rect | null), onClick(px, py),
// onHover(px, py), onLeave(), onEscape().
export function attachInteraction(canvas, handlers) {
  let drag = null;
  const point = (e) => {
    const box = canvas.getBoundingClientRect();
    return [e.clientX - box.left, e.clientY - box.top];
  };

  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const [x, y] = point(e);
    const pan = e.shiftKey || handlers.dragMode() === 'pan';
    drag = { x, y, pan, moved: false, layout: handlers.getLayout() };
    canvas.setPointerCapture(e.pointerId);
    canvas.focus({ preventScroll: true });
    e.preventDefault();
  });

  canvas.addEventListener('pointermove', (e) => {
    const [x, y] = point(e);
    if (!drag) {
      handlers.onHover(x, y);
      return;
    }
    drag.moved ||= Math.hypot(x - drag.x, y - drag.y) > CLICK_SLOP;
    if (!drag.moved) return;
    if (drag.pan) handlers.onView(panView(drag.layout, x - drag.x, y - drag.y));
    else handlers.onPreview({ x0: drag.x, y0: drag.y, x1: x, y1: y });
  });

  const finish = (e, cancelled) => {
    if (!drag) return;
    const [x, y] = point(e);
    const d = drag;
    drag = null;
    handlers.onPreview(null);
    if (cancelled) return;
    if (!d.moved) handlers.onClick(x, y);
    else if (!d.pan) handlers.onSelectRect({ x0: d.x, y0: d.y, x1: x, y1: y });
  };
  canvas.addEventListener('pointerup', (e) => finish(e, false));
  canvas.addEventListener('pointercancel', (e) => finish(e, true));
  canvas.addEventListener('pointerleave', () => {
    if (!drag) handlers.onLeave();
  });

  canvas.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      const layout = handlers.getLayout();
      if (!layout) return;
      const [x, y] = point(e);
      const lines = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
      const factor = Math.exp((-e.deltaY * lines) / 500);
      const which = e.shiftKey ? 'x' : e.altKey ? 'y' : 'both';
      handlers.onView(zoomView(layout, factor, x, y, which));
    },
    { passive: false },
  );

  canvas.addEventListener('keydown', (e) => {
    const layout = handlers.getLayout();
    if (!layout) return;
    const { plot } = layout;
    const cx = plot.x + plot.width / 2;
    const cy = plot.y + plot.height / 2;
    const step = e.shiftKey ? 0.5 : 0.1;
    const moves = {
      ArrowLeft: [plot.width * step, 0],
      ArrowRight: [-plot.width * step, 0],
      ArrowUp: [0, plot.height * step],
      ArrowDown: [0, -plot.height * step],
    };
    if (moves[e.key]) handlers.onView(panView(layout, ...moves[e.key]));
    else if (e.key === '+' || e.key === '=') handlers.onView(zoomView(layout, 1.5, cx, cy));
    else if (e.key === '-' || e.key === '_') handlers.onView(zoomView(layout, 1 / 1.5, cx, cy));
    else if (e.key === '0') handlers.onFit();
    else if (e.key === 'Escape') handlers.onEscape();
    else return;
    e.preventDefault();
  });
}
