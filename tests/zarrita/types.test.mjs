// js/zarrita.d.ts: tsc checks the typed usage example in types/usage.ts
// (with its @ts-expect-error lines), and the declaration file itself.
// zarrita's dependencies ship .d.ts files that fail nodenext resolution, so
// the second run reports only errors in our own declaration files.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const tsc = (...args) => spawnSync('npx', ['tsc', '--noEmit', '-p', 'tests/zarrita/types', ...args], { cwd: root, encoding: 'utf8' });

test('the typed usage example compiles, and misuse is rejected', () => {
  const run = tsc();
  assert.equal(run.status, 0, run.stdout + run.stderr);
});

test('the declaration files have no errors of their own', () => {
  const run = tsc('--skipLibCheck', 'false');
  const ours = (run.stdout + run.stderr).split('\n').filter((line) => /^js\//.test(line));
  assert.deepEqual(ours, []);
});
