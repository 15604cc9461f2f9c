// The CLI in CI: validate's lines as compilers print them, GitHub Actions
// annotations, inspect on groups and folders, and stale consolidated
// metadata found by comparing each copy with the child's own zarr.json.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtures, run, writeBadInput } from './support.mjs';

let work;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'zr-ci-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

const array = (shape, chunks) => ({
  zarr_format: 3, node_type: 'array', shape, data_type: 'uint8',
  chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: chunks } },
  chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [{ name: 'bytes' }], attributes: {},
});
const group = (attributes = {}, metadata) => ({
  zarr_format: 3, node_type: 'group', attributes,
  ...(metadata ? { consolidated_metadata: { kind: 'inline', must_understand: false, metadata } } : {}),
});
const write = (dir, doc) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'zarr.json'), typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
};

test('validate prints file:line:col: CODE /pointer: message, the line and column of the value', async () => {
  const file = writeBadInput(join(work, 'zero-edge'), 'an edge of 0 between edges of 5 (pretty-printed)');
  const { code, lines } = await run('validate', file);
  assert.equal(code, 1);
  // The 0 is on line 15, after ten spaces.
  assert.equal(lines[0], `${file}:15:11: NOT_POSITIVE /chunk_grid/configuration/chunk_shapes/0/1: found 0; expected a positive integer edge length or a run [edge length, count]`);
  // A missing member is placed at the nearest value that is there: the document.
  const missing = await run('validate', writeBadInput(join(work, 'missing-shape'), 'shape is missing (pretty-printed)'));
  assert.match(missing.lines[0], /missing-shape\/zarr\.json:1:1: MISSING \/shape: found no "shape"/);
  // Columns count characters, not bytes: "é" and "ü" are two bytes each.
  const dir = join(work, 'unicode');
  const second = '"attributes": {"é": "ü"}, "chunk_grid": {"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": [[2, 0]]}},';
  write(dir, `{"zarr_format": 3, "node_type": "array", "shape": [4], "data_type": "uint8",\n${second}\n"chunk_key_encoding": {"name": "default"}, "fill_value": 0, "codecs": [{"name": "bytes"}]}`);
  const unicode = await run('validate', dir);
  assert.match(unicode.lines[0], new RegExp(`unicode/zarr\\.json:2:${second.indexOf('0]]') + 1}: NOT_POSITIVE `));
  // --json gives each problem its line and column too.
  const json = JSON.parse((await run('validate', file, '--json')).stdout);
  assert.deepEqual([json.files[0].errors[0].line, json.files[0].errors[0].column], [15, 11]);
});

test('--format github prints annotations, with GitHub\'s escapes', async () => {
  const dir = join(work, 'gh, a:b 100%');
  write(dir, array([6], [[2, 0, 4]]));
  const { code, lines } = await run('validate', dir, '--format', 'github');
  assert.equal(code, 1);
  const file = join(dir, 'zarr.json').replaceAll('%', '%25').replaceAll(':', '%3A').replaceAll(',', '%2C');
  assert.match(lines[0], new RegExp(`^::error file=${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},line=\\d+,col=\\d+,title=NOT_POSITIVE::/chunk_grid/configuration/chunk_shapes/0/1: found 0; `));
  assert.equal(lines.at(-1), '0 valid, 1 invalid, 0 unreadable');
  const floatEdge = writeBadInput(join(work, 'float-edge'), 'an edge of 10.0 (strict, pretty-printed)');
  const lenient = await run('validate', floatEdge, '--format', 'github', '--lenient');
  assert.match(lenient.lines[0], /^::warning file=.*,line=14,col=11,title=INTEGRAL_FLOAT::\/chunk_grid\/configuration\/chunk_shapes\/0\/0: found 10\.0/);
  const unreadable = await run('validate', join(work, 'nothing-here'), '--format', 'github');
  assert.match(unreadable.lines[0], /^::error file=[^:]*nothing-here,title=UNREADABLE::\(document\): cannot read: ENOENT$/);
  for (const bad of [['--format', 'xml'], ['--format', 'github', '--json']]) {
    assert.equal((await run('validate', dir, ...bad)).code, 2, bad.join(' '));
  }
});

