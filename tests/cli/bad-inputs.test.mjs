// The real CLI's `validate` on every entry of the bad-input catalogue
// (tests/data/bad-inputs/, docs/architecture.md), each written to a file of
// its own in one tree: the JSON report lists exactly the entry's problems,
// by default and with --strict; the text output prints each as
// file:line:col: CODE pointer: message; and the exit code and summary count
// them. Documents over 1 MiB (the 100 MB ones) are left to the node suite:
// each takes seconds a run, through the same readMetadata.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './support.mjs';
import { badInputs } from '../data/bad-inputs.mjs';

const entries = badInputs().filter((e) => e.byteLength <= 2 ** 20);
let work;
// Each entry's file, and each file's entry.
const fileOf = new Map();
const entryOf = new Map();

before(() => {
  work = mkdtempSync(join(tmpdir(), 'zr-bad-inputs-'));
  for (const entry of entries) {
    const dir = join(work, entry.file, String(entry.index).padStart(3, '0'));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'zarr.json');
    writeFileSync(file, entry.bytes());
    fileOf.set(entry, file);
    entryOf.set(file, entry);
  }
});
after(() => rmSync(work, { recursive: true, force: true }));

const refusedIn = (strict) => entries.filter((e) => e.errorsIn(strict).length > 0 && e.refuses('validate'));

for (const strict of [false, true]) {
  test(`validate --json${strict ? ' --strict' : ''}: each entry's problems, pointer and code, in order`, async () => {
    const { code, stdout } = await run('validate', work, '--json', ...(strict ? ['--strict'] : []));
    assert.equal(code, 1);
    const report = JSON.parse(stdout);
    assert.equal(report.files.length, entries.length);
    for (const file of report.files) {
      const entry = entryOf.get(file.file);
      const errors = entry.refuses('validate') ? entry.errorsIn(strict) : [];
      assert.deepEqual(file.errors.map(({ path, code }) => ({ pointer: path, code })),
        errors.map(({ pointer, code }) => ({ pointer, code })), `${entry.name} (${entry.file})`);
      assert.equal(file.valid, errors.length === 0, entry.name);
      // Read by default with a warning (the writers' ledger).
      if (errors.length === 0) assert.ok(file.warnings.length > 0, entry.name);
    }
    const invalid = refusedIn(strict).length;
    const warnings = report.files.reduce((n, f) => n + f.warnings.length, 0);
    assert.deepEqual(report.summary, { valid: entries.length - invalid, invalid, unreadable: 0, warnings });
  });
}

// The line and column are those of the value at the pointer; a problem of
// the text as a whole (a byte-order mark) has none.
test('validate --strict prints each problem as file:line:col: CODE pointer: message', async () => {
  const { code, lines } = await run('validate', work, '--strict');
  assert.equal(code, 1);
  const refused = refusedIn(true);
  assert.equal(lines.at(-1), `${entries.length - refused.length} valid, ${refused.length} invalid, 0 unreadable`);
  const printed = new Map();
  // Warnings are printed too: a codec this library does not know, say.
  for (const line of lines.slice(0, -1).filter((l) => !/^\S+?(?::\d+:\d+)?: [A-Z_]+ \S*: warning: /.test(l))) {
    const file = line.slice(0, line.indexOf('/zarr.json') + '/zarr.json'.length);
    printed.set(file, [...(printed.get(file) ?? []), line.slice(file.length)]);
  }
  for (const entry of refused) {
    const shown = entry.errorsIn(true).map(({ pointer, code }) => `${code} ${pointer || '(document)'}`);
    const got = (printed.get(fileOf.get(entry)) ?? []).map((l) => l.match(/^(?::\d+:\d+)?: ([A-Z_]+ \S*): found /)?.[1] ?? l);
    // Printed in the order of their places (gates.test.mjs), not the catalogue's.
    assert.deepEqual([...got].sort(), [...shown].sort(), entry.name);
  }
});

test('the entries read by default with a warning exit 0 on their own', async () => {
  const read = entries.filter((e) => e.errors.length === 0).map((e) => fileOf.get(e));
  assert.ok(read.length > 10);
  const { code, lines } = await run('validate', ...read);
  assert.equal(code, 0);
  assert.equal(lines.at(-1), `${read.length} valid, 0 invalid, 0 unreadable`);
});
