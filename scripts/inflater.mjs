// Writes dist/fflate.mjs: fflate's gunzipSync alone, bundled from
// node_modules with its license, which js/wasm-module.js imports by a
// relative path to inflate the modules synchronously in browsers. A file
// of the package's own, so that it loads with no bundler and no import
// map, in workers too. fflate builds its tables when its module runs
// (some 8 ms in a fresh Node process), so its code runs at the first call
// instead: Node, which inflates with zlib, never pays for it.
import { buildSync } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';

const license = readFileSync('node_modules/fflate/LICENSE', 'utf8');
const { version } = JSON.parse(readFileSync('node_modules/fflate/package.json', 'utf8'));
const [bundled] = buildSync({
  stdin: { contents: "export { gunzipSync } from 'fflate';", resolveDir: '.' },
  bundle: true, format: 'iife', globalName: 'fflate', minify: true, write: false, logLevel: 'error',
}).outputFiles;
writeFileSync('dist/fflate.mjs', `/* fflate ${version}, bundled by scripts/inflater.mjs: do not edit.
${license}*/
let fflate;
const load = () => {
${bundled.text.trim()}
return fflate;
};
export function gunzipSync(data) {
  fflate ??= load();
  return fflate.gunzipSync(data);
}
`);
