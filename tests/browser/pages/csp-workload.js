// The lookups run under the strict policy, in the page and in a worker:
// loading (WebAssembly compiled under 'wasm-unsafe-eval'), building grids
// from every input form, batch and scalar lookups, projections,
// serialization and validation; and zarr-rectilinear/tools, whose module
// is Embind's: resize, a summary and locatePointers. Returns plain data to
// compare.
import { ChunkGrid, validateMetadata, GridError } from '/js/index.js';
import { locatePointers, resize, summary } from '/js/tools.js';

export function workload() {
  const grid = ChunkGrid.fromChunkShapes([26, 38], [[16, 10], [24, 14]]);
  const text = '{"zarr_format":3,"node_type":"array","shape":[18446744073709551615],"data_type":"uint8",' +
    '"chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[[9223372036854775808,1],9223372036854775807]]}},' +
    '"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":[{"name":"bytes","configuration":{"endian":"little"}}]}';
  const big = ChunkGrid.fromMetadata(new TextEncoder().encode(text));
  const regular = ChunkGrid.fromMetadata({ shape: [100, 100], chunk_grid: { name: 'regular', configuration: { chunk_shape: [10, 25] } } });
  const dask = ChunkGrid.fromEdges([[5, 5, 2], [3]]);
  let gridError = null;
  try {
    ChunkGrid.fromMetadata('{"shape":[10],"chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[5,[5]]]}}}');
  } catch (e) {
    gridError = { isGridError: e instanceof GridError, path: e.path };
  }
  const many = grid.locateMany(new Float64Array([20, 15, 0, 0, 25, 37]));
  const axes = grid.projectAxes([{ start: 2, stop: 24, step: 5 }, [37, 0, 30]]);
  const results = {
    located: grid.locate([20, 15]),
    many: { chunks: Array.from(many.chunks), offsets: Array.from(many.offsets) },
    bigLocated: big.locate([18446744073709551614n]),
    bigShape: big.shape.map(String),
    bigJSON: big.toJSONText(),
    regular: { gridShape: regular.gridShape, located: regular.locate([99, 99]), isRegular: regular.isRegular },
    dask: { shape: dask.shape, edges: Array.from(dask.edges(0)) },
    projections: [...grid.project([{ start: 0, stop: 26, step: 20 }, 30])].map((p) => p.chunkCoords),
    sliceChunks: Array.from(axes[0].chunks),
    pointChunks: Array.from(axes[1].chunks),
    chunkShape: grid.chunkShape([0, 1]),
    json: grid.toJSON(),
    resized: resize(grid, [30, 38]).declaredGridShape,
    largest: summary(grid).largestChunk,
    shapeAt: locatePointers(text, ['/shape'])[0][0].start,
    valid: validateMetadata(text).valid,
    invalid: validateMetadata('{"shape":[1]').errors[0].path,
    gridError,
  };
  for (const g of [grid, big, regular, dask]) g.dispose();
  return results;
}

// A control: the policy is really in force if eval-like code is refused.
export function evalIsBlocked() {
  try {
    new Function('return 1')();
    return false;
  } catch (e) {
    return e instanceof EvalError;
  }
}
