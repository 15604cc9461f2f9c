// Shared by the CLI suites: the fixtures, and the real CLI spawned with
// arguments. Not a test file: node --test picks up only *.test.mjs.
import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '../..');
export const fixtures = join(root, 'tests/cli/fixtures');
const cli = join(root, 'js/cli.js');

// -> {code, stdout, stderr, lines}
export function run(...args) {
  return new Promise((done) => {
    execFile('node', [cli, ...args], { encoding: 'utf8' }, (error, stdout, stderr) =>
      done({ code: error ? error.code : 0, stdout, stderr, lines: stdout.trim().split('\n') }));
  });
}
