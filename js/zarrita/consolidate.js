// @ts-check
// consolidateMetadata(location, {paths}): writes zarr-python's inline
// consolidated metadata into a group's zarr.json,
//
//   "consolidated_metadata": {"kind": "inline", "must_understand": false,
//                             "metadata": {"a": {...}, "a/b": {...}}}
//
// every node below the group under its flattened path, each child group's
// entry carrying the same listing of its own descendants (as zarr-python
// 3.1 writes it). withConsolidatedMetadata then opens every node from the
// group's one document.
//
// Each entry is the node's own zarr.json text, spliced in as it is stored,
// and the group's document keeps every byte but that one member: nothing is
// parsed into JS values and written back, so every value stays exactly as
// written (uint64 past 2^53, and any number in attributes). Where a member
// lies in the text comes from the core (memberSpan), and the document
// written is read back and checked before it replaces the old one.
import { pointerToken } from '../document/json-pointer.js';
import { memberSpan } from '../document/member-span.js';
import { disposeGrids, readMetadata } from '../document/read-metadata.js';
import { CONSOLIDATED, ownErrors } from './consolidated.js';
import { InvalidMetadataError, NotFoundError } from './errors.js';
import { canList, isNodePath, keysUnder } from './listing.js';
import { keyFor, normalizePath } from './metadata.js';
import { storeAndPath } from './open.js';
import { runPool } from './pool.js';
import { checkWritable, readKey, writeKey } from './store.js';

const READS_IN_FLIGHT = 16;
const OPTIONS = ['path', 'paths', 'signal'];
const decoder = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

const problemsOf = (problems) => problems.map((p) => `${p.path || '/'}: ${p.message}`).join('; ');

// A node's zarr.json: its text (the JSON value alone, without a byte-order
// mark or surrounding space) and kind, after the checks open makes of it.
async function readNode(store, key, signal) {
  const bytes = await readKey(store, key, signal);
  if (!bytes) return null;
  const read = readMetadata(bytes);
  try {
    const errors = read.kind === 'group' ? ownErrors(read) : read.errors;
    if (errors.length) throw new InvalidMetadataError(`${key} is not a valid Zarr v3 ${read.kind ?? 'node'}: ${problemsOf(errors)}`, { path: errors[0].path });
    // A valid document is one object with nothing around it but JSON's
    // white space (the decoder drops a byte-order mark).
    return { kind: /** @type {'array' | 'group'} */ (read.kind), text: decoder.decode(bytes).trim() };
  } finally {
    disposeGrids(read);
  }
}

// `text` (a valid document: one object, no repeated member) with the member
// `name` set to `value`: its value replaced where it is, else appended.
function withMember(text, name, value) {
  const bytes = encoder.encode(text);
  // Byte offsets, which lie between characters.
  const place = memberSpan(bytes, name);
  if (place) return `${decoder.decode(bytes.subarray(0, place[0]))}${value}${decoder.decode(bytes.subarray(place[1]))}`;
  text = text.trim();
  let end = text.length - 1; // the closing brace
  while (/\s/.test(text[end - 1])) end--;
  const comma = text[end - 1] === '{' ? '' : ',';
  return `${text.slice(0, end)}${comma}\n  ${JSON.stringify(name)}: ${value}${text.slice(end)}`;
}

// The consolidated_metadata member's value listing `entries` ([path, text]),
// for a member at the top level of its document. Each entry is indented to
// its depth: a line break in JSON text lies between tokens, never inside a
// string, so indenting after each one changes no value.
function consolidatedText(entries) {
  const members = entries.map(([path, text]) => `\n      ${JSON.stringify(path)}: ${text.replaceAll('\n', '\n      ')}`).join(',');
  return `{\n    "kind": "inline",\n    "must_understand": false,\n    "metadata": {${members}${members ? '\n    ' : ''}}\n  }`;
}

// Throws InvalidMetadataError, naming the node, when a path of `paths`
// (relative to the group) would be an entry name the package refuses in
// some group's document: a node is listed by each group above it under
// its path from there, so every suffix of steps is a name. The core
// judges the names (as validateMetadata would), in a document listing each
// once, before any node is read.
function refuseUnfitNames(paths, path) {
  const names = new Map(); // name → [the node's path, the path of the group that lists it]
  for (const relative of paths) {
    const steps = relative.split('/');
    steps.forEach((_, i) => names.has(steps.slice(i).join('/')) || names.set(steps.slice(i).join('/'), [relative, steps.slice(0, i).join('/')]));
  }
  const entries = [...names.keys()].map((name) => [name, '{"zarr_format": 3, "node_type": "group"}']);
  const probe = readMetadata(`{"zarr_format": 3, "node_type": "group", "consolidated_metadata": ${consolidatedText(entries)}}`);
  disposeGrids(probe);
  const pointers = new Map([...names.keys()].map((name) => [`/consolidated_metadata/metadata/${pointerToken(name)}`, name]));
  const bad = probe.errors.find((p) => pointers.has(p.path));
  if (!bad) return;
  const name = /** @type {string} */ (pointers.get(bad.path));
  const [relative, lister] = /** @type {[string, string]} */ (names.get(name));
  const node = normalizePath(`${path}/${relative}`);
  throw new InvalidMetadataError(
    `consolidateMetadata: the node ${JSON.stringify(node)} would be listed in the consolidated metadata of ${JSON.stringify(normalizePath(`${path}/${lister}`))} as ${JSON.stringify(name)}: ${bad.message}; nothing was written`,
    { path: keyFor(node, 'zarr.json') },
  );
}

