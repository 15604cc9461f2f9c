// `repair` on a store, written here, that holds every repairable writers'
// ledger entry (docs/writers-ledger.md), before and after: the dry run
// prints each change and changes nothing; --write writes them, after which
// `validate --strict` passes (but for NaN in attributes, reported and
// left), every byte outside the changes is as it was, and the arrays read
// the same data through zarr-rectilinear/zarrita. A symlinked zarr.json is
// refused by --write.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import FileSystemStore from '@zarrita/storage/fs';
import { repairMetadata } from 'zarr-rectilinear/tools';
import { crc32c, get, open } from 'zarr-rectilinear/zarrita';
import { run } from './support.mjs';

const BYTES_LE = '{"name": "bytes", "configuration": {"endian": "little"}}';
const D = '{"zarr_format": 3, "node_type": "array", "shape": [3], "data_type": "float64", "fill_value": 0.0,\n' +
  ' "chunk_grid": {"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": [[1.0, 2]]}},\n' +
  ` "chunk_key_encoding": {"name": "default"}, "codecs": [${BYTES_LE}], "dimension_names": null}`;

// Metadata by path, each with the entries named beside it.
const METADATA = {
  // byte-order-mark, consolidated-metadata-null; NaN in attributes (not repairable)
  'zarr.json': '\uFEFF{\n  "zarr_format": 3,\n  "node_type": "group",\n  "attributes": {"missing": NaN, "keep": "a  b"},\n  "consolidated_metadata": null\n}\n',
  // regular-edge-lists, integral-float-edge, true-as-one, zarrita-null-fill-value, zarrita-empty-codecs, dimension-names-null
  'a/zarr.json': '{\n  "zarr_format": 3,\n  "node_type": "array",\n  "shape": [4, 20],\n  "data_type": "uint8",\n' +
    '  "chunk_grid": {"name": "regular", "configuration": {"chunk_shape": [2, [5, 10.0, true, 4]]}},\n' +
    '  "chunk_key_encoding": {"name": "default"},\n  "fill_value": null,\n  "codecs": [],\n  "dimension_names": null\n}\n',
  // fill-value-spelled (a string), bare-codec-names
  'b/zarr.json': '{"zarr_format":3,"node_type":"array","shape":[6],"data_type":"int32",' +
    '"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[4]}},"chunk_key_encoding":{"name":"default"},' +
    `"fill_value":"42","codecs":[${BYTES_LE},"crc32c"]}`,
  // zero-chunk-size, fill-value-spelled (a float)
  'c/zarr.json': '{"zarr_format":3,"node_type":"array","shape":[0,6],"data_type":"float32",' +
    '"chunk_grid":{"name":"regular","configuration":{"chunk_shape":[false,3]}},"chunk_key_encoding":{"name":"default"},' +
    `"fill_value":"3.14","codecs":[${BYTES_LE}]}`,
  // consolidated entries: integral-float-edge, dimension-names-null, fill-value-spelled (0.0 for an integer type)
  'g/zarr.json': `{"zarr_format": 3, "node_type": "group", "consolidated_metadata": {"kind": "inline", "must_understand": false,\n "metadata": {"d": ${D},\n "e": ${D.replace('"float64"', '"int16"')}}}}`,
  'g/d/zarr.json': D,
  'g/e/zarr.json': D.replace('"float64"', '"int16"'),
};

const chunk = (bytes) => Uint8Array.from(bytes);
const withCrc = (bytes) => {
  const out = new Uint8Array(bytes.length + 4);
  out.set(bytes);
  new DataView(out.buffer).setUint32(bytes.length, crc32c(bytes), true);
  return out;
};
const f64 = (...v) => new Uint8Array(Float64Array.from(v).buffer);
const i16 = (...v) => new Uint8Array(Int16Array.from(v).buffer);
// Chunks: a's 2 x (5, 10, 1, 4) edges, one left to the fill value; b's first of two; d's and e's.
const CHUNKS = {
  ...Object.fromEntries([0, 1].flatMap((i) => [5, 10, 1, 4].map((w, j) => [`a/c/${i}/${j}`, chunk(Array.from({ length: 2 * w }, (_, k) => 10 * i + j + k))]))
    .filter(([key]) => key !== 'a/c/1/2')),
  'b/c/0': withCrc(new Uint8Array(Int32Array.from([-1, 2, -3, 4]).buffer)),
  'g/d/c/0': f64(1.5), 'g/d/c/1': f64(-2.25, 1e300),
  'g/e/c/1': i16(-7, 300),
};
const ARRAYS = ['a', 'b', 'c', 'g/d', 'g/e'];

