// parseExact: JSON text read by the reader module and handed over as an
// answer block (src/wasm/answer_block.hpp, js/document/json-block.js). It must give
// what JSON.parse gives, except that integers past 2^53 - 1 are exact
// bigints; at any depth; and "__proto__" as an own member.
import test from 'node:test';
import assert from 'node:assert/strict';
import { parseExact } from '../../js/document/exact-json.js';

// A small seeded generator (mulberry32), so a failure can be replayed.
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const STRINGS = ['', 'a', 'é', '𝄞 clef', 'line\nbreak', 'quote"', '__proto__', 'constructor', '\u0000'];
const NUMBERS = ['0', '-0', '1', '-1', '9007199254740991', '-9007199254740991', '0.5', '-2.5e-3', '1e21', '1E+2', '123456789.125'];
const BIG = ['9007199254740992', '-9007199254740993', '18446744073709551615', '-18446744073709551615'];

// A random JSON value as text, and the value parseExact must give.
function value(next, depth) {
  const r = next();
  if (depth > 3 || r < 0.45) {
    const s = next();
    if (s < 0.1) return ['null', null];
    if (s < 0.2) return s < 0.15 ? ['true', true] : ['false', false];
    if (s < 0.45) {
      const text = NUMBERS[Math.floor(next() * NUMBERS.length)];
      return [text, JSON.parse(text)];
    }
    if (s < 0.6) {
      const text = BIG[Math.floor(next() * BIG.length)];
      return [text, BigInt(text)];
    }
    const str = STRINGS[Math.floor(next() * STRINGS.length)];
    return [JSON.stringify(str), str];
  }
  const n = Math.floor(next() * 4);
  const items = Array.from({ length: n }, () => value(next, depth + 1));
  if (r < 0.7) return [`[${items.map(([t]) => t).join(',')}]`, items.map(([, v]) => v)];
  const keys = items.map(() => STRINGS[Math.floor(next() * STRINGS.length)]);
  const object = {};
  keys.forEach((k, i) => Object.defineProperty(object, k, { value: items[i][1], writable: true, enumerable: true, configurable: true }));
  return [`{${items.map(([t], i) => `${JSON.stringify(keys[i])}:${t}`).join(',')}}`, object];
}

test('random JSON values come back as JSON.parse gives them, with integers past 2^53 - 1 as exact bigints', () => {
  const next = random(20261202);
  for (let i = 0; i < 2000; i++) {
    const [text, expected] = value(next, 0);
    assert.deepStrictEqual(parseExact(text), expected, text);
  }
});

test('-0 stays -0, and "__proto__" is an own member, as JSON.parse makes it', () => {
  assert.ok(Object.is(parseExact('-0'), -0));
  const parsed = /** @type {Record<string, unknown>} */ (parseExact('{"__proto__":{"a":1},"b":[18446744073709551615]}'));
  assert.ok(Object.hasOwn(parsed, '__proto__'));
  assert.deepEqual(Object.getPrototypeOf(parsed), Object.prototype);
  assert.deepEqual(parsed.b, [18446744073709551615n]);
});

test('nesting 100,000 deep is read without overflowing any stack', () => {
  const depth = 100_000;
  let value = /** @type {unknown} */ (parseExact(`${'['.repeat(depth)}1${']'.repeat(depth)}`));
  for (let i = 0; i < depth; i++) value = /** @type {unknown[]} */ (value)[0];
  assert.equal(value, 1);
});

test('text that does not parse gives null', () => {
  assert.equal(parseExact('{"a":'), null);
  assert.equal(parseExact(new TextEncoder().encode('[1,]')), null);
});
