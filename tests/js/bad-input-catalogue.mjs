// The bad-input catalogue: malformed zarr.json documents, each breaking one
// rule at one position, with the JSON Pointer a validator must report.
// Not a test file (node --test runs only *.test.mjs); bad-input.test.mjs
// runs it. Small documents are written out here; the large ones (deep
// nesting, a 100 MB string) are built when a test asks for them.
//
// Each entry: {name, input, path, scope, lenient?, strict?}. A name that
// says "(strict)" is read with {strict: true}: by default the writers'
// ledger (docs/writers-ledger.md) reads it with a warning.
//   input  JSON text (string), UTF-8 bytes (Uint8Array), a JS value, or a
//          function returning one of these (for the large documents);
//   path   the JSON Pointer of the problem;
//   scope  'grid' when the problem is in shape or chunk_grid (or the
//          document as a whole), so fromMetadata must throw a GridError
//          with this path; 'document' when only validateMetadata sees it
//          (fromMetadata reads only shape and chunk_grid).

const U64_MAX = '18446744073709551615';
const U64_OVER = '18446744073709551616';

// The spec's example array, as text built from raw JSON fragments, so that
// any position can hold what JSON.stringify cannot write (1e400, -0, 2^64).
const BASE = {
  zarr_format: '3',
  node_type: '"array"',
  shape: '[26,38]',
  data_type: '"uint16"',
  chunk_grid: '{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":[[16,10],[24,14]]}}',
  chunk_key_encoding: '{"name":"default","configuration":{"separator":"/"}}',
  fill_value: '0',
  codecs: '[{"name":"bytes","configuration":{"endian":"little"}}]',
  attributes: '{}',
};

