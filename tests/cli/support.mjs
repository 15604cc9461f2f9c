// Shared by the CLI suites: the real CLI, spawned. Not a test file: node
// --test picks up only *.test.mjs.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { badInputs } from '../data/bad-inputs.mjs';

export const root = resolve(import.meta.dirname, '../..');
export const fixtures = join(root, 'tests/cli/fixtures');
const cli = join(root, 'js/cli.js');

// Runs the CLI; resolves to its exit code (or the signal that ended it,
// past the timeout: a hang), its output and the output's lines.
export function run(...args) {
  return new Promise((done) => {
    execFile('node', [cli, ...args], { encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
      done({ code: error ? error.code : 0, signal: error?.signal ?? null, stdout, stderr, lines: stdout.trim().split('\n') }));
  });
}

// Writes the bad-input catalogue's entry `name` (tests/data/bad-inputs/) to
// <dir>/zarr.json; returns that file.
export function writeBadInput(dir, name) {
  const entry = badInputs().find((e) => e.name === name);
  if (!entry) throw new Error(`no bad input named ${name}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'zarr.json'), entry.bytes());
  return join(dir, 'zarr.json');
}