let dir;
let store;
const files = () => readdirSync(store, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
  .map((e) => relative(store, join(e.parentPath ?? e.path, e.name))).sort();
const snapshot = () => new Map(files().map((f) => [f, readFileSync(join(store, f))]));
const readAll = async () => {
  const fs = new FileSystemStore(store);
  const out = {};
  for (const path of ARRAYS) {
    const { data, shape } = await get(await open(fs, { path }));
    out[path] = { data: Array.from(data), shape };
  }
  return out;
};

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'zr-repair-'));
  store = join(dir, 'store');
  for (const [path, bytes] of [...Object.entries(METADATA), ...Object.entries(CHUNKS)]) {
    mkdirSync(dirname(join(store, path)), { recursive: true });
    writeFileSync(join(store, path), bytes);
  }
});
after(() => rmSync(dir, { recursive: true, force: true }));

test('dry run, --write, validate --strict, the same data, untouched bytes', async () => {
  const original = snapshot();
  const data = await readAll();
  assert.equal(data.a.data[2 * 20 + 15], 0, 'a missing chunk of a reads as 0, as zarrita reads fill_value null');
  assert.deepEqual(data.b.data, [-1, 2, -3, 4, 42, 42]);

  // The dry run: every change printed, nothing written.
  const dry = await run('repair', store);
  assert.equal(dry.code, 0, dry.stderr);
  assert.deepEqual(snapshot(), original);
  const a = join(store, 'a/zarr.json');
  for (const line of [
    `${join(store, 'zarr.json')}: (document): \\ufeff -> (removed) (byte-order-mark)`,
    `${join(store, 'zarr.json')}: /consolidated_metadata: "consolidated_metadata": null -> (removed) (consolidated-metadata-null)`,
    `${join(store, 'zarr.json')}: /attributes/missing: left as written (non-finite-tokens): JSON has no spelling of NaN; left as it is`,
    `${a}: /chunk_grid/configuration/chunk_shape/1/1: 10.0 -> 10 (integral-float-edge)`,
    `${a}: /chunk_grid/configuration/chunk_shape/1/2: true -> 1 (true-as-one)`,
    `${a}: /fill_value: null -> 0 (zarrita-null-fill-value)`,
    `${a}: /codecs: [] -> [${BYTES_LE}] (zarrita-empty-codecs)`,
    `${a}: /dimension_names: "dimension_names": null -> (removed) (dimension-names-null)`,
    `${a}: /chunk_grid: {"name": "regular", "configuration": {"chunk_shape": [2, [5, 10, 1, 4]]}} -> {"name": "rectilinear", "configuration": {"kind": "inline", "chunk_shapes": [2, [5, 10, 1, 4]]}} (regular-edge-lists)`,
    `${join(store, 'b/zarr.json')}: /fill_value: "42" -> 42 (fill-value-spelled)`,
    `${join(store, 'b/zarr.json')}: /codecs/1: "crc32c" -> {"name": "crc32c"} (bare-codec-names)`,
    `${join(store, 'c/zarr.json')}: /chunk_grid/configuration/chunk_shape/0: false -> 1 (zero-chunk-size)`,
    `${join(store, 'c/zarr.json')}: /fill_value: "3.14" -> 3.14 (fill-value-spelled)`,
    `${join(store, 'g/zarr.json')}: /consolidated_metadata/metadata/d/chunk_grid/configuration/chunk_shapes/0/0: 1.0 -> 1 (integral-float-edge)`,
    `${join(store, 'g/zarr.json')}: /consolidated_metadata/metadata/e/fill_value: 0.0 -> 0 (fill-value-spelled)`,
    `${join(store, 'g/zarr.json')}: /consolidated_metadata/metadata/e/dimension_names: "dimension_names": null -> (removed) (dimension-names-null)`,
    `${join(store, 'g/e/zarr.json')}: /dimension_names: "dimension_names": null -> (removed) (dimension-names-null)`,
  ]) assert.ok(dry.lines.includes(line), `missing: ${line}\n${dry.stdout}`);
  assert.equal(dry.lines.at(-1), '22 changes in 7 files, 0 unchanged, 1 left as written, 0 failed; a dry run: nothing written (--write writes them)');

  const before = await run('validate', '--strict', store);
  assert.equal(before.code, 1);

  const written = await run('repair', '--write', store);
  assert.equal(written.code, 0, written.stderr);
  assert.equal(written.lines.at(-1), '22 changes in 7 files, 0 unchanged, 1 left as written, 0 failed; written');
  const now = snapshot();
  // Each zarr.json is what repairMetadata makes of it (which keeps every
  // other byte: tests/js/repair.test.mjs); chunks are untouched.
  for (const [file, bytes] of original) {
    const expected = file.endsWith('zarr.json') ? Buffer.from(repairMetadata(new Uint8Array(bytes)).text) : bytes;
    assert.deepEqual(now.get(file), expected, file);
  }
  assert.equal(now.get('zarr.json').toString(), original.get('zarr.json').toString().slice(1).replace(',\n  "consolidated_metadata": null', ''));

  // Strict validation passes everywhere but at the NaN, which is reported.
  const strict = await run('validate', '--strict', store);
  assert.equal(strict.code, 1);
  const errors = strict.lines.filter((l) => / error|ERROR|NONCONFORMANT|SYNTAX/.test(l) && !l.includes('valid,'));
  assert.equal(errors.length, 1, strict.stdout);
  assert.match(errors[0], /zarr\.json:\d+:\d+: SYNTAX \/attributes\/missing: found NaN/);
  assert.equal(strict.lines.at(-1), '6 valid, 1 invalid, 0 unreadable');
  for (const path of ARRAYS) assert.equal((await run('validate', '--strict', join(store, path))).code, 0, path);

  assert.deepEqual(await readAll(), data);

  // A second run finds nothing more to do but the NaN.
  const again = await run('repair', store);
  assert.deepEqual(again.lines, [
    `${join(store, 'zarr.json')}: /attributes/missing: left as written (non-finite-tokens): JSON has no spelling of NaN; left as it is`,
    '0 changes in 0 files, 7 unchanged, 1 left as written, 0 failed; nothing to write',
  ]);
});

