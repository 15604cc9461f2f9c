// The CLI against a hostile store or a hostile neighbour: files written
// through an exclusive temporary file, never over another writer's change
// made after the read, symlinks refused for writing and
// kept inside the tree for reading, special files never read, and text
// from the data escaped before it reaches the terminal.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtures, run } from './support.mjs';
import { compact } from '../../js/cli/compact.js';
import { repair } from '../../js/cli/repair.js';

let work;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'zr-safety-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

const sink = { write() {} };
const original = readFileSync(join(fixtures, 'compact/zarr.json'));

test('compact --write never opens a name planted beside the file: the temporary file is new and random', async () => {
  const dir = join(work, 'planted');
  mkdirSync(dir);
  const file = join(dir, 'zarr.json');
  writeFileSync(file, original);
  const victim = join(work, 'victim.txt');
  writeFileSync(victim, 'precious');
  // The name the old code used, and a few more a neighbour might guess.
  for (const name of [`.zarr.json.${process.pid}.tmp`, '.zarr.json.tmp', 'zarr.json.tmp']) symlinkSync(victim, join(dir, name));
  assert.equal(await compact(file, { write: true, out: sink, err: sink }), 0);
  assert.equal(readFileSync(victim, 'utf8'), 'precious');
  assert.match(readFileSync(file, 'utf8'), /"chunk_shapes":\[\[2,2,2\],\[\[1,6\]\]\]/);
  assert.ok(!lstatSync(file).isSymbolicLink());
  assert.deepEqual(readdirSync(dir).sort(), [`.zarr.json.${process.pid}.tmp`, '.zarr.json.tmp', 'zarr.json', 'zarr.json.tmp'].sort(), 'no temporary file left');
});

