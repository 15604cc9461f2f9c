// The published tarball holds exactly the intended files, and works from an
// empty folder: npm pack, install it there (no Emscripten, no build), import
// it from a Node ESM script, and run a lookup, a validation and a tool of
// zarr-rectilinear/tools (its own WebAssembly module); then bundle
// that script with esbuild, given no configuration, and run the bundle in
// Node and in a worker thread.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { MODULE_FILES } from '../../scripts/demo-files.mjs';

const root = resolve(import.meta.dirname, '../..');

const packedFiles = () => {
  const [{ files }] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json'], { cwd: root, encoding: 'utf8' }));
  return files.map((f) => f.path).sort();
};
const committed = (folder) => execFileSync('git', ['ls-files', folder], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

test('the tarball holds the package files and nothing else', () => {
  const packed = packedFiles();
  // Everything committed under js/ ships: the wrapper, the reader, the CLI,
  // the types; and docs/, which the README, the CLI and the types link to.
  const js = [...committed('js'), ...committed('docs')];
  // And the build for Node (scripts/node-build.mjs), whose chunks are named by hash.
  const node = readdirSync(join(root, 'dist/node')).map((name) => `dist/node/${name}`);
  const intended = ['CHANGELOG.md', 'LICENSE', 'README.md', 'package.json', ...MODULE_FILES, ...node, ...js].sort();
  assert.deepEqual(packed, intended, 'npm pack ships exactly these (a file only in `packed` is uncommitted or unintended)');
});

test('every relative link in the shipped README, and every docs/ file the shipped code names, is in the tarball', () => {
  const packed = new Set(packedFiles());
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  // Markdown links [text](target), less URLs and in-page anchors.
  const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1].split('#')[0]).filter((t) => t && !/^[a-z]+:/i.test(t));
  // A folder link (docs/) is taken as its README, as GitHub and npm show it.
  const wanted = links.map((t) => (t.endsWith('/') ? `${t}README.md` : t));
  // The CLI's messages and the d.ts name docs by path (docs/writers-ledger.md).
  for (const file of [...packed].filter((f) => f.startsWith('js/'))) {
    for (const m of readFileSync(join(root, file), 'utf8').matchAll(/\bdocs\/[\w.-]+\.md\b/g)) wanted.push(m[0]);
  }
  assert.ok(links.length > 20, `the README's relative links were found (${links.length})`);
  assert.deepEqual([...new Set(wanted)].filter((t) => !packed.has(t)), [], 'linked, but not shipped');
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const field of ['repository', 'homepage', 'bugs']) assert.ok(pkg[field], `package.json names its ${field}`);
});

test('the packed tarball installs into an empty folder and works, bundled or not', async () => {
  const work = mkdtempSync(join(tmpdir(), 'zr-smoke-'));
  try {
    const [{ filename }] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: root, encoding: 'utf8' }),
    );

    const app = join(work, 'app');
    execFileSync('mkdir', [app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', join(work, filename)], { cwd: app });
    writeFileSync(
      join(app, 'main.js'),
      `import { ChunkGrid, validateMetadata } from 'zarr-rectilinear';
import { overlap, summary } from 'zarr-rectilinear/tools';
const meta = { zarr_format: 3, node_type: 'array', shape: [26, 38], data_type: 'float32',
  chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[16, 10], [24, 14]] } },
  chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [{ name: 'bytes', configuration: { endian: 'little' } }] };
const grid = ChunkGrid.fromMetadata(meta);
console.log(JSON.stringify({ located: grid.locate([20, 15]), validation: validateMetadata(meta).valid,
  invalid: validateMetadata('{"shape": [1,').valid, largest: summary(grid).largestChunk,
  reads: overlap(grid, ChunkGrid.fromChunkShapes([26, 38], [13, 19])).totals().maxReads }));
`,
    );
    const expected = { located: { chunk: [1, 0], offset: [4, 15] }, validation: true, invalid: false, largest: [16, 24], reads: 4 };
    assert.deepEqual(JSON.parse(execFileSync('node', ['main.js'], { cwd: app, encoding: 'utf8' })), expected);
    // Node itself loads the build for Node (package.json's "node" condition).
    for (const [entry, file] of [['zarr-rectilinear', 'index.mjs'], ['zarr-rectilinear/tools', 'tools.mjs']]) {
      const resolved = execFileSync('node', ['--input-type=module', '-e', `process.stdout.write(import.meta.resolve('${entry}'))`], { cwd: app, encoding: 'utf8' });
      assert.ok(resolved.endsWith(`/node_modules/zarr-rectilinear/dist/node/${file}`), resolved);
    }

    // The wasm travels inside the JS: a bundle needs no loader, plugin or
    // copied file, for the browser or for Node (a bundler matches the
    // "module" condition, so the Node build, which reads files beside it,
    // never reaches a bundle).
    await build({ entryPoints: [join(app, 'main.js')], bundle: true, minify: true, format: 'esm', outfile: join(app, 'bundle.mjs'), logLevel: 'silent' });
    await build({ entryPoints: [join(app, 'main.js')], bundle: true, platform: 'node', format: 'esm', outfile: join(app, 'node-bundle.mjs'), logLevel: 'silent' });
    rmSync(join(app, 'node_modules'), { recursive: true });
    assert.deepEqual(JSON.parse(execFileSync('node', ['bundle.mjs'], { cwd: app, encoding: 'utf8' })), expected);
    assert.deepEqual(JSON.parse(execFileSync('node', ['node-bundle.mjs'], { cwd: app, encoding: 'utf8' })), expected);
    const worker = new Worker(join(app, 'bundle.mjs'), { stdout: true });
    let printed = '';
    worker.stdout.on('data', (chunk) => { printed += chunk; });
    await new Promise((done, fail) => { worker.on('exit', done); worker.on('error', fail); });
    assert.deepEqual(JSON.parse(printed), expected);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
