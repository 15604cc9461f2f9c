// @ts-check
// The one way the CLI writes a file (docs/threat-model.md): the new bytes go
// to a temporary file created exclusively ("wx": O_CREAT | O_EXCL, so a file
// or symlink planted at its name is never opened) under a random name in
// the same folder, flushed, then renamed over the file, so that a reader
// sees the old bytes or the new, never a mix, and a crash leaves the old.
//
// A symlink at the file's name is refused, with a message naming the file
// it leads to: writing through it would change a file elsewhere (a link
// planted by whoever controls the folder), and replacing it would leave the
// linked file with the old text. Anything else that is not a regular file
// (a FIFO, a device, a folder) is refused too.
import { randomBytes } from 'node:crypto';
import { lstat, open, realpath, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { requireRegularFile } from './read-file.js';

/**
 * Writes `bytes` to `file`, a regular file or a new one, keeping an
 * existing file's permission bits.
 * @param {string} file
 * @param {Uint8Array | string} bytes
 */
export async function replaceFile(file, bytes) {
  let mode; // a new file's: 0o666 less the umask
  try {
    const info = await lstat(file);
    if (info.isSymbolicLink()) {
      const target = await realpath(file).catch(() => 'nowhere (a dangling link)');
      throw new Error(`refused to write through a symlink (found one leading to ${target}; expected a regular file: write to that file instead)`);
    }
    requireRegularFile(info);
    mode = info.mode & 0o7777;
  } catch (caught) {
    if (/** @type {NodeJS.ErrnoException} */ (caught).code !== 'ENOENT') throw caught;
  }
  const temporary = join(dirname(file), `.${basename(file)}.${randomBytes(8).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', mode === undefined ? 0o666 : 0o600);
  try {
    try {
      if (mode !== undefined) await handle.chmod(mode);
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}
