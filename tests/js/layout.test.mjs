// js/layout/layout.js: what the chunk-layout drawing shows, for the demo's canvas
// and the CLI's SVG alike. Each test is one rule of the drawing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChunkGrid } from 'zarr-rectilinear';
import { layout, renderSVG, mergeMarks, locatePixel, elementToPixel, fitView } from '../../js/layout/layout.js';

const specExample = () => ChunkGrid.fromChunkShapes([26, 38], [[16, 10], [24, 14]]);
const of = (lay, type, kind) => lay.shapes.filter((s) => s.type === type && s.kind === kind);
const texts = (lay) => lay.shapes.filter((s) => s.type === 'text').map((s) => s.text);
const close = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-6, `${what}: ${a} vs ${b}`);

// A grid that answers only what layout() may use; any expansion throws.
// The grid as the layout may use it: what it asks is counted, and listing
// chunks or edges fails the test.
function windowOnly(grid) {
  const calls = { groups: 0, chunks: 0 };
  const facade = {
    ndim: grid.ndim,
    shape: grid.shape,
    gridShape: grid.gridShape,
    declaredGridShape: grid.declaredGridShape,
    chunkGroups: (...args) => {
      calls.groups++;
      const groups = grid.chunkGroups(...args);
      calls.chunks += groups.length;
      return groups;
    },
    chunkAt: (axis, element) => grid.chunkAt(axis, element),
    axisChunk: (axis, chunk) => grid.axisChunk(axis, chunk),
    runs: () => assert.fail('layout read every run with runs()'),
    edges: () => assert.fail('layout expanded the runs with edges()'),
    project: () => assert.fail('layout listed chunks with project()'),
  };
  return { facade, calls };
}

test('the spec example is drawn to scale, one line per inner chunk boundary', () => {
  const lay = layout(specExample(), { width: 640, height: 420 });
  close(lay.frame.x.scale, lay.frame.y.scale, 'same scale on both axes');
  const vertical = of(lay, 'line', 'chunk').filter((l) => l.x1 === l.x2);
  const horizontal = of(lay, 'line', 'chunk').filter((l) => l.y1 === l.y2);
  assert.equal(vertical.length, 1);
  assert.equal(horizontal.length, 1);
  close(vertical[0].x1, elementToPixel(lay, 'x', 24), 'boundary after 24 columns');
  close(horizontal[0].y1, elementToPixel(lay, 'y', 16), 'boundary after 16 rows');
  assert.deepEqual(lay.stats.bands, { y: 0, x: 0 });
});

test('each chunk is labelled with its coordinates and shape when there is room', () => {
  const labels = texts(layout(specExample(), { width: 640, height: 420 }));
  for (const l of ['(0, 0)', '(0, 1)', '(1, 0)', '(1, 1)', '16 × 24', '16 × 14', '10 × 24', '10 × 14']) {
    assert.ok(labels.includes(l), `missing label ${l}`);
  }
  // The edge lengths along the axes, as in the spec's drawing.
  for (const l of ['24', '14', '16', '10']) assert.ok(labels.includes(l), `missing edge length ${l}`);
  // No room, no labels.
  assert.equal(layout(specExample(), { width: 120, height: 80 }).stats.labels, 0);
});

test('boundaries closer than the minimum spacing merge into one band that counts them', () => {
  const at = (p) => ({ a: p, b: p, count: 1, e: p });
  const { lines, bands } = mergeMarks([at(0), at(0.5), at(1), at(1.5), at(10), at(20)], 3);
  assert.deepEqual(bands, [{ p0: 0, p1: 1.5, count: 4 }]);
  assert.deepEqual(lines.map((l) => l.p), [10, 20]);
  // A dense run arrives as one item and joins its close neighbours.
  const merged = mergeMarks([at(0), { a: 1, b: 50, count: 1000, e: 1 }, at(51), at(60)], 3);
  assert.deepEqual(merged.bands, [{ p0: 0, p1: 51, count: 1002 }]);
  assert.deepEqual(merged.lines.map((l) => l.p), [60]);
});

test('no line is drawn per chunk when chunks are closer than a pixel: dense axes are shaded', () => {
  const grid = ChunkGrid.fromChunkShapes([1000, 1000], [[[1, 1000]], [[100, 10]]]);
  const lay = layout(grid, { width: 400, height: 400 });
  assert.equal(lay.stats.lines.y, 0, 'no single lines on the dense axis');
  assert.equal(lay.stats.bands.y, 1, 'one band for the whole run');
  assert.ok(lay.stats.lines.x >= 9, 'the sparse axis keeps its lines');
  const bands = of(lay, 'rect', 'band');
  assert.ok(bands.length >= 1 && bands.every((b) => b.opacity > 0 && b.opacity <= 1));
  assert.ok(lay.notes.some((n) => /axis 0: up to \d+ chunks per pixel/.test(n)), lay.notes.join('; '));
});