test('inspect describes a group as a group: its file, attributes, and children when consolidated', async () => {
  const dir = join(work, 'group');
  write(dir, group({ title: 'fixture' }, { temperature: array([10], [[4, 6]]), maps: group(), 'maps/relief': array([4, 4], [[2, 2], [4]]) }));
  const { code, stdout, stderr } = await run('inspect', join(dir, 'zarr.json'));
  assert.equal(code, 0, stderr);
  assert.match(stdout, new RegExp(`^${join(dir, 'zarr.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: group$`, 'm'));
  assert.match(stdout, /^attributes +\{"title":"fixture"\}$/m);
  assert.match(stdout, /^children +3 listed in consolidated metadata$/m);
  assert.match(stdout, /^ {2}temperature +array uint8, shape \[10\]$/m);
  assert.match(stdout, /^ {2}maps +group$/m);
  assert.match(stdout, /^ {2}maps\/relief +array uint8, shape \[4, 4\]$/m);
  assert.doesNotMatch(stdout + stderr, /found no "shape"/);
  const plain = await run('inspect', join(fixtures, 'store/zarr.json'));
  assert.match(plain.stdout, /^children +not listed \(no consolidated metadata\)$/m);
});

test('inspect on a folder inspects each node, the folder\'s own first; an invalid one names its file', async () => {
  const { code, stdout } = await run('inspect', join(fixtures, 'store'));
  assert.equal(code, 0);
  const heads = stdout.split('\n').filter((l) => l.startsWith(fixtures));
  assert.deepEqual(heads.map((l) => l.slice(fixtures.length + 1)), [
    'store/zarr.json: group', 'store/nested/zarr.json: group', 'store/nested/daily/zarr.json: array',
    'store/rectilinear/zarr.json: array', 'store/regular/zarr.json: array',
  ]);
  const bad = join(work, 'bad-inputs');
  writeBadInput(join(bad, 'not-json'), 'plain text, not JSON');
  writeBadInput(join(bad, 'zero-edge'), 'an edge of 0 between edges of 5 (pretty-printed)');
  const errors = await run('inspect', bad);
  assert.equal(errors.code, 1);
  assert.match(errors.stderr, /zero-edge\/zarr\.json:15:11: NOT_POSITIVE /);
  assert.equal((await run('inspect', join(fixtures, 'store'), '--svg', join(work, 'x.svg'))).code, 1, '--svg draws one array');
});

test('validate warns where a consolidated copy differs from the child\'s own zarr.json (stale consolidation)', async () => {
  const dir = join(work, 'stale');
  const child = array([10], [[4, 6]]);
  write(dir, group({}, { a: child, 'a/b': group({ v: 1 }), gone: group() }));
  write(join(dir, 'a'), { ...child, shape: [12], chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[4, 8]] } } });
  write(join(dir, 'a', 'b'), group({ v: 1 })); // the same as its copy
  const { code, lines } = await run('validate', dir);
  assert.equal(code, 0, 'stale copies are warnings');
  const stale = lines.filter((l) => l.includes('STALE_CONSOLIDATION'));
  assert.equal(stale.length, 2, lines.join('\n'));
  assert.match(stale[0], /stale\/zarr\.json:\d+:\d+: STALE_CONSOLIDATION \/consolidated_metadata\/metadata\/a\/shape\/0: warning: found 10 in the consolidated copy and 12 in a\/zarr\.json/);
  assert.match(stale[1], /STALE_CONSOLIDATION \/consolidated_metadata\/metadata\/gone: warning: found a copy of gone\/zarr\.json, which does not exist/);
  assert.equal(lines.at(-1), '3 valid, 0 invalid, 0 unreadable');
  // Fresh again: no warning.
  write(dir, group({}, { a: JSON.parse(readFileSync(join(dir, 'a', 'zarr.json'), 'utf8')), 'a/b': group({ v: 1 }) }));
  assert.deepEqual((await run('validate', dir)).lines, ['3 valid, 0 invalid, 0 unreadable']);
});

// Equal text is the same value: NaN, which is not === itself, included
// (a copy equal byte for byte was reported stale, and consolidating again
// could not clear it); -0.0 and 0.0 are read as two values, so they differ.
test('a consolidated copy equal to the child\'s text byte for byte is never stale, NaN and -Infinity included; -0.0 is not 0.0', async () => {
  const dir = join(work, 'stale-non-finite');
  const child = (attributes) => `{"zarr_format":3,"node_type":"group","attributes":${attributes}}`;
  const same = '{"a":NaN,"b":-Infinity,"c":Infinity,"d":1e400,"e":-0.0,"f":18446744073709551617,"g":[NaN,{"h":-Infinity}],"i":-0}';
  write(join(dir, 'same'), child(same));
  write(join(dir, 'zero'), child('{"z":0.0}'));
  write(join(dir, 'nan'), child('{"n":null}'));
  write(dir, `{"zarr_format":3,"node_type":"group","attributes":{},"consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{"same":${child(same)},"zero":${child('{"z":-0.0}')},"nan":${child('{"n":NaN}')}}}}`);
  const { code, lines } = await run('validate', dir);
  assert.equal(code, 0, lines.join('\n'));
  const stale = lines.filter((l) => l.includes('STALE_CONSOLIDATION'));
  assert.equal(stale.length, 2, lines.join('\n'));
  assert.match(stale[0], /STALE_CONSOLIDATION \/consolidated_metadata\/metadata\/zero\/attributes\/z: warning: found -0 in the consolidated copy and 0 in zero\/zarr\.json; expected the same/);
  assert.match(stale[1], /STALE_CONSOLIDATION \/consolidated_metadata\/metadata\/nan\/attributes\/n: warning: found NaN in the consolidated copy and null in nan\/zarr\.json; expected the same/);
});

