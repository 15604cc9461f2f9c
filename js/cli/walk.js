// @ts-check
// Finds every zarr.json under the given paths and URLs, one at a time, so
// memory does not grow with the number of files. Symlinked directories are
// followed once: a directory already visited (by device and inode) is skipped.
// A zarr.json (or a path given) that is not a regular file, such as a FIFO
// or a device, is reported unreadable without being opened (read-file.js).
import { opendir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readBounded, readResponseBounded } from './read-file.js';

const isURL = (target) => /^https?:\/\//i.test(target);

// Each source is {file, read()}: read() resolves to the bytes or throws.
export async function* sources(targets) {
  const visited = new Set();
  for (const target of targets) {
    if (isURL(target)) {
      const url = target.endsWith('/') ? `${target}zarr.json` : target;
      yield { file: url, read: () => fetchBytes(url) };
      continue;
    }
    let info;
    try {
      info = await stat(target);
    } catch (error) {
      yield { file: target, read: () => Promise.reject(error) };
      continue;
    }
    if (info.isDirectory()) yield* walk(target, info, visited);
    else yield { file: target, read: () => readBounded(target) };
  }
}

async function* walk(dir, info, visited) {
  const id = `${info.dev}:${info.ino}`;
  if (visited.has(id)) return;
  visited.add(id);
  let names;
  try {
    names = [];
    for await (const entry of await opendir(dir)) names.push(entry.name);
  } catch (error) {
    yield { file: dir, read: () => Promise.reject(error) };
    return;
  }
  names.sort();
  for (const name of names) {
    const path = join(dir, name);
    let entry;
    try {
      entry = await stat(path);
    } catch (error) {
      // A dangling symlink named zarr.json is worth a line; others are not.
      if (name === 'zarr.json') yield { file: path, read: () => Promise.reject(error) };
      continue;
    }
    if (entry.isDirectory()) yield* walk(path, entry, visited);
    else if (name === 'zarr.json') yield { file: path, read: () => readBounded(path) };
  }
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
  return readResponseBounded(response);
}
