// The servers against a hostile network and a hostile page: `npm start`
// serves only what the demo needs, on 127.0.0.1, to requests for the host it
// printed; `npm run site` never deletes a file it did not write.
// No browser: plain HTTP requests and file system checks.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { makeFixture } from '../../scripts/make-fixture-store.mjs';
import { MANIFEST, writeSite } from '../../scripts/site.mjs';

const root = resolve(import.meta.dirname, '../..');
let demo, base, work;

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'zr-servers-'));
  // What scripts/start.sh writes before it starts the server.
  if (!existsSync(join(root, 'build/fixture-store/zarr.json'))) await makeFixture(join(root, 'build/fixture-store'));
  demo = spawn('node', [join(root, 'scripts/start.mjs')], { env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'inherit'] });
  base = await new Promise((done, fail) => {
    let text = '';
    demo.stdout.on('data', (chunk) => {
      text += chunk;
      const url = text.match(/demo: (http:\/\/[^/\s]+)\/web-demo\//);
      if (url) done(url[1]);
    });
    demo.once('exit', (code) => fail(new Error(`npm start's server exited with ${code}`)));
  });
});
after(() => {
  demo?.kill();
  rmSync(work, { recursive: true, force: true });
});

// A raw request: the path as written (no normalization by a URL parser)
// and any Host header (null: none).
function get(path, host = new URL(base).host) {
  const { hostname, port } = new URL(base);
  return new Promise((done, fail) => {
    const req = request({ hostname, port, path, setHost: false, headers: host === null ? {} : { host } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => done({ status: res.statusCode, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

test('npm start binds 127.0.0.1 and prints that host', () => {
  assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/);
});

test('npm start serves the demo, the package files it imports and the fixture store', async () => {
  for (const path of ['/web-demo/', '/web-demo/main.js', '/js/index.js', '/js/tools.js', '/dist/zarr_rectilinear.wasm.mjs',
    '/dist/zarr_rectilinear_tools.mjs', '/dist/zarr_rectilinear_tools.wasm.mjs',
    '/node_modules/zarrita/dist/src/index.js', '/node_modules/fflate/esm/browser.js', '/build/fixture-store/zarr.json']) {
    assert.equal((await get(path)).status, 200, path);
  }
});

test('npm start serves nothing else: no repository files, no dotfiles, no listings, no way out by ".."', async () => {
  for (const path of ['/', '/package.json', '/.git/HEAD', '/.git/config', '/.gitignore', '/README.md', '/src/document.cpp',
    '/tests/cli/fixtures/store/zarr.json', '/node_modules/', '/node_modules/zarrita/src/index.ts', '/build/native/',
    '/web-demo/../package.json', '/web-demo/%2e%2e/package.json', '/web-demo/..%2f.git/HEAD', '/web-demo/../.git/HEAD',
    '/js/', '/build/fixture-store/', '/web-demo/.hidden', '//etc/passwd', '/web-demo/..\\package.json']) {
    const { status, body } = await get(path);
    if (path === '/js/' || path === '/build/fixture-store/') assert.notEqual(status, 200, path);
    else assert.equal(status, 404, path);
    assert.doesNotMatch(body, /<a href|"name": "zarr-rectilinear"|\[core\]|ref: refs/, path);
  }
});

test('npm start refuses a request whose Host is not the one it printed (DNS rebinding)', async () => {
  const { port } = new URL(base);
  for (const host of ['evil.example', `evil.example:${port}`, `localhost:${port}`, '127.0.0.1', `127.0.0.1:${Number(port) + 1}`, '', null]) {
    const { status, body } = await get('/web-demo/', host);
    // Node's HTTP server itself answers 400 to a request with no Host.
    assert.equal(status, host === null ? 400 : 421, String(host));
    assert.doesNotMatch(body, /<html/i, host);
  }
});

test('npm run site replaces its own files, and refuses a folder holding anything else; nothing is deleted', { timeout: 120_000 }, async () => {
  const out = join(work, 'site');
  await writeSite(out);
  const listed = readFileSync(join(out, MANIFEST), 'utf8').trim().split('\n');
  assert.ok(listed.includes('web-demo/index.html') && listed.includes('build/fixture-store/zarr.json') && listed.includes('.nojekyll'));
  // Again into its own site: replaced.
  writeFileSync(join(out, 'web-demo/index.html'), 'stale');
  await writeSite(out);
  assert.notEqual(readFileSync(join(out, 'web-demo/index.html'), 'utf8'), 'stale');
  // The user's files make it refuse, and stay: at the top, in a folder of
  // the site's, as a dot folder, as an empty folder.
  for (const [path, isFolder] of [['CNAME', false], ['web-demo/notes.txt', false], ['.git/HEAD', false], ['drafts', true]]) {
    if (isFolder) mkdirSync(join(out, path));
    else {
      mkdirSync(join(out, path, '..'), { recursive: true });
      writeFileSync(join(out, path), 'mine');
    }
    const before = readdirSync(out, { recursive: true }).sort();
    await assert.rejects(writeSite(out), /holds files this script did not write/, path);
    assert.deepEqual(readdirSync(out, { recursive: true }).sort(), before, `${path}: nothing removed`);
    rmSync(join(out, path.split('/')[0] === 'web-demo' ? path : path.split('/')[0]), { recursive: true });
  }
  // A folder with no manifest is refused, whatever it holds.
  const other = join(work, 'other');
  mkdirSync(other);
  writeFileSync(join(other, 'index.html'), 'mine');
  await assert.rejects(writeSite(other), /holds no site written by this script/);
  assert.equal(readFileSync(join(other, 'index.html'), 'utf8'), 'mine');
  // A manifest that names a path out of the folder deletes nothing there.
  const victim = join(work, 'victim.txt');
  writeFileSync(victim, 'precious');
  writeFileSync(join(out, MANIFEST), `${readFileSync(join(out, MANIFEST), 'utf8')}../victim.txt\n`);
  await writeSite(out);
  assert.equal(readFileSync(victim, 'utf8'), 'precious');
});
