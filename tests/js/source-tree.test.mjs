// The shape of the source tree (docs/architecture.md): no import cycles in
// js/, web-demo/ or scripts/, and no source file over 500 lines in src/,
// js/, web-demo/ or scripts/. Both read the files as text; nothing is run.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const MAX_LINES = 500;

// Known offenders, each being split elsewhere; empty this list as the
// splits land, so that the test guards the whole tree.
const ALLOWED_LONG_FILES = [
];

// Every file under a folder, as a path from the repository root with "/".
function filesUnder(folder) {
  return readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath ?? entry.path, entry.name)).split('\\').join('/'));
}

// The relative modules a file imports statically: `import ... from './x.js'`,
// `import './x.js'` and `export ... from './x.js'`. Packages (zarrita,
// node:fs) are outside the graph; `import('./x.js')` is loaded when called,
// so it cannot close a cycle at load time.
const STATIC_IMPORT = /^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function importGraph(folders) {
  const graph = new Map();
  for (const file of folders.flatMap(filesUnder).filter((f) => /\.m?js$/.test(f))) {
    const text = readFileSync(join(root, file), 'utf8');
    const targets = [...text.matchAll(STATIC_IMPORT)].map((m) => posix.normalize(posix.join(dirname(file), m[1])));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

// The files that import one another, directly or round a loop: each
// strongly connected component of more than one file (or a file importing
// itself), as its files sorted and joined by " + ". Tarjan's algorithm.
function cycles(graph) {
  const found = [];
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const visit = (file) => {
    index.set(file, index.size);
    low.set(file, index.get(file));
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file), index.get(next)));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component = [];
    let top;
    do {
      top = stack.pop();
      onStack.delete(top);
      component.push(top);
    } while (top !== file);
    if (component.length > 1 || graph.get(file).includes(file)) found.push(component.sort().join(' + '));
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return found.sort();
}

test('the import-cycle finder sees a cycle of two, a longer one, a file importing itself, and none in a tree', () => {
  const graph = (edges) => new Map(Object.entries(edges));
  assert.deepEqual(cycles(graph({ a: ['b'], b: ['a'] })), ['a + b']);
  assert.deepEqual(cycles(graph({ c: ['a'], a: ['b'], b: ['c'], d: ['a'] })), ['a + b + c']);
  assert.deepEqual(cycles(graph({ a: ['a'], b: [] })), ['a']);
  assert.deepEqual(cycles(graph({ a: ['b', 'c'], b: ['c'], c: [] })), []);
  const text = "import { x } from './x.js';\nimport './side.js';\nexport { y } from '../y.js';\nimport z from 'zarrita';\nconst w = await import('./w.js');\n";
  assert.deepEqual([...text.matchAll(STATIC_IMPORT)].map((m) => m[1]), ['./x.js', './side.js', '../y.js']);
});

test('no import cycles in js/, web-demo/ or scripts/', () => {
  const graph = importGraph(['js', 'web-demo', 'scripts']);
  assert.ok(graph.get('web-demo/main.js')?.length > 0, 'the demo imports its modules');
  assert.deepEqual(cycles(graph), [], 'import cycles');
});

// Source, not declarations: the d.ts files are the API reference, kept whole.
const SOURCE = /\.(?:m?js|ts|mts|cpp|hpp|h|sh|css|html)$/;
const DECLARATION = /\.d\.m?ts$/;

test(`no source file over ${MAX_LINES} lines in src/, js/, web-demo/ or scripts/`, () => {
  const lengths = ['src', 'js', 'web-demo', 'scripts']
    .flatMap(filesUnder)
    .filter((f) => SOURCE.test(f) && !DECLARATION.test(f))
    .map((f) => [f, readFileSync(join(root, f), 'utf8').split('\n').length - 1]);
  assert.ok(lengths.length > 50, 'the tree was found');
  const long = lengths.filter(([, n]) => n > MAX_LINES);
  assert.deepEqual(long.filter(([f]) => !ALLOWED_LONG_FILES.includes(f)).map(([f, n]) => `${f}: ${n} lines`), [], 'files over the limit');
  const fixed = ALLOWED_LONG_FILES.filter((f) => !long.some(([g]) => g === f));
  assert.deepEqual(fixed, [], 'allowed long files now within the limit: remove them from ALLOWED_LONG_FILES');
});
