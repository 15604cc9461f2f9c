// 7. Bundle and start-up: what each entry point costs a web app in bytes
// (esbuild, minified, gzipped; tests/bench/bundles.mjs), what the pages the
// goals name load (docs/size.md), and how long a fresh Node process and a
// page in headless Chromium take from loading to the first answer.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import { basename, join, resolve } from 'node:path';
import { launch } from '../browser/chromium.mjs';
import { ENTRY_POINTS, bundle, gzipped, root } from './bundles.mjs';
import { table } from './measure.mjs';
import { metadataText, viewerPage } from './viewer-page.mjs';

const ROUNDS = 7;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const grouped = (n) => n.toLocaleString('en');
const median = (times) => [...times].sort((a, b) => a - b)[times.length >> 1];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${median(times).toFixed(1)} ms [${sorted[0].toFixed(1)}–${sorted[sorted.length - 1].toFixed(1)}]`;
};

// The pages the goals name, in gzipped bytes (the goals count 1,000 bytes
// to the KB). The viewer's `arr.getChunk` is a method of what `open` gives,
// in the bundle with it. zarrita is a peer dependency, in a viewer's bundle
// already: the viewer is measured without it, and zarrita's own entry
// beside it for comparison.
const GOALS = [
  {
    name: "viewer: open, get, withConsolidatedMetadata from 'zarr-rectilinear/zarrita' (zarrita not counted)",
    source: "export { open, get, withConsolidatedMetadata } from 'zarr-rectilinear/zarrita';",
    external: ['zarrita'], goal: 80_000, aim: 60_000,
  },
  { name: "zarrita's entry: open, get from 'zarrita'", source: "export { open, get } from 'zarrita';" },
  {
    name: "reader: readMetadata, ChunkGrid from 'zarr-rectilinear'",
    source: "export { readMetadata, ChunkGrid } from 'zarr-rectilinear';", goal: 70_000, aim: 50_000,
  },
  { name: "ChunkGrid alone from 'zarr-rectilinear'", source: "export { ChunkGrid } from 'zarr-rectilinear';", goal: 55_000, aim: 45_000 },
  { name: "tools: import * from 'zarr-rectilinear/tools'", source: "export * from 'zarr-rectilinear/tools';" },
];

// `source` bundled with code splitting (esbuild: format esm, an outdir), as
// a viewer that keeps zarrita's codecs lazy is (README, "Bundling"): the
// files by name, the entry's, and those the page loads with it (the entry
// and what it imports statically) apart from those it imports only when
// called. bundle() hands back the first output file only; every output
// comes from esbuild's end-of-build callback. zarrita resolves from the
// package's node_modules, where an app that uses both has it installed.
async function splitBundle(source, external = []) {
  /** @type {import('esbuild').BuildResult | undefined} */
  let result;
  const everyOutput = { name: 'every-output', setup: (/** @type {import('esbuild').PluginBuild} */ build) => build.onEnd((r) => { result = r; }) };
  await bundle(source, external, { splitting: true, outdir: 'out', nodePaths: [join(root, 'node_modules')], plugins: [everyOutput] });
  const { outputFiles = [], metafile } = /** @type {import('esbuild').BuildResult} */ (result);
  const outputs = /** @type {import('esbuild').Metafile} */ (metafile).outputs;
  const files = new Map(outputFiles.map((file) => [basename(file.path), file.text]));
  // The metafile names outputs relative to the working directory.
  const byPath = new Map(outputFiles.map((file) => [file.path, basename(file.path)]));
  const nameOf = (/** @type {string} */ path) => /** @type {string} */ (byPath.get(resolve(path)));
  const entryPath = /** @type {string} */ (Object.keys(outputs).find((path) => outputs[path].entryPoint === '<stdin>'));
  const withPage = new Set();
  for (const queue = [entryPath]; queue.length > 0;) {
    const path = /** @type {string} */ (queue.pop());
    if (withPage.has(nameOf(path))) continue;
    withPage.add(nameOf(path));
    queue.push(...outputs[path].imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => i.path));
  }
  const sum = (/** @type {(name: string) => boolean} */ which, /** @type {(text: string) => number} */ size) =>
    [...files].filter(([name]) => which(name)).reduce((total, [, text]) => total + size(text), 0);
  return {
    files, entry: nameOf(entryPath), loaded: `${withPage.size} of ${files.size}`,
    minified: sum((name) => withPage.has(name), (text) => text.length),
    gzipped: sum((name) => withPage.has(name), gzipped),
    later: sum((name) => !withPage.has(name), gzipped),
  };
}

async function goalSizes() {
  console.log('\nThe pages the goals name (docs/size.md): esbuild (browser, ESM, minified, splitting), gzipped -9; bytes loaded with the page');
  const rows = [['page', 'files loaded', 'minified', 'gzipped', 'goal', 'aim', 'loaded only when called (gzipped)']];
  for (const page of GOALS) {
    const result = await splitBundle(page.source, page.external);
    const goal = page.goal ? `≤ ${grouped(page.goal)}` : '—';
    const met = page.goal ? (result.gzipped <= page.goal ? ' (met)' : ` (+${grouped(result.gzipped - page.goal)})`) : '';
    rows.push([page.name, result.loaded, grouped(result.minified), grouped(result.gzipped) + met, goal,
      page.aim ? `≤ ${grouped(page.aim)}` : '—', result.later ? grouped(result.later) : '—']);
  }
  table(rows);
}

// A fresh Node process, from just before `import` to a first answer, which
// the process checks (a wrong one is an error, not a time).
function nodeStartUp(/** @type {string} */ setup, /** @type {string} */ name, /** @type {string} */ answer, /** @type {unknown} */ expected) {
  const script = `${setup}