// The nodes to list, as paths relative to the group: those given, or every
// zarr.json the store lists below it (paths that name no node skipped).
async function pathsBelow(store, path, given) {
  if (given !== undefined) {
    if (!Array.isArray(given) || !given.every((p) => typeof p === 'string')) throw new TypeError('consolidateMetadata: paths: expected an array of strings');
    return [...new Set(given.map((p) => {
      const relative = normalizePath(p).slice(1);
      if (!relative || !isNodePath(relative)) throw new TypeError(`consolidateMetadata: paths: found ${JSON.stringify(p)}; expected the path of a node below the group`);
      return relative;
    }))];
  }
  if (!canList(store)) {
    throw new TypeError('consolidateMetadata: this store cannot list its keys (it has no keys(), as zarrita\'s FileSystemStore and FetchStore have not); pass {paths: [...]}, the paths of the nodes below the group');
  }
  const prefix = path === '/' ? '/' : `${path}/`;
  return (await keysUnder(store, path))
    .filter((key) => key.endsWith('/zarr.json'))
    .map((key) => key.slice(prefix.length, -'/zarr.json'.length))
    .filter((relative) => relative !== '' && isNodePath(relative));
}

/**
 * Writes consolidated metadata into the zarr.json of the group at
 * `opts.path` of `location` (the root by default) and gives the nodes it
 * lists, as withConsolidatedMetadata's contents() will: the group first,
 * then each node below it by path. On a store that lists its keys (keys(),
 * as a Map has), every node below the group is found; on one that cannot,
 * `opts.paths` names them (relative to the group), every group between
 * included. Nodes below an array, and a node whose parent has no zarr.json,
 * are not listed (nor would zarr-python find them). Every zarr.json read
 * must be valid: InvalidMetadataError otherwise, with nothing written.
 * @type {typeof import('../zarrita.js').consolidateMetadata}
 */
export async function consolidateMetadata(location, opts = {}) {
  if (opts === null || typeof opts !== 'object' || Array.isArray(opts)) throw new TypeError('consolidateMetadata: options: expected an object');
  // An option misspelt ({path: 'g', nodes: [...]}) would consolidate
  // something else than asked: a TypeError naming the accepted ones.
  for (const name of Object.keys(opts)) {
    if (!OPTIONS.includes(name)) throw new TypeError(`consolidateMetadata: unknown option ${JSON.stringify(name)}; expected one of ${OPTIONS.join(', ')}`);
  }
  const { store, path } = storeAndPath(location, opts.path);
  checkWritable(store);
  if (typeof /** @type {any} */ (store)[CONSOLIDATED] === 'function') {
    throw new TypeError('consolidateMetadata: pass the store itself, not one from withConsolidatedMetadata (which serves the old consolidated copies)');
  }
  const { signal } = opts;
  const key = keyFor(path, 'zarr.json');
  const group = await readNode(store, key, signal);
  if (!group) throw new NotFoundError(`v3 group at ${path} (no ${key} in the store)`, { path: key });
  if (group.kind !== 'group') throw new NotFoundError(`group at ${path}: ${key} describes an array`, { path, found: group.kind });

  const given = opts.paths !== undefined;
  const paths = await pathsBelow(store, path, opts.paths);
  refuseUnfitNames(paths, path);
  /** @type {Map<string, {kind: 'array' | 'group', text: string}>} */
  const read = new Map();
  const tasks = (function* () {
    for (const relative of paths) {
      yield async () => {
        const childKey = keyFor(normalizePath(`${path}/${relative}`), 'zarr.json');
        const node = await readNode(store, childKey, signal);
        if (!node && given) throw new NotFoundError(`v3 array or group at ${relative} below ${path} (no ${childKey} in the store)`, { path: childKey });
        if (node) read.set(relative, node);
      };
    }
  })();
  await runPool(tasks, READS_IN_FLIGHT, signal);

  // Parents before children: a node is listed when its parent is the group
  // or a listed group.
  const depth = (p) => p.split('/').length;
  const listed = new Map();
  for (const relative of [...read.keys()].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : 1))) {
    const parent = relative.includes('/') ? relative.slice(0, relative.lastIndexOf('/')) : '';
    if (parent === '' || listed.get(parent)?.kind === 'group') listed.set(relative, read.get(relative));
    else if (given) throw new TypeError(`consolidateMetadata: paths: ${JSON.stringify(relative)} lies in ${JSON.stringify(parent)}, which is ${read.has(parent) ? 'an array' : 'not listed'}; expected every group between it and ${path} listed`);
  }
  const order = [...listed.keys()].sort();

  // Each group's entry lists its own descendants, relative to it.
  const texts = new Map();
  const entryText = (relative) => {
    const node = listed.get(relative);
    if (node.kind !== 'group') return node.text;
    if (!texts.has(relative)) {
      const inside = order.filter((p) => p.startsWith(`${relative}/`)).map((p) => [p.slice(relative.length + 1), entryText(p)]);
      texts.set(relative, withMember(node.text, 'consolidated_metadata', consolidatedText(inside)));
    }
    return texts.get(relative);
  };
  const text = `${withMember(group.text, 'consolidated_metadata', consolidatedText(order.map((p) => [p, entryText(p)])))}\n`;

  // What is written is what withConsolidatedMetadata will read: checked
  // here, entries included, so that nothing the package calls invalid is
  // written.
  const check = readMetadata(text);
  try {
    const { errors } = check;
    if (errors.length || check.kind !== 'group' || check.consolidated?.size !== order.length) {
      throw new InvalidMetadataError(`consolidateMetadata: the document made for ${key} does not read back (${problemsOf(errors) || 'entries missing'}); nothing was written`, { path: key });
    }
  } finally {
    disposeGrids(check);
  }
  await writeKey(store, key, new TextEncoder().encode(text));
  return [{ path, kind: 'group' }, ...order.map((p) => ({ path: normalizePath(`${path}/${p}`), kind: listed.get(p).kind }))];
}
