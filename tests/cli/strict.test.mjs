// validate --strict: what the writers' ledger (docs/writers-ledger.md)
// reads with a warning is an error, and the exit status follows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const cli = resolve(import.meta.dirname, '../../js/cli.js');
const run = (...args) => new Promise((done) => {
  execFile('node', [cli, ...args], { encoding: 'utf8' }, (error, stdout, stderr) => done({ code: error ? error.code : 0, stdout, stderr }));
});

let store;
before(() => {
  // As zarr-python 3.0 wrote it: a group with consolidated_metadata null, an
  // array with dimension_names null and NaN in its attributes.
  store = mkdtempSync(join(tmpdir(), 'zr-cli-strict-'));
  writeFileSync(join(store, 'zarr.json'), '{"attributes": {}, "zarr_format": 3, "consolidated_metadata": null, "node_type": "group"}');
  mkdirSync(join(store, 'a'));
  writeFileSync(join(store, 'a', 'zarr.json'), '{"shape": [4], "data_type": "float32", "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2]}},' +
    ' "chunk_key_encoding": {"name": "default"}, "fill_value": 0.0, "codecs": [{"name": "bytes", "configuration": {"endian": "little"}}],' +
    ' "attributes": {"missing": NaN}, "zarr_format": 3, "node_type": "array", "storage_transformers": [], "dimension_names": null}');
});
after(() => rmSync(store, { recursive: true, force: true }));

test('by default the store is valid, each ledger entry a warning naming it', async () => {
  const { code, stdout } = await run('validate', store, '--json');
  assert.equal(code, 0);
  const report = JSON.parse(stdout);
  assert.deepEqual(report.summary, { valid: 2, invalid: 0, unreadable: 0, warnings: 3 });
  const warned = report.files.flatMap((f) => f.warnings.map((w) => w.message.match(/writers' ledger: ([a-z-]+)/)[1])).sort();
  assert.deepEqual(warned, ['consolidated-metadata-null', 'dimension-names-null', 'non-finite-tokens']);
});

test('--strict makes each an error, and exits 1', async () => {
  const { code, stdout } = await run('validate', store, '--strict', '--json');
  assert.equal(code, 1);
  const report = JSON.parse(stdout);
  assert.deepEqual(report.summary, { valid: 0, invalid: 2, unreadable: 0, warnings: 0 });
  assert.ok(report.files.every((f) => f.errors.every((e) => /\(strict; writers' ledger: /.test(e.message)) && f.warnings.length === 0));
  const text = await run('validate', store, '--strict');
  assert.equal(text.code, 1);
  assert.match(text.stdout, /0 valid, 2 invalid, 0 unreadable/);
});

test('--lenient is the default, kept as a synonym', async () => {
  const { code, stdout } = await run('validate', store, '--lenient');
  assert.equal(code, 0);
  assert.match(stdout, /2 valid, 0 invalid, 0 unreadable/);
});

test('inspect, compact and plan take --strict too: a ledger entry fails them, and exits 1', async () => {
  // A chunk edge written as an integral float (writers' ledger: integral-float-edge).
  const floatEdge = join(store, 'float-edge.json');
  writeFileSync(floatEdge, '{"zarr_format": 3, "node_type": "array", "shape": [4], "data_type": "uint8",' +
    ' "chunk_grid": {"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": [[2.0, 2]]}}, "chunk_key_encoding": {"name": "default"},' +
    ' "fill_value": 0, "codecs": [{"name": "bytes"}]}');
  for (const args of [['inspect', join(store, 'a')], ['compact', floatEdge], ['plan', floatEdge, floatEdge]]) {
    const read = await run(...args);
    assert.equal(read.code, 0, `${args[0]}: ${read.stderr}`);
    const strict = await run(...args, '--strict');
    assert.equal(strict.code, 1, `${args[0]} --strict`);
    assert.match(strict.stderr, /\(strict; writers' ledger: /, `${args[0]} --strict names the entry`);
  }
});

test('--strict with --lenient is a usage error', async () => {
  const { code, stderr } = await run('compact', join(store, 'a', 'zarr.json'), '--strict', '--lenient');
  assert.equal(code, 2);
  assert.match(stderr, /compact: --strict and --lenient ask for two ways of reading/);
});
