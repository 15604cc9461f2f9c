// @ts-check
// Codec chains built from zarrita's exported `registry`, one per chunk shape.
// zarrita's own pipeline is fixed to one chunk shape per array; a rectilinear
// grid has several, and the bytes and transpose codecs take the shape when
// they are built. A ChainCache builds one chain per distinct shape, once.
//
// Where zarrita decodes but cannot encode (gzip, zlib, crc32c), the chain
// encodes with the Web Streams compressors and our crc32c; crc32c is also
// checked on decode, which zarrita skips.
import { isZarritaError, registry, UnknownCodecError } from 'zarrita';
import { cStrides } from './copy.js';
import { appendChecksum, checkChecksum } from './crc32c.js';
import { dataType, rawOf, wrap } from './data-type.js';
import { codecError, InvalidMetadataError, UnsupportedError } from './errors.js';
import { ownCodecs } from './own-codecs.js';
import { decodeVlenBytes, decodeVlenUtf8 } from './vlen-utf8.js';
import { isPromiseLike } from './pool.js';

const BLOSC_SHUFFLE = { noshuffle: 0, shuffle: 1, bitshuffle: 2 };

async function compress(bytes, format) {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream(format));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// A blosc frame's header gives its own length (cbytes, bytes 12..16): a
// frame cut short or padded decodes to wrong values without complaint. It
// also gives its decoded length (nbytes, bytes 4..8), which the decoder
// allocates at once: up to 2 GB for a frame of 32 bytes. Where the chain
// knows what the frame must decode to (`decodedSize`), any other is refused
// before decoding.
function checkBloscFrame(bytes, decodedSize) {
  if (bytes.length < 16) throw new Error(`found ${bytes.length} bytes; a blosc frame has a 16-byte header`);
  const header = new DataView(bytes.buffer, bytes.byteOffset, 16);
  const cbytes = header.getUint32(12, true);
  if (cbytes !== bytes.length) throw new Error(`found ${bytes.length} bytes; the blosc header gives ${cbytes}`);
  const nbytes = header.getUint32(4, true);
  if (decodedSize !== undefined && nbytes !== decodedSize) {
    throw new Error(`the blosc header gives ${nbytes} decoded bytes; the chunk holds ${decodedSize}`);
  }
}

// What we add to zarrita's codecs, by name: encoders it lacks, checks it
// skips, a decoder of our own where zarrita's misreads.
const EXTRAS = {
  blosc: { check: checkBloscFrame },
  'numcodecs.blosc': { check: checkBloscFrame },
  gzip: { encode: (bytes) => compress(bytes, 'gzip') },
  zlib: { encode: (bytes) => compress(bytes, 'deflate') },
  crc32c: {
    encode: appendChecksum,
    check: checkChecksum,
    encodedSize: (n) => n + 4,
  },
  bytes: { encodedSize: (n) => n },
  'vlen-utf8': { decode: decodeVlenUtf8 },
  'vlen-bytes': { decode: decodeVlenBytes },
};

// The codecs the reader runs that zarrita's registry lacks (own-codecs.js),
// found before it: sharding_indexed here is the codec of a chain, met only
// after another codec (reshape); as an array's only codec sharding.js reads it.
const OWN = ownCodecs((codecs, meta) => CodecChain.load(codecs.map((c, i) => normalizeCodec(c, `sharding_indexed/${i}`)), meta));
const loaderOf = (name) => OWN.get(name) ?? registry.get(name);

// The reader's own codecs decode only: create refuses an array naming one,
// and sharding_indexed anywhere but as the array's only codec, before
// anything is written.
export function checkWritableCodecs(codecs) {
  for (const { name } of codecs) {
    if (!OWN.has(name) || (name === 'sharding_indexed' && codecs.length === 1)) continue;
    const what = name === 'sharding_indexed' ? 'sharding_indexed with other codecs' : `the codec "${name}"`;
    throw new UnsupportedError(`writing ${what}; zarr-rectilinear/zarrita reads it but does not write it`);
  }
}

/** The names of every codec the reader runs: zarrita's and its own. */
export const readCodecNames = () => [...new Set([...registry.keys(), ...OWN.keys()])];

const ONE_BYTE_TYPES = new Set(['bool', 'int8', 'uint8']);

