// The real CLI, spawned on fixture trees: printed lines, the JSON report,
// and exit codes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixtures, root, run, writeBadInput } from './support.mjs';
import { serve } from '../../scripts/serve.mjs';
import { MAX_DOCUMENT_BYTES, readBounded } from '../../js/cli/read-file.js';

let work;
before(() => {
  work = mkdtempSync(join(tmpdir(), 'zr-cli-'));
});
after(() => rmSync(work, { recursive: true, force: true }));

test('a valid store with groups, rectilinear and regular arrays exits 0', async () => {
  const { code, lines } = await run('validate', join(fixtures, 'store'));
  assert.equal(code, 0);
  assert.deepEqual(lines, ['5 valid, 0 invalid, 0 unreadable']);
});

test('--json reports every file with its kind, and a summary', async () => {
  const { code, stdout } = await run('validate', join(fixtures, 'store'), '--json');
  assert.equal(code, 0);
  const report = JSON.parse(stdout);
  const kinds = Object.fromEntries(report.files.map((f) => [f.file.slice(fixtures.length + 1), f.kind]));
  assert.deepEqual(kinds, {
    'store/nested/daily/zarr.json': 'array',
    'store/nested/zarr.json': 'group',
    'store/rectilinear/zarr.json': 'array',
    'store/regular/zarr.json': 'array',
    'store/zarr.json': 'group',
  });
  assert.ok(report.files.every((f) => f.valid && f.errors.length === 0 && Array.isArray(f.warnings)));
  assert.deepEqual(report.summary, { valid: 5, invalid: 0, unreadable: 0, warnings: 0 });
});

// Each bad input's problems, by default and with --strict: bad-inputs.test.mjs.
test('--lenient turns an integral float into a warning', async () => {
  const file = writeBadInput(join(work, 'float-edge'), 'an edge of 10.0 (strict, pretty-printed)');
  const { code, lines } = await run('validate', file, '--lenient');
  assert.equal(code, 0);
  assert.match(lines[0], /float-edge\/zarr\.json:\d+:\d+: INTEGRAL_FLOAT \/chunk_grid\/configuration\/chunk_shapes\/0\/0: warning: found 10\.0/);
});

test('unreadable files and symlink loops get a line and do not hang the walk', async () => {
  const tree = join(work, 'tree');
  cpSync(join(fixtures, 'store'), tree, { recursive: true });
  symlinkSync(tree, join(tree, 'nested', 'loop'));
  mkdirSync(join(tree, 'dangling'));
  symlinkSync(join(work, 'nowhere.json'), join(tree, 'dangling', 'zarr.json'));
  const { code, stdout } = await run('validate', tree, '--json');
  assert.equal(code, 1);
  const report = JSON.parse(stdout);
  assert.deepEqual(report.summary, { valid: 5, invalid: 0, unreadable: 1, warnings: 0 });
  const bad = report.files.find((f) => f.kind === 'unreadable');
  assert.equal(bad.file, join(tree, 'dangling', 'zarr.json'));
  assert.match(bad.errors[0].message, /ENOENT/);
});

test('a missing path is unreadable, and no zarr.json at all exits 1', async () => {
  const missing = await run('validate', join(work, 'does-not-exist'));
  assert.equal(missing.code, 1);
  assert.deepEqual(missing.lines, [`${join(work, 'does-not-exist')}: UNREADABLE (document): cannot read: ENOENT`, '0 valid, 0 invalid, 1 unreadable']);
  mkdirSync(join(work, 'empty'));
  const empty = await run('validate', join(work, 'empty'));
  assert.equal(empty.code, 1);
  assert.deepEqual(empty.lines, [`${join(work, 'empty')}: UNREADABLE (document): cannot read: found no zarr.json in this folder or below it; expected a zarr.json, or a folder holding one`, '0 valid, 0 invalid, 1 unreadable']);
});

