// The package's declarations in a browser project (tsconfig.json here):
// a grid read from bytes a fetch returns, disposed through Symbol.dispose.
import { ChunkGrid, readMetadata } from 'zarr-rectilinear';
import { readerReport, type ReaderVerdict } from 'zarr-rectilinear/tools';

export async function chunkOf(url: string, index: number[]): Promise<number[]> {
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  const read = readMetadata(bytes);
  const verdicts: ReaderVerdict[] = read.valid ? readerReport(bytes, { strict: false }) : [];
  void verdicts;
  const grid = ChunkGrid.fromMetadata(bytes);
  try {
    return grid.locate(index).chunk.map(Number);
  } finally {
    grid[Symbol.dispose]();
  }
}
