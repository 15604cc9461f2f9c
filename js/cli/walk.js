// @ts-check
// Finds every zarr.json under the given paths and URLs, one at a time, so
// memory does not grow with the number of files. Inside a folder given,
// symlinks are followed only to places inside that folder (a link out of
// it, to "/" say, is reported, not walked), and each folder is walked once:
// a folder already visited (by device and inode) is skipped, so loops end.
// Every file is read by the guarded reader (read-file.js): a zarr.json that
// is a FIFO or a device is reported unreadable without being opened.
import { lstat, opendir, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { UnreadableFileError, readBounded, readResponseBounded, resolveInside } from './read-file.js';

export const isURL = (target) => /^https?:\/\//i.test(target);

/**
 * Each source is {file, read(), tree}: read() resolves to the bytes or
 * throws; `tree` is the folder given that the file was found in (symlinks
 * may not leave it), absent for a file or URL given by itself.
 * @param {string[]} targets
 * @param {{ timeout?: number }} [opts] seconds a URL may take
 * @returns {AsyncGenerator<{ file: string, read: () => Promise<Uint8Array>, tree?: string, url?: boolean }>}
 */
export async function* sources(targets, { timeout = FETCH_SECONDS } = {}) {
  // folder id → the number of the target it was walked for.
  /** @type {Map<string, number>} */
  const visited = new Map();
  for (const [number, target] of targets.entries()) {
    if (isURL(target)) {
      const url = target.endsWith('/') ? `${target}zarr.json` : target;
      yield { file: url, read: () => fetchBytes(url, timeout), url: true };
      continue;
    }
    let info;
    try {
      info = await stat(target);
    } catch (error) {
      yield { file: target, read: () => Promise.reject(error) };
      continue;
    }
    if (!info.isDirectory()) {
      yield { file: target, read: () => readBounded(target) };
      continue;
    }
    // A folder that holds no zarr.json is reported as one that cannot be
    // read: among several targets it would go unnoticed (a mistyped or an
    // empty store), and the run pass. Not when it reaches a folder walked
    // for an earlier target (given again, or below or linked from it): what
    // that folder holds, or that it holds nothing, was reported then.
    const walking = { visited, number, metEarlier: false };
    let found = false;
    for await (const source of walk(target, target, info, walking)) {
      found = true;
      yield source;
    }
    if (!found && !walking.metEarlier) {
      const error = new UnreadableFileError('found no zarr.json in this folder or below it; expected a zarr.json, or a folder holding one');
      yield { file: target, read: () => Promise.reject(error) };
    }
  }
}

// A name in a folder as a path. Under "." a name is the path's start, and
// a line of output starts with it: one starting with ":" keeps "./" before
// it, so that the line shows a path the user can use, where safeText would
// escape the ":" (a line starting "::" is a GitHub Actions workflow command:
// terminal-text.js).
function childPath(dir, name) {
  const path = join(dir, name);
  return path.startsWith(':') ? `.${sep}${path}` : path;
}

// A folder as the file system knows it, whatever path reached it.
const folderId = (info) => `${info.dev}:${info.ino}`;

// `walking`: the folders visited, the number of the target walked, and
// whether a folder walked for an earlier one was met.
async function* walk(dir, tree, info, walking) {
  const { visited, number } = walking;
  const id = folderId(info);
  const walkedFor = visited.get(id);
  if (walkedFor !== undefined) {
    if (walkedFor !== number) walking.metEarlier = true;
    return;
  }
  visited.set(id, number);
  let names;
  // Names as bytes: one that is not UTF-8 (Linux allows any bytes but "/"
  // and NUL) cannot be named by a string path, and is reported, not passed
  // over in silence, when it is a folder: the documents in it go unread.
  const undecodable = [];
  try {
    names = [];
    // (@types/node leaves 'buffer' out of opendir's encodings; Node takes it.)
    for await (const entry of await opendir(dir, /** @type {any} */ ({ encoding: 'buffer' }))) {
      const raw = /** @type {Buffer} */ (/** @type {unknown} */ (entry.name));
      const name = raw.toString('utf8');
      if (Buffer.from(name).equals(raw)) names.push(name);
      else undecodable.push({ name, raw });
    }
  } catch (error) {
    yield { file: dir, read: () => Promise.reject(error), tree };
    return;
  }
  for (const { name, raw } of undecodable) {
    const isFolder = await stat(Buffer.concat([Buffer.from(`${dir}${sep}`), raw])).then((s) => s.isDirectory(), () => false);
    if (!isFolder) continue;
    const error = new UnreadableFileError(`a folder whose name is not UTF-8 (found the bytes ${raw.toString('hex')}; expected a UTF-8 name): its documents are not read`);
    yield { file: childPath(dir, name), read: () => Promise.reject(error), tree };
  }
  // A folder's own zarr.json first, then its children, in name order.
  names.sort((a, b) => (a === 'zarr.json' ? -1 : b === 'zarr.json' ? 1 : a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) {
    const path = childPath(dir, name);
    let entry;
    try {
      entry = await stat(path);
      // Only a folder or a zarr.json is read; a link to one must stay inside.
      if ((entry.isDirectory() || name === 'zarr.json') && (await lstat(path)).isSymbolicLink()) await resolveInside(path, tree);
    } catch (error) {
      // A link out of the tree, a loop, or a dangling zarr.json is worth a
      // line; other dangling links are not.
      if (name === 'zarr.json' || entry) yield { file: path, read: () => Promise.reject(error), tree };
      continue;
    }
    if (entry.isDirectory()) yield* walk(path, tree, entry, walking);
    else if (name === 'zarr.json') yield { file: path, read: () => readBounded(path, { tree }), tree };
  }
}

// How long a URL may take, answer and body, by default (--timeout): a
// server that sends a byte a minute never trips fetch's own timeouts.
export const FETCH_SECONDS = 60;

// Redirects followed at most, as fetch's own 'follow' does.
const MAX_REDIRECTS = 20;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

async function fetchBytes(url, seconds) {
  const signal = AbortSignal.timeout(seconds * 1000);
  const timedOut = () => new UnreadableFileError(`no whole answer within ${seconds} s (--timeout)`);
  const { origin } = new URL(url);
  let response;
  // Redirects are followed here, one at a time, on the URL's own origin
  // only: to another host, or from https to http, the answer would be
  // reported under the URL given, from a server that was not. Each is
  // checked before it is asked (fetch's 'follow' would ask every server on
  // the way, and take a detour through another origin back to this one).
  for (let location = url, hops = 0; ; hops++) {
    try {
      response = await fetch(location, { signal, redirect: 'manual' });
    } catch (caught) {
      if (signal.aborted) throw timedOut();
      // fetch says only "fetch failed"; why (ECONNREFUSED, ENOTFOUND, a bad
      // certificate) is its cause.
      const error = /** @type {Error & { cause?: NodeJS.ErrnoException }} */ (caught);
      const reason = /** @type {NodeJS.ErrnoException} */ (new Error(`fetch failed: ${error.cause?.message ?? error.message}`));
      reason.code = error.cause?.code;
      throw reason;
    }
    const to = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
    if (to === null) break;
    await response.body?.cancel();
    const next = new URL(to, location);
    if (next.origin !== origin) {
      throw new UnreadableFileError(`redirected to ${next.origin} (another origin); expected an answer from ${origin} (give the URL it redirects to, if you trust it)`);
    }
    if (hops === MAX_REDIRECTS) throw new UnreadableFileError(`redirected more than ${MAX_REDIRECTS} times; expected an answer`);
    location = next.href;
  }
  if (!response.ok) throw new Error(`HTTP ${response.status} ${response.statusText}`.trim());
  try {
    return await readResponseBounded(response);
  } catch (error) {
    throw signal.aborted ? timedOut() : error;
  }
}
