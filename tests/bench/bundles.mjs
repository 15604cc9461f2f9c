// What each entry point costs a web app: the package bundled as an app
// bundles it (esbuild's defaults: browser, ESM; minified; resolved through
// package.json's exports from a consumer's node_modules), then gzipped.
// Shared by the bench (section 7) and the size check
// (tests/smoke/bundle-size.test.mjs); docs/size.md has the history.
import { mkdtempSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

// Budgets, in gzipped bytes: a little above today's size, so that growth
// fails the size check and has to be argued for (or the budget raised in
// the same change, with docs/size.md saying why). The goals are per page
// (docs/size.md, "One module for a reader"), measured by the bench. zarr-rectilinear and its zarrita reader
// hold the reader module alone; zarr-rectilinear/tools holds both modules
// (docs/wasm-boundary.md, "Two modules"). `modules` lists the module files
// each bundles (tests/smoke/bundle-size.test.mjs checks them).
const READER_MODULE = ['zarr_rectilinear.wasm.mjs', 'unpacker.wasm.mjs'];
export const ENTRY_POINTS = [
  {
    name: "import { ChunkGrid } from 'zarr-rectilinear'",
    source: "export { ChunkGrid } from 'zarr-rectilinear';",
    budget: 78_000,
    modules: READER_MODULE,
  },
  {
    name: "import * from 'zarr-rectilinear'",
    source: "export * from 'zarr-rectilinear';",
    budget: 78_800,
    modules: READER_MODULE,
  },
  {
    name: "import * from 'zarr-rectilinear/tools'",
    source: "export * from 'zarr-rectilinear/tools';",
    budget: 163_700,
    modules: [...READER_MODULE, 'zarr_rectilinear_tools.mjs', 'zarr_rectilinear_tools.wasm.mjs'],
  },
  {
    // zarrita is a peer dependency, in the app's bundle already: counted
    // apart, it would hide what this entry point adds. bz2 is imported
    // only when an array names numcodecs.bz2 (a chunk of its own where
    // the bundler splits): counted apart too.
    name: "import * from 'zarr-rectilinear/zarrita' (zarrita not counted)",
    source: "export * from 'zarr-rectilinear/zarrita';",
    external: ['zarrita', 'bz2'],
    budget: 101_200,
    modules: READER_MODULE,
  },
];

export const gzipped = (text) => gzipSync(text, { level: 9 }).length;

// Bundles `source` from a consumer's folder with the package installed as
// a link; `options` are esbuild's, over these.
export async function bundle(source, external = [], options = {}) {
  const app = mkdtempSync(join(tmpdir(), 'zr-bundle-'));
  try {
    mkdirSync(join(app, 'node_modules'));
    symlinkSync(root, join(app, 'node_modules/zarr-rectilinear'), 'dir');
    const result = await build({
      stdin: { contents: source, resolveDir: app, loader: 'js' },
      bundle: true, minify: true, format: 'esm', write: false, metafile: true, logLevel: 'silent', external,
      ...options,
    });
    const text = result.outputFiles[0].text;
    const [output] = Object.values(result.metafile.outputs);
    // The package's module files in it (dist/*.mjs), by name.
    const modules = Object.keys(output.inputs).filter((path) => /(^|\/)dist\/[^/]+\.mjs$/.test(path)).map((path) => path.split('/').pop()).sort();
    return { text, inputs: output.inputs, modules, gzipped: gzipped(text) };
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
}
