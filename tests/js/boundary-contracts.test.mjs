// The contracts between the core and the JS wrapper, each defined once in
// C++ and read from the built module (docs/architecture.md, "Contracts
// across the boundary"): the problem codes against js/index.d.ts (checked
// by tsc on a file written from the exported names), the same in both
// modules, the slice argument's words, and the small answers' layouts, one
// for both modules. The guarded bindings are checked in
// out-of-memory.test.mjs.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
// The module object is internal: reach it through the package's own files.
import { native, problemCodes, toolsModule, sliceArg } from '#internals';

const root = resolve(import.meta.dirname, '../..');

// The codes the wrapper gives of its own, never the core: a number past
// 2^53 - 1 in an object, and running out of WebAssembly memory.
const WRAPPER_CODES = ['UNSAFE_NUMBER', 'OUT_OF_MEMORY'];

// Type-checks `source` (a .ts file) with the options of tests/types/, in a
// folder of build/ that is removed afterwards; the compiler's output if it fails.
function typeCheck(source) {
  mkdirSync(join(root, 'build'), { recursive: true });
  const dir = mkdtempSync(join(root, 'build', 'contract-'));
  try {
    writeFileSync(join(dir, 'check.ts'), source(relative(dir, root).split('\\').join('/')));
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
      extends: `${relative(dir, root).split('\\').join('/')}/tests/types/tsconfig.json`,
      files: ['check.ts'],
    }));
    execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
    return '';
  } catch (error) {
    return `${error.stdout ?? ''}${error.stderr ?? ''}` || String(error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const union = (names) => names.map((n) => JSON.stringify(n)).join(' | ');
const exactly = (registered) => (up) => `import type { ProblemCode } from '${up}/js/index.js';
type Registered = ${union(registered)};
type Own = ${union(WRAPPER_CODES)};
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same: Same<ProblemCode, Registered | Own> = true;
export {};
`;

test('ProblemCode in index.d.ts is exactly the codes the core registers and the wrapper\'s own', () => {
  const registered = problemCodes;
  assert.ok(registered.includes('SUM_BELOW_LENGTH') && registered.includes('NONCONFORMANT'), 'the codes were exported');
  assert.equal(typeCheck(exactly(registered)), '');
  // Both modules give the codes from the one list, in the same order
  // (zr_problem_code_names, src/wasm/module_basics.cpp).
  assert.deepEqual(toolsModule.problemCodes, registered);
});

test('the problem-code check fails for a code missing from the type, or one too many', () => {
  const registered = problemCodes;
  assert.match(typeCheck(exactly([...registered, 'NEW_CODE'])), /error TS/);
  assert.match(typeCheck(exactly(registered.slice(1))), /error TS/);
});


test('the slice argument\'s words are the fields of the SliceArg the wrapper makes', () => {
  const words = native.sliceArgWords();
  assert.equal(words.length, 8);
  const made = Object.keys(sliceArg({ start: -1, stop: 5, step: 2 }, 'slice'));
  assert.deepEqual([...words].sort(), made.sort());
});

// The small answers' layouts (src/wasm/struct_words.hpp), as each module
// gives them (zr_struct_layouts): name → its fields.
function layouts(module) {
  const at = module._zr_struct_layouts() >>> 0;
  const text = new TextDecoder().decode(module.HEAPU8.subarray(at, module.HEAPU8.indexOf(0, at)));
  return new Map(text.split(';').filter(Boolean).map((entry) => entry.split(':')));
}

test('both modules give the same layout for every small answer they both have, and the tools module those it reads', () => {
  // Grids cross between the modules as their words (src/wasm/grid_words.hpp):
  // tools-entry.test.mjs checks that they come back exactly; here, that the
  // answers both modules write are read by one layout.
  const reader = layouts(native);
  const tools = layouts(toolsModule.native);
  for (const name of ['DataSizeStats', 'AxisOverlap']) assert.ok(tools.has(name), `the tools module gives ${name}`);
  const shared = [...tools.keys()].filter((name) => reader.has(name));
  for (const name of shared) assert.equal(tools.get(name), reader.get(name), name);
});
