// @ts-check
// `inspect`: a dask-style summary of one array's chunk grid, and with
// --svg, the chunk-layout drawing (the web demo's layout logic).
import { writeFile } from 'node:fs/promises';
import { ChunkGrid } from '../index.js';
import { formatRuns } from '../format-runs.js';
import { stringifyExact } from '../exact-json.js';
import { readBounded } from './read-file.js';

const list = (values) => `[${values.join(', ')}]`;

/** @param {import('../index.js').ChunkGrid} grid */
export function describeGrid(grid) {
  const s = grid.summary();
  const rows = [
    ['shape', list(s.shape)],
    ['chunks per axis', `${list(s.gridShape)} active, ${list(s.declaredGridShape)} declared`],
    ...s.runs.map((runs, axis) => [`runs, axis ${axis}`, formatRuns(runs)]),
    ['smallest chunk', list(s.smallestChunk)],
    ['largest chunk', list(s.largestChunk)],
    ['most common chunk', `${list(s.mostCommonChunk)} × ${s.mostCommonCount}`],
    ['chunks', `${s.numChunks} active, ${s.declaredChunks} declared`],
    ['overflow chunks', String(s.overflowChunks)],
    ['regular', s.regular ? `yes: ${stringifyExact(s.regular).text}` : 'no'],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
}

/**
 * @param {string} file
 * @param {{ svg?: string, lenient?: boolean, out?: { write(text: string): unknown } }} [opts]
 * @returns {Promise<number>} the exit status
 */
export async function inspect(file, { svg, lenient = false, out = process.stdout } = {}) {
  const grid = ChunkGrid.fromMetadata(await readBounded(file), { lenient });
  try {
    out.write(`${describeGrid(grid)}\n`);
    if (svg) {
      const { renderSVG } = await import('../layout.js');
      await writeFile(svg, renderSVG(grid));
      out.write(`wrote ${svg}\n`);
    }
    return 0;
  } finally {
    grid.dispose();
  }
}
