// Each entry point, bundled as a web app bundles it (esbuild, minified,
// gzipped; tests/bench/bundles.mjs), stays within its budget: growth fails
// here and has to be argued for. A size check, not a timing: `npm run
// bench` measures start-up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENTRY_POINTS, bundle } from '../bench/bundles.mjs';

for (const entry of ENTRY_POINTS) {
  test(`${entry.name}: at most ${entry.budget} bytes gzipped`, async () => {
    const { gzipped } = await bundle(entry.source, entry.external);
    assert.ok(gzipped <= entry.budget, `${gzipped} bytes gzipped, past the budget of ${entry.budget} (tests/bench/bundles.mjs, docs/size.md)`);
  });
}

for (const entry of ENTRY_POINTS) {
  test(`${entry.name}: bundles ${entry.modules.join(', ')} and no other module file`, async () => {
    // docs/wasm-boundary.md, "Two modules": only zarr-rectilinear/tools
    // brings the tools module; reading arrays needs the reader module alone.
    const { modules } = await bundle(entry.source, entry.external);
    assert.deepEqual(modules, [...entry.modules].sort());
  });
}

test('the modules of a bundle are what it imports: the tools module comes with any tool, and with nothing else', async () => {
  const tools = ['zarr_rectilinear_tools.mjs', 'zarr_rectilinear_tools.wasm.mjs'];
  const withTools = (modules) => tools.every((file) => modules.includes(file));
  assert.ok(withTools((await bundle("export { summary } from 'zarr-rectilinear/tools';")).modules));
  assert.ok(withTools((await bundle("export { READERS, readerReport } from 'zarr-rectilinear/tools';")).modules));
  const reading = await bundle("export { readMetadata, validateMetadata } from 'zarr-rectilinear';");
  assert.ok(!tools.some((file) => reading.modules.includes(file)), `${reading.modules}`);
});

// Vite's default build target (build.target 'modules'), which has no
// top-level await: the package loads without it (js/wasm/wasm-module.js).
const VITE_DEFAULT_TARGET = ['es2020', 'edge88', 'firefox78', 'chrome87', 'safari14'];

for (const entry of ENTRY_POINTS) {
  test(`${entry.name}: bundles for Vite's default target, with no top-level await`, async () => {
    await assert.doesNotReject(bundle(entry.source, entry.external, { target: VITE_DEFAULT_TARGET }));
  });
}

test('the budgets fail when passed: a bundle with a padded entry is measured bigger', async () => {
  const [first] = ENTRY_POINTS;
  const plain = await bundle(first.source);
  // Incompressible padding the bundle must keep (it is exported).
  const noise = Array.from({ length: 4096 }, (_, i) => ((i * 2654435761) >>> 0).toString(36)).join('');
  const padded = await bundle(`${first.source}\nexport const padding = '${noise}';`);
  assert.ok(padded.gzipped > plain.gzipped + 8000, `${padded.gzipped} against ${plain.gzipped}`);
});