test('an HTTP store on localhost is fetched; a URL ending in / means <url>zarr.json', async () => {
  const root = join(work, 'http');
  cpSync(join(fixtures, 'store'), join(root, 'store'), { recursive: true });
  writeBadInput(join(root, 'errors', 'zero-edge'), 'an edge of 0 between edges of 5 (pretty-printed)');
  const { server, url } = await serve({ root });
  try {
    const base = url; // the tree above, served
    const { code, stdout } = await run('validate', `${base}/store/rectilinear/`, `${base}/errors/zero-edge/zarr.json`, `${base}/store/missing/`, '--json');
    assert.equal(code, 1);
    const report = JSON.parse(stdout);
    assert.deepEqual(report.files.map((f) => [f.file.slice(base.length), f.kind, f.valid]), [
      ['/store/rectilinear/zarr.json', 'array', true],
      ['/errors/zero-edge/zarr.json', 'array', false],
      ['/store/missing/zarr.json', 'unreadable', false],
    ]);
    assert.match(report.files[2].errors[0].message, /HTTP 404/);
  } finally {
    server.close();
  }
});

test('a URL that cannot be fetched says why (ECONNREFUSED), not only "fetch failed"', async () => {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  await new Promise((done) => server.close(done)); // nothing listens there now
  const { code, lines } = await run('validate', `http://127.0.0.1:${port}/store/`);
  assert.equal(code, 1);
  assert.equal(lines[0], `http://127.0.0.1:${port}/store/zarr.json: UNREADABLE (document): cannot read: ECONNREFUSED`);
});

test('usage errors exit 2', async () => {
  for (const args of [[], ['bogus'], ['validate'], ['inspect', 'a', 'b'], ['validate', 'x', '--nope']]) {
    const { code, stderr } = await run(...args);
    assert.equal(code, 2, args.join(' '));
    assert.match(stderr, /usage:/);
  }
});

test('inspect prints the summary', async () => {
  const { code, stdout } = await run('inspect', join(fixtures, 'compact/zarr.json'));
  assert.equal(code, 0);
  assert.match(stdout, /^shape\s+\[6, 6\]$/m);
  assert.match(stdout, /^chunks per axis\s+\[3, 6\] active, \[3, 6\] declared$/m);
  assert.match(stdout, /^runs, axis 1\s+\[1, 6\]$/m);
  assert.match(stdout, /^regular\s+yes: \{"name":"regular","configuration":\{"chunk_shape":\[2,1\]\}\}$/m);
});

test('inspect of an invalid file prints the problems and exits 1', async () => {
  const { code, stderr } = await run('inspect', writeBadInput(join(work, 'zero-edge'), 'an edge of 0 between edges of 5 (pretty-printed)'));
  assert.equal(code, 1);
  assert.match(stderr, /^.*zero-edge\/zarr\.json:\d+:\d+: [A-Z_]+ \/chunk_grid\/configuration\/chunk_shapes\/0\/1: found 0/m);
});

test('compact prints the canonical chunk_grid; a regular grid stays regular', async () => {
  const rect = await run('compact', join(fixtures, 'compact/zarr.json'));
  assert.equal(rect.stdout, '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[2,2,2],[[1,6]]]}}\n');
  const regular = await run('compact', join(fixtures, 'compact/regular.json'));
  assert.equal(regular.stdout, '{"name":"regular","configuration":{"chunk_shape":[10]}}\n');
});

test('compact --write replaces only the chunk_grid text; every other byte stays', async () => {
  const file = join(work, 'zarr.json');
  const original = readFileSync(join(fixtures, 'compact/zarr.json'));
  writeFileSync(file, original);
  const { code } = await run('compact', file, '--write');
  assert.equal(code, 0);
  const written = readFileSync(file);
  const text = original.toString('utf8');
  const begin = text.indexOf('{\n    "name"');
  const end = text.indexOf('\n  },\n  "chunk_key_encoding"') + '\n  }'.length;
  const compactGrid = '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[2,2,2],[[1,6]]]}}';
  assert.equal(written.toString('utf8'), text.slice(0, begin) + compactGrid + text.slice(end));
  assert.match(written.toString('utf8'), /"fill_value": 18446744073709551615,/);
  assert.deepEqual(readdirSync(work).filter((n) => n.endsWith('.tmp')), [], 'no temporary file is left behind');
});

