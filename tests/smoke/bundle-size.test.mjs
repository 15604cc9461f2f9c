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

test('a bundle that only builds grids leaves the document module out; one that reads documents has both', async () => {
  // docs/wasm-boundary.md, "Two modules".
  const has = (inputs, file) => Object.keys(inputs).some((path) => path.endsWith(`dist/${file}`));
  const grids = await bundle(ENTRY_POINTS[0].source);
  assert.ok(has(grids.inputs, 'zarr_rectilinear.wasm.mjs'), 'the grid module is in');
  assert.ok(!has(grids.inputs, 'zarr_rectilinear_document.wasm.mjs'), 'the document module is out');
  const documents = await bundle("export { validateMetadata } from 'zarr-rectilinear';");
  assert.ok(has(documents.inputs, 'zarr_rectilinear_document.wasm.mjs'));
});

// Vite's default build target (build.target 'modules'), which has no
// top-level await: the package loads without it (js/wasm-module.js).
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
