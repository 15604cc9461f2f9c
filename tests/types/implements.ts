// The implementation in js/ against its hand-written types: this file
// assigns what the JS modules export to the types of js/index.d.ts,
// js/tools.d.ts and js/zarrita.d.ts. A method missing, renamed or of an incompatible
// signature in the JS fails `npx tsc -p tsconfig.json` here (or in the JS
// itself, whose JSDoc takes its types from the same d.ts files).
//
// `../../js/index.js` resolves to js/index.d.ts (and `../../js/tools.js` to
// js/tools.d.ts), so the implementation is imported from the files that
// define it. The zarrita entry point has no
// d.ts beside it (its types are js/zarrita.d.ts), so the whole module is
// checked at once, every export included.
import type * as Api from '../../js/index.js';
import type * as ToolsApi from '../../js/tools.js';
import type * as ZarritaApi from '../../js/zarrita.js';
import { ChunkGrid } from '../../js/grid/chunk-grid.js';
import { GridError } from '../../js/grid/grid-error.js';
import { validateMetadata } from '../../js/document/validate.js';
import { readMetadata } from '../../js/document/read-metadata.js';
import { trimmed, concat, resize, overlap, RechunkPlan } from '../../js/tools/plans.js';
import { summary, axisSummary } from '../../js/tools/summary.js';
import { readerReport } from '../../js/tools/reader-report.js';
import { READERS } from '../../js/tools/reader-facts.js';
import { repairMetadata } from '../../js/tools/repair.js';
import { locatePointers } from '../../js/tools/locate-pointers.js';
import * as zarritaImpl from '../../js/zarrita/index.js';
import type { Readable } from 'zarrita';

// ChunkGrid: its statics, then an instance. (The d.ts constructor is
// private, the JS one takes a key, so the class types are compared without it.)
export const chunkGridStatics: Omit<typeof Api.ChunkGrid, 'prototype'> = ChunkGrid;
export const chunkGrid = (grid: InstanceType<typeof ChunkGrid>): Api.ChunkGrid => grid;

export const gridError: typeof Api.GridError = GridError;
export const validate: typeof Api.validateMetadata = validateMetadata;
export const read: typeof Api.readMetadata = readMetadata;

// zarr-rectilinear/tools: each export (js/tools.js re-exports these), and
// the plan overlap() gives.
export const tools: Omit<typeof ToolsApi, 'ready'> = { trimmed, concat, resize, overlap, summary, axisSummary, readerReport, READERS, repairMetadata, locatePointers };
export const rechunkPlan = (plan: RechunkPlan): ToolsApi.RechunkPlan => plan;

// The zarrita entry point: every export but RectilinearArray, whose
// constructor differs as ChunkGrid's does.
export const zarrita: Omit<typeof ZarritaApi, 'RectilinearArray'> = zarritaImpl;
export const rectilinearArrayStatics: Omit<typeof ZarritaApi.RectilinearArray, 'prototype'> = zarritaImpl.RectilinearArray;
export const rectilinearArray = <D extends ZarritaApi.SupportedDataType, S extends Readable>(
  arr: zarritaImpl.RectilinearArray<D, S>,
): ZarritaApi.RectilinearArray<D, S> => arr;
