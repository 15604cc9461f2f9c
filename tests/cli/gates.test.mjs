// What a CI job holds the command line to: --max-warnings, --strict with
// --allow, --readers beside warnings, what consolidated metadata hides,
// repair --json and its words, --help, the order of problems and inspect's
// stdout.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './support.mjs';
import { serve } from '../../scripts/serve.mjs';

const ARRAY = (extra = '') => `{"shape": [4], "data_type": "float32", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},` +
  ` "chunk_key_encoding": {"name": "default"}, "fill_value": 0.0, "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],` +
  ` "zarr_format": 3, "node_type": "array"${extra}}`;
const GROUP = (members) => JSON.stringify({ zarr_format: 3, node_type: 'group', attributes: {}, consolidated_metadata: { kind: 'inline', must_understand: false, metadata: members } });

let work;
const folder = (name, files) => {
  const dir = join(work, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path), { recursive: true });
    writeFileSync(join(dir, path, 'zarr.json'), text);
  }
  return dir;
};
before(() => { work = mkdtempSync(join(tmpdir(), 'zr-cli-gates-')); });
after(() => rmSync(work, { recursive: true, force: true }));

test('--max-warnings N: exit 1 past N warnings in all, stale copies included; 0 at or below', async () => {
  // One NaN (a warning), and a group whose copy of a's document is stale (another).
  const a = JSON.parse(ARRAY());
  const store = folder('max', { '': GROUP({ a: { ...a, shape: [8] } }), a: ARRAY(', "attributes": {"x": NaN}') });
  const plain = await run('validate', store, '--json');
  assert.equal(plain.code, 0);
  assert.equal(JSON.parse(plain.stdout).summary.warnings, 2);
  assert.equal((await run('validate', store, '--max-warnings', '2')).code, 0);
  const over = await run('validate', store, '--max-warnings', '1');
  assert.equal(over.code, 1);
  assert.match(over.stderr, /found 2 warnings; expected at most 1 \(--max-warnings\)/);
  assert.equal((await run('validate', store, '--max-warnings', '0', '--json')).code, 1);
  for (const bad of ['-1', 'x', '1.5', '']) {
    const refused = await run('validate', store, `--max-warnings=${bad}`);
    assert.equal(refused.code, 2, bad);
    assert.match(refused.stderr, /--max-warnings: found .*; expected a number of warnings/);
  }
});