// zarr v3 writes blosc's shuffle as a word; numcodecs' Blosc takes a number.
// A one-byte type has no byte order: zarrita's bytes codec would still swap
// a bool array in groups of 4 for endian "big", so the endian is dropped.
function configurationFor(name, configuration = {}, dataTypeName = '') {
  if (name === 'bytes' && ONE_BYTE_TYPES.has(dataTypeName)) return { ...configuration, endian: undefined };
  if ((name === 'blosc' || name === 'numcodecs.blosc') && typeof configuration.shuffle === 'string') {
    return { ...configuration, shuffle: BLOSC_SHUFFLE[configuration.shuffle] ?? configuration.shuffle };
  }
  return configuration;
}

// A codec entry in zarr.json: {name, configuration} or a bare name.
export function normalizeCodec(codec, at) {
  if (typeof codec === 'string') return { name: codec, configuration: {} };
  if (codec && typeof codec === 'object' && typeof codec.name === 'string') return { name: codec.name, configuration: codec.configuration ?? {} };
  throw new InvalidMetadataError(`${at}: found ${JSON.stringify(codec)}; expected a codec {name, configuration}`, { path: at });
}

// Throws UnknownCodecError unless the reader runs every codec.
// A sharding codec's own codecs are checked too.
export function checkRegistered(codecs) {
  for (const { name, configuration } of codecs) {
    if (!loaderOf(name)) throw new UnknownCodecError(name);
    if (name !== 'sharding_indexed') continue;
    for (const list of [configuration.codecs, configuration.index_codecs]) {
      if (Array.isArray(list)) checkRegistered(list.map((c, i) => normalizeCodec(c, `${name}/${i}`)));
    }
  }
}

// The array-to-bytes codecs the reader knows, and whether each holds a
// data type: `bytes` the fixed-size ones, zarr-python's vlen-utf8 (and
// zarrita's json2) variable-length strings, its vlen-bytes variable-length
// bytes. No array-to-array codec zarrita
// has turns one kind into the other, so the array's own type decides.
const FIXED = (type) => type.kind !== 'string' && type.kind !== 'bytes';
const STRINGS = (type) => type.kind === 'string';
const BYTES = (type) => type.kind === 'bytes';
const HOLDS = {
  bytes: { holds: FIXED, what: 'fixed-size data types' },
  'vlen-utf8': { holds: STRINGS, what: 'variable-length strings' },
  'numcodecs.vlen-utf8': { holds: STRINGS, what: 'variable-length strings' },
  json2: { holds: STRINGS, what: 'variable-length strings' },
  'numcodecs.json2': { holds: STRINGS, what: 'variable-length strings' },
  'vlen-bytes': { holds: BYTES, what: 'variable-length bytes' },
};

// Throws InvalidMetadataError when the chain's array-to-bytes codec cannot
// hold `type`'s elements: a string array stored with `bytes` (or with no
// array-to-bytes codec, which zarrita reads as `bytes`) would decode the
// bytes as strings of nothing, [ArrayBuffer, 0, NaN], without an error.
// `at` is the pointer of the codecs' list.
export function checkHolds(type, codecs, at) {
  const i = codecs.findIndex((c) => Object.hasOwn(HOLDS, c.name));
  const name = i < 0 ? 'bytes' : codecs[i].name;
  const { holds, what } = HOLDS[name];
  if (holds(type)) return;
  const which = i < 0 ? 'no array-to-bytes codec, which reads as "bytes"' : `the codec "${name}"`;
  const expected = STRINGS(type) ? '"vlen-utf8"' : BYTES(type) ? '"vlen-bytes"' : '"bytes"';
  throw new InvalidMetadataError(`${i < 0 ? at : `${at}/${i}`}: found ${which}, which holds ${what}; expected ${expected} for data_type "${type.name}"`, { path: i < 0 ? at : `${at}/${i}` });
}

const product = (shape) => shape.reduce((a, b) => a * b, 1);

// A data type as dataType gives it, or null for one we do not hold in a
// typed array: its byte length is then left to the codec to check.
function heldType(name) {
  try {
    return dataType(name);
  } catch {
    return null;
  }
}

// The bytes codec reads a whole buffer of the chunk's size: any other length
// would give a wrong chunk, or fail inside zarrita without saying why.
function checkByteLength(bytes, expected, shape, type) {
  if (bytes.length !== expected) {
    throw new Error(`found ${bytes.length} bytes; expected ${expected} (shape [${shape.join(', ')}] of ${type.name}, ${type.bytes} bytes each)`);
  }
}

