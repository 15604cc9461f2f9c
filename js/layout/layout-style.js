// @ts-check
// How the chunk layout's shapes look (js/layout/layout.js): one table both
// renderers read, the canvas in the web demo and the SVG of the CLI.
export const FONT_SIZE = 12;
export const LINE_HEIGHT = 15;

// How each primitive kind looks.
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

// A generous estimate of a text's width in pixels, for digits and punctuation.
export const textWidth = (text, size = FONT_SIZE) => text.length * size * 0.62;

// Where to stroke a line so that it covers whole pixels: odd widths sit on
// half-pixel positions. Both renderers use it.
export function crispLine(s) {
  const h = ((STYLE[s.kind]?.width ?? 1) % 2) / 2;
  const snap = (v) => Math.round(v - h) + h;
  return s.x1 === s.x2
    ? { x1: snap(s.x1), y1: s.y1, x2: snap(s.x2), y2: s.y2 }
    : { x1: s.x1, y1: snap(s.y1), x2: s.x2, y2: snap(s.y2) };
}
