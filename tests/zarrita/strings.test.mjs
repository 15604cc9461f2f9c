// The `string` data type (variable-length UTF-8, codec vlen-utf8), written
// here byte for byte as zarr-python 3 writes it, is read as zarrita reads
// it: a plain Array of strings, in get and getChunk, missing chunks holding
// the fill value; on regular, rectilinear and sharded grids. Writing it is
// refused with a clear error, before anything is written. Chunks that lie
// about their lengths, their count or their UTF-8 are CodecPipelineErrors.
import test from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import * as zarr from 'zarrita';
import { open, get, set, create, crc32c } from 'zarr-rectilinear/zarrita';
import { logical, recordingStore, tempStore } from './support.mjs';

const utf8 = (text) => new TextEncoder().encode(text);

// numcodecs' VLenUTF8: a uint32 count, then a uint32 length and the UTF-8 bytes of each string (little-endian).
function vlenUtf8(strings) {
  const parts = strings.map(utf8);
  const out = new Uint8Array(4 + parts.reduce((n, p) => n + 4 + p.length, 0));
  const view = new DataView(out.buffer);
  view.setUint32(0, strings.length, true);
  let at = 4;
  for (const p of parts) {
    view.setUint32(at, p.length, true);
    out.set(p, at + 4);
    at += 4 + p.length;
  }
  return out;
}

// A shard as zarr-python writes one: inner chunks in order, then the index (offset, nbytes per inner chunk) and its crc32c.
function shard(pieces) {
  const index = new Uint8Array(16 * pieces.length);
  const view = new DataView(index.buffer);
  let offset = 0;
  pieces.forEach((p, k) => {
    view.setBigUint64(16 * k, p ? BigInt(offset) : 2n ** 64n - 1n, true);
    view.setBigUint64(16 * k + 8, p ? BigInt(p.length) : 2n ** 64n - 1n, true);
    offset += p?.length ?? 0;
  });
  return { body: pieces.filter(Boolean), index };
}

const VLEN = [{ name: 'vlen-utf8', configuration: {} }, { name: 'gzip', configuration: { level: 1 } }];

// zarr.json as zarr-python 3 writes it for a string array.
function arrayJSON(shape, chunkGrid, { fill = '', codecs = VLEN } = {}) {
  return JSON.stringify({
    shape, data_type: 'string', chunk_grid: chunkGrid,
    chunk_key_encoding: { name: 'default', configuration: { separator: '/' } },
    fill_value: fill, codecs, attributes: {}, zarr_format: 3, node_type: 'array', storage_transformers: [],
  }, null, 2);
}

const regular = (chunk_shape) => ({ name: 'regular', configuration: { chunk_shape } });
const WORDS = ['hello', '', '世界', '🚀🎉', 'Ñoño', 'a\u0000b'];

async function writeStore(t) {
  const { store, dir } = tempStore(t);
  const put = (key, bytes) => store.set(key, bytes);
  // 1-d, regular chunks of 3, the last chunk missing: [0, 3) and [3, 6) written, [6, 8) fill.
  await put('/words/zarr.json', utf8(arrayJSON([8], regular([3]), { fill: 'n/a' })));
  await put('/words/c/0', gzipSync(vlenUtf8(WORDS.slice(0, 3))));
  await put('/words/c/1', gzipSync(vlenUtf8(WORDS.slice(3, 6))));
  // 2-d, chunks [1, 2], uncompressed.
  await put('/grid/zarr.json', utf8(arrayJSON([2, 3], regular([1, 2]), { codecs: [{ name: 'vlen-utf8', configuration: {} }] })));
  await put('/grid/c/0/0', vlenUtf8(['a', 'bb']));
  await put('/grid/c/0/1', vlenUtf8(['ccc', '']));
  await put('/grid/c/1/0', vlenUtf8(['dddd', 'é']));
  // A string that starts with a byte-order mark.
  await put('/bom/zarr.json', utf8(arrayJSON([1], regular([1]), { codecs: [{ name: 'vlen-utf8', configuration: {} }] })));
  await put('/bom/c/0', vlenUtf8(['\ufeffbom']));
  return { store, dir };
}