test('--strict --allow ENTRY: a file whose only ledger entries are allowed is valid, with their warnings; any other entry fails it', async () => {
  const nan = ARRAY(', "attributes": {"x": NaN}');
  const store = folder('allow', { a: nan, b: ARRAY(', "attributes": {"x": Infinity}, "dimension_names": null') });
  assert.equal((await run('validate', join(store, 'a'), '--strict')).code, 1);
  const allowed = await run('validate', join(store, 'a'), '--strict', '--allow', 'non-finite-tokens', '--json');
  assert.equal(allowed.code, 0, allowed.stdout);
  const [file] = JSON.parse(allowed.stdout).files;
  assert.equal(file.valid, true);
  assert.match(file.warnings[0].message, /non-finite-tokens/);
  // b has an entry not allowed: judged by --strict alone.
  const mixed = await run('validate', join(store, 'b'), '--strict', '--allow', 'non-finite-tokens');
  assert.equal(mixed.code, 1);
  assert.match(mixed.stdout, /dimension_names.*strict; writers' ledger: dimension-names-null/);
  assert.equal((await run('validate', join(store, 'b'), '--strict', '--allow', 'non-finite-tokens', '--allow', 'dimension-names-null')).code, 0);
  // Without --strict there is nothing to allow.
  assert.equal((await run('validate', store, '--allow', 'non-finite-tokens')).code, 2);
});

test('after repair --write, validate --strict --allow non-finite-tokens passes a zarr-python store, as the README says', async () => {
  const store = folder('repaired', {
    '': '{"attributes": {}, "zarr_format": 3, "consolidated_metadata": null, "node_type": "group"}',
    a: ARRAY(', "attributes": {"missing": NaN}, "dimension_names": null'),
  });
  assert.equal((await run('repair', store, '--write')).code, 0);
  assert.equal((await run('validate', store, '--strict')).code, 1);
  assert.equal((await run('validate', store, '--strict', '--allow', 'non-finite-tokens')).code, 0);
});

test('--readers gives verdicts for a file valid with warnings, judged as read, the warnings beside', async () => {
  // An edge written 10.0 (read as 10) and NaN in the attributes.
  const text = '{"zarr_format":3,"node_type":"array","shape":[30],"data_type":"uint8","chunk_grid":{"name":"rectilinear",' +
    '"configuration":{"kind":"inline","chunk_shapes":[[10.0,20]]}},"chunk_key_encoding":{"name":"default"},"fill_value":0,' +
    '"codecs":[{"name":"bytes"}],"attributes":{"x":NaN}}';
  const store = folder('readers', { '': text });
  const json = await run('validate', store, '--readers', '--json');
  assert.equal(json.code, 0);
  const [file] = JSON.parse(json.stdout).files;
  assert.equal(file.warnings.length, 2);
  assert.ok(Array.isArray(file.readers) && file.readers.length > 0, 'verdicts');
  assert.ok(file.readers.some((r) => r.pointer === '/chunk_grid/name'));
  const table = await run('validate', store, '--readers');
  assert.match(table.stdout, /warning: /);
  assert.match(table.stdout, /: readers\n  zarr-python/);
  assert.doesNotMatch(table.stdout, /not reported/);
  // An invalid file still gets none.
  const bad = folder('readers-bad', { '': '{"zarr_format": 3}' });
  assert.equal(JSON.parse((await run('validate', bad, '--readers', '--json')).stdout).files[0].readers, null);
});

test('a child on disk that the consolidated metadata does not list is a STALE_CONSOLIDATION warning', async () => {
  const a = JSON.parse(ARRAY());
  const store = folder('unlisted', { '': GROUP({ a }), a: ARRAY(), 'b/c': ARRAY() });
  const { code, stdout } = await run('validate', store, '--json');
  assert.equal(code, 0);
  const root = JSON.parse(stdout).files.find((f) => f.file === join(store, 'zarr.json'));
  assert.deepEqual(root.warnings.map((w) => [w.code, w.path]), [['STALE_CONSOLIDATION', '/consolidated_metadata/metadata']]);
  assert.match(root.warnings[0].message, /found b\/c\/zarr\.json on disk, not listed here/);
  // Listed in full: no warning.
  const full = folder('listed', { '': GROUP({ a, 'b/c': a }), a: ARRAY(), 'b/c': ARRAY() });
  assert.deepEqual(JSON.parse((await run('validate', full, '--json')).stdout).files.flatMap((f) => f.warnings), []);
});

test('validating a URL says plainly that the consolidated copies were not compared with the children', async () => {
  const a = JSON.parse(ARRAY());
  const root = folder('url', { '': GROUP({ a: { ...a, shape: [8] } }), a: ARRAY() });
  const { server, url } = await serve({ root });
  try {
    const text = await run('validate', `${url}/`);
    assert.equal(text.code, 0);
    assert.match(text.stdout, /zarr\.json: not checked: stale consolidated metadata: the copies were not compared with the children's own zarr\.json/);
    const json = JSON.parse((await run('validate', `${url}/`, '--json')).stdout);
    assert.equal(json.files[0].notChecked.length, 1);
    assert.match((await run('validate', `${url}/`, '--format', 'github')).stdout, /^::notice file=.*title=NOT_CHECKED::stale consolidated metadata/m);
    // An array, or a group without consolidated metadata, leaves nothing out.
    assert.doesNotMatch((await run('validate', `${url}/a/`)).stdout, /not checked/);
  } finally {
    server.close();
  }
});

test('repair --json: one report, each file with its changes, what was left, whether written; one meaning per word in text', async () => {
  const store = folder('repair-json', { a: ARRAY(', "attributes": {"x": NaN}, "dimension_names": null'), b: ARRAY() });
  const json = await run('repair', store, '--json');
  assert.equal(json.code, 0);
  const report = JSON.parse(json.stdout);
  const a = report.files.find((f) => f.file === join(store, 'a', 'zarr.json'));
  assert.deepEqual(a.changes.map((c) => c.entry), ['dimension-names-null']);
  assert.deepEqual(a.left.map((u) => u.entry), ['non-finite-tokens']);
  assert.equal(a.written, false);
  assert.deepEqual(report.summary, { changes: 1, changed: 1, unchanged: 1, left: 1, failed: 0, written: false });
  const text = await run('repair', store);
  assert.match(text.stdout, /\/attributes\/x: left as written \(non-finite-tokens\)/);
  assert.equal(text.lines.at(-1), '1 changes in 1 files, 1 unchanged, 1 left as written, 0 failed; a dry run: nothing written (--write writes them)');
  assert.doesNotMatch(text.stdout, /not repaired/);
  const written = JSON.parse((await run('repair', store, '--json', '--write')).stdout);
  assert.equal(written.files.find((f) => f.changes.length).written, true);
  assert.doesNotMatch(readFileSync(join(store, 'a', 'zarr.json'), 'utf8'), /dimension_names/);
});

test('--help after any command prints the usage and exits 0', async () => {
  for (const args of [['--help'], ['validate', '--help'], ['validate', '-h'], ['inspect', 'x', '--help'], ['compact', '--help'], ['plan', '--help'], ['repair', '--help']]) {
    const { code, stdout, stderr } = await run(...args);
    assert.equal(code, 0, args.join(' '));
    assert.match(stdout, /^usage:\n {2}zarr-rectilinear validate/, args.join(' '));
    assert.equal(stderr, '');
  }
});

test("a file's problems are listed in the order of their places in it, warnings among errors", async () => {
  // The core reports the missing fill_value before the NaN warning above it
  // and the bad shape; the lines go from the top of the file down.
  const text = '{\n"attributes": {"x": NaN},\n"zarr_format": 3,\n"node_type": "array",\n"shape": [-1],\n' +
    '"data_type": "float32",\n"chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},\n' +
    '"chunk_key_encoding": {"name": "default"},\n"codecs": [{"name": "bytes"}],\n"dimension_names": null\n}';
  const store = folder('order', { '': text });
  const { stdout } = await run('validate', store);
  const places = stdout.trim().split('\n').slice(0, -1).map((line) => line.split(':').slice(1, 3).map(Number));
  assert.ok(places.length >= 3, stdout);
  const sorted = [...places].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  assert.deepEqual(places, sorted, stdout);
  const github = (await run('validate', store, '--format', 'github')).stdout.trim().split('\n').slice(0, -1);
  const githubPlaces = github.map((line) => [Number(line.match(/line=(\d+)/)?.[1] ?? 0), Number(line.match(/col=(\d+)/)?.[1] ?? 0)]);
  assert.deepEqual(githubPlaces, places);
});

test('columns count code points: a 4-byte character is one column, a byte-order mark none', async () => {
  // "😀" is 4 bytes in UTF-8 and 2 units in UTF-16: the value after "😀😀"
  // is at column 8 (14 in bytes, 10 in UTF-16 units).
  const store = folder('columns', { '': `{"😀😀": 1, ${ARRAY().slice(1)}`, bom: '\ufeff{"zarr_format": 3}' });
  const { stdout } = await run('validate', store);
  assert.match(stdout, /zarr\.json:1:8: UNKNOWN_KEY \/😀😀/);
  // The document's problems are at its first character, column 1.
  assert.match(stdout, /bom[/\\]zarr\.json:1:1: MISSING/);
  assert.doesNotMatch(stdout, /bom[/\\]zarr\.json:1:2:/);
});

test('inspect of a folder of broken files prints nothing on stdout but the summary of what it could read', async () => {
  const store = folder('broken', { a: '{"zarr_format": 3,', b: 'not JSON', c: ARRAY(), d: '\u0000\u0001' });
  const { code, stdout, stderr } = await run('inspect', store);
  assert.equal(code, 1);
  assert.match(stderr, /SYNTAX/);
  assert.ok(!stdout.startsWith('\n') && !stdout.includes('\n\n'), `no blank line: ${JSON.stringify(stdout)}`);
  assert.match(stdout, /c[/\\]zarr\.json: array/);
  const none = folder('all-broken', { a: '{"zarr_format": 3,', b: 'not JSON' });
  assert.equal((await run('inspect', none)).stdout, '');
});