test('--write refuses a symlinked zarr.json, and changes neither it nor its target', async () => {
  const tree = join(dir, 'linked');
  mkdirSync(tree);
  const target = join(tree, 'real.json');
  writeFileSync(target, METADATA['a/zarr.json']);
  symlinkSync('real.json', join(tree, 'zarr.json'));
  const dry = await run('repair', tree);
  assert.equal(dry.code, 0, dry.stderr);
  const result = await run('repair', '--write', join(tree, 'zarr.json'));
  assert.equal(result.code, 1);
  assert.match(result.stderr, /zarr\.json: cannot repair: refused to write through a symlink/);
  assert.equal(readFileSync(target, 'utf8'), METADATA['a/zarr.json']);
  const walked = await run('repair', '--write', tree);
  assert.equal(walked.code, 1);
  assert.equal(walked.lines.at(-1), '0 changes in 0 files, 0 unchanged, 0 left as written, 1 failed; nothing written');
  assert.equal(readFileSync(target, 'utf8'), METADATA['a/zarr.json']);
});

test('a file that is not JSON is reported, and the others are still repaired', async () => {
  const tree = join(dir, 'mixed');
  mkdirSync(join(tree, 'x'), { recursive: true });
  writeFileSync(join(tree, 'zarr.json'), '{"zarr_format": 3,');
  writeFileSync(join(tree, 'x/zarr.json'), '{"zarr_format": 3, "node_type": "group", "consolidated_metadata": null}');
  const result = await run('repair', '--write', tree);
  assert.equal(result.code, 1);
  assert.match(result.stderr, /zarr\.json: \(document\): /);
  assert.equal(readFileSync(join(tree, 'x/zarr.json'), 'utf8'), '{"zarr_format": 3, "node_type": "group"}');
  assert.equal(readFileSync(join(tree, 'zarr.json'), 'utf8'), '{"zarr_format": 3,');
});

test('repair needs a file or folder, and takes only --write and --json', async () => {
  const none = await run('repair');
  assert.equal(none.code, 2);
  assert.match(none.stderr, /repair: expected at least one file or folder/);
  assert.equal((await run('repair', '--format', 'json', store)).code, 2);
  const missing = await run('repair', join(dir, 'nowhere'));
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /nowhere: cannot repair: ENOENT/);
});