// Runs `steps` from the i-th on `value`, then `finish`. A step's failure
// becomes a CodecPipelineError that names its codec; withChunkPath adds the
// chunk. UnsupportedError passes unchanged. While every step answers at
// once, so does the chain: bytes a store gave at once (a Map) are then
// decoded without waiting on a promise.
function runSteps(direction, steps, i, value, finish) {
  for (; i < steps.length; i++) {
    const { name, apply } = steps[i];
    let out;
    try {
      out = apply(value);
    } catch (cause) {
      throw stepError(direction, name, cause);
    }
    if (isPromiseLike(out)) {
      const next = i + 1;
      return out.then((v) => runSteps(direction, steps, next, v, finish), (cause) => {
        throw stepError(direction, name, cause);
      });
    }
    value = out;
  }
  return finish(value);
}

function stepError(direction, name, cause) {
  return isZarritaError(cause, 'UnsupportedError') ? cause : codecError(direction, name, undefined, cause);
}

// The same error, naming the chunk it happened on.
export function withChunkPath(error, chunkPath) {
  if (!isZarritaError(error, 'CodecPipelineError')) return error;
  return codecError(error.direction, error.codec, chunkPath, error.cause);
}

export class CodecChain {
  #arrayToBytes;
  #bytesToBytes;
  #meta;
  #decoders; // {name, apply}: the codecs' decode steps, last codec first
  #encoders; // {name, apply}: their encode steps, first codec first

