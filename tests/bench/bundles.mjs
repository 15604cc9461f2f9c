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
// the same change, with docs/size.md saying why). The goal for ChunkGrid
// alone is 60 KB (docs/size.md). The two others hold both modules
// (docs/wasm-boundary.md, "Two modules").
export const ENTRY_POINTS = [
  {
    name: "import { ChunkGrid } from 'zarr-rectilinear'",
    source: "export { ChunkGrid } from 'zarr-rectilinear';",
    budget: 66_400,
  },
  {
    name: "import * from 'zarr-rectilinear'",
    source: "export * from 'zarr-rectilinear';",
    budget: 139_400,
  },
  {
    // zarrita is a peer dependency, in the app's bundle already: counted
    // apart, it would hide what this entry point adds.
    name: "import * from 'zarr-rectilinear/zarrita' (zarrita not counted)",
    source: "export * from 'zarr-rectilinear/zarrita';",
    external: ['zarrita'],
    budget: 158_600,
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
    return { text, inputs: output.inputs, gzipped: gzipped(text) };
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
}