test('inspect --svg writes a readable drawing, with dense lines merged at 10^9 chunks', async () => {
  const file = join(work, 'huge.json');
  writeFileSync(file, JSON.stringify({
    zarr_format: 3, node_type: 'array', shape: [1000000, 1000000], data_type: 'uint8',
    chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[[1, 1000000]], [[1000, 999], 1000]] } },
    chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [{ name: 'bytes' }],
  }));
  const svgFile = join(work, 'huge.svg');
  const { code, stdout } = await run('inspect', file, '--svg', svgFile);
  assert.equal(code, 0);
  assert.match(stdout, /^chunks\s+1000000000 active/m);
  const svg = readFileSync(svgFile, 'utf8');
  assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(svg, /<\/svg>\s*$/);
  assert.ok(svg.length < 200_000, `the drawing stays small (${svg.length} bytes): lines closer than a pixel are merged`);
  assert.ok((svg.match(/<line/g) ?? []).length < 2000, 'no line per chunk');
});

test('inspect --svg of a group says it wrote nothing, and exits 1; an empty --svg path is a usage error', async () => {
  const svgFile = join(work, 'group.svg');
  const group = await run('inspect', join(fixtures, 'store/zarr.json'), '--svg', svgFile);
  assert.equal(group.code, 1, 'exit 0 told the user the drawing was written');
  assert.match(group.stderr, /store\/zarr\.json: --svg draws an array \(found a group\); nothing written to .*group\.svg/);
  assert.throws(() => readFileSync(svgFile), { code: 'ENOENT' });
  const empty = await run('inspect', join(fixtures, 'store/regular/zarr.json'), '--svg=');
  assert.equal(empty.code, 2, 'an empty path was ignored, with exit 0');
  assert.match(empty.stderr, /--svg: found an empty path/);
  // A drawing that cannot be written: the line names the path given, once
  // with its code.
  mkdirSync(join(work, 'a-folder.svg'));
  for (const [svg, why] of [[join(work, 'a-folder.svg'), /not a regular file \(found a directory/], [join(work, 'no-folder/x.svg'), /^ENOENT: no such file/]]) {
    const failed = await run('inspect', join(fixtures, 'store/regular/zarr.json'), '--svg', svg);
    assert.equal(failed.code, 1);
    const [named, rest] = failed.stderr.split(': cannot write the drawing: ');
    assert.equal(named, svg, failed.stderr);
    assert.match(rest, why);
  }
});

// Two array documents for `plan`, written to the work folder.
function planDocuments(sourceShapes, targetShapes, shape) {
  const doc = (chunkShapes) => JSON.stringify({
    zarr_format: 3, node_type: 'array', shape, data_type: 'uint8',
    chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: chunkShapes } },
    chunk_key_encoding: { name: 'default' }, fill_value: 0, codecs: [{ name: 'bytes' }],
  });
  const source = join(work, `plan-source-${shape.join('x')}.json`), target = join(work, `plan-target-${shape.join('x')}.json`);
  writeFileSync(source, doc(sourceShapes));
  writeFileSync(target, doc(targetShapes));
  return [source, target];
}

test('plan prints the totals of a rechunk plan; --json gives them exactly', async () => {
  // Axis 0: chunks of 1000 read by chunks of 1001 over about 10^12 elements
  // (every target chunk reads 2); axis 1: [2, 4] read by [3, 3] (2 and 1).
  const [source, target] = planDocuments([1000, [2, 4]], [1001, [3, 3]], [1001000000000, 6]);
  const { code, stdout } = await run('plan', source, target);
  assert.equal(code, 0);
  assert.match(stdout, /^shape +\[1001000000000, 6\]$/m);
  assert.match(stdout, /^reads per target chunk +at most 4, mean 3$/m);
  assert.match(stdout, /^read amplification +/m);
  const json = await run('plan', source, target, '--json');
  assert.equal(json.code, 0);
  const report = JSON.parse(json.stdout);
  assert.equal(report.maxReads, 4);
  assert.equal(report.targetChunks, 2000000000);
  assert.equal(report.axes[0].reads, 2000000000);
  assert.equal(report.axes[1].readElements, 10);
  assert.match(json.stdout, /"numerator":20000000000000,/);
});

test('plan refuses shapes that differ, and invalid documents', async () => {
  const [source] = planDocuments([2], [3], [6]);
  const [, target] = planDocuments([2], [3], [7]);
  const differ = await run('plan', source, target);
  assert.equal(differ.code, 1);
  assert.match(differ.stderr, /axis 0 has length 6 in the source and 7 in the target/);
  const invalid = await run('plan', source, writeBadInput(join(work, 'zero-edge'), 'an edge of 0 between edges of 5 (pretty-printed)'));
  assert.equal(invalid.code, 1);
  assert.match(invalid.stderr, /zero-edge\/zarr\.json:\d+:\d+: [A-Z_]+ \/chunk_grid/);
  assert.equal((await run('plan', source)).code, 2);
});

