// The package's inflater (js/inflate.js, src/inflate/), which loads the
// WebAssembly modules outside Node: it gives exactly what zlib gives, for
// the two embedded modules and for payloads gzipped by zlib and by zopfli;
// a corrupt payload throws an Error naming the inflater's code, and the
// inflater keeps working after it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { gunzipBase64 } from '../../js/inflate.js';
import gridModule from '../../dist/zarr_rectilinear.wasm.mjs';
import documentModule from '../../dist/zarr_rectilinear_document.wasm.mjs';

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

const SIZES = [0, 1, 100, 5000, 70000];
const KINDS = ['random', 'runs', 'text'];

test('both embedded modules inflate to exactly what zlib gives', () => {
  for (const text of [gridModule, documentModule]) {
    const expected = gunzipSync(Buffer.from(text, 'base64'));
    const got = gunzipBase64(text);
    assert.ok(got instanceof Uint8Array);
    assert.equal(got.length, expected.length);
    assert.ok(Buffer.from(got.buffer, got.byteOffset, got.length).equals(expected));
  }
});

test('payloads gzipped by zlib, at each level and strategy, round-trip', () => {
  for (const kind of KINDS) {
    for (const size of SIZES) {
      const data = bytes(kind, size, size + 7);
      for (const level of [0, 1, 6, 9]) {
        for (const strategy of [constants.Z_DEFAULT_STRATEGY, constants.Z_FIXED, constants.Z_HUFFMAN_ONLY, constants.Z_RLE]) {
          const text = gzipSync(data, { level, strategy }).toString('base64');
          assert.deepEqual(gunzipBase64(text), data, `${kind}, ${size} bytes, level ${level}, strategy ${strategy}`);
        }
      }
    }
  }
});

test('payloads gzipped by zopfli round-trip', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zr-inflate-'));
  try {
    for (const kind of KINDS) {
      for (const size of SIZES) {
        const data = bytes(kind, size, size + 3);
        const file = join(dir, `${kind}-${size}`);
        writeFileSync(file, data);
        const text = execFileSync('zopfli', ['-c', file]).toString('base64');
        assert.deepEqual(gunzipBase64(text), data, `${kind}, ${size} bytes`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a corrupt payload throws an Error naming the inflater code, and the inflater keeps working', () => {
  const gz = gzipSync(bytes('text', 5000, 1));
  const flipped = (at) => {
    const copy = Buffer.from(gz);
    copy[at < 0 ? copy.length + at : at] ^= 1;
    return copy.toString('base64');
  };
  const huge = Buffer.from(gz);
  huge.writeUInt32LE(0xffffffff, huge.length - 4); // ISIZE: 4 GiB, not grown to
  const cases = [
    ['not base64', 'H4sI!AAA', -1],
    ['outside ASCII', `${gz.toString('base64').slice(0, -4)}é`, -1],
    ['not gzip', Buffer.from('not a gzip member').toString('base64'), -2],
    ['truncated', gz.subarray(0, gz.length - 3).toString('base64'), -3],
    ['wrong ISIZE', flipped(-4), -14],
    ['an ISIZE of 4 GiB', huge.toString('base64'), -14],
    ['wrong CRC-32', flipped(-8), -15],
  ];
  for (const [what, text, code] of cases) {
    assert.throws(() => gunzipBase64(text), (error) => {
      assert.ok(error instanceof Error, what);
      assert.match(error.message, new RegExp(`corrupt \\(inflater error ${code},`), what);
      return true;
    });
    assert.deepEqual(gunzipBase64(gz.toString('base64')), bytes('text', 5000, 1), `after ${what}`);
  }
  assert.equal(gunzipBase64(gridModule).length, gunzipSync(Buffer.from(gridModule, 'base64')).length);
});

test('each result is a copy of its own, which later calls leave as it was', () => {
  const first = gunzipBase64(gzipSync(bytes('random', 1000, 5)).toString('base64'));
  const kept = Uint8Array.from(first);
  gunzipBase64(gzipSync(bytes('runs', 100000, 6)).toString('base64'));
  assert.deepEqual(first, kept);
  assert.equal(first.byteOffset, 0);
  assert.equal(first.buffer.byteLength, 1000);
});