test('many short runs of different sizes are counted, not walked: every boundary is in a band', () => {
  // 300,000 runs of one chunk each (sizes 1, 2, 3, 1, 2, 3, ...), and one
  // axis of 40 chunks: 300,001 boundaries on axis 0, 41 on axis 1.
  const sizes = Array.from({ length: 300_000 }, (_, i) => 1 + (i % 3));
  const grid = ChunkGrid.fromEdges([sizes, Array(40).fill(5)]);
  const { facade, calls } = windowOnly(grid);
  const lay = layout(facade, { width: 800, height: 600 });
  assert.ok(calls.chunks < 2000, `${calls.chunks} chunk groups asked for`);
  assert.equal(lay.stats.boundaries.y, 300_001);
  assert.equal(lay.stats.boundaries.x, 41);
  // Zoomed in, the same boundaries come back one by one.
  const zoomed = layout(grid, { width: 800, height: 600, view: { y: [60, 120], x: [0, 50] } });
  assert.equal(zoomed.stats.bands.y, 0);
  assert.equal(zoomed.stats.boundaries.y, 31, 'chunk starts 60, 61, 63, 66, ... up to 120');
});

test('a [[1, 1000000000]] axis lays out from its runs alone, never expanded', () => {
  const grid = ChunkGrid.fromChunkShapes([1_000_000_000, 1000], [[[1, 1_000_000_000]], [[10, 100]]]);
  const { facade, calls } = windowOnly(grid);
  const lay = layout(facade, { width: 800, height: 500 });
  assert.ok(calls.chunks < 2000, `${calls.chunks} chunk groups asked for`);
  assert.ok(lay.shapes.length < 60, `${lay.shapes.length} shapes`);
  assert.equal(lay.stats.lines.y, 0);
  assert.equal(lay.stats.boundaries.y, 1_000_000_001);
});

test('a million chunks per axis in view cost what the pixels cost', () => {
  const grid = ChunkGrid.fromChunkShapes([2_000_000, 3_000_000], [[[2, 1_000_000]], [[1, 1_000_000], [2, 1_000_000]]]);
  const { facade, calls } = windowOnly(grid);
  const lay = layout(facade, { width: 1200, height: 800 });
  assert.ok(calls.chunks < 2 * (1200 + 800), `${calls.chunks} chunk groups asked for`);
  assert.ok(lay.shapes.length < 100);
  assert.equal(lay.stats.boundaries.x, 2_000_001);
});

test('the cost follows the pixels: zoomed into a billion-chunk run, single chunks come back', () => {
  const grid = ChunkGrid.fromChunkShapes([1_000_000_000, 1000], [[[1, 1_000_000_000]], [[10, 100]]]);
  const view = { y: [500_000_000, 500_000_010], x: [0, 20] };
  const lay = layout(grid, { width: 640, height: 420, view });
  assert.equal(lay.stats.bands.y, 0);
  assert.ok(lay.stats.lines.y >= 9 && lay.stats.lines.y <= 11, `${lay.stats.lines.y} lines`);
  assert.ok(texts(lay).includes('(500000000, 0)'), texts(lay).join(' '));
  assert.ok(texts(lay).includes('(500000009, 1)'));
});

test('overflow chunks past the array end are grey phantom cells, outside the array boundary', () => {
  // Axis 0: length 10, edges 4 4 4 4 4: chunk 2 ends past the array (8..12),
  // chunks 3 and 4 lie wholly past it. Axis 1: length 14, edges 6 6 6.
  const grid = ChunkGrid.fromChunkShapes([10, 14], [[4, 4, 4, 4, 4], [6, 6, 6]]);
  const lay = layout(grid, { width: 600, height: 600 });
  const y = (e) => elementToPixel(lay, 'y', e);
  const x = (e) => elementToPixel(lay, 'x', e);
  const overflow = of(lay, 'rect', 'overflow');
  assert.ok(overflow.length >= 1);
  for (const r of overflow) {
    close(r.y, y(12), 'overflow starts where chunk 3 does');
    close(r.y + r.height, y(20), 'and ends at the declared end');
  }
  close(Math.min(...overflow.map((r) => r.x)), x(0), 'across the whole declared width');
  close(Math.max(...overflow.map((r) => r.x + r.width)), x(18), 'to its end');
  const padding = of(lay, 'rect', 'padding');
  assert.ok(padding.some((p) => Math.abs(p.y - y(10)) < 1e-6), 'the tail of chunk 2 is padding');
  const labels = texts(lay);
  assert.ok(labels.includes('(3, 0)') && labels.includes('(4, 2)'));
  assert.equal(labels.filter((t) => t === 'overflow').length, 6, 'six phantom cells say so');
  assert.ok(labels.includes('data 2 × 6'), 'the edge chunk shows its data shape');
  // Phantom boundaries are their own kind; the array boundary is drawn on top.
  assert.ok(of(lay, 'line', 'chunk-phantom').some((l) => l.y1 === l.y2 && Math.abs(l.y1 - y(16)) < 1e-6));
  const edges = of(lay, 'line', 'array-edge');
  assert.equal(edges.length, 4);
  assert.ok(edges.some((l) => l.y1 === l.y2 && Math.abs(l.y1 - y(10)) < 1e-6), 'the array ends at row 10');
  const lastChunkLine = lay.shapes.findLastIndex((s) => s.type === 'line' && s.kind.startsWith('chunk'));
  assert.ok(lay.shapes.indexOf(edges[0]) > lastChunkLine);
});