// A document with some top-level members replaced (null: removed).
export function documentText(fields = {}) {
  const all = { ...BASE, ...fields };
  return `{${Object.entries(all)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${JSON.stringify(k)}:${v}`)
    .join(',')}}`;
}

export const validText = documentText();

// chunk_grid text for a rectilinear grid: its configuration members as raw
// fragments (null: removed).
export function rectilinear({ kind = '"inline"', chunkShapes = '[[16,10],[24,14]]', name = '"rectilinear"' } = {}) {
  const config = [kind === null ? null : `"kind":${kind}`, chunkShapes === null ? null : `"chunk_shapes":${chunkShapes}`]
    .filter((m) => m !== null)
    .join(',');
  return `{"name":${name},"configuration":{${config}}}`;
}

export function regular(chunkShape = '[13,19]') {
  return `{"name":"regular","configuration":{${chunkShape === null ? '' : `"chunk_shape":${chunkShape}`}}}`;
}

// A document whose first axis's chunk_shapes entry is `axis0` (raw JSON).
const withAxis0 = (axis0, shape = '[26,38]') =>
  documentText({ shape, chunk_grid: rectilinear({ chunkShapes: `[${axis0},[24,14]]` }) });

const CS = '/chunk_grid/configuration/chunk_shapes';
const utf8 = (text) => new TextEncoder().encode(text);
const concatBytes = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, at), (at += p.length);
  return out;
};
// The valid document with raw bytes spliced into the data_type string.
const withBytesInString = (bytes) => {
  const [before, after] = validText.split('"uint16"');
  return concatBytes(utf8(`${before}"uint`), Uint8Array.from(bytes), utf8(`16"${after}`));
};

// 100,000 levels of nesting around a value: arrays or objects.
export const DEPTH = 100_000;
export const nestedArrays = (inner, depth = DEPTH) => '['.repeat(depth) + inner + ']'.repeat(depth);
export const nestedObjects = (inner, depth = DEPTH) => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);

export function catalogue() {
  const list = [];
  const add = (name, input, path, scope = 'grid', extra = {}) =>
    list.push({ name, input, path, scope, ...(/\(strict\b/.test(name) ? { strict: true } : {}), ...extra });

  // --- The document as a whole -------------------------------------------
  for (const [what, text] of [['an array', '[]'], ['a string', '"zarr.json"'], ['a number', '3'], ['null', 'null'],
    ['true', 'true'], ['an array of documents', `[${validText}]`]]) {
    add(`the document is ${what}`, text, '');
  }
  for (const [what, value] of [['null', null], ['a number', 42], ['an array', []], ['undefined', undefined],
    ['a boolean', false], ['a function', () => 1]]) {
    add(`the metadata argument is ${what} (not text, bytes or an object)`, value, '');
  }

  // --- Required fields: missing, and wrong types at the top level ---------
  for (const field of ['zarr_format', 'node_type', 'data_type', 'chunk_key_encoding', 'fill_value', 'codecs']) {
    add(`${field} is missing`, documentText({ [field]: null }), `/${field}`, 'document');
  }
  add('shape is missing', documentText({ shape: null }), '/shape');
  add('chunk_grid is missing', documentText({ chunk_grid: null }), '/chunk_grid');
  for (const [what, v] of [['the string "3"', '"3"'], ['3.0', '3.0'], ['2', '2'], ['null', 'null'], ['[]', '[3]'],
    ['an object', '{}'], ['true', 'true'], ['-3', '-3'], [U64_OVER, U64_OVER]]) {
    add(`zarr_format is ${what}`, documentText({ zarr_format: v }), '/zarr_format', 'document');
  }
  for (const [what, v] of [['"table"', '"table"'], ['1', '1'], ['null', 'null'], ['["array"]', '["array"]'], ['"Array"', '"Array"']]) {
    add(`node_type is ${what}`, documentText({ node_type: v }), '/node_type', 'document');
  }
  // A group is checked as a group: an array's members are unknown to it.
  add('node_type is "group" with an array\'s members', documentText({ node_type: '"group"' }), '/shape', 'document');
  for (const [what, v] of [['1', '1'], ['null', 'null'], ['an array', '["uint16"]'], ['true', 'true']]) {
    add(`data_type is ${what}`, documentText({ data_type: v }), '/data_type', 'document');
  }
  for (const [what, v] of [['true', 'true'], ['an array', '[]'], ['null', 'null'], ['a number', '0']]) {
    add(`chunk_key_encoding is ${what}`, documentText({ chunk_key_encoding: v }), '/chunk_key_encoding', 'document');
  }
  for (const [what, v] of [['an object', '{"name":"bytes","configuration":{"endian":"little"}}'], ['a string', '"bytes"'], ['null', 'null']]) {
    add(`codecs is ${what}`, documentText({ codecs: v }), '/codecs', 'document');
  }

  // --- shape ---------------------------------------------------------------
  for (const [what, v] of [['a string', '"26,38"'], ['a number', '26'], ['an object', '{"0":26}'], ['null', 'null'],
    ['true', 'true']]) {
    add(`shape is ${what}`, documentText({ shape: v }), '/shape');
  }
  for (const [what, v, at] of [
    ['the string "26"', '["26",38]', 0], ['26.5', '[26.5,38]', 0], ['-1', '[26,-1]', 1], ['null', '[null,38]', 0],
    ['true', '[26,true]', 1], ['an array', '[[26],38]', 0], ['an object', '[26,{}]', 1], ['26.0 (strict)', '[26.0,38]', 0],
    ['2.6e1 (strict)', '[26,3.8e1]', 1], ['-0', '[-0,38]', 0], ['1e400', '[1e400,38]', 0], [U64_OVER, `[${U64_OVER},38]`, 0],
    ['1e20', '[26,1e20]', 1], ['a 30-digit number', '[123456789012345678901234567890,38]', 0],
  ]) {
    add(`a shape entry is ${what}`, documentText({ shape: v }), `/shape/${at}`);
  }

  // --- chunk_grid, name, configuration, kind ---------------------------------
  for (const [what, v] of [['a string', '"rectilinear"'], ['an array', '[]'], ['null', 'null'], ['a number', '1']]) {
    add(`chunk_grid is ${what}`, documentText({ chunk_grid: v }), '/chunk_grid');
  }
  for (const [what, v] of [['1', '1'], ['null', 'null'], ['an array', '["rectilinear"]'], ['an object', '{}'],
    ['"Rectilinear"', '"Rectilinear"'], ['"irregular"', '"irregular"'], ['""', '""'], ['"rectilinear "', '"rectilinear "'],
    ['"regular\\u0000"', '"regular\\u0000"']]) {
    add(`chunk_grid name is ${what}`, documentText({ chunk_grid: rectilinear({ name: v }) }), '/chunk_grid/name');
  }
  add('chunk_grid name is missing', documentText({ chunk_grid: '{"configuration":{"kind":"inline","chunk_shapes":[[16,10],[24,14]]}}' }), '/chunk_grid/name');
  add('configuration is missing', documentText({ chunk_grid: '{"name":"rectilinear"}' }), '/chunk_grid/configuration');
  for (const [what, v] of [['a string', '"inline"'], ['an array', '[]'], ['null', 'null']]) {
    add(`configuration is ${what}`, documentText({ chunk_grid: `{"name":"rectilinear","configuration":${v}}` }), '/chunk_grid/configuration');
  }
  add('kind is missing', documentText({ chunk_grid: rectilinear({ kind: null }) }), '/chunk_grid/configuration/kind');
  for (const [what, v] of [['1', '1'], ['"external"', '"external"'], ['null', 'null'], ['""', '""'], ['"Inline"', '"Inline"']]) {
    add(`kind is ${what}`, documentText({ chunk_grid: rectilinear({ kind: v }) }), '/chunk_grid/configuration/kind');
  }

  // --- chunk_shapes and its axes ----------------------------------------------
  add('chunk_shapes is missing', documentText({ chunk_grid: rectilinear({ chunkShapes: null }) }), CS);
  for (const [what, v] of [['an object', '{}'], ['a string', '"[[16,10],[24,14]]"'], ['a number', '16'], ['null', 'null']]) {
    add(`chunk_shapes is ${what}`, documentText({ chunk_grid: rectilinear({ chunkShapes: v }) }), CS);
  }
  for (const [what, v] of [['the string "16"', '"16"'], ['null', 'null'], ['true (strict)', 'true'], ['an object', '{}'], ['0', '0'],
    ['-16', '-16'], ['16.5', '16.5'], ['16.0 (strict)', '16.0'], ['1e1 (strict)', '1e1'], ['-0', '-0'], ['1e400', '1e400'],
    [U64_OVER, U64_OVER]]) {
    add(`an axis entry is ${what}`, withAxis0(v), `${CS}/0`);
  }
  for (const [what, v] of [['the string "16"', '"16"'], ['null', 'null'], ['true (strict)', 'true'], ['an object', '{}'], ['0', '0'],
    ['-1', '-1'], ['1.5', '1.5'], ['16.0 (strict)', '16.0'], ['1.6e1 (strict)', '1.6e1'], ['-0', '-0'], ['1e400', '1e400'],
    [U64_OVER, U64_OVER], ['1e-400', '1e-400']]) {
    add(`an edge is ${what}`, withAxis0(`[${v},10]`), `${CS}/0/0`);
  }
  add('the second edge of the second axis is a string', documentText({ chunk_grid: rectilinear({ chunkShapes: '[[16,10],[24,"14"]]' }) }), `${CS}/1/1`);
  add('an edge inside a long list is 0', withAxis0(`[${'1,'.repeat(20)}0,5]`), `${CS}/0/20`);

  // --- run items: [v, n] ---------------------------------------------------------
  for (const [what, v, at] of [
    ['[v]', '[[16]]', ''], ['[v, n, x]', '[[16,1,1],10]', ''], ['[[v, n], m]', '[[[16,1],1],10]', '/0'],
    ['[]', '[[],26]', ''], ['[v, 0]', '[[16,0],10]', '/1'], ['[0, n]', '[[0,2],26]', '/0'],
    ['["16", 1]', '[["16",1],10]', '/0'], ['[16, "1"]', '[[16,"1"],10]', '/1'], ['[16, 1.0] (strict)', '[[16,1.0],10]', '/1'],
    ['[16, -1]', '[[16,-1],10]', '/1'], ['[16, null]', '[[16,null],10]', '/1'], ['[16, true]', '[[16,true],10]', '/1'],
    ['[16, 1.5]', '[[16,1.5],10]', '/1'], ['[-0, 1]', '[[-0,1],10]', '/0'], ['[16, 1e400]', '[[16,1e400],10]', '/1'],
    [`[16, ${U64_OVER}]`, `[[16,${U64_OVER}],10]`, '/1'], ['[16, [1]]', '[[16,[1]],10]', '/1'], ['[{}, 1]', '[[{},1],10]', '/0'],
  ]) {
    add(`a run item is ${what}`, withAxis0(v), `${CS}/0/0${at}`);
  }
  add('a run item in second place is [v]', withAxis0('[16,[10]]'), `${CS}/0/1`);

  // --- [] --------------------------------------------------------------------------
  add('an axis is []', withAxis0('[]'), `${CS}/0`);
  add('an axis of a zero-length array is []', documentText({ shape: '[0,38]', chunk_grid: rectilinear({ chunkShapes: '[[],[24,14]]' }) }), `${CS}/0`);
  add('chunk_shapes is [] for a 2-d shape', documentText({ chunk_grid: rectilinear({ chunkShapes: '[]' }) }), CS);
  add('shape is [] with two axes of chunk_shapes', documentText({ shape: '[]' }), CS);
  add('a regular chunk_shape is []', documentText({ chunk_grid: regular('[]') }), '/chunk_grid/configuration/chunk_shape');

  // --- axis count ---------------------------------------------------------------------
  add('one axis of chunk_shapes for a 2-d shape', documentText({ chunk_grid: rectilinear({ chunkShapes: '[[16,10]]' }) }), CS);
  add('three axes of chunk_shapes for a 2-d shape', documentText({ chunk_grid: rectilinear({ chunkShapes: '[[16,10],[24,14],4]' }) }), CS);
  add('a 3-d shape with two axes of chunk_shapes', documentText({ shape: '[26,38,1]' }), CS);
  add('one regular chunk length for a 2-d shape', documentText({ chunk_grid: regular('[13]') }), '/chunk_grid/configuration/chunk_shape');
  add('three regular chunk lengths for a 2-d shape', documentText({ chunk_grid: regular('[13,19,1]') }), '/chunk_grid/configuration/chunk_shape');

  // --- regular grids --------------------------------------------------------------------
  add('a regular chunk_shape is missing', documentText({ chunk_grid: regular(null) }), '/chunk_grid/configuration/chunk_shape');
  for (const [what, v] of [['an object', '{}'], ['a string', '"13,19"'], ['a number', '13']]) {
    add(`a regular chunk_shape is ${what}`, documentText({ chunk_grid: regular(v) }), '/chunk_grid/configuration/chunk_shape');
  }
  for (const [what, v, at] of [['0', '[0,19]', 0], ['the string "13"', '["13",19]', 0], ['1.5', '[13,1.5]', 1],
    ['an edge list (strict)', '[[13,13],19]', 0], ['null', '[13,null]', 1], ['-0', '[-0,19]', 0], ['13.0 (strict)', '[13.0,19]', 0]]) {
    add(`a regular chunk length is ${what}`, documentText({ chunk_grid: regular(v) }), `/chunk_grid/configuration/chunk_shape/${at}`);
  }

  // --- sums -----------------------------------------------------------------------------------
  add('edges sum below the axis length', withAxis0('[16,9]'), `${CS}/0`);
  add('a run sums below the axis length', withAxis0('[[8,3]]'), `${CS}/0`);
  add('the second axis sums below its length', documentText({ chunk_grid: rectilinear({ chunkShapes: '[[16,10],[24,13]]' }) }), `${CS}/1`);
  add('edges sum below a length of 2^64 - 1', withAxis0('[[9223372036854775807,2]]', `[${U64_MAX},38]`), `${CS}/0`);
  add('a run whose size * count overflows uint64', withAxis0('[[4611686018427387904,4]]'), `${CS}/0/0`);
  add('a run of 2^64 - 1 edges of 2', withAxis0(`[[2,${U64_MAX}]]`), `${CS}/0/0`);
  add('runs whose sum overflows uint64', withAxis0('[[9223372036854775807,2],2]'), `${CS}/0/1`);
  add('edges whose sum overflows uint64', withAxis0(`[${U64_MAX},1]`), `${CS}/0/1`);
  add('a sum that overflows on the third item', withAxis0('[2,9223372036854775807,9223372036854775807]'), `${CS}/0/2`);
  add('an integer step whose chunks overflow uint64', withAxis0('10', `[${U64_MAX},38]`), `${CS}/0`);
  add('a regular step whose chunks overflow uint64', documentText({ shape: `[${U64_MAX},38]`, chunk_grid: regular('[10,19]') }), '/chunk_grid/configuration/chunk_shape/0');

  // --- numbers and NaN-like text (not JSON: a syntax error for the whole document) ----------
  for (const word of ['nan', 'inf', 'Inf', '-NaN', '0x10', '+16', '.5', '16.', '016', '1e', '1e+', '--1', '1_000', 'undefined']) {
    add(`an edge written ${word}`, withAxis0(`[${word},10]`), '');
  }
  // Python's tokens parse (writers write them in attributes), and are no edge.
  for (const word of ['NaN', 'Infinity', '-Infinity']) add(`an edge written ${word}`, withAxis0(`[${word},10]`), `${CS}/0/0`);

  // --- duplicate keys --------------------------------------------------------------------------
  const dup = (text, key, at) => text.replace(`"${key}":`, `"${key}":${at},"${key}":`);
  add('a duplicate shape key', dup(validText, 'shape', '[26,38]'), '/shape');
  add('a duplicate chunk_grid key', dup(validText, 'chunk_grid', rectilinear()), '/chunk_grid');
  add('a duplicate name in chunk_grid', dup(validText, 'name', '"regular"'), '/chunk_grid/name');
  add('a duplicate kind', dup(validText, 'kind', '"inline"'), '/chunk_grid/configuration/kind');
  add('a duplicate chunk_shapes', dup(validText, 'chunk_shapes', '[16,24]'), CS);
  add('a duplicate zarr_format', dup(validText, 'zarr_format', '3'), '/zarr_format', 'document');
  add('a duplicate attributes key', dup(validText, 'attributes', '{}'), '/attributes', 'document');
  add('a duplicate key inside attributes', documentText({ attributes: '{"a":{"b":1,"b":2}}' }), '/attributes/a/b', 'document');
  add('a duplicate key with / in attributes', documentText({ attributes: '{"a/b":1,"a/b":2}' }), '/attributes/a~1b', 'document');
  add('a duplicate key with ~ in attributes', documentText({ attributes: '{"~":1,"~":2}' }), '/attributes/~0', 'document');
  add('a duplicate key in a codec', documentText({ codecs: '[{"name":"bytes","name":"gzip"}]' }), '/codecs/0/name', 'document');
  add('a duplicate key written with an escape', documentText({ attributes: '{"ab":1,"a\\u0062":2}' }), '/attributes/ab', 'document');

  // --- bytes: UTF-8 and the byte-order mark ---------------------------------------------------
  const BOM = [0xef, 0xbb, 0xbf];
  add('a byte-order mark (strict, bytes)', concatBytes(Uint8Array.from(BOM), utf8(validText)), '');
  add('a byte-order mark (strict, text)', `\uFEFF${validText}`, '');
  add('two byte-order marks (lenient)', concatBytes(Uint8Array.from([...BOM, ...BOM]), utf8(validText)), '', 'grid', { lenient: true });
  for (const [what, bytes] of [['a lone continuation byte', [0x80]], ['an overlong "/" (C0 AF)', [0xc0, 0xaf]],
    ['an encoded surrogate (ED A0 80)', [0xed, 0xa0, 0x80]], ['a truncated 3-byte sequence', [0xe2, 0x82]],
    ['the byte F5', [0xf5, 0x80, 0x80, 0x80]], ['the byte FF', [0xff]], ['a code point above U+10FFFF', [0xf4, 0x90, 0x80, 0x80]],
    ['Latin-1 "é"', [0xe9]]]) {
    add(`invalid UTF-8 in a string: ${what}`, withBytesInString(bytes), '');
  }
  add('invalid UTF-8 in a key', concatBytes(utf8('{"'), Uint8Array.from([0xff]), utf8(`":1,${validText.slice(1)}`)), '');
  add('a UTF-16LE document', (() => {
    const out = new Uint8Array(validText.length * 2);
    for (let i = 0; i < validText.length; i++) out[2 * i] = validText.charCodeAt(i);
    return out;
  })(), '');
  add('a lone high surrogate escape', documentText({ attributes: '{"a":"\\ud800"}' }), '');
  add('a high surrogate escape followed by a non-surrogate', documentText({ attributes: '{"a":"\\ud800\\u0041"}' }), '');
  add('a raw control character in a string', documentText({ data_type: '"uint\n16"' }), '');
  add('an invalid escape', documentText({ data_type: '"uint\\x16"' }), '');
  add('a short \\u escape', documentText({ data_type: '"\\u00"' }), '');

  // --- truncated and trailing text ----------------------------------------------------------------
  add('empty text', '', '');
  add('whitespace only', ' \n\t ', '');
  add('empty bytes', new Uint8Array(0), '');
  for (const fraction of [0.02, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 0.99]) {
    const at = Math.floor(validText.length * fraction);
    add(`text truncated at byte ${at} of ${validText.length}`, validText.slice(0, at), '');
  }
  add('text missing its last brace', validText.slice(0, -1), '');
  add('bytes truncated inside a multi-byte character', (() => {
    const bytes = utf8(documentText({ attributes: '{"a":"é"}' }));
    return bytes.slice(0, bytes.indexOf(0xc3) + 1);
  })(), '');
  add('trailing text after the document', `${validText} x`, '');
  add('two documents', validText + validText, '');
  add('a trailing comma in an array', withAxis0('[16,10,]'), '');
  add('a trailing comma in an object', validText.replace(/}$/, ',}'), '');
  add('a comment', `// zarr.json\n${validText}`, '');
  add('single quotes', validText.replace('"zarr_format"', "'zarr_format'"), '');
  add('an unquoted key', validText.replace('"zarr_format"', 'zarr_format'), '');
  add('a NUL byte and junk after the document (bytes)', concatBytes(utf8(validText), Uint8Array.from([0]), utf8(' not JSON {[')), '');
  add('a NUL byte and junk after the document (text)', `${validText}\u0000 not JSON {[`, '');

  // --- object input: what JS values cannot say exactly ----------------------------------------
  const object = () => JSON.parse(validText);
  const withObject = (edit) => {
    const o = object();
    edit(o);
    return o;
  };
  add('object: a shape entry of NaN', withObject((o) => (o.shape[0] = NaN)), '/shape/0');
  add('object: an edge of Infinity', withObject((o) => (o.chunk_grid.configuration.chunk_shapes[0][0] = Infinity)), `${CS}/0/0`);
  add('object: a shape entry above 2^53 (already rounded)', withObject((o) => (o.shape[0] = 2 ** 64)), '/shape/0');
  add('object: an edge above 2^53 (already rounded)', withObject((o) => (o.chunk_grid.configuration.chunk_shapes[0][0] = 2 ** 53 + 2)), `${CS}/0/0`);
  add('object: a bigint edge beyond uint64', withObject((o) => (o.chunk_grid.configuration.chunk_shapes[0][0] = 2n ** 64n)), `${CS}/0/0`);
  add('object: a negative bigint shape entry', withObject((o) => (o.shape[1] = -1n)), '/shape/1');
  add('object: a string edge', withObject((o) => (o.chunk_grid.configuration.chunk_shapes[1][0] = '24')), `${CS}/1/0`);
  add('object: an edge of -0', withObject((o) => (o.chunk_grid.configuration.chunk_shapes[0][1] = -0)), `${CS}/0/1`);
  add('object: shape is missing (undefined)', withObject((o) => (o.shape = undefined)), '/shape');

  // --- large documents, built at test time ------------------------------------------------------
  add('100,000 levels of arrays where an edge is expected', () => withAxis0(`[${nestedArrays('16')},10]`), `${CS}/0/0`);
  add('100,000 levels of arrays where an axis entry is expected', () => withAxis0(nestedArrays('16')), `${CS}/0/0`);
  add('100,000 levels of objects where an edge is expected', () => withAxis0(`[${nestedObjects('16')},10]`), `${CS}/0/0`);
  add('100,000 levels of arrays where a shape entry is expected', () => documentText({ shape: `[${nestedArrays('26')},38]` }), '/shape/0');
  add('100,000 levels of arrays as zarr_format', () => documentText({ zarr_format: nestedArrays('3') }), '/zarr_format', 'document');
  add('100,000 unclosed arrays where an edge is expected', () => withAxis0(`[${'['.repeat(DEPTH)}16,10]`), '');
  add('a 100 MB string where an edge is expected (text)', () => withAxis0(`["${'7'.repeat(100 * 2 ** 20)}",10]`), `${CS}/0/0`, 'grid', { large: true });
  add('a 100 MB string where an edge is expected (bytes)', () => utf8(withAxis0(`["${'x'.repeat(100 * 2 ** 20)}",10]`)), `${CS}/0/0`, 'grid', { large: true });
  add('a 100 MB number where an edge is expected', () => withAxis0(`[${'9'.repeat(100 * 2 ** 20)},10]`), `${CS}/0/0`, 'grid', { large: true });

  return list;
}
