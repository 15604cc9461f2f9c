// The package's unpacker (js/wasm/unpack.js, src/unpack/), which loads the
// embedded WebAssembly modules: the two modules decode to exactly the
// built .wasm files, payloads compressed by xz round-trip, a corrupt
// payload throws an Error naming the unpacker's code, and the unpacker
// keeps working after it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { unpackBase64 } from '../../js/wasm/unpack.js';
import readerModule from '../../dist/zarr_rectilinear.wasm.mjs';
import toolsModule from '../../dist/zarr_rectilinear_tools.wasm.mjs';

// A small deterministic generator (xorshift32), so that failures repeat.
function bytes(kind, size, seed) {
  let state = seed || 1;
  const next = () => ((state ^= state << 13), (state ^= state >>> 17), (state ^= state << 5), state >>> 0);
  const out = new Uint8Array(size);
  const words = ['chunk', 'grid', ' ', 'rectilinear', '\n', '[3, 4]', 'zarr.json'].map((w) => Buffer.from(w));
  for (let i = 0; i < size;) {
    if (kind === 'random') out[i++] = next() & 255;
    else if (kind === 'runs') for (let n = next() % 200, b = next() & 3; n > 0 && i < size; n--) out[i++] = b;
    else for (const b of words[next() % words.length]) if (i < size) out[i++] = b;
  }
  return out;
}

// xz's .lzma of `data` at these options, its size written into its header
// as scripts/embed-wasm.mjs writes it.
function lzma(data, ...options) {
  const stream = execFileSync('xz', ['--format=lzma', '--stdout', ...options], { input: data });
  stream.writeBigUInt64LE(BigInt(data.length), 5);
  return stream;
}

const SIZES = [0, 1, 100, 5000, 70000];
const KINDS = ['random', 'runs', 'text'];

test('both embedded modules decode to exactly the built .wasm files', () => {
  for (const [text, file] of [[readerModule, 'zarr_rectilinear'], [toolsModule, 'zarr_rectilinear_tools']]) {
    const expected = readFileSync(new URL(`../../build/wasm/${file}.wasm`, import.meta.url));
    const got = unpackBase64(text);
    assert.ok(got instanceof Uint8Array);
    assert.equal(got.length, expected.length);
    assert.ok(Buffer.from(got.buffer, got.byteOffset, got.length).equals(expected), file);
  }
});

test('payloads compressed by xz, at several presets and literal bits, round-trip', () => {
  for (const kind of KINDS) {
    for (const size of SIZES) {
      const data = bytes(kind, size, size + 7);
      for (const options of [['-0'], ['-6'], ['-9e'], ['--lzma1=preset=6,lc=0,lp=2,pb=0'], ['--lzma1=preset=1,lc=4,lp=0,pb=4']]) {
        assert.deepEqual(unpackBase64(lzma(data, ...options).toString('base64')), data, `${kind}, ${size} bytes, ${options}`);
      }
    }
  }
});

test('a corrupt payload throws an Error naming the unpacker code, and the unpacker keeps working', () => {
  const data = bytes('text', 5000, 1);
  const good = lzma(data, '-6');
  const changed = (at, value) => {
    const copy = Buffer.from(good);
    copy[at < 0 ? copy.length + at : at] = value;
    return copy.toString('base64');
  };
  const sized = (size) => {
    const copy = Buffer.from(good);
    copy.writeBigUInt64LE(size, 5);
    return copy.toString('base64');
  };
  const cases = [
    ['not base64', 'XQAA!AAA', -1],
    ['outside ASCII', `${good.toString('base64').slice(0, -4)}é`, -1],
    ['lc + lp above 4', changed(0, 4 + 9 * 1), -2],
    ['truncated', good.subarray(0, good.length - 3).toString('base64'), -3],
    ['only a header', good.subarray(0, 13).toString('base64'), -3],
    ['its size unknown', sized(2n ** 64n - 1n), -5],
    ['a size of 4 GiB, not grown to', sized(2n ** 32n), -5],
    ['a size of 2 GiB, more than it can hold', sized(2n ** 31n), -5],
    ['a size one more than its output', sized(BigInt(data.length + 1)), -6],
    ['a size one less than its output', sized(BigInt(data.length - 1)), -6],
    ['a range coder that does not start at 0', changed(13, 1), -7],
    ['bytes after its end', Buffer.concat([good, Buffer.from([0])]).toString('base64'), -8],
  ];
  for (const [what, text, code] of cases) {
    assert.throws(() => unpackBase64(text), (error) => {
      assert.ok(error instanceof Error, what);
      assert.match(error.message, new RegExp(`corrupt \\(unpacker error ${code},`), what);
      return true;
    }, what);
    assert.deepEqual(unpackBase64(good.toString('base64')), data, `after ${what}`);
  }
  assert.equal(unpackBase64(readerModule).length, readFileSync(new URL('../../build/wasm/zarr_rectilinear.wasm', import.meta.url)).length);
});

test('each result is a copy of its own, which later calls leave as it was', () => {
  const first = unpackBase64(lzma(bytes('random', 1000, 5), '-6').toString('base64'));
  const kept = Uint8Array.from(first);
  unpackBase64(lzma(bytes('runs', 100000, 6), '-6').toString('base64'));
  assert.deepEqual(first, kept);
  assert.equal(first.byteOffset, 0);
  assert.equal(first.buffer.byteLength, 1000);
});