test('a FIFO named zarr.json, or given as a path, is unreadable and never opened (the walk does not hang)', { timeout: 30_000 }, async () => {
  const tree = join(work, 'fifo-tree');
  cpSync(join(fixtures, 'store'), tree, { recursive: true });
  mkdirSync(join(tree, 'pipe'));
  const fifo = join(tree, 'pipe', 'zarr.json');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo');
  const { code, stdout } = await run('validate', tree, '--json');
  assert.equal(code, 1);
  const report = JSON.parse(stdout);
  assert.deepEqual(report.summary, { valid: 5, invalid: 0, unreadable: 1, warnings: 0 });
  const bad = report.files.find((f) => f.kind === 'unreadable');
  assert.equal(bad.file, fifo);
  assert.match(bad.errors[0].message, /not a regular file \(found a FIFO/);
  const direct = await run('validate', fifo);
  assert.equal(direct.code, 1);
  assert.match(direct.lines[0], /cannot read: not a regular file \(found a FIFO/);
  for (const command of ['inspect', 'compact']) {
    const other = await run(command, fifo);
    assert.equal(other.code, 1, command);
    assert.match(other.stderr, /not a regular file/, command);
  }
});

test('a symlink to /dev/zero named zarr.json leads out of the tree, and /dev/zero itself is a character device: both unreadable', { timeout: 30_000 }, async () => {
  const tree = join(work, 'zero-tree');
  mkdirSync(tree);
  symlinkSync('/dev/zero', join(tree, 'zarr.json'));
  const walked = await run('validate', tree);
  assert.equal(walked.code, 1);
  assert.match(walked.lines[0], /zarr\.json: UNREADABLE \(document\): cannot read: a symlink that leads outside the tree given \(found one leading to \/dev\/zero/);
  assert.equal(walked.lines.at(-1), '0 valid, 0 invalid, 1 unreadable');
  const direct = await run('validate', '/dev/zero');
  assert.equal(direct.code, 1);
  assert.match(direct.lines[0], /character device/);
});

test('a file past 128 MiB is unreadable, "too large", read no further than the limit', { timeout: 60_000 }, async () => {
  const dir = join(work, 'large');
  mkdirSync(dir);
  const file = join(dir, 'zarr.json');
  writeFileSync(file, '');
  truncateSync(file, MAX_DOCUMENT_BYTES + 1); // sparse: no disk used
  const { code, lines } = await run('validate', dir);
  assert.equal(code, 1);
  assert.match(lines[0], /cannot read: too large: more than 134217728 bytes/);
  rmSync(dir, { recursive: true });
});

test('readBounded reads at most limit + 1 bytes: a file at the limit reads, one byte more is too large', async () => {
  const file = join(work, 'bounded.json');
  writeFileSync(file, 'x'.repeat(10));
  assert.equal((await readBounded(file, { limit: 10 })).length, 10);
  await assert.rejects(readBounded(file, { limit: 9 }), /too large/);
  await assert.rejects(readBounded('/dev/zero', { limit: 9 }), /character device/);
});

test('compact reads a file that starts with a byte-order mark (--lenient too), and --write keeps the mark', async () => {
  const file = join(work, 'bom.json');
  const original = readFileSync(join(fixtures, 'compact/zarr.json'));
  writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), original]));
  const compactGrid = '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[2,2,2],[[1,6]]]}}';
  for (const args of [[], ['--lenient']]) {
    const printed = await run('compact', file, ...args);
    assert.equal(printed.code, 0, printed.stderr);
    assert.equal(printed.stdout, `${compactGrid}\n`);
    // Read with a warning, as the README says, and as inspect and validate say it.
    // The mark is no column: the document starts at 1:1.
    assert.match(printed.stderr, /^.*bom\.json:1:1: BYTE_ORDER_MARK \(document\): warning: found a UTF-8 byte-order mark/m);
  }
  // plan says so too, for each of its files.
  const planned = await run('plan', file, file);
  assert.equal(planned.code, 0, planned.stderr);
  assert.equal(planned.stderr.match(/BYTE_ORDER_MARK \(document\): warning/g)?.length, 2, planned.stderr);
  const written = await run('compact', file, '--lenient', '--write');
  assert.equal(written.code, 0, written.stderr);
  const bytes = readFileSync(file);
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
  const text = original.toString('utf8');
  const begin = text.indexOf('{\n    "name"');
  const end = text.indexOf('\n  },\n  "chunk_key_encoding"') + '\n  }'.length;
  assert.equal(bytes.subarray(3).toString('utf8'), text.slice(0, begin) + compactGrid + text.slice(end));
});

