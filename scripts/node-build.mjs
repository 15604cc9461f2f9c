// Writes dist/node/: the package as Node itself loads it (package.json's
// "node" condition). js/ is some forty modules, and Node's ES module loader
// spends about a millisecond on each, so here they are bundled into a few
// files, and the WebAssembly modules are read raw from files beside them
// instead of decoded from their embedded base64 (docs/size.md, "Start-up").
// Together that halves the time from `import` to the first answer.
//
// Bundlers never see this build: they match package.json's "module"
// condition first (which Node does not know), and get js/, whose modules
// carry their bytes within and so survive any bundling.
//
// Usage: node scripts/node-build.mjs <folder of the built .wasm files>
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';

const [wasmFolder = 'build/wasm'] = process.argv.slice(2);
const out = 'dist/node';
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const GRID = 'zarr_rectilinear';
const TOOLS = 'zarr_rectilinear_tools';
for (const module of [GRID, TOOLS]) copyFileSync(`${wasmFolder}/${module}.wasm`, `${out}/${module}.wasm`);

// What the Node build loads in place of three of js/'s imports: each
// module's bytes, read from its file when the module loads
// (js/wasm/wasm-module.js, loadModule), and the tools module's glue, as
// CommonJS, when zarr-rectilinear/tools loads it (js/tools/tools-module.js), so
// that an `import` of the package root neither reads the tools module nor
// parses its glue.
const readBytes = (module) => `import { readFileSync } from 'node:fs';
export default () => readFileSync(new URL('./${module}.wasm', import.meta.url));`;
const replacements = {
  [`${GRID}.wasm.mjs`]: readBytes(GRID),
  [`${TOOLS}.wasm.mjs`]: readBytes(TOOLS),
  [`${TOOLS}.mjs`]: `import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
export default (moduleArg) => require('./${TOOLS}.cjs').default(moduleArg);`,
};
const nodeFiles = {
  name: 'node-files',
  setup(bundler) {
    bundler.onResolve({ filter: /\/dist\/[^/]+\.mjs$/ }, ({ path }) => {
      const name = path.split('/').pop() ?? '';
      return name in replacements ? { path: name, namespace: 'node-files' } : undefined;
    });
    bundler.onLoad({ filter: /.*/, namespace: 'node-files' }, ({ path }) => ({ contents: replacements[path], loader: 'js' }));
  },
};

await build({
  entryPoints: { [`${TOOLS}`]: `dist/${TOOLS}.mjs` },
  bundle: true, platform: 'node', format: 'cjs', target: 'node20', outExtension: { '.js': '.cjs' },
  outdir: out, logLevel: 'warning',
});
await build({
  // The three entry points, and what the package's own tests look into
  // (js/internals.js, package.json's "imports"), all sharing one copy of
  // each module.
  entryPoints: { index: 'js/index.js', tools: 'js/tools.js', zarrita: 'js/zarrita/index.js', internals: 'js/internals.js' },
  bundle: true, splitting: true, platform: 'node', format: 'esm', target: 'node20',
  packages: 'external', outExtension: { '.js': '.mjs' }, chunkNames: 'shared-[hash]',
  outdir: out, plugins: [nodeFiles], logLevel: 'warning',
});
