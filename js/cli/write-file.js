// @ts-check
// The one way the CLI writes a file (docs/threat-model.md): the new bytes go
// to a temporary file created exclusively ("wx": O_CREAT | O_EXCL, so a file
// or symlink planted at its name is never opened) under a random name in
// the same folder, flushed, then renamed over the file, so that a reader
// sees the old bytes or the new, never a mix, and a crash leaves the old.
//
// A file that changed since the command read it is left as it is: with
// `read`, the bytes the new ones were made from, the file is read again
// just before the rename, and a difference (another writer's work, which
// the rename would lose) refuses the write. Only a change in the moment
// between that read and the rename can still be lost; no portable file
// system call closes it.
//
// A symlink at the file's name is refused, with a message naming the file
// it leads to: writing through it would change a file elsewhere (a link
// planted by whoever controls the folder), and replacing it would leave the
// linked file with the old text. Anything else that is not a regular file
// (a FIFO, a device, a folder) is refused too.
import { randomBytes } from 'node:crypto';
import { lstat, open, realpath, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { readBounded, requireRegularFile } from './read-file.js';

// The file's permission bits; undefined when there is no file. Throws for
// a symlink or anything else that is not a regular file.
async function regularFileMode(/** @type {string} */ file) {
  try {
    const info = await lstat(file);
    if (info.isSymbolicLink()) {
      const target = await realpath(file).catch(() => 'nowhere (a dangling link)');
      throw new Error(`refused to write through a symlink (found one leading to ${target}; expected a regular file: write to that file instead)`);
    }
    requireRegularFile(info);
    return info.mode & 0o7777;
  } catch (caught) {
    if (/** @type {NodeJS.ErrnoException} */ (caught).code !== 'ENOENT') throw caught;
    return undefined;
  }
}

/**
 * Writes `bytes` to `file`, a regular file or a new one, keeping an
 * existing file's permission bits. With `read`, the file must still hold
 * exactly those bytes when it is replaced, or nothing is written.
 * @param {string} file
 * @param {Uint8Array | string} bytes
 * @param {{ read?: Uint8Array }} [opts]
 */
export async function replaceFile(file, bytes, { read } = {}) {
  const mode = await regularFileMode(file); // a new file's: 0o666 less the umask
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
    if (read) {
      // Read as the command read it: no symlink followed, no FIFO waited
      // on, no more than a document's bytes.
      const now = await readBounded(file).catch((/** @type {NodeJS.ErrnoException} */ error) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!now || !Buffer.from(read.buffer, read.byteOffset, read.byteLength).equals(now)) {
        throw new Error(`it changed after it was read (${now ? `now ${now.length} bytes, read as ${read.length}` : 'now gone'}); nothing written: run the command again on the file as it is now`);
      }
    }
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}
