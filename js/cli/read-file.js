// @ts-check
// The one way every CLI command reads a file (docs/threat-model.md):
// - a regular file only: a FIFO, a device or a socket named zarr.json is
//   never opened for reading, so it cannot block or stream without end;
// - at most the core's document limit, 128 MiB: a larger file is "too
//   large", read no further;
// - given the tree it was found in, a symlink is followed only when it
//   leads to a place inside that tree, and a symlink loop is reported.
import { constants } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { sep } from 'node:path';

export const MAX_DOCUMENT_BYTES = 128 * 1024 * 1024;

// An error for a file the CLI will not read; its message is the report.
export class UnreadableFileError extends Error {
  name = 'UnreadableFileError';
}

function kindOf(info) {
  if (info.isFIFO()) return 'a FIFO';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  if (info.isDirectory()) return 'a directory';
  return 'not a regular file';
}

// Throws unless `info` (from stat) is a regular file.
export function requireRegularFile(info) {
  if (!info.isFile()) throw new UnreadableFileError(`not a regular file (found ${kindOf(info)}; expected a regular file)`);
}

// The length of a UTF-8 byte-order mark at the start of `bytes` (read in
// lenient mode only): 3 or 0. Shared with the reader's consolidated store.
export { bomLength } from '../document/byte-order-mark.js';

// Whether `path` (resolved) lies in `tree` (resolved) or is it.
export const inside = (path, tree) => path === tree || path.startsWith(tree.endsWith(sep) ? tree : `${tree}${sep}`);

// The path `path` resolves to, symlinks followed: it must lie inside `tree`
// when one is given. A loop is an UnreadableFileError.
export async function resolveInside(path, tree) {
  let real;
  try {
    real = await realpath(path);
  } catch (caught) {
    const error = /** @type {NodeJS.ErrnoException} */ (caught);
    if (error.code === 'ELOOP') throw new UnreadableFileError('a symlink loop (found a chain of symlinks that never ends; expected one that leads to a file)');
    throw error;
  }
  if (tree !== undefined && !inside(real, await realpath(tree))) {
    throw new UnreadableFileError(`a symlink that leads outside the tree given (found one leading to ${real}; expected a place inside ${tree})`);
  }
  return real;
}

function tooLarge() {
  return new UnreadableFileError(`too large: more than ${MAX_DOCUMENT_BYTES} bytes (128 MiB, the document limit)`);
}

// The bytes of a regular file, at most `limit` of them; `tree`, when given,
// is the folder it was found in, which symlinks may not leave. The path is
// resolved first, then stat'ed (no open), then opened without blocking and
// without following a symlink put in its place since, and the handle is
// checked again; at most limit + 1 bytes are read.
/**
 * @param {string} path
 * @param {{ limit?: number, tree?: string }} [opts]
 * @returns {Promise<Buffer>}
 */
export async function readBounded(path, { limit = MAX_DOCUMENT_BYTES, tree } = {}) {
  const real = await resolveInside(path, tree);
  requireRegularFile(await stat(real));
  const handle = await open(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
  try {
    requireRegularFile(await handle.stat());
    const chunks = [];
    let total = 0;
    for (;;) {
      const want = Math.min(limit + 1 - total, 1 << 20);
      const buffer = Buffer.allocUnsafe(want);
      const { bytesRead } = await handle.read(buffer, 0, want, null);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      total += bytesRead;
      if (total > limit) throw tooLarge();
    }
    return Buffer.concat(chunks, total);
  } finally {
    await handle.close();
  }
}

// The body of a response, at most `limit` bytes.
export async function readResponseBounded(response, limit = MAX_DOCUMENT_BYTES) {
  const declared = Number(response.headers.get('content-length'));
  if (declared > limit) throw tooLarge();
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new Uint8Array(Buffer.concat(chunks, total));
}
