// The suites run against the build for Node (scripts/node-build.mjs), as
// Node loads the package: these check that they do, that it is not older
// than js/ (run `npm run build` after changing js/), and that it offers
// what js/ offers.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

test("Node resolves the package, and the tests' look inside it, to the build for Node", () => {
  assert.equal(import.meta.resolve('zarr-rectilinear'), new URL('dist/node/index.mjs', `file://${root}`).href);
  assert.equal(import.meta.resolve('zarr-rectilinear/tools'), new URL('dist/node/tools.mjs', `file://${root}`).href);
  assert.equal(import.meta.resolve('zarr-rectilinear/zarrita'), new URL('dist/node/zarrita.mjs', `file://${root}`).href);
  assert.equal(import.meta.resolve('#internals'), new URL('dist/node/internals.mjs', `file://${root}`).href);
});

test('the build for Node is not older than js/', () => {
  const built = statSync(join(root, 'dist/node/index.mjs')).mtimeMs;
  const newer = readdirSync(join(root, 'js'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js') && statSync(join(root, 'js', name)).mtimeMs > built);
  assert.deepEqual(newer, [], 'dist/node/ is older than these: run `npm run build` (or node scripts/node-build.mjs)');
});

test('the build for Node exports what js/ does, each of the same kind', async () => {
  const entries = [['zarr-rectilinear', '../../js/index.js'], ['zarr-rectilinear/tools', '../../js/tools.js'], ['zarr-rectilinear/zarrita', '../../js/zarrita/index.js']];
  for (const [entry, source] of entries) {
    const built = await import(entry);
    const sources = await import(source);
    const kinds = (module) => Object.fromEntries(Object.keys(module).sort().map((name) => [name, typeof module[name]]));
    assert.deepEqual(kinds(built), kinds(sources), entry);
  }
});
