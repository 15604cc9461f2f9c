// What the web demo needs, as paths from the repository root: the one list
// that `npm start` serves and `npm run site` copies.
//
//   web-demo/                  the demo
//   js/, dist/ (MODULE_FILES)  the package, where the demo imports it (../js/index.js)
//   node_modules/<package>/    the folders its import map points into, each
//                              package's package.json and licence files
//   LICENSE
//
// The fixture store (build/fixture-store/) is written, not copied: `npm
// start` serves the one scripts/start.sh writes; the site writes its own.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const FIXTURE_STORE = 'build/fixture-store';

// The package folders the import map points into, each with the top
// folders of it that the mapped files live in: "../node_modules/zarrita/dist/src/index.js"
// gives ["zarrita", {"dist"}].
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

// The two WebAssembly modules' bytes, the document module's glue (the grid
// module has none: js/wasm/grid-loader.js; docs/wasm-boundary.md, "Two
// modules"), and the unpacker that decodes them (js/wasm/unpack.js).
export const MODULE_FILES = ['dist/zarr_rectilinear.wasm.mjs', 'dist/zarr_rectilinear_tools.mjs', 'dist/zarr_rectilinear_tools.wasm.mjs', 'dist/unpacker.wasm.mjs'];

/** The files and folders the demo needs, relative to `root` (with "/"). */
export function demoPaths(root) {
  const paths = ['web-demo', 'js', ...MODULE_FILES, 'LICENSE'];
  for (const [name, folders] of importMapFolders(readFileSync(join(root, 'web-demo/index.html'), 'utf8'))) {
    const dir = `node_modules/${name}`;
    if (!existsSync(join(root, dir))) throw new Error(`${dir} is missing: run npm ci`);
    for (const file of readdirSync(join(root, dir))) {
      if (folders.has(file) || file === 'package.json' || /^licen[cs]e/i.test(file)) paths.push(`${dir}/${file}`);
    }
  }
  return paths;
}
