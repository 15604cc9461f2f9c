// A typed usage example: `tsc --noEmit -p tests/zarrita/types` checks
// js/zarrita.d.ts against it; the @ts-expect-error lines check that misuse
// is rejected. (Imports by relative path until package.json exports
// "./zarrita"; then 'zarr-rectilinear/zarrita'.)
import * as zarr from 'zarrita';
import { open, get, set, create, createGroup, consolidateMetadata, NodeExistsError, StoreError, withConsolidatedMetadata, type ChunkRegion, type NdArray, type RectilinearArray, type RectilinearGroup } from 'zarr-rectilinear/zarrita';

const store = new zarr.FetchStore('https://example.org/data.zarr');
const arr = await open(store, { path: 'temperature', kind: 'array' });
const shape: Array<number | bigint> = arr.shape;
void arr.grid.locate([0, 0]);
void arr.attrs;
const region = await get(arr, [zarr.slice(10, 500, 2), null, 3]);
const { data, stride }: NdArray = region;
void data;
void stride;
if (arr.is('float32')) {
  const f: Float32Array = (await get(arr, [null])).data;
  void f;
}
if (arr.is('bigint')) {
  const b: BigInt64Array | BigUint64Array = (await get(arr)).data;
  void b;
}
if (arr.is('string')) {
  const words: string[] = (await get(arr)).data;
  const fill: string = arr.fillValue;
  void words;
  void fill;
}
const point = await get(arr, [1, 2]);
void point;
const masked = await get(arr, [[true, false, true], new Int32Array([0, 2])], { concurrency: 4 });
void masked.shape;

declare const writable: zarr.Mutable;
const created: RectilinearArray<'int16', zarr.Mutable> = await create(writable, { shape: [26, 38], chunk_shapes: [[16, 10], [[12, 2], 14]], dtype: 'int16', fill_value: -1 });
await set(created, [zarr.slice(0, 2), null], 5);
await set(created, [0], { data: new Int16Array(38), shape: [38] });
try {
  await get(created, null);
} catch (e) {
  if (e instanceof StoreError) void e.key;
}
// @ts-expect-error: a FetchStore cannot be written
await set(arr, null, 1);
// @ts-expect-error: the fill value must match the data type
await create(writable, { shape: [2], chunk_shapes: [[2]], dtype: 'int64', fill_value: 'x' });
void shape;

// Groups, consolidated metadata and chunks, as a viewer uses them.
const consolidated = await withConsolidatedMetadata(store);
const group: RectilinearGroup = await open(consolidated, { kind: 'group' });
void group.attrs;
// What open read with a warning in the group's own document, as an array's grid.warnings.
const groupWarnings: Array<{ path: string; message: string; code: string }> = group.warnings;
void groupWarnings;
// @ts-expect-error: read only
group.warnings = [];
const listed: Array<{ path: string; kind: 'array' | 'group' }> = consolidated.contents();
const child = await open(group.resolve(listed[1].path), { kind: 'array' });
const tile: NdArray = await child.getChunk([0, 1n], { signal: AbortSignal.timeout(1000) });
void tile.stride;
void child.chunkGrid.gridShape;
const either = await open(store, { path: 'x' });
if (either.kind === 'array') void either.getChunk([0]);
else void either.attrs;
// @ts-expect-error: a group has no chunks
void (await open(store, { kind: 'group' })).getChunk([0]);
// @ts-expect-error: kind is "array" or "group"
void open(store, { kind: 'table' });

// Where a chunk lies, in getChunk's coordinates: numbers in, numbers out.
const where: { origin: number[]; shape: number[]; dataShape: number[] } = child.chunkRegion([1, 2]);
const x0: number = where.origin[0] + where.dataShape[0];
void x0;
const far: ChunkRegion = child.chunkRegion([1n, 2]);
void far.origin;

// Writing a hierarchy, with zarrita's option names.
const root: RectilinearGroup<zarr.Mutable> = await createGroup(writable, { attributes: { title: 'survey' } });
const made: RectilinearArray<'float32', zarr.Mutable> = await create(root.resolve('t'), {
  shape: [10, 20], chunkShapes: [[4, 6], 5], dtype: 'float32', fillValue: 0, dimensionNames: ['y', 'x'], attributes: {}, overwrite: true,
});
void made;
await create(writable, { path: 'r', shape: [10], chunkShape: [5], dtype: 'uint8', chunkSeparator: '.' });
const nodes: Array<{ path: string; kind: 'array' | 'group' }> = await consolidateMetadata(writable, { paths: ['t'] });
void nodes;
try {
  await createGroup(writable);
} catch (e) {
  if (e instanceof NodeExistsError) void e.found;
}
// @ts-expect-error: an unknown option
await create(writable, { shape: [2], chunkShape: [2], dtype: 'int8', chunk: [2] });
// @ts-expect-error: consolidating writes the store
await consolidateMetadata(store);
