// `validate --readers`: the reader report of each file, as a table, or as
// the "readers" member of each file's --json object.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fixtures, root, run } from './support.mjs';

const array = (chunkGrid) => ({
  zarr_format: 3, node_type: 'array', shape: [30], data_type: 'uint8', chunk_grid: chunkGrid,
  chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [{ name: 'bytes' }],
});
const rectilinear = { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[10, 20]] } };

let work;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'zr-readers-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

test('--readers prints a table per file: reader, versions, verdict (and setting), pointer, reason', async () => {
  const file = join(fixtures, 'store/rectilinear/zarr.json');
  const { code, lines } = await run('validate', file, '--readers');
  assert.equal(code, 0);
  assert.equal(lines[0], `${file}: readers`);
  const row = (reader, versions) => lines.find((l) => l.trim().startsWith(reader) && l.includes(versions));
  assert.match(row('zarrita.js', '0.7'), /refuses\s+\/chunk_grid\/name\s+regular chunk grids only$/);
  assert.match(row('zarr-python', '3.2.0 to 3.3.x'), /reads-with-setting \(array\.rectilinear_chunks\)\s+\/chunk_grid\/name/);
  assert.match(row('zarrs', '0.23.8 and later'), /\breads\s+\/chunk_grid\/name/);
  assert.equal(lines.at(-1), '1 valid, 0 invalid, 0 unreadable');
});

test('--readers --json: each file gains "readers"; an invalid file gets null; without --readers, no member', async () => {
  const dir = join(work, 'json');
  mkdirSync(join(dir, 'bad'), { recursive: true });
  writeFileSync(join(dir, 'zarr.json'), JSON.stringify(array(rectilinear)));
  writeFileSync(join(dir, 'bad/zarr.json'), JSON.stringify(array({ name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[10]] } })));
  const { code, stdout } = await run('validate', dir, '--readers', '--json');
  assert.equal(code, 1);
  const files = Object.fromEntries(JSON.parse(stdout).files.map((f) => [f.file.slice(dir.length + 1), f]));
  assert.equal(files['bad/zarr.json'].readers, null);
  const readers = files['zarr.json'].readers;
  assert.ok(readers.length >= 9);
  for (const r of readers) for (const key of ['reader', 'versions', 'verdict', 'reason', 'pointer']) assert.equal(typeof r[key], 'string', key);
  const names = new Set(readers.map((r) => r.reader));
  for (const name of ['zarr-python', 'zarrs', 'zarrita.js', 'icechunk', 'Zarr.jl', 'tensorstore']) assert.ok(names.has(name), name);
  const plain = JSON.parse((await run('validate', dir, '--json')).stdout);
  assert.ok(plain.files.every((f) => !('readers' in f)));
});

// Such a key is refused as a child path (docs/threat-model.md), so the file
// gets no report; the lines that name the key show it escaped all the same.
test('--readers: control characters in a store\'s keys are printed escaped', async () => {
  const dir = join(work, 'escape');
  mkdirSync(dir, { recursive: true });
  const group = {
    zarr_format: 3, node_type: 'group', attributes: {},
    consolidated_metadata: { kind: 'inline', must_understand: false, metadata: { 'a\u001b[2Jb': array(rectilinear) } },
  };
  writeFileSync(join(dir, 'zarr.json'), JSON.stringify(group));
  const { stdout } = await run('validate', dir, '--readers');
  assert.ok(!stdout.includes('\u001b'));
  assert.ok(stdout.includes('/consolidated_metadata/metadata/a\\u001b[2Jb'));
  assert.match(stdout, /readers: not reported/);
});

// The GitHub runner reads every line of output that starts with "::" as a
// workflow command: a folder named "::stop-commands::token" would silence
// every annotation after it.
test('--readers --format github: a folder name never starts a line, so it cannot be a workflow command', () => {
  const dir = join(work, 'github');
  for (const name of ['::stop-commands::token', '::error file=forged::forged']) {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, name, 'zarr.json'), JSON.stringify(array(rectilinear)));
  }
  writeFileSync(join(dir, 'zarr.json'), '{"zarr_format": 2}');
  const { status, stdout } = spawnSync('node', [join(root, 'js/cli.js'), 'validate', '.', '--format', 'github', '--readers'], { cwd: dir, encoding: 'utf8' });
  assert.equal(status, 1);
  const commands = stdout.split('\n').filter((l) => l.startsWith('::'));
  for (const line of commands) assert.match(line, /^::(error|warning) file=[^:]*::|^::group::|^::endgroup::$/, line);
  assert.ok(commands.some((l) => l.startsWith('::group::./::stop-commands::token/zarr.json: readers')));
  assert.ok(commands.some((l) => l.startsWith('::error file=zarr.json,')));
});
