// The dask-style summary table: one column per axis and one for the whole
// array, filled from summary(grid) (zarr-rectilinear/tools).
import { formatRuns } from '../js/layout/format-runs.js';
import { summary } from '../js/tools.js';

const number = (v) => (typeof v === 'bigint' ? v.toLocaleString('en-US') : Number(v).toLocaleString('en-US'));

function cell(tag, text, attrs = {}) {
  const el = document.createElement(tag);
  el.textContent = text;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

// Fills `table` (a <table>) for `grid`; `names` are optional dimension names.
export function renderSummary(table, grid, names = null) {
  const s = summary(grid);
  const ndim = grid.ndim;
  const axes = Array.from({ length: ndim }, (_, d) => d);
  table.replaceChildren();
  table.append(cell('caption', 'Grid summary'));

  const head = document.createElement('thead');
  const headRow = document.createElement('tr');
  headRow.append(cell('td', ''));
  for (const d of axes) headRow.append(cell('th', names?.[d] ? `axis ${d} (${names[d]})` : `axis ${d}`, { scope: 'col' }));
  headRow.append(cell('th', 'array', { scope: 'col' }));
  head.append(headRow);

  const rows = [
    ['Shape', axes.map((d) => number(s.shape[d])), `[${s.shape.map(number).join(', ')}]`],
    ['Chunks (active)', axes.map((d) => number(s.gridShape[d])), number(s.numChunks)],
    ['Chunks (declared)', axes.map((d) => number(s.declaredGridShape[d])), number(s.declaredChunks)],
    ['Runs', axes.map((d) => formatRuns(s.runs[d], 6)), `${s.runs.reduce((a, r) => a + r.length, 0)} runs`],
    ['Smallest chunk', axes.map((d) => number(s.smallestChunk[d])), s.smallestChunk.map(number).join(' × ')],
    ['Largest chunk', axes.map((d) => number(s.largestChunk[d])), s.largestChunk.map(number).join(' × ')],
    ['Overflow chunks', axes.map((d) => number(s.overflowPerAxis[d])), number(s.overflowChunks)],
  ];
  const body = document.createElement('tbody');
  for (const [label, perAxis, total] of rows) {
    const tr = document.createElement('tr');
    tr.dataset.row = label.toLowerCase().replace(/[^a-z]+/g, '-').replace(/-$/, '');
    tr.append(cell('th', label, { scope: 'row' }));
    for (const v of perAxis) tr.append(cell('td', v));
    tr.append(cell('td', total, { class: 'total' }));
    body.append(tr);
  }
  table.append(head, body);

  const regular = s.regular ? `also a regular grid: chunk_shape [${s.regular.configuration.chunk_shape.join(', ')}]` : 'not a regular grid';
  const total = BigInt(s.numChunks);
  const foot = document.createElement('tfoot');
  const tr = document.createElement('tr');
  tr.append(cell('td', `${number(total)} chunk${total === 1n ? '' : 's'} in total; ${regular}`, { colspan: String(ndim + 2) }));
  foot.append(tr);
  table.append(foot);
  return s;
}