test('compact --write refuses a symlinked zarr.json, naming the file it leads to; both stay as they were', async () => {
  const dir = join(work, 'linked');
  mkdirSync(dir);
  const target = join(work, 'real-zarr.json');
  writeFileSync(target, original);
  symlinkSync(target, join(dir, 'zarr.json'));
  const { code, stderr } = await run('compact', join(dir, 'zarr.json'), '--write');
  assert.equal(code, 1);
  assert.match(stderr, /refused to write through a symlink \(found one leading to .*real-zarr\.json; expected a regular file/);
  assert.ok(lstatSync(join(dir, 'zarr.json')).isSymbolicLink());
  assert.deepEqual(readFileSync(target), original);
  // Without --write it only reads, and the link is followed.
  assert.equal((await run('compact', join(dir, 'zarr.json'))).code, 0);
});

// Another writer's bytes, written into `file` when the command first
// prints (after it read the file, before it writes its own).
function overlappingWriter(file) {
  const theirs = Buffer.from('{"zarr_format": 3, "node_type": "group", "attributes": {"written by": "someone else"}}\n');
  let done = false;
  const out = { write() { if (!done) writeFileSync(file, theirs), (done = true); } };
  return { out, theirs };
}

test('compact --write loses no other writer\'s change made after its read: it refuses, and the file keeps theirs', async () => {
  const dir = join(work, 'overlap-compact');
  mkdirSync(dir);
  const file = join(dir, 'zarr.json');
  writeFileSync(file, original);
  const { out, theirs } = overlappingWriter(file);
  await assert.rejects(compact(file, { write: true, out, err: sink }), /changed after it was read \(now \d+ bytes, read as \d+\); nothing written/);
  assert.deepEqual(readFileSync(file), theirs);
  assert.deepEqual(readdirSync(dir), ['zarr.json'], 'no temporary file left');
  // Unchanged since its read, the file is written.
  writeFileSync(file, original);
  assert.equal(await compact(file, { write: true, out: sink, err: sink }), 0);
  assert.notDeepEqual(readFileSync(file), original);
});

test('repair --write loses no other writer\'s change made after its read: that file fails, and keeps theirs', async () => {
  const dir = join(work, 'overlap-repair');
  mkdirSync(dir);
  const file = join(dir, 'zarr.json');
  const repairable = '{"zarr_format":3,"node_type":"array","shape":[6],"data_type":"int32",' +
    '"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[4]}},"chunk_key_encoding":{"name":"default"},' +
    '"fill_value":"42","codecs":[{"name":"bytes","configuration":{"endian":"little"}}]}';
  writeFileSync(file, repairable);
  const { out, theirs } = overlappingWriter(file);
  let stderr = '';
  const code = await repair([file], { write: true, out, err: { write: (text) => { stderr += text; } } });
  assert.equal(code, 1);
  assert.match(stderr, /zarr\.json: cannot repair: it changed after it was read .*nothing written: run the command again/);
  assert.deepEqual(readFileSync(file), theirs);
  assert.deepEqual(readdirSync(dir), ['zarr.json'], 'no temporary file left');
  writeFileSync(file, repairable);
  assert.equal(await repair([file], { write: true, out: sink, err: sink }), 0);
  assert.match(readFileSync(file, 'utf8'), /"fill_value":42/);
});

test('compact --write writes nothing where the file was removed after its read', async () => {
  const dir = join(work, 'overlap-removed');
  mkdirSync(dir);
  const file = join(dir, 'zarr.json');
  writeFileSync(file, original);
  let done = false;
  const out = { write() { if (!done) rmSync(file), (done = true); } };
  await assert.rejects(compact(file, { write: true, out, err: sink }), /changed after it was read \(now gone\); nothing written/);
  assert.deepEqual(readdirSync(dir), [], 'neither the file nor a temporary one');
});

test('plan reads by the guarded reader: a FIFO and /dev/zero are refused at once', { timeout: 60_000 }, async () => {
  const fifo = join(work, 'plan-fifo.json');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo');
  const good = join(fixtures, 'compact/zarr.json');
  for (const [source, target] of [[fifo, good], [good, fifo], ['/dev/zero', good]]) {
    const { code, signal, stderr } = await run('plan', source, target);
    assert.equal(signal ?? null, null, 'not killed by the timeout');
    assert.equal(code, 1);
    assert.match(stderr, /not a regular file \(found a (FIFO|character device)/);
    // Which of the two: the line names the file it could not read.
    assert.equal(stderr.split(': cannot read: ')[0], source === good ? target : source, stderr);
  }
});

test('a symlink to / in a store is not walked: validate reports it and ends', { timeout: 60_000 }, async () => {
  const tree = join(work, 'escape');
  mkdirSync(join(tree, 'a'), { recursive: true });
  writeFileSync(join(tree, 'zarr.json'), readFileSync(join(fixtures, 'store/zarr.json')));
  symlinkSync('/', join(tree, 'a', 'root'));
  symlinkSync(join(tree, 'a'), join(tree, 'inside')); // inside the tree: followed, once
  symlinkSync('zarr.json', join(tree, 'a', 'zarr.json')); // a loop: a/zarr.json → itself
  const { code, signal, stdout } = await run('validate', tree, '--json');
  assert.equal(signal ?? null, null);
  assert.equal(code, 1);
  const report = JSON.parse(stdout);
  const files = Object.fromEntries(report.files.map((f) => [f.file.slice(tree.length + 1), f.errors[0]?.message ?? 'valid']));
  assert.deepEqual(Object.keys(files).sort(), ['a/root', 'a/zarr.json', 'zarr.json']);
  assert.match(files['a/root'], /a symlink that leads outside the tree given \(found one leading to \//);
  assert.match(files['a/zarr.json'], /ELOOP|a symlink loop/);
  assert.deepEqual(report.summary, { valid: 1, invalid: 0, unreadable: 2, warnings: 0 });
});

// Control characters, as a hostile store would put them: ESC sequences that
// clear the screen, set the window title, write the clipboard (OSC 52), BEL,
// a newline that forges a line, and a bidi override.
const HOSTILE = '\u001b[2J\u001b]0;owned\u0007\u001b]52;c;ZXZpbA==\u0007\nfake: 0 invalid\u202e';
const assertEscaped = (text, what) => {
  assert.doesNotMatch(text, /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/, `${what}: no raw control character`);
  assert.doesNotMatch(text, /^fake: /m, `${what}: no forged line`);
  assert.match(text, /\\u001b/, `${what}: shown escaped`);
};

test('human output escapes control characters from the data, in every command', async () => {
  const dir = join(work, `store-${'\u001b]0;dir\u0007'}`);
  mkdirSync(dir);
  const doc = JSON.parse(original.toString('utf8'));
  // An invalid array: a hostile data type, dimension name and grid name.
  writeFileSync(join(dir, 'zarr.json'), JSON.stringify({ ...doc, data_type: HOSTILE, chunk_grid: { name: HOSTILE, configuration: {} } }));
  const validate = await run('validate', dir);
  assertEscaped(validate.stdout, 'validate');
  const github = await run('validate', dir, '--format', 'github');
  assertEscaped(github.stdout, 'validate --format github');
  for (const command of ['inspect', 'compact']) {
    const result = await run(command, join(dir, 'zarr.json'));
    assert.equal(result.code, 1, command);
    assertEscaped(result.stderr, command);
  }
  const plan = await run('plan', join(dir, 'zarr.json'), join(dir, 'zarr.json'));
  assertEscaped(plan.stderr, 'plan');
  // A valid group: hostile attributes and child names, shown by inspect.
  const group = join(work, 'hostile-group');
  mkdirSync(group);
  writeFileSync(join(group, 'zarr.json'), JSON.stringify({ zarr_format: 3, node_type: 'group', attributes: { note: HOSTILE } }));
  const inspect = await run('inspect', group);
  assert.equal(inspect.code, 0, inspect.stderr);
  assertEscaped(inspect.stdout, 'inspect (group)');
  const named = await run('inspect', join(work, 'nowhere-\u001b[2J'));
  assertEscaped(named.stderr, 'a missing path');
});

test('validate reports a consolidated name that leaves the group, at its pointer, and reads nothing outside', async () => {
  const dir = join(work, 'names');
  mkdirSync(dir);
  const group = { zarr_format: 3, node_type: 'group', attributes: {} };
  writeFileSync(join(dir, 'zarr.json'), JSON.stringify({ ...group, consolidated_metadata: { kind: 'inline', must_understand: false, metadata: { '../outside': group, 'https:/evil.example': group } } }));
  const { code, lines } = await run('validate', dir);
  assert.equal(code, 1);
  assert.match(lines[0], /zarr\.json:1:\d+: INVALID \/consolidated_metadata\/metadata\/\.\.~1outside: found the name "\.\.\/outside", a "\.\." step; expected a child path/);
  assert.match(lines[1], /INVALID \/consolidated_metadata\/metadata\/https:~1evil\.example: found the name "https:\/evil\.example", a URL scheme/);
  assert.ok(!lines.some((l) => l.includes('STALE_CONSOLIDATION')), 'no child of a refused name is read');
});

// JSON.stringify escapes only C0: a bidi override or a C1 control (CSI,
// U+009B) in a folder name went to the terminal raw with --json.
test('--json output escapes DEL, C1 and bidi controls too, and stays valid JSON with the same names', async () => {
  const name = `a\u202eb\u009b31m\u007f`;
  const dir = join(work, 'json-escapes', name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'zarr.json'), original);
  for (const args of [['validate', join(work, 'json-escapes'), '--json'], ['plan', join(dir, 'zarr.json'), join(dir, 'zarr.json'), '--json']]) {
    const { stdout } = await run(...args);
    assert.doesNotMatch(stdout, /[\u007f-\u009f\u202e]/, `${args[0]}: no raw control character`);
    assert.ok(stdout.includes('a\\u202eb\\u009b31m\\u007f'), args[0]);
    const parsed = JSON.parse(stdout);
    assert.equal(args[0] === 'plan' ? parsed.source : parsed.files[0].file, join(dir, 'zarr.json'));
  }
});

test('a name found in a folder never begins a line: "::" would be a GitHub Actions workflow command, in any format', () => {
  const dir = join(work, 'workflow-names');
  const node = join(dir, '::stop-commands::token');
  mkdirSync(node, { recursive: true });
  // A byte-order mark: read with a warning, and repaired, so each command prints a line for the file.
  writeFileSync(join(node, 'zarr.json'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(join(fixtures, 'compact/zarr.json'))]));
  const cli = join(fixtures, '../../../js/cli.js');
  for (const args of [['validate', '.'], ['validate', '.', '--readers'], ['inspect', '.'], ['repair', '.']]) {
    const { status, stdout, stderr } = spawnSync(process.execPath, [cli, ...args], { cwd: dir, encoding: 'utf8' });
    assert.ok(status === 0 || status === 1, stderr);
    const lines = `${stdout}${stderr}`.split('\n');
    assert.ok(lines.some((l) => l.includes('./::stop-commands::token')), `${args.join(' ')}: ${stdout}${stderr}`);
    assert.deepEqual(lines.filter((l) => l.startsWith('::')), [], args.join(' '));
  }
});
