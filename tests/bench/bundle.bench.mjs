// 7. Bundle and start-up: what each entry point costs a web app in bytes
// (esbuild, minified, gzipped; tests/bench/bundles.mjs), and how long a
// fresh Node process and a page in headless Chromium take from loading to
// the first answer.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { launch } from '../browser/chromium.mjs';
import { ENTRY_POINTS, bundle, root } from './bundles.mjs';
import { table } from './measure.mjs';

const ROUNDS = 7;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (times) => [...times].sort((a, b) => a - b)[times.length >> 1];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${median(times).toFixed(1)} ms [${sorted[0].toFixed(1)}–${sorted[sorted.length - 1].toFixed(1)}]`;
};

// The first answer: a lookup on a grid built from edges.
const FIRST_ANSWER = 'ChunkGrid.fromEdges([[3, 4]]).locate([5])';

// A fresh Node process, from just before `import` to the first answer.
function nodeStartUp() {
  const script = `const t = performance.now(); const { ChunkGrid } = await import('zarr-rectilinear'); ${FIRST_ANSWER};
process.stdout.write(String(performance.now() - t));`;
  return Array.from({ length: ROUNDS }, () => Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root })));
}

// Headless Chromium, from navigation to the first answer (performance.now()
// counts from navigation start), on a page served locally whose module
// script bundles the package, and on the same page without it.
async function chromiumStartUp() {
  const withPackage = (await bundle(`import { ChunkGrid } from 'zarr-rectilinear';
const answer = ${FIRST_ANSWER};
globalThis.answeredAt = answer.chunk[0] === 1 ? performance.now() : -1;`)).text;
  const without = 'const answer = { chunk: [1], offset: [2] };\nglobalThis.answeredAt = answer.chunk[0] === 1 ? performance.now() : -1;';
  const files = {
    '/with.js': withPackage, '/without.js': without,
    '/with.html': '<!doctype html><script type="module" src="/with.js"></script>',
    '/without.html': '<!doctype html><script type="module" src="/without.js"></script>',
  };
  const server = createServer((req, res) => {
    const body = files[/** @type {keyof typeof files} */ (req.url)];
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': req.url?.endsWith('.js') ? 'text/javascript' : 'text/html' });
    res.end(body ?? '');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await launch();
  try {
    const times = { with: [], without: [] };
    for (let i = 0; i < ROUNDS; i++) {
      for (const page of /** @type {const} */ (['without', 'with'])) {
        const context = await browser.newContext(); // a fresh cache each time
        const tab = await context.newPage();
        await tab.goto(`${base}/${page}.html`);
        await tab.waitForFunction(() => globalThis.answeredAt !== undefined);
        const at = await tab.evaluate(() => globalThis.answeredAt);
        if (at < 0) throw new Error(`the ${page} page answered wrong`);
        times[page].push(at);
        await context.close();
      }
    }
    return times;
  } finally {
    await browser.close();
    server.close();
  }
}

export async function run() {
  console.log('\n7. Bundle: each entry point bundled by esbuild (browser, ESM, minified), gzipped -9; budgets in tests/bench/bundles.mjs');
  const rows = [['entry point', 'minified', 'gzipped', 'budget']];
  let first;
  for (const entry of ENTRY_POINTS) {
    const result = await bundle(entry.source, entry.external);
    first ??= result;
    rows.push([entry.name, kb(result.text.length), kb(result.gzipped), kb(entry.budget)]);
  }
  table(rows);

  // Where the bytes of the first entry point (ChunkGrid) come from.
  const { text, inputs } = /** @type {Awaited<ReturnType<typeof bundle>>} */ (first);
  const part = (suffix) => Object.entries(inputs).filter(([path]) => path.endsWith(suffix))
    .reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0);
  const payload = part('dist/zarr_rectilinear.wasm.mjs');
  const unpacker = part('dist/unpacker.wasm.mjs');
  const loader = part('js/grid-loader.js');
  const wrapper = text.length - payload - unpacker - loader;
  const share = (bytes) => `${Math.round((bytes / text.length) * 100)}%`;
  console.log(`\n${ENTRY_POINTS[0].name}, by part`);
  table([['part', 'minified', 'share'],
    ['wasm (.lzma, base64)', kb(payload), share(payload)],
    ['unpacker (wasm, base64)', kb(unpacker), share(unpacker)],
    ['loader (js/grid-loader.js; no emscripten glue)', kb(loader), share(loader)],
    ['js/ wrapper', kb(wrapper), share(wrapper)]]);

  const node = nodeStartUp();
  const chromium = await chromiumStartUp();
  const added = chromium.with.map((t, i) => t - chromium.without[i]);
  console.log(`\nstart-up to the first answer (${FIRST_ANSWER}), ${ROUNDS} rounds, median [min–max]:`);
  console.log(`Node, a fresh process from import: ${summary(node)}`);
  console.log(`Chromium, from navigation: ${summary(chromium.with)} with the package, ${summary(chromium.without)} without; added ${summary(added)}`);
}