test('validate refuses a group with a bad zarr_format and attributes, and documents the new rules refuse', async () => {
  const dir = join(work, 'bad-group');
  mkdirSync(dir);
  writeFileSync(join(dir, 'zarr.json'), '{"zarr_format": 99, "node_type": "group", "attributes": 7}');
  const group = await run('validate', dir);
  assert.equal(group.code, 1);
  assert.ok(group.lines.some((l) => l.endsWith('/zarr_format: found 99; expected 3')), group.stdout);
  assert.ok(group.lines.some((l) => l.includes('/attributes: found 7; expected an object')), group.stdout);
  assert.equal(group.lines.at(-1), '0 valid, 1 invalid, 0 unreadable');
  const array = JSON.parse(readFileSync(join(fixtures, 'store/rectilinear/zarr.json'), 'utf8'));
  writeFileSync(join(dir, 'zarr.json'), JSON.stringify({ ...array, codecs: [] }));
  const empty = await run('validate', dir, '--strict'); // zarrita.js's [] is read by default (docs/writers-ledger.md)
  assert.equal(empty.code, 1);
  assert.match(empty.lines[0], /\/codecs: found \[\]; expected an array of codecs/);
});

test('a folder whose name is not UTF-8 is reported, not passed over: its zarr.json would go unchecked', { skip: process.platform !== 'linux' && 'names of any bytes are a Linux matter' }, async () => {
  const tree = join(work, 'undecodable');
  mkdirSync(tree);
  writeFileSync(join(tree, 'zarr.json'), readFileSync(join(fixtures, 'store/zarr.json')));
  // Node's string paths cannot name it; Buffer paths can.
  const folder = Buffer.concat([Buffer.from(`${tree}/bad`), Buffer.from([0xff])]);
  mkdirSync(folder);
  writeFileSync(Buffer.concat([folder, Buffer.from('/zarr.json')]), '{"zarr_format": 2}');
  for (const command of ['validate', 'repair', 'inspect']) {
    const { code, stdout, stderr } = await run(command, tree);
    assert.equal(code, 1, `${command}: ${stdout}${stderr}`);
    assert.match(stdout + stderr, /bad\uFFFD: .*a folder whose name is not UTF-8 \(found the bytes 626164ff/, command);
  }
  const report = JSON.parse((await run('validate', tree, '--json')).stdout);
  assert.deepEqual(report.summary, { valid: 1, invalid: 0, unreadable: 1, warnings: 0 });
});

test('a reader that closes the pipe early (validate ... | head -1) ends the CLI quietly: no EPIPE stack trace', async () => {
  const file = join(fixtures, 'store/rectilinear/zarr.json');
  const child = spawn('node', [join(root, 'js/cli.js'), 'validate', ...Array(2000).fill(file), '--readers'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.once('data', () => child.stdout.destroy()); // what head -1 does
  const code = await new Promise((done) => child.on('close', (status) => done(status)));
  assert.doesNotMatch(stderr, /EPIPE|\n\s+at /);
  assert.equal(code, 1);
});

test('a folder holding no zarr.json is reported, also beside others that hold some, and fails the run', async () => {
  const empty = join(work, 'empty-store');
  mkdirSync(empty);
  const store = join(fixtures, 'store');
  const both = await run('validate', store, empty);
  assert.equal(both.code, 1, both.stdout);
  assert.ok(both.lines.includes(`${empty}: UNREADABLE (document): cannot read: found no zarr.json in this folder or below it; expected a zarr.json, or a folder holding one`), both.stdout);
  assert.match(both.lines.at(-1), / 1 unreadable$/);
  // A folder given twice is walked once, and not reported empty the second time.
  const twice = await run('validate', store, store);
  assert.equal(twice.lines.at(-1), (await run('validate', store)).lines.at(-1));
  // Nor a folder whose documents were all reported under an earlier target
  // (given first, then the folder above it).
  const nestedFirst = await run('validate', join(store, 'nested'), store);
  assert.equal(nestedFirst.code, 0, nestedFirst.stdout);
  assert.deepEqual(nestedFirst.lines, ['5 valid, 0 invalid, 0 unreadable']);
  const parent = join(work, 'parent-of-store');
  cpSync(join(store, 'nested'), join(parent, 'child'), { recursive: true });
  const childFirst = await run('validate', join(parent, 'child'), parent);
  assert.equal(childFirst.code, 0, childFirst.stdout);
  assert.deepEqual(childFirst.lines, ['2 valid, 0 invalid, 0 unreadable']);
  const repaired = await run('repair', empty);
  assert.equal(repaired.code, 1);
  assert.match(repaired.stderr, /empty-store: cannot repair: found no zarr.json in this folder/);
});

test('a URL that answers too slowly is given up after --timeout seconds, however it trickles', { timeout: 60_000 }, async () => {
  const { createServer } = await import('node:http');
  // Headers at once, then a byte every 200 ms: no fetch timeout of its own trips.
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{');
    const drip = setInterval(() => res.write(' '), 200);
    res.on('close', () => clearInterval(drip));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}/zarr.json`;
  try {
    const started = Date.now();
    const slow = await run('validate', url, '--timeout', '1');
    assert.equal(slow.code, 1);
    assert.deepEqual(slow.lines, [`${url}: UNREADABLE (document): cannot read: no whole answer within 1 s (--timeout)`, '0 valid, 0 invalid, 1 unreadable']);
    assert.ok(Date.now() - started < 20_000);
    const inspected = await run('inspect', url, '--timeout', '0.5');
    assert.equal(inspected.code, 1);
    assert.match(inspected.stderr, /no whole answer within 0\.5 s/);
  } finally {
    server.closeAllConnections();
    server.close();
  }
  for (const bad of ['0', '-1', 'abc', '1e9']) {
    const usage = await run('validate', url, `--timeout=${bad}`);
    assert.equal(usage.code, 2, bad);
    assert.match(usage.stderr, /--timeout: found .*; expected seconds, more than 0 and at most 86400/);
  }
});

test('a URL is followed through redirects on its own origin only', { timeout: 60_000 }, async () => {
  const { createServer } = await import('node:http');
  const doc = readFileSync(join(fixtures, 'compact/zarr.json'));
  const listen = (handler) => new Promise((resolve) => {
    const server = createServer(handler);
    server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${server.address().port}` }));
  });
  // The other origin sends a detour back home; it is never asked.
  const asked = [];
  const other = await listen((req, res) => {
    asked.push(req.url);
    res.writeHead(302, { location: `${home.origin}/zarr.json` }).end();
  });
  const home = await listen((req, res) => {
    const to = { '/moved/zarr.json': '/zarr.json', '/away/zarr.json': `${other.origin}/zarr.json`, '/loop/zarr.json': '/loop/zarr.json' }[req.url];
    if (to) res.writeHead(302, { location: to }).end();
    else res.end(doc);
  });
  try {
    const same = await run('validate', `${home.origin}/moved/zarr.json`);
    assert.equal(same.code, 0, same.stdout);
    const away = await run('validate', `${home.origin}/away/zarr.json`);
    assert.equal(away.code, 1);
    assert.deepEqual(away.lines, [`${home.origin}/away/zarr.json: UNREADABLE (document): cannot read: redirected to ${other.origin} (another origin); expected an answer from ${home.origin} (give the URL it redirects to, if you trust it)`, '0 valid, 0 invalid, 1 unreadable']);
    assert.deepEqual(asked, []);
    const loop = await run('validate', `${home.origin}/loop/zarr.json`);
    assert.deepEqual(loop.lines, [`${home.origin}/loop/zarr.json: UNREADABLE (document): cannot read: redirected more than 20 times; expected an answer`, '0 valid, 0 invalid, 1 unreadable']);
  } finally {
    home.server.close();
    other.server.close();
  }
});