test('a zero-length axis draws only phantom cells', () => {
  const grid = ChunkGrid.fromChunkShapes([0, 20], [[5, 5], 4]);
  const lay = layout(grid, { width: 600, height: 400 });
  assert.equal(of(lay, 'rect', 'array').length, 0);
  assert.equal(of(lay, 'rect', 'overflow').length, 1);
  assert.ok(lay.notes.some((n) => n.includes('axis 0 has length 0')));
});

test('N-d: the axes not drawn pick the chunk shown in the labels', () => {
  const grid = ChunkGrid.fromChunkShapes([6, 6, 6, 6, 6], [4, [1, 2, 3], [[4, 2]], [[1, 3], 3], [4, 4, 4]]);
  const first = texts(layout(grid, { width: 900, height: 600, axes: [3, 4], at: [0, 0, 0] }));
  const moved = texts(layout(grid, { width: 900, height: 600, axes: [3, 4], at: [5, 0, 0] }));
  assert.ok(first.includes('(0, 0, 0, 0, 0)'));
  assert.ok(moved.includes('(1, 0, 0, 0, 0)'), 'index 5 on axis 0 lies in chunk 1');
  assert.ok(moved.includes('data 2 × 1 × 4 × 1 × 4'), 'whose data is 2 long on axis 0');
});

test('locatePixel finds the chunk under a pixel, in the overflow region too', () => {
  const grid = ChunkGrid.fromChunkShapes([10, 14], [[4, 4, 4, 4, 4], [6, 6, 6]]);
  const lay = layout(grid, { width: 600, height: 600 });
  const at = (ye, xe) => locatePixel(lay, elementToPixel(lay, 'x', xe), elementToPixel(lay, 'y', ye));
  const inside = at(5.5, 7.5);
  assert.deepEqual([inside.y.chunk, inside.x.chunk, inside.y.element, inside.x.element], [1, 1, 5, 7]);
  assert.equal(inside.y.inArray && inside.x.inArray, true);
  const phantom = at(17.5, 1.5);
  assert.deepEqual([phantom.y.chunk, phantom.x.chunk, phantom.y.overflow], [4, 0, true]);
  assert.equal(locatePixel(lay, 1, 1), null, 'the margin is not the grid');
});

test('the default view fits the whole grid', () => {
  const view = fitView(specExample(), { width: 640, height: 420 });
  assert.ok(view.y[0] < 0 && view.y[1] > 26 && view.x[0] < 0 && view.x[1] > 38);
});

test('renderSVG gives a standalone SVG document of the same shapes', () => {
  const grid = specExample();
  const lay = layout(grid, { width: 640, height: 420 });
  const svg = renderSVG(lay);
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="640" height="420" viewBox="0 0 640 420"/);
  assert.match(svg, /<title>Chunk layout of an array of shape \[26, 38\]<\/title>/);
  assert.equal((svg.match(/<line class="chunk"/g) ?? []).length, of(lay, 'line', 'chunk').length);
  assert.equal((svg.match(/<line class="array-edge"/g) ?? []).length, 4);
  assert.equal((svg.match(/<text /g) ?? []).length, texts(lay).length);
  assert.ok(svg.includes('>(1, 0)</text>'));
  // Well formed: every element opened is closed.
  const open = (svg.match(/<(svg|g|title|desc|text)\b/g) ?? []).length;
  const closed = (svg.match(/<\/(svg|g|title|desc|text)>/g) ?? []).length;
  assert.equal(open, closed);
  // From a grid directly, as the CLI's `inspect --svg` calls it.
  assert.equal(renderSVG(grid, { width: 640, height: 420 }), svg);
});

test('renderSVG escapes text and keeps dense bands as shaded rectangles', () => {
  const grid = ChunkGrid.fromChunkShapes([1_000_000_000, 1000], [[[1, 1_000_000_000]], [[10, 100]]]);
  const svg = renderSVG(grid, { width: 640, height: 420, names: ['<t&>', 'x'] });
  assert.match(svg, /<rect class="band" [^>]*fill-opacity="0\.\d+"/);
  assert.ok(svg.includes('axis 0 (&lt;t&amp;&gt;)'));
  assert.ok(svg.length < 20_000, `${svg.length} characters`);
});

test('a shape beyond 2^53 lays out, with exact bigint labels', () => {
  const text = '{"shape": [18446744073709551615, 10], "chunk_grid": {"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": [[[1, 18446744073709551615]], 5]}}}';
  const grid = ChunkGrid.fromMetadata(text);
  const lay = layout(grid, { width: 640, height: 420 });
  assert.ok(texts(lay).includes('axis 0 · length 18,446,744,073,709,551,615'));
  const zoomed = layout(grid, { width: 640, height: 420, view: { y: [0, 10], x: [0, 10] } });
  assert.ok(texts(zoomed).includes('(0, 0)'));
});
