// Resolves a typed array index to its chunk: the spec's indexing procedure,
// answered by grid.locate, with the chunk's geometry alongside.
import { parseIndex } from './selection-text.js';

// -> {index, chunk, offset, origin, shape, dataShape}; throws SyntaxError or
// RangeError with a message for the user.
export function lookUpIndex(grid, text) {
  const index = parseIndex(text, grid.shape);
  const { chunk, offset } = grid.locate(index);
  return {
    index,
    chunk,
    offset,
    origin: grid.chunkOrigin(chunk),
    shape: grid.chunkShape(chunk),
    dataShape: grid.chunkDataShape(chunk),
  };
}
