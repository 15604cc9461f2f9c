// @ts-check
// `inspect`: what a zarr.json describes, under a line naming the file and
// the kind of node. An array: a dask-style summary of its chunk grid, and
// with --svg, the chunk-layout drawing (the web demo's layout logic). A
// group: its attributes, and its children when it lists them in
// consolidated metadata. Given a folder, each node in it, in path order.
import { formatRuns } from '../layout/format-runs.js';
import { summary } from '../tools.js';
import { stringifyExact } from '../document/exact-json.js';
import { disposeGrids, readMetadata } from '../document/read-metadata.js';
import { documentLines } from './problem-lines.js';
import { stat } from 'node:fs/promises';
import { isURL, sources } from './walk.js';
import { replaceFile } from './write-file.js';
import { reason, safeText } from './terminal-text.js';
import { list } from '../grid/arguments.js';
import { table } from './table.js';


/** @param {import('../index.js').ChunkGrid} grid */
export function describeGrid(grid) {
  const s = summary(grid);
  return table([
    ['shape', list(s.shape)],
    ['chunks per axis', `${list(s.gridShape)} active, ${list(s.declaredGridShape)} declared`],
    ...s.runs.map((runs, axis) => [`runs, axis ${axis}`, formatRuns(runs)]),
    ['smallest chunk', list(s.smallestChunk)],
    ['largest chunk', list(s.largestChunk)],
    ['most common chunk', `${list(s.mostCommonChunk)} × ${s.mostCommonCount}`],
    ['chunks', `${s.numChunks} active, ${s.declaredChunks} declared`],
    ['overflow chunks', String(s.overflowChunks)],
    ['regular', s.regular ? `yes: ${stringifyExact(s.regular).text}` : 'no'],
  ]);
}

// A value from the document as compact JSON text. stringifyExact recurses,
// and the core reads documents nested deeper than JavaScript's call stack
// goes: such a value is named, not shown, and the command goes on.
function shown(value) {
  try {
    return stringifyExact(value).text;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return '(nested too deeply to show)';
  }
}

// One consolidated child, in a few words.
function child(read) {
  if (read.kind === 'group') return 'group';
  if (!read.valid) return 'array (invalid)';
  const type = typeof read.dataType === 'string' ? read.dataType : shown(read.dataType);
  return `array ${type}, shape ${list(read.shape ?? [])}`;
}

// Text from the document (attributes, names, data types) is escaped for
// the terminal.
/** @param {import('../index.js').GroupMetadataRead} read */
export function describeGroup(read) {
  const rows = [['attributes', safeText(shown(read.attributes))]];
  if (!read.consolidated) rows.push(['children', 'not listed (no consolidated metadata)']);
  else {
    rows.push(['children', `${read.consolidated.size} listed in consolidated metadata`]);
    for (const [path, entry] of read.consolidated) rows.push([`  ${safeText(path)}`, safeText(child(entry))]);
  }
  return table(rows);
}

/**
 * @param {string} target a zarr.json, or a folder holding some
 * @param {{ svg?: string, lenient?: boolean, strict?: boolean, timeout?: number, out?: { write(text: string): unknown }, err?: { write(text: string): unknown } }} [opts]
 * @returns {Promise<number>} the exit status
 */
export async function inspect(target, { svg, lenient = false, strict = false, timeout, out = process.stdout, err = process.stderr } = {}) {
  if (svg && !isURL(target) && (await stat(target).catch(() => null))?.isDirectory()) {
    throw new Error(`--svg draws one array: give its zarr.json, not the folder ${target}`);
  }
  // A blank line between descriptions on stdout, and only there: a file
  // that is not described (unreadable, invalid) prints its problems on
  // stderr, and nothing on stdout.
  let status = 0, described = 0;
  for await (const { file, read: readBytes } of sources([target], { timeout })) {
    let bytes;
    try {
      bytes = await readBytes();
    } catch (caught) {
      const error = /** @type {NodeJS.ErrnoException} */ (caught);
      err.write(`${safeText(file)}: cannot read: ${safeText(error.code ?? error.message)}\n`);
      status = 1;
      continue;
    }
    const read = readMetadata(bytes, { lenient, strict });
    try {
      for (const line of documentLines(file, bytes, read)) err.write(`${line}\n`);
      if (!read.valid) {
        status = 1;
        continue;
      }
      const grid = read.kind === 'array' ? read.grid : null;
      const description = read.kind === 'group' ? describeGroup(read) : describeGrid(/** @type {import('../index.js').ChunkGrid} */ (grid));
      out.write(`${described++ ? '\n' : ''}${safeText(file)}: ${read.kind}\n${description}\n`);
      if (svg && !grid) {
        err.write(`${safeText(file)}: --svg draws an array (found a group); nothing written to ${safeText(svg)}\n`);
        status = 1;
      } else if (svg && grid) {
        const { renderSVG } = await import('../layout/layout.js');
        try {
          await replaceFile(svg, renderSVG(grid));
          out.write(`wrote ${safeText(svg)}\n`);
        } catch (error) {
          err.write(`${safeText(svg)}: cannot write the drawing: ${reason(error)}\n`);
          status = 1;
        }
      }
    } finally {
      disposeGrids(read);
    }
  }
  return status;
}
