// The one list of the data types and codecs the package knows
// (src/rules/known_extensions.hpp, exported by the tools module as
// zr_known_extensions): the validator calls none of them unknown, and what
// the list says the reader reads is exactly what zarr-rectilinear/zarrita
// runs (docs/architecture.md, "Contracts across the boundary").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { validateMetadata } from 'zarr-rectilinear';
import { SUPPORTED_DATA_TYPES } from 'zarr-rectilinear/zarrita';
import { toolsModule, readCodecNames } from '#internals';

// The list's lines, from a module's heap.
function knownList(module) {
  const at = module._zr_known_extensions() >>> 0;
  const text = new TextDecoder().decode(module.HEAPU8.subarray(at, module.HEAPU8.indexOf(0, at)));
  const lines = text.trim().split('\n').map((l) => l.split('\t'));
  return {
    dataTypes: lines.filter(([k]) => k === 'data_type').map(([, name, read]) => ({ name, read: read === 'read' })),
    codecs: lines.filter(([k]) => k === 'codec').map(([, name, kind, read]) => ({ name, kind, read: read === 'read' })),
  };
}

const list = knownList(toolsModule.native);

test('the list holds zarr-python\'s data types and the codecs beyond zarrita', () => {
  assert.ok(list.dataTypes.some((t) => t.name === 'variable_length_bytes') && list.codecs.some((c) => c.name === 'reshape'));
});

test('the reader reads exactly the data types the list says it reads', () => {
  // float16 needs Float16Array, which not every engine has.
  const listed = list.dataTypes.filter((t) => t.read && (t.name !== 'float16' || globalThis.Float16Array)).map((t) => t.name);
  assert.deepEqual([...SUPPORTED_DATA_TYPES].sort(), listed.sort());
});

test('the reader runs exactly the codecs the list says it reads', () => {
  assert.deepEqual([...readCodecNames()].sort(), list.codecs.filter((c) => c.read).map((c) => c.name).sort());
});

const arrayWith = (dataType, fill, codecs) => JSON.stringify({
  zarr_format: 3, node_type: 'array', shape: [4, 6], data_type: dataType,
  chunk_grid: { name: 'rectilinear', configuration: { kind: 'inline', chunk_shapes: [[2, 2], [6]] } },
  chunk_key_encoding: { name: 'default' }, fill_value: fill, codecs, attributes: {},
});

test('the validator calls no listed data type or codec unknown', () => {
  const fills = { bool: false, complex64: [0, 0], complex128: [0, 0], string: '', variable_length_bytes: '' };
  for (const { name } of list.dataTypes) {
    const vlen = name === 'string' ? 'vlen-utf8' : name === 'variable_length_bytes' ? 'vlen-bytes' : 'bytes';
    const v = validateMetadata(arrayWith(name, fills[name] ?? 0, [{ name: vlen, configuration: vlen === 'bytes' ? { endian: 'little' } : {} }]), { strict: true });
    assert.deepEqual([v.errors, v.warnings], [[], []], name);
  }
  for (const { name, kind } of list.codecs) {
    const codec = { name, configuration: {} };
    const v = validateMetadata(arrayWith('uint8', 0, kind === 'array_to_bytes' ? [codec] : kind === 'array_to_array' ? [codec, { name: 'bytes' }] : [{ name: 'bytes' }, codec]));
    assert.deepEqual(v.warnings.filter((w) => w.code === 'UNKNOWN_EXTENSION'), [], name);
  }
  const unknown = validateMetadata(arrayWith('uint8', 0, [{ name: 'bytes' }, { name: 'mystery' }]));
  assert.deepEqual(unknown.warnings.map((w) => [w.path, w.code]), [['/codecs/1/name', 'UNKNOWN_EXTENSION']]);
});