const t = performance.now(); const { ${name} } = await import('zarr-rectilinear'); const answer = ${answer}; const at = performance.now();
if (JSON.stringify(answer) !== ${JSON.stringify(JSON.stringify(expected))}) throw new Error('wrong answer: ' + JSON.stringify(answer));
process.stdout.write(String(at - t));`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root }));
}

// The first answers: a lookup on a grid built from edges; and the viewer
// array's zarr.json (viewer-page.mjs) read from text, then a lookup on the
// grid it read.
const FIRST_ANSWER = 'ChunkGrid.fromEdges([[3, 4]]).locate([5])';
const FIRST_READ = 'readMetadata(text).grid.locate([20, 15])';
const firstLocate = () => nodeStartUp('', 'ChunkGrid', FIRST_ANSWER, { chunk: [1], offset: [2] });
const firstRead = () => nodeStartUp(`const text = ${JSON.stringify(metadataText('zarr-rectilinear/zarrita'))};`,
  'readMetadata', FIRST_READ, { chunk: [1, 0], offset: [4, 15] });

// The pages served: each one's files under /name/, its document at
// /name.html; a page that answers wrong sets answeredAt to -1.
async function pages() {
  const chunkGrid = `import { ChunkGrid } from 'zarr-rectilinear';
const answer = ${FIRST_ANSWER};
globalThis.answeredAt = answer.chunk[0] === 1 && answer.offset[0] === 2 ? performance.now() : -1;`;
  const without = 'const answer = { chunk: [1], offset: [2] };\nglobalThis.answeredAt = answer.chunk[0] === 1 && answer.offset[0] === 2 ? performance.now() : -1;';
  // zarrita is bundled in both viewer pages: they must run.
  return {
    without: { entry: 'without.js', files: new Map([['without.js', without]]) },
    with: await splitBundle(chunkGrid),
    zarrita: await splitBundle(viewerPage('zarrita')),
    viewer: await splitBundle(viewerPage('zarr-rectilinear/zarrita')),
  };
}

// Headless Chromium, from navigation to each page's first answer
// (performance.now() counts from navigation start), each page served
// locally and opened in a fresh browser context (a fresh cache) in every
// round, the pages of a round one after the other. A first round, not
// counted, starts the browser's processes, which would otherwise fall on
// the first page alone.
async function chromiumStartUp(/** @type {Record<string, {entry: string, files: Map<string, string>}>} */ served) {
  const server = createServer((req, res) => {
    const [, name, file] = /^\/([a-z]+)(?:\.html|\/([\w.-]+))$/.exec(req.url ?? '') ?? [];
    const page = Object.hasOwn(served, name ?? '') ? served[/** @type {string} */ (name)] : undefined;
    const body = !page ? undefined : file === undefined ? `<!doctype html><script type="module" src="/${name}/${page.entry}"></script>` : page.files.get(file);
    res.writeHead(body === undefined ? 404 : 200, { 'content-type': file === undefined ? 'text/html' : 'text/javascript' });
    res.end(body ?? '');
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await launch();
  try {
    /** @type {Record<string, number[]>} */
    const times = Object.fromEntries(Object.keys(served).map((name) => [name, []]));
    for (let round = -1; round < ROUNDS; round++) {
      for (const name of Object.keys(served)) {
        const context = await browser.newContext();
        const tab = await context.newPage();
        await tab.goto(`${base}/${name}.html`);
        await tab.waitForFunction(() => globalThis.answeredAt !== undefined);
        const [at, failure] = await tab.evaluate(() => [globalThis.answeredAt, globalThis.failure]);
        if (at < 0) throw new Error(`the ${name} page answered wrong${failure ? `: ${failure}` : ''}`);
        if (round >= 0) times[name].push(at);
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
  const loader = part('js/wasm/grid-loader.js');
  const wrapper = text.length - payload - unpacker - loader;
  const share = (bytes) => `${Math.round((bytes / text.length) * 100)}%`;
  console.log(`\n${ENTRY_POINTS[0].name}, by part`);
  table([['part', 'minified', 'share'],
    ['wasm (.lzma, base64)', kb(payload), share(payload)],
    ['unpacker (wasm, base64)', kb(unpacker), share(unpacker)],
    ['loader (js/wasm/grid-loader.js; no emscripten glue)', kb(loader), share(loader)],
    ['js/ wrapper', kb(wrapper), share(wrapper)]]);

  await goalSizes();

  // The two Node measurements in turns, so that the machine's noise falls on both.
  const node = { locate: /** @type {number[]} */ ([]), read: /** @type {number[]} */ ([]) };
  for (let i = 0; i < ROUNDS; i++) {
    node.locate.push(firstLocate());
    node.read.push(firstRead());
  }
  const chromium = await chromiumStartUp(await pages());
  const added = (/** @type {number[]} */ ours, /** @type {number[]} */ theirs) => ours.map((t, i) => t - theirs[i]);
  console.log(`\nstart-up to the first answer, ${ROUNDS} rounds, median [min–max]; added: paired rounds, a fresh browser context each`);
  console.log(`Node, a fresh process from import to ${FIRST_ANSWER}: ${summary(node.locate)} (goal 40 ms)`);
  console.log(`Node, a fresh process from import to ${FIRST_READ} (zarr.json as text): ${summary(node.read)} (goal 40 ms)`);
  console.log(`Chromium, from navigation to ${FIRST_ANSWER}: ${summary(chromium.with)} with the package, ${summary(chromium.without)} without; added ${summary(added(chromium.with, chromium.without))} (goal ≤ 50 ms)`);
  console.log(`Chromium, a viewer page (open and get of a 26×38 int32 array from an in-memory store, every value checked): ${summary(chromium.viewer)} through zarr-rectilinear/zarrita (rectilinear), ${summary(chromium.zarrita)} on zarrita alone (regular); added ${summary(added(chromium.viewer, chromium.zarrita))} (goal ≤ 50 ms)`);
}