test('string arrays written as zarr-python writes them read as zarrita reads them', async (t) => {
  const { store } = await writeStore(t);
  for (const path of ['words', 'grid']) {
    const ours = await open(store, { path, kind: 'array' });
    const theirs = await zarr.open.v3(zarr.root(store).resolve(path), { kind: 'array' });
    assert.equal(ours.dtype, 'string');
    assert.ok(ours.is('string'));
    assert.equal(ours.fillValue, theirs.fillValue);
    const [a, b] = [await get(ours), await zarr.get(theirs)];
    assert.ok(Array.isArray(a.data), 'a plain Array, as zarrita gives');
    assert.deepEqual(a.shape, b.shape);
    assert.deepEqual(logical(a), logical(b), path);
    for (const selection of [[zarr.slice(1, null, 2), ...(path === 'grid' ? [null] : [])], path === 'grid' ? [1, zarr.slice(0, 3)] : [zarr.slice(2, 7)]]) {
      assert.deepEqual(logical(await get(ours, selection)), logical(await zarr.get(theirs, selection)), `${path} ${JSON.stringify(selection)}`);
    }
    for (const coords of path === 'grid' ? [[0, 0], [0, 1], [1, 0], [1, 1]] : [[0], [1], [2]]) {
      const [c, d] = [await ours.getChunk(coords), await theirs.getChunk(coords)];
      assert.deepEqual({ ...c, data: [...c.data] }, { ...d, data: [...d.data] }, `${path} chunk ${coords}`);
    }
  }
  const words = await open(store, { path: 'words' });
  assert.deepEqual((await get(words)).data, [...WORDS.slice(0, 6), 'n/a', 'n/a']);
  assert.equal(await get(words, [5]), 'a\u0000b');
  assert.deepEqual((await get(words, [[7, 0, 4]])).data, ['n/a', 'hello', 'Ñoño']);
  // zarr-python reads a leading byte-order mark as part of the string; so do
  // we (zarrita 0.7's TextDecoder drops it).
  assert.equal(await get(await open(store, { path: 'bom' }), [0]), '\ufeffbom');
  assert.equal(await get(words, [-1]), 'n/a');
  assert.deepEqual((await get(await open(store, { path: 'grid' }))).data, ['a', 'bb', 'ccc', 'dddd', 'é', '']);
});

test('string arrays on a rectilinear grid, and sharded (on a store with get alone too)', async (t) => {
  const { store } = tempStore(t);
  await store.set('/r/zarr.json', utf8(arrayJSON([5], { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[2, 3]] } })));
  await store.set('/r/c/1', gzipSync(vlenUtf8(['x', 'yy', 'zzz'])));
  assert.deepEqual((await get(await open(store, { path: 'r' }))).data, ['', '', 'x', 'yy', 'zzz']);
  assert.deepEqual((await (await open(store, { path: 'r' })).getChunk([1])).data, ['x', 'yy', 'zzz']);
  // Shards of 4 with inner chunks of 2 and index at the end: shard 0 holds both inner chunks, shard 1 only its second.
  const codecs = [{
    name: 'sharding_indexed',
    configuration: { chunk_shape: [2], codecs: VLEN, index_codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'crc32c' }], index_location: 'end' },
  }];
  await store.set('/s/zarr.json', utf8(arrayJSON([8], regular([4]), { codecs, fill: '-' })));
  for (const [key, inner] of [['/s/c/0', [['a', 'b'], ['c', 'd']]], ['/s/c/1', [null, ['ü', '']]]]) {
    const pieces = inner.map((p) => (p ? gzipSync(vlenUtf8(p)) : null));
    const { body, index } = shard(pieces);
    const crc = new Uint8Array(4);
    new DataView(crc.buffer).setUint32(0, crc32c(index), true);
    const bytes = new Uint8Array([...body.flatMap((b) => [...b]), ...index, ...crc]);
    await store.set(key, bytes);
  }
  const expected = ['a', 'b', 'c', 'd', '-', '-', 'ü', ''];
  const getOnly = recordingStore({ get: (key) => store.get(key) });
  for (const s of [store, getOnly]) {
    const arr = await open(s, { path: 's' });
    assert.deepEqual((await get(arr)).data, expected);
    assert.deepEqual((await arr.getChunk([2])).data, ['-', '-']);
    assert.deepEqual((await arr.getChunk([3])).data, ['ü', '']);
  }
  assert.deepEqual(getOnly.reads.filter((k) => k.includes('/c/')).sort(), ['/s/c/0', '/s/c/1', '/s/c/1'], 'get reads each shard once; getChunk once more');
  // zarrita agrees where it reads (a store with getRange).
  const theirs = await zarr.open.v3(zarr.root(store).resolve('s'), { kind: 'array' });
  assert.deepEqual([...(await zarr.get(theirs)).data], expected);
});

test('writing strings is refused clearly, before anything is written', async (t) => {
  const { store } = await writeStore(t);
  const arr = await open(store, { path: 'words', kind: 'array' });
  const before = await store.get('/words/c/0');
  const refused = (e) => zarr.isZarritaError(e, 'UnsupportedError') && /writing data_type "string"; .* reads it .* but does not write it/.test(e.message);
  await assert.rejects(set(arr, [0], 'x'), refused);
  await assert.rejects(set(arr, null, { data: new Array(8).fill('x'), shape: [8] }), refused);
  assert.deepEqual(await store.get('/words/c/0'), before);
  await assert.rejects(create(store, { path: 'new', shape: [2], chunk_shape: [2], dtype: 'string', fill_value: '', codecs: VLEN }), refused);
  assert.equal(await store.get('/new/zarr.json'), undefined);
});