// The core reads a document nested deeper than JavaScript's call stack
// goes; the CLI's own walks over the parsed values must not recurse.
test('a valid store with attributes nested 20000 deep: validate finds it valid (and the stale copy, soon), inspect shows each node', async () => {
  const dir = join(work, 'deep');
  const deep = (leaf) => `{"x":${'['.repeat(20000)}${leaf}${']'.repeat(20000)}}`;
  const child = (leaf) => `{"zarr_format":3,"node_type":"group","attributes":${deep(leaf)}}`;
  write(join(dir, 'c'), child(1));
  write(dir, `{"zarr_format":3,"node_type":"group","attributes":{},"consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{"c":${child(2)}}}}`);
  // Placing a pointer 20000 deep took minutes (each of its ancestors is
  // placed): the difference is placed 64 levels down, at most.
  const started = Date.now();
  const validate = await run('validate', dir);
  assert.equal(validate.code, 0, validate.stdout);
  assert.ok(Date.now() - started < 15_000, `validate took ${Date.now() - started} ms`);
  assert.match(validate.lines[0], /STALE_CONSOLIDATION \/consolidated_metadata\/metadata\/c\/attributes\/x(\/0){62}: warning: found values that differ more than 64 levels inside this one, in the consolidated copy and in c\/zarr\.json/);
  assert.equal(validate.lines.at(-1), '2 valid, 0 invalid, 0 unreadable');
  const inspect = await run('inspect', dir);
  assert.equal(inspect.code, 0, inspect.stderr);
  assert.equal(inspect.stderr, '');
  assert.match(inspect.stdout, /c\/zarr\.json: group\nattributes {2}\(nested too deeply to show\)/);
});

// Placing a problem at its line and column asked the core for every
// ancestor of its pointer: time and memory in the square of its depth (a
// 24 KB document 12,000 deep took 1.2 GB; this one, 400 KB, passed 13 GB).
// The core now finds the nearest place of each pointer in one pass.
test('validate and inspect place a problem 200,000 levels deep at its line and column', async () => {
  const dir = join(work, 'deep-problem');
  const depth = 200_000;
  const prefix = `{"zarr_format":3,"node_type":"group","attributes":{"x":${'['.repeat(depth)}`;
  write(dir, `${prefix}NaN${']'.repeat(depth)}}}`);
  const where = `${join(dir, 'zarr.json')}:1:${prefix.length + 1}: `;
  const pointer = `/attributes/x${'/0'.repeat(depth)}`;
  const validate = await run('validate', dir);
  assert.equal(validate.signal, null, 'finished');
  assert.equal(validate.code, 0, validate.stdout.slice(0, 500));
  assert.ok(validate.lines[0].startsWith(where), validate.lines[0].slice(0, 200));
  assert.ok(validate.lines[0].includes(` ${pointer}: warning: found NaN`), validate.lines[0].slice(0, 200));
  const inspect = await run('inspect', dir);
  assert.equal(inspect.code, 0);
  assert.ok(inspect.stderr.startsWith(where), inspect.stderr.slice(0, 200));
});

test('a difference more than 64 levels down is found whatever its member is named, "consolidated_metadata" too', async () => {
  const dir = join(work, 'deep-named');
  const deep = (leaf) => `{"x":${'['.repeat(70)}{"consolidated_metadata":${leaf}}${']'.repeat(70)}}`;
  const child = (leaf) => `{"zarr_format":3,"node_type":"group","attributes":${deep(leaf)}}`;
  write(join(dir, 'c'), child(1));
  write(dir, `{"zarr_format":3,"node_type":"group","attributes":{},"consolidated_metadata":{"kind":"inline","must_understand":false,"metadata":{"c":${child(2)}}}}`);
  const { code, lines } = await run('validate', dir);
  assert.equal(code, 0, lines.join('\n'));
  assert.match(lines[0], /STALE_CONSOLIDATION \/consolidated_metadata\/metadata\/c\/attributes\/x(\/0){62}: warning: found values that differ more than 64 levels inside/);
});