  constructor(meta, arrayToArray, arrayToBytes, bytesToBytes, bytesMeta) {
    this.#meta = meta;
    this.#arrayToBytes = arrayToBytes;
    this.#bytesToBytes = bytesToBytes;
    // What the array-to-bytes codec sees, after any type-changing codec.
    const bytesType = heldType(bytesMeta.dataType);
    const size = product(meta.shape);
    const { name, codec, extra } = arrayToBytes;
    // What each bytes-to-bytes codec decodes to, where the chain fixes it:
    // the bytes codec's size, through codecs of a fixed encoded size.
    let known = name === 'bytes' && bytesType ? size * bytesType.bytes : undefined;
    const decodedSizes = bytesToBytes.map(({ extra }) => {
      const here = known;
      known = known !== undefined && extra.encodedSize ? extra.encodedSize(known) : undefined;
      return here;
    });
    this.#decoders = [
      // A codec with decodeTo (bz2) is told the size it must decode to, where known.
      ...bytesToBytes.map(({ name: n, codec: c, extra }, i) => ({
        name: n,
        apply: (bytes) => (extra.check?.(bytes, decodedSizes[i]), c.decodeTo ? c.decodeTo(bytes, decodedSizes[i]) : c.decode(bytes)),
      })).reverse(),
      {
        name,
        apply: (bytes) => {
          if (name === 'bytes' && bytesType) checkByteLength(bytes, size * bytesType.bytes, meta.shape, bytesType);
          return extra.decode ? extra.decode(bytes, bytesMeta.shape) : codec.decode(bytes);
        },
      },
      ...arrayToArray.map(({ name: n, codec: c }) => ({ name: n, apply: (chunk) => c.decode(chunk) })).reverse(),
    ];
    this.#encoders = [
      ...arrayToArray.map(({ name: n, codec: c }) => ({ name: n, apply: (chunk) => c.encode(chunk) })),
      { name, apply: (chunk) => codec.encode(chunk) },
      ...bytesToBytes.map(({ name: n, codec: c, extra }) => ({ name: n, apply: (bytes) => (extra.encode ? extra.encode(bytes) : c.encode(bytes)) })),
    ];
  }

  // meta: {dataType, shape, fillValue}; codecs: normalized zarr.json codecs.
  static async load(codecs, meta) {
    const loaded = await Promise.all(
      codecs.map(async ({ name, configuration }) => {
        const entry = loaderOf(name);
        if (!entry) throw new UnknownCodecError(name);
        return { name, configuration, Codec: await entry() };
      }),
    );
    let current = { dataType: meta.dataType, shape: meta.shape, fillValue: meta.fillValue, codecs };
    const arrayToArray = [];
    let arrayToBytes;
    const bytesToBytes = [];
    for (const { name, configuration, Codec } of loaded) {
      const codec = Codec.fromConfig(configurationFor(name, configuration, current.dataType), current);
      const kind = codec.kind ?? 'bytes_to_bytes'; // numcodecs' compressors carry no kind
      const named = { name, codec, extra: EXTRAS[name] ?? {} };
      if (kind === 'array_to_array') {
        if (arrayToBytes) throw new InvalidMetadataError(`codec "${name}" is array-to-array but comes after the array-to-bytes codec "${arrayToBytes.name}"`);
        arrayToArray.push(named);
        if (codec.getEncodedMeta) current = codec.getEncodedMeta(current);
      } else if (kind === 'array_to_bytes') {
        if (arrayToBytes) throw new InvalidMetadataError(`codecs "${arrayToBytes.name}" and "${name}" are both array-to-bytes; expected exactly one`);
        arrayToBytes = named;
      } else {
        if (!arrayToBytes) throw new InvalidMetadataError(`codec "${name}" is bytes-to-bytes but comes before any array-to-bytes codec`);
        bytesToBytes.push(named);
      }
    }
    if (!arrayToBytes) {
      // zarrita's rule: no array-to-bytes codec means little-endian bytes.
      const loadBytes = registry.get('bytes');
      if (!loadBytes) throw new UnknownCodecError('bytes'); // zarrita always registers it
      const Bytes = await loadBytes();
      arrayToBytes = { name: 'bytes', codec: Bytes.fromConfig({ endian: 'little' }, current), extra: EXTRAS.bytes };
    }
    return new CodecChain(meta, arrayToArray, arrayToBytes, bytesToBytes, current);
  }

  get shape() {
    return this.#meta.shape;
  }

  // Bytes to {data (raw typed array), shape, stride}, or a promise of it
  // when a codec answers with one. The stride is the codecs' (transpose
  // leaves a permuted stride).
  decode(bytes) {
    return runSteps('decode', this.#decoders, 0, bytes, (chunk) => {
      const size = product(this.#meta.shape);
      if (chunk.data.length !== size) {
        const cause = new Error(`found ${chunk.data.length} elements after decoding; expected ${size} for chunk shape [${this.#meta.shape.join(', ')}]`);
        throw codecError('decode', this.#arrayToBytes.name, undefined, cause);
      }
      return { data: rawOf(chunk.data), shape: chunk.shape, stride: chunk.stride };
    });
  }

  // A C-ordered raw buffer of this chain's shape to bytes (or a promise of them).
  encode(raw) {
    const type = dataType(this.#meta.dataType);
    // zarrita's bytes codec writes the whole buffer: hand it an exact one.
    if (raw.byteOffset !== 0 || raw.byteLength !== raw.buffer.byteLength) raw = raw.slice();
    const chunk = { data: wrap(type, raw), shape: this.#meta.shape, stride: cStrides(this.#meta.shape) };
    return runSteps('encode', this.#encoders, 0, chunk, (bytes) => bytes);
  }

  // The encoded size of `decodedSize` bytes, for the fixed-size chains a
  // shard index needs; throws for any other codec.
  encodedSize(decodedSize) {
    let size = decodedSize;
    for (const { name, extra } of [this.#arrayToBytes, ...this.#bytesToBytes]) {
      if (!extra.encodedSize) {
        throw new InvalidMetadataError(`index_codecs: codec "${name}" has no fixed encoded size; a shard index takes only bytes and crc32c`);
      }
      size = extra.encodedSize(size);
    }
    return size;
  }
}

// One chain per distinct chunk shape, built on first use.
export class ChainCache {
  #codecs;
  #dataType;
  #fillValue;
  #chains = new Map();
  #built = new Map(); // the chains whose promise has resolved, by the same key

  constructor(codecs, dataTypeName, fillValue) {
    this.#codecs = codecs;
    this.#dataType = dataTypeName;
    this.#fillValue = fillValue;
  }

  get size() {
    return this.#chains.size;
  }

  forShape(shape) {
    const key = shape.join(',');
    let chain = this.#chains.get(key);
    if (!chain) {
      chain = CodecChain.load(this.#codecs, { dataType: this.#dataType, shape: shape.slice(), fillValue: this.#fillValue });
      chain.then((built) => this.#built.set(key, built), () => this.#chains.delete(key));
      this.#chains.set(key, chain);
    }
    return chain;
  }

  // The chain for `shape` when already built, else undefined: a read of
  // many chunks then waits on no promise per chunk.
  built(shape) {
    return this.#built.get(shape.join(','));
  }
}
