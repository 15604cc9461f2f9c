#!/usr/bin/env node
// npm run site [folder]: writes the web demo as a self-contained static
// site (default build/site/) that any static host serves as it is:
//
//   index.html                 sends the visitor on to web-demo/
//   web-demo/, js/, dist/, node_modules/<package>/, LICENSE
//                              what the demo needs (scripts/demo-files.mjs)
//   build/fixture-store/       a small store, the store panel's default URL
//   .nojekyll                  keeps GitHub Pages from dropping node_modules/
//   .zarr-rectilinear-site     the manifest: every file this script wrote
//
// The layout is the repository's own, so every relative URL the demo uses
// under `npm start` works here too, whatever folder the site is served from.
// Run through `npm run site`, which builds the WebAssembly module first.
//
// It never deletes what it did not write: a folder that is not empty must
// hold a manifest, and nothing but the files it lists; those are replaced.
// Any other file (a CNAME, notes, .git/) makes it refuse the folder.
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeFixture } from './make-fixture-store.mjs';
import { demoPaths, FIXTURE_STORE, MODULE_FILES } from './demo-files.mjs';

const root = resolve(import.meta.dirname, '..');
export const MANIFEST = '.zarr-rectilinear-site';

// Every file (or symlink, not followed) under `dir`, as paths relative to
// it with "/", and every folder, deepest first.
function contents(dir, base = '', out = { files: [], folders: [] }) {
  for (const name of readdirSync(join(dir, base))) {
    const path = base ? `${base}/${name}` : name;
    if (lstatSync(join(dir, path)).isDirectory()) {
      contents(dir, path, out);
      out.folders.push(path);
    } else out.files.push(path);
  }
  return out;
}

// Empties a folder that holds an earlier site and nothing else; refuses
// any other folder that is not empty.
function clear(out) {
  if (!existsSync(out) || readdirSync(out).length === 0) return;
  if (!existsSync(join(out, MANIFEST))) {
    throw new Error(`${out} is not empty and holds no site written by this script (no ${MANIFEST}); choose an empty or new folder`);
  }
  const listed = new Set(readFileSync(join(out, MANIFEST), 'utf8').split('\n').filter(Boolean));
  const { files, folders } = contents(out);
  const ours = (folder) => [...listed].some((f) => f.startsWith(`${folder}/`));
  const others = [...files.filter((f) => f !== MANIFEST && !listed.has(f)), ...folders.filter((f) => !ours(f)).map((f) => `${f}/`)];
  if (others.length) {
    const shown = others.slice(0, 5).map((f) => JSON.stringify(f)).join(', ') + (others.length > 5 ? `, and ${others.length - 5} more` : '');
    throw new Error(`${out} holds files this script did not write (${shown}); it replaces only its own: move them, or choose an empty or new folder`);
  }
  // Only files found in the folder are removed (the manifest says which
  // are ours; it is never used as a path to delete).
  for (const file of files) if (file !== MANIFEST) rmSync(join(out, file));
  for (const folder of folders) rmdirSync(join(out, folder));
}

export async function writeSite(out) {
  clear(out);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, '.nojekyll'), '');
  writeFileSync(join(out, 'index.html'), '<!doctype html>\n<meta charset="utf-8">\n' +
    '<meta http-equiv="refresh" content="0; url=web-demo/">\n<title>zarr-rectilinear</title>\n' +
    '<a href="web-demo/">The rectilinear chunk grid explorer</a>\n');
  for (const path of demoPaths(root)) cpSync(join(root, path), join(out, path), { recursive: true });
  await makeFixture(join(out, FIXTURE_STORE));
  writeFileSync(join(out, MANIFEST), `${contents(out).files.filter((f) => f !== MANIFEST).join('\n')}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // npm runs scripts from the package root; INIT_CWD is where it was called.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const out = process.argv[2] ? resolve(cwd, process.argv[2]) : join(root, 'build/site');
  const missing = MODULE_FILES.find((file) => !existsSync(join(root, file)));
  if (missing) {
    console.error(`${missing} is missing: run \`npm run site\`, which builds it first`);
    process.exit(1);
  }
  try {
    await writeSite(out);
  } catch (error) {
    console.error(`site: ${error.message}`);
    process.exit(1);
  }
  console.log(`wrote the demo site to ${out}`);
  console.log('Serve that folder from any static host; the demo is at web-demo/.');
}
