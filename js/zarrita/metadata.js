// @ts-check
// zarr.json, read for a rectilinear or regular array: read once by the main
// package's readMetadata (validated, its grid built, its values exact), its
// data type, fill value, codecs and chunk keys made ready for get and set.
import { checkHolds, checkRegistered, normalizeCodec } from './codec-chain.js';
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

function shardingOf(codecs, ndim, type) {
  // Inner chunks are read one by one where sharding_indexed is the only
  // codec; after another (reshape) the codec chain decodes each shard whole.
  if (codecs.length !== 1 || codecs[0].name !== 'sharding_indexed') return null;
  const at = 0;
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
  checkHolds(type, inner, '/codecs/0/configuration/codecs');
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

// The error for a document that is no node at all: not JSON, a byte-order
// mark, not an object, no node_type, or the reader out of memory. readMetadata
// reports these as an array that could not be read; saying "describes an
// array" would hide the real problem. Running out of memory is a RangeError,
// as everywhere in the package. Null when the document is a node.
export function unreadableError(read, key) {
  const problems = read.errors.filter((p) => p.path === '' || p.path === '/node_type');
  if (!problems.length) return null;
  const memory = problems.find((p) => p.code === 'OUT_OF_MEMORY' || p.code === 'TOO_LARGE');
  if (memory) return Object.assign(new RangeError(`reading ${key}: ${memory.message}`), { code: memory.code });
  const text = problems.map((p) => `${p.path || '/'}: ${p.message}`).join('; ');
  return new InvalidMetadataError(`${key} is not a Zarr v3 array or group: ${text}`, { path: problems[0].path });
}

// What readMetadata gave for an array → everything get and set need.
// Throws clear errors.
export function readArrayMetadata(read, { key = 'zarr.json' } = {}) {
  if (!read.valid) {
    const problems = read.errors.map((p) => `${p.path || '/'}: ${p.message}`).join('; ');
    throw new InvalidMetadataError(`${key} is not a valid Zarr v3 array: ${problems}`, { path: read.errors[0].path });
  }
  const { grid } = read;
  const type = dataType(read.dataType, { read: true });
  const fillValue = fillValueOf(type, read.fillValue);
  const codecs = read.codecs.map((c, i) => normalizeCodec(c, `/codecs/${i}`));
  const sharding = shardingOf(codecs, grid.ndim, type);
  if (sharding) checkShardDivides(grid, sharding.chunkShape);
  else {
    checkRegistered(codecs);
    checkHolds(type, codecs, '/codecs');
  }
  return {
    read,
    grid,
    type,
    fillValue,
    codecs,
    sharding,
    encodeKey: chunkKeyEncoder(read.chunkKeyEncoding),
    warnings: read.warnings,
  };
}
