// zarr.json, read for a rectilinear or regular array: validated by the main
// package, its grid built by ChunkGrid, its data type, fill value, codecs and
// chunk keys made ready for get and set.
import { ChunkGrid, validateMetadata } from '../index.js';
import { checkRegistered, normalizeCodec } from './codec-chain.js';
import { dataType, fillValueOf } from './data-type.js';
import { InvalidMetadataError, UnsupportedError } from './errors.js';

// Store keys are absolute, "/" separated, as zarrita's stores expect.
export function normalizePath(path) {
  const parts = String(path ?? '').split('/').filter((p) => p !== '' && p !== '.');
  return `/${parts.join('/')}`;
}

export const keyFor = (path, relative) => (path === '/' ? `/${relative}` : `${path}/${relative}`);

// The zarr.json chunk_key_encoding as a function from chunk coordinates to a key.
export function chunkKeyEncoder(encoding) {
  const { name, configuration } = typeof encoding === 'string' ? { name: encoding } : encoding ?? { name: 'default' };
  const separator = configuration?.separator;
  if (separator !== undefined && separator !== '/' && separator !== '.') {
    throw new InvalidMetadataError(`chunk_key_encoding.configuration.separator: found ${JSON.stringify(separator)}; expected "/" or "."`, { path: '/chunk_key_encoding/configuration/separator' });
  }
  if (name === 'default') {
    const sep = separator ?? '/';
    return (coords) => ['c', ...coords].join(sep);
  }
  if (name === 'v2') {
    const sep = separator ?? '.';
    return (coords) => (coords.length ? coords.join(sep) : '0');
  }
  throw new UnsupportedError(`chunk_key_encoding ${JSON.stringify(name)}; expected "default" or "v2"`);
}

// JSON.parse rounds integers beyond 2^53; a 64-bit fill value must stay exact.
function exactFillValue(text, doc) {
  const value = doc.fill_value;
  if (!['int64', 'uint64'].includes(doc.data_type) || typeof value !== 'number' || Number.isSafeInteger(value)) return value;
  let exact;
  JSON.parse(text, function (key, v, context) {
    if (key === 'fill_value' && 'node_type' in this && context?.source) exact = BigInt(context.source);
    return v;
  });
  if (exact !== undefined) return exact;
  // Engines without JSON.parse source access: find the literal in the text.
  const literals = [...text.matchAll(/"fill_value"\s*:\s*(-?\d+)(?![\d.eE])/g)].map((m) => m[1]).filter((m) => Number(m) === value);
  if (new Set(literals).size === 1) return BigInt(literals[0]);
  throw new InvalidMetadataError(`fill_value: ${value} is beyond 2^53 and could not be read exactly`, { path: '/fill_value' });
}

function shardingOf(codecs, ndim) {
  const at = codecs.findIndex((c) => c.name === 'sharding_indexed');
  if (at < 0) return null;
  if (codecs.length !== 1) {
    throw new UnsupportedError(`codecs ${JSON.stringify(codecs.map((c) => c.name))}: sharding_indexed is read only as the array's single codec`);
  }
  const config = codecs[at].configuration ?? {};
  const { chunk_shape: chunkShape, index_location: indexLocation = 'end' } = config;
  if (!Array.isArray(chunkShape) || chunkShape.length !== ndim || !chunkShape.every((c) => Number.isSafeInteger(c) && c > 0)) {
    throw new InvalidMetadataError(`sharding_indexed chunk_shape: found ${JSON.stringify(chunkShape)}; expected ${ndim} positive integers`, { path: '/codecs/0/configuration/chunk_shape' });
  }
  if (indexLocation !== 'end' && indexLocation !== 'start') {
    throw new InvalidMetadataError(`sharding_indexed index_location: found ${JSON.stringify(indexLocation)}; expected "start" or "end"`, { path: '/codecs/0/configuration/index_location' });
  }
  const inner = (config.codecs ?? [{ name: 'bytes', configuration: { endian: 'little' } }]).map((c, i) => normalizeCodec(c, `/codecs/0/configuration/codecs/${i}`));
  if (inner.some((c) => c.name === 'sharding_indexed')) throw new UnsupportedError('nested sharding_indexed');
  const index = (config.index_codecs ?? [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'crc32c' }]).map((c, i) =>
    normalizeCodec(c, `/codecs/0/configuration/index_codecs/${i}`),
  );
  checkRegistered(inner);
  checkRegistered(index);
  return { chunkShape: chunkShape.slice(), codecs: inner, indexCodecs: index, indexLocation };
}

// The inner chunk shape must divide every declared outer edge, overflow
// edges included: then inner chunks tile each shard exactly.
function checkShardDivides(grid, chunkShape) {
  for (let axis = 0; axis < grid.ndim; axis++) {
    const c = BigInt(chunkShape[axis]);
    for (const { size } of grid.runs(axis)) {
      if (BigInt(size) % c !== 0n) {
        throw new InvalidMetadataError(
          `sharding_indexed: the inner chunk_shape[${axis}] = ${c} does not divide the shard edge ${size} on axis ${axis}; every shard edge must be a multiple of the inner chunk shape`,
          { path: `/codecs/0/configuration/chunk_shape/${axis}` },
        );
      }
    }
  }
}

// bytes | text | object → everything get and set need. Throws clear errors.
export function readArrayMetadata(input, { lenient = false, key = 'zarr.json' } = {}) {
  const text = typeof input === 'string' ? input : input instanceof Uint8Array ? new TextDecoder().decode(input) : JSON.stringify(input);
  const report = validateMetadata(text, { lenient });
  if (!report.valid) {
    const problems = report.errors.map((p) => `${p.path || '/'}: ${p.message}`).join('; ');
    throw new InvalidMetadataError(`${key} is not a valid Zarr v3 array: ${problems}`, { path: report.errors[0].path });
  }
  const doc = JSON.parse(text);
  const grid = ChunkGrid.fromMetadata(text, { lenient });
  const type = dataType(doc.data_type);
  const fillValue = fillValueOf(type, exactFillValue(text, doc));
  const codecs = doc.codecs.map((c, i) => normalizeCodec(c, `/codecs/${i}`));
  const sharding = shardingOf(codecs, grid.ndim);
  if (sharding) checkShardDivides(grid, sharding.chunkShape);
  else checkRegistered(codecs);
  return {
    doc,
    grid,
    type,
    fillValue,
    codecs,
    sharding,
    encodeKey: chunkKeyEncoder(doc.chunk_key_encoding),
    warnings: report.warnings,
  };
}
