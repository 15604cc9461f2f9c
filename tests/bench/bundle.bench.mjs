// 7. Bundle: what `import { ChunkGrid } from 'zarr-rectilinear'` costs a
// web app. The package is bundled as an app would bundle it (esbuild,
// minified, resolved through package.json's exports), then gzipped; and it
// is imported cold, in Node and in headless Chromium.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { launch } from '../browser/chromium.mjs';
import { table } from './measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const ROUNDS = 7;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = (text) => gzipSync(text, { level: 9 }).length;

export async function bundle() {
  // A consumer's folder, with the package installed as a link.
  const app = mkdtempSync(join(tmpdir(), 'zr-bundle-'));
  try {
    mkdirSync(join(app, 'node_modules'));
    symlinkSync(root, join(app, 'node_modules/zarr-rectilinear'), 'dir');
    const result = await build({
      stdin: { contents: "export { ChunkGrid } from 'zarr-rectilinear';", resolveDir: app, loader: 'js' },
      bundle: true, minify: true, format: 'esm', write: false, metafile: true, logLevel: 'silent',
    });
    const text = result.outputFiles[0].text;
    const [output] = Object.values(result.metafile.outputs);
    return { text, inputs: output.inputs };
  } finally {
    rmSync(app, { recursive: true, force: true });
  }
}

const summary = (times) => {
  times.sort((a, b) => a - b);
  return `${times[times.length >> 1].toFixed(1)} ms [${times[0].toFixed(1)}–${times[times.length - 1].toFixed(1)}]`;
};

function nodeColdImport() {
  const script = "const t = performance.now(); await import('zarr-rectilinear'); process.stdout.write(String(performance.now() - t));";
  return Array.from({ length: ROUNDS }, () => Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root })));
}

async function chromiumColdImport(text) {
  const browser = await launch();
  try {
    const times = [];
    for (let i = 0; i < ROUNDS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      times.push(await page.evaluate(async (source) => {
        const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
        const t = performance.now();
        const { ChunkGrid } = await import(url);
        const elapsed = performance.now() - t;
        if (typeof ChunkGrid.fromChunkShapes !== 'function') throw new Error('the bundle did not export ChunkGrid');
        return elapsed;
      }, text));
      await context.close();
    }
    return times;
  } finally {
    await browser.close();
  }
}

export async function run() {
  const { text, inputs } = await bundle();
  // Output bytes of the inputs whose path ends with `suffix`.
  const part = (suffix) => Object.entries(inputs).filter(([path]) => path.endsWith(suffix))
    .reduce((sum, [, { bytesInOutput }]) => sum + bytesInOutput, 0);
  const payload = part('dist/zarr_rectilinear.wasm.mjs');
  const glue = part('dist/zarr_rectilinear.mjs');
  const rows = [['part', 'minified', 'share']];
  rows.push(['wasm (gzip, base64)', kb(payload), `${Math.round((payload / text.length) * 100)}%`]);
  rows.push(['emscripten + Embind glue', kb(glue), `${Math.round((glue / text.length) * 100)}%`]);
  rows.push(['js/ wrapper', kb(text.length - payload - glue), `${Math.round(((text.length - payload - glue) / text.length) * 100)}%`]);
  console.log(`\n7. Bundle: import { ChunkGrid } from 'zarr-rectilinear' (esbuild --bundle --minify)`);
  console.log(`whole bundle: ${kb(text.length)} minified, ${kb(gzipped(text))} gzipped`);
  table(rows);
  console.log(`cold import, ${ROUNDS} rounds, median [min–max]: Node ${summary(nodeColdImport())}, Chromium ${summary(await chromiumColdImport(text))}`);
}
