// Reading one metadata file for the CLI: a regular file only (a FIFO, a
// device or a socket named zarr.json is never opened for reading, so it
// cannot block or stream without end), and at most the core's document
// limit, 128 MiB: a larger file is "too large", read no further.
import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';

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

function tooLarge() {
  return new UnreadableFileError(`too large: more than ${MAX_DOCUMENT_BYTES} bytes (128 MiB, the document limit)`);
}

// The bytes of a regular file, at most `limit` of them. stat first (no
// open), then open without blocking and check the handle again, in case
// the path was replaced in between; read at most limit + 1 bytes.
export async function readBounded(path, limit = MAX_DOCUMENT_BYTES) {
  requireRegularFile(await stat(path));
  const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
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
