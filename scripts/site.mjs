#!/usr/bin/env node
// npm run site [folder]: writes the web demo as a self-contained static
// site (default build/site/) that any static host serves as it is:
//
//   index.html                 sends the visitor on to web-demo/
//   web-demo/                  the demo
//   js/, dist/                 the package, where the demo imports it (../js/index.js)
//   node_modules/<package>/    the modules the demo's import map names (zarrita, …)
//   build/fixture-store/       a small store, the store panel's default URL
//   .nojekyll                  keeps GitHub Pages from dropping node_modules/
//
// The layout is the repository's own, so every relative URL the demo uses
// under `npm start` works here too, whatever folder the site is served from.
// Run through `npm run site`, which builds the WebAssembly module first.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { makeFixture } from './make-fixture-store.mjs';

const root = resolve(import.meta.dirname, '..');
const MARKER = '.zarr-rectilinear-site';

// The package folders the import map points into, each with the one top
// folder of it that the mapped files live in: "../node_modules/zarrita/dist/src/index.js"
// gives ["zarrita", "dist"].
function importMapFolders(html) {
  const map = html.match(/<script type="importmap">([\s\S]*?)<\/script>/);
  if (!map) throw new Error('web-demo/index.html has no import map');
  const folders = new Map();
  for (const target of Object.values(JSON.parse(map[1]).imports)) {
    const parts = target.match(/^(?:\.\.)?\/node_modules\/((?:@[^/]+\/)?[^/]+)\/([^/]+)\//);
    if (!parts) throw new Error(`the import map names ${target}, which is not under ../node_modules/`);
    const [, name, folder] = parts;
    folders.set(name, new Set([...(folders.get(name) ?? []), folder]));
  }
  return folders;
}

export async function writeSite(out) {
  if (existsSync(out) && readdirSync(out).length > 0) {
    // Replace an earlier site, never a folder of something else.
    if (!existsSync(join(out, MARKER))) throw new Error(`${out} is not empty and holds no site written by this script; choose an empty or new folder`);
    rmSync(out, { recursive: true });
  }
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, MARKER), '');
  writeFileSync(join(out, '.nojekyll'), '');
  writeFileSync(join(out, 'index.html'), '<!doctype html>\n<meta charset="utf-8">\n' +
    '<meta http-equiv="refresh" content="0; url=web-demo/">\n<title>zarr-rectilinear</title>\n' +
    '<a href="web-demo/">The rectilinear chunk grid explorer</a>\n');

  const copy = (path) => cpSync(join(root, path), join(out, path), { recursive: true });
  copy('web-demo');
  copy('js');
  copy('dist/zarr_rectilinear.mjs');
  copy('dist/zarr_rectilinear.wasm.mjs');
  copy('LICENSE');

  for (const [name, folders] of importMapFolders(readFileSync(join(root, 'web-demo/index.html'), 'utf8'))) {
    const dir = join('node_modules', name);
    if (!existsSync(join(root, dir))) throw new Error(`${dir} is missing: run npm ci`);
    for (const file of readdirSync(join(root, dir))) {
      if (folders.has(file) || file === 'package.json' || /^licen[cs]e/i.test(file)) copy(join(dir, file));
    }
  }

  await makeFixture(join(out, 'build/fixture-store'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // npm runs scripts from the package root; INIT_CWD is where it was called.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const out = process.argv[2] ? resolve(cwd, process.argv[2]) : join(root, 'build/site');
  if (!existsSync(join(root, 'dist/zarr_rectilinear.wasm.mjs'))) {
    console.error('dist/zarr_rectilinear.wasm.mjs is missing: run `npm run site`, which builds it first');
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