test('a string fill_value that is not a string is an InvalidMetadataError', async (t) => {
  const { store } = tempStore(t);
  for (const fill of [null, 0, ['a']]) {
    await store.set('/f/zarr.json', utf8(arrayJSON([2], regular([2]), { fill })));
    await assert.rejects(open(store, { path: 'f' }), (e) => zarr.isZarritaError(e, 'InvalidMetadataError') && /fill_value: found .*; expected a string for data_type string/.test(e.message), JSON.stringify(fill));
  }
});

test('hostile vlen-utf8 chunks are CodecPipelineErrors naming the chunk, never wrong strings', async (t) => {
  const { store } = tempStore(t);
  await store.set('/h/zarr.json', utf8(arrayJSON([3], regular([3]), { codecs: [{ name: 'vlen-utf8', configuration: {} }] })));
  const good = vlenUtf8(['ab', 'c', 'de']);
  const lengthPast = good.slice();
  new DataView(lengthPast.buffer).setUint32(4, 1000, true);
  const countWrong = good.slice();
  new DataView(countWrong.buffer).setUint32(0, 2 ** 32 - 1, true);
  const notUtf8 = vlenUtf8(['ab', 'c', 'de']);
  notUtf8[notUtf8.length - 1] = 0xff;
  const cases = [
    [good.subarray(0, 2), /found 2 bytes; a vlen-utf8 chunk starts with a 4-byte count/],
    [countWrong, /found a count of 4294967295 strings; expected 3/],
    [lengthPast, /string 0: found a length of 1000 bytes; \d+ are left/],
    [good.subarray(0, good.length - 3), /string 2: (found a length|its 4-byte length)/],
    [new Uint8Array([...good, 0]), /found 1 bytes after the last of 3 strings/],
    [notUtf8, /string 2: found bytes that are not UTF-8/],
  ];
  const arr = await open(store, { path: 'h' });
  for (const [bytes, pattern] of cases) {
    await store.set('/h/c/0', bytes);
    const fails = (e) => zarr.isZarritaError(e, 'CodecPipelineError') && /\/h\/c\/0/.test(e.message) && pattern.test(e.message);
    await assert.rejects(get(arr), fails, String(pattern));
    await assert.rejects(arr.getChunk([0]), fails, String(pattern));
  }
  // A chunk that is a view into a larger buffer (as a store may give) reads right.
  const padded = new Uint8Array(good.length + 10);
  padded.set(good, 7);
  const views = { get: async (key) => (key === '/h/c/0' ? padded.subarray(7, 7 + good.length) : store.get(key)) };
  assert.deepEqual((await get(await open(views, { path: 'h' }))).data, ['ab', 'c', 'de']);
});

// A codec chain that cannot hold the data type decoded to [ArrayBuffer, 0,
// NaN] with no error: refused when the array is opened, naming the codec,
// for every way the chain can say it (bytes, no array-to-bytes codec,
// inside a shard) and the other way round (numbers through vlen-utf8).
test('a codec chain that cannot hold the data type is refused at open', async () => {
  const map = new Map();
  const put = (path, doc) => map.set(`/${path}/zarr.json`, utf8(doc));
  put('bytes', arrayJSON([3], regular([3]), { codecs: [{ name: 'bytes' }] }));
  put('sharded', arrayJSON([4], regular([4]), { codecs: [{ name: 'sharding_indexed', configuration: {
    chunk_shape: [2], codecs: [{ name: 'bytes' }], index_codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'crc32c' }],
  } }] }));
  const numbers = JSON.parse(arrayJSON([3], regular([3]), { codecs: [{ name: 'vlen-utf8', configuration: {} }] }));
  put('numbers', JSON.stringify({ ...numbers, data_type: 'int32', fill_value: 0 }));
  map.set('/bytes/c/0', vlenUtf8(['a', 'b', 'c']));
  for (const [path, pointer, message] of [
    ['bytes', '/codecs/0', 'found the codec "bytes", which holds fixed-size data types; expected "vlen-utf8" for data_type "string"'],
    ['sharded', '/codecs/0/configuration/codecs/0', 'found the codec "bytes", which holds fixed-size data types; expected "vlen-utf8" for data_type "string"'],
    ['numbers', '/codecs/0', 'found the codec "vlen-utf8", which holds variable-length strings; expected "bytes" for data_type "int32"'],
  ]) {
    await assert.rejects(open(map, { path, kind: 'array' }), (e) => {
      assert.ok(zarr.isZarritaError(e, 'InvalidMetadataError'), `${path}: ${e}`);
      assert.equal(e.path, pointer, path);
      assert.ok(e.message.includes(message), e.message);
      return true;
    });
  }
});
