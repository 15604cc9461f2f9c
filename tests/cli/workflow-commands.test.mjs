// A GitHub Actions runner reads a line of a job's output as a workflow
// command when, its leading whitespace trimmed, it starts with "::", or when
// it holds "##[" anywhere (the legacy syntax). Names and values from a store
// must never make such a line, in any output format: only the annotations
// and log groups of --format github are commands.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './support.mjs';

const array = (dataType = 'uint8') => ({
  zarr_format: 3, node_type: 'array', shape: [30], data_type: dataType,
  chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[10, 20]] } },
  chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [{ name: 'bytes' }],
});
const BOM = Buffer.from([0xef, 0xbb, 0xbf]); // read with a warning, and repaired: every command prints a line naming the file

// Each form: a leading "::" after whitespace the runner trims (a space, a
// no-break space, an ideographic space), and "##[" anywhere in a line.
const NAMES = [' ::warning title=forged::forged', '\u00a0\u3000::error::forged', '##[error]forged', 'a ##[stop-commands]token'];
const ENTRIES = ['##[stop-commands]entry', ' ::warning::entry'];

let work;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'zr-workflow-'));
  const document = (value) => Buffer.concat([BOM, Buffer.from(JSON.stringify(value))]);
  for (const name of NAMES) {
    mkdirSync(join(work, name));
    writeFileSync(join(work, name, 'zarr.json'), document(array()));
  }
  // A consolidated entry names itself in the readers table, in inspect's
  // list of children and in stale warnings (one entry has no folder);
  // a quoted value in a problem's message.
  mkdirSync(join(work, ENTRIES[0]));
  writeFileSync(join(work, ENTRIES[0], 'zarr.json'), JSON.stringify({ ...array(), shape: [31] }));
  const metadata = Object.fromEntries(ENTRIES.map((e) => [e, array()]));
  writeFileSync(join(work, 'zarr.json'), JSON.stringify({ zarr_format: 3, node_type: 'group', attributes: {}, consolidated_metadata: { kind: 'inline', must_understand: false, metadata } }));
  mkdirSync(join(work, 'bad'));
  writeFileSync(join(work, 'bad', 'zarr.json'), JSON.stringify(array('##[error]type')));
});
after(() => rmSync(work, { recursive: true, force: true }));

// The runner's two parsers, for one line: JavaScript's trimStart trims what
// .NET's TrimStart does (and U+FEFF).
const OURS = /^::(?:(?:error|warning) file=[^:,]*(?:,line=\d+,col=\d+)?,title=[A-Z_]+|group|endgroup)::/;
function forged(output, github) {
  return output.split(/\r\n|\r|\n/).filter((line) => line.includes('##[') || (line.trimStart().startsWith('::') && !(github && OURS.test(line))));
}

const cli = (...args) => spawnSync(process.execPath, [join(root, 'js/cli.js'), ...args], { cwd: work, encoding: 'utf8' });

test('no name or value from a store makes a workflow command, in any output format', () => {
  const runs = [
    ['validate', '.'], ['validate', '.', '--json'], ['validate', '.', '--format', 'github'],
    ['validate', '.', '--readers'], ['validate', '.', '--readers', '--json'], ['validate', '.', '--readers', '--format', 'github'],
    ['inspect', '.'], ['repair', '.'],
  ];
  for (const args of runs) {
    const { status, stdout, stderr } = cli(...args);
    assert.ok(status === 0 || status === 1, `${args.join(' ')}: ${stderr}`);
    assert.deepEqual(forged(`${stdout}\n${stderr}`, args.includes('github')), [], args.join(' '));
    if (args.includes('--json')) continue;
    // Every form reached the output, escaped.
    const output = `${stdout}${stderr}`;
    // (--format github writes a file name's ":" as %3A besides.)
    for (const shown of ['##\\u005berror]forged', 'a ##\\u005bstop-commands]token', ' \\u003a', '\u00a0\u3000\\u003a']) {
      assert.ok(output.includes(shown), `${args.join(' ')}: ${shown} in\n${output}`);
    }
  }
  assert.match(cli('validate', '.').stdout, /bad\/zarr\.json:\d+:\d+: \w+ \/data_type: warning: found the data type "##\\u005berror\]type"/);
  assert.match(cli('validate', '.', '--readers').stdout, /\/consolidated_metadata\/metadata\/##\\u005bstop-commands\]entry/);
  // Inside a line, where no command can start, "::" is left as it is.
  assert.match(cli('validate', '.', '--format', 'github').stdout, /STALE_CONSOLIDATION::\/consolidated_metadata\/metadata\/ ::warning::entry: found a copy/);
  assert.match(cli('inspect', '.').stdout, /^ {3}\\u003a:warning::entry +array uint8/m);
});

test('--json: the escapes are JSON\'s, so the names read back as they are', () => {
  for (const args of [['validate', '.', '--json'], ['validate', '.', '--readers', '--json']]) {
    const { files } = JSON.parse(cli(...args).stdout);
    const names = files.map((f) => f.file);
    for (const name of NAMES) assert.ok(names.includes(join(name, 'zarr.json')), `${name} in ${names}`);
    const readers = files.find((f) => f.file === 'zarr.json').readers;
    if (readers) assert.ok(readers.some((r) => r.pointer.startsWith(`/consolidated_metadata/metadata/${ENTRIES[0]}/`)));
  }
});
