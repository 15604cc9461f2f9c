// Deno matches package.json's "node" condition too, and the build for Node
// reads each module's bytes from a file beside it, which Deno refuses
// without --allow-read. So "deno" comes first and gives js/, whose modules
// carry their bytes within. Checked here with Node itself: resolving with
// the "deno" condition (--conditions=deno), under Node's permission model
// with reads allowed only where js/ loads from, as Deno allows an import
// and no more.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Deno lets a program import modules, and read files only with
// --allow-read: so here every module of the package may be read (js/, the
// embedded modules, the build for Node's own), and its manifest, and no
// other file.
const modules = (dir) => readdirSync(join(root, dir)).filter((name) => /\.(mjs|cjs)$/.test(name)).map((name) => `${dir}/${name}`);
const readable = ['js/*', ...modules('dist'), ...modules('dist/node'), 'package.json'];

const program = `import { ChunkGrid, validateMetadata } from 'zarr-rectilinear';
import { summary } from 'zarr-rectilinear/tools';
import { create, get, set } from 'zarr-rectilinear/zarrita';
const map = new Map();
const store = { get: async (k) => map.get(k), set: async (k, v) => void map.set(k, v) };
const arr = await create(store, { shape: [7], chunk_shapes: [[3, 4]], dtype: 'int32' });
await set(arr, null, 5);
console.log(JSON.stringify({
  resolved: import.meta.resolve('zarr-rectilinear'),
  tools: import.meta.resolve('zarr-rectilinear/tools'),
  located: ChunkGrid.fromEdges([[3, 4]]).locate([5]),
  largest: summary(ChunkGrid.fromEdges([[3, 4]])).largestChunk,
  valid: validateMetadata('{}').valid,
  data: [...(await get(arr)).data],
}));`;

function run(conditions) {
  return spawnSync(process.execPath, [
    ...conditions, '--experimental-permission', '--no-warnings',
    ...readable.map((path) => `--allow-fs-read=${root}${path}`),
    // zarrita, the reader's peer dependency, from the package's own node_modules.
    `--allow-fs-read=${root}node_modules/*`,
    '--input-type=module', '-e', program,
  ], { cwd: root, encoding: 'utf8' });
}

test("with the 'deno' condition the package loads js/, and reads no file of its own", () => {
  const { status, stdout, stderr } = run(['--conditions=deno']);
  assert.equal(status, 0, stderr);
  assert.deepEqual(JSON.parse(stdout), {
    resolved: new URL('js/index.js', `file://${root}`).href,
    tools: new URL('js/tools.js', `file://${root}`).href,
    located: { chunk: [1], offset: [2] },
    largest: [4],
    valid: false,
    data: [5, 5, 5, 5, 5, 5, 5],
  });
});

test('without it, under the same permissions, the build for Node is refused its file', () => {
  const { status, stderr } = run([]);
  assert.notEqual(status, 0);
  assert.match(stderr, /ERR_ACCESS_DENIED/);
  assert.match(stderr, /dist\/node\/zarr_rectilinear\.wasm/);
});
