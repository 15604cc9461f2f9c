// @ts-check
// The codecs the reader runs that zarrita's registry lacks, each in the
// form zarrita's codecs take (fromConfig, kind, decode, encode), loaded only
// when an array names one, as zarrita loads its own:
// - reshape (zarr-extensions codecs/reshape): the chunk's elements in C
//   order under another shape; it changes the rank;
// - vlen-bytes: zarr-python's variable_length_bytes, each element a Uint8Array;
// - numcodecs.bz2: decoded by the dependency bz2 (SheetJS's, plain JS),
//   imported on first use;
// - sharding_indexed after another codec (after reshape): the shard decoded
//   whole, as a chunk (when it is the array's only codec, sharding.js
//   reads inner chunks one by one instead).
// The names are the core's list (src/rules/known_extensions.hpp), which a test
// holds equal to what the reader runs.
import { cStrides, toCOrder } from './copy.js';
import { dataType, filled } from './data-type.js';
import { UnsupportedError } from './errors.js';

const product = (shape) => shape.reduce((a, b) => a * b, 1);
const EMPTY = 2n ** 64n - 1n;

const unwritable = (name) => () => {
  throw new UnsupportedError(`writing the codec "${name}"; zarr-rectilinear/zarrita reads it but does not write it`);
};

// The shape `spec` (reshape's configuration.shape) makes of a chunk of `input`.
function reshaped(input, spec) {
  if (!Array.isArray(spec)) throw new Error(`configuration.shape: found ${JSON.stringify(spec)}; expected an array of output axes`);
  const total = product(input);
  let inferred = -1;
  const out = spec.map((s, i) => {
    if (Array.isArray(s)) return s.reduce((n, axis) => n * input[axis], 1);
    if (s === -1) return (inferred = i), 1;
    return s;
  });
  if (inferred >= 0) out[inferred] = total / product(out);
  if (!out.every((n) => Number.isSafeInteger(n) && n >= 0) || product(out) !== total) {
    throw new Error(`configuration.shape ${JSON.stringify(spec)} makes [${out.join(', ')}] of a chunk of shape [${input.join(', ')}]; expected the same number of elements`);
  }
  return out;
}

class Reshape {
  kind = 'array_to_array';
  #input;
  #output;
  #Raw;

  constructor(configuration, meta) {
    this.#input = meta.shape.slice();
    this.#output = reshaped(meta.shape, configuration.shape);
    this.#Raw = dataType(meta.dataType, { read: true }).Raw;
  }

  static fromConfig(configuration, meta) {
    return new Reshape(configuration, meta);
  }

  getEncodedMeta(meta) {
    return { ...meta, shape: this.#output.slice() };
  }

  // The elements in C order, under `shape`.
  #as(chunk, shape) {
    const strides = cStrides(chunk.shape);
    const cOrdered = chunk.stride.every((s, d) => s === strides[d] || chunk.shape[d] === 1);
    return { data: cOrdered ? chunk.data : toCOrder(chunk, this.#Raw), shape: shape.slice(), stride: cStrides(shape) };
  }

  decode(chunk) {
    return this.#as(chunk, this.#input);
  }

  encode(chunk) {
    return this.#as(chunk, this.#output);
  }
}

class VlenBytes {
  kind = 'array_to_bytes';
  static fromConfig() {
    return new VlenBytes();
  }
  // decode: decodeVlenBytes (vlen-utf8.js), which the chain gives the chunk's shape
  encode = unwritable('vlen-bytes');
}

// bz2 (SheetJS's decoder) is a script that, where `window` exists, sets
// window.bz2 in place of its exports: either is taken.
let bz2Module;
const loadBz2 = () =>
  (bz2Module ??= import('bz2').then((m) => {
    const { decompress } = /** @type {any} */ (m).default ?? {};
    return decompress ?? /** @type {any} */ (globalThis).bz2.decompress;
  }));

class Bz2 {
  kind = 'bytes_to_bytes';
  static fromConfig() {
    return new Bz2();
  }

  // `size`: the bytes the chunk must decode to, where the chain knows it.
  async decodeTo(bytes, size) {
    const decompress = await loadBz2();
    const out = decompress(bytes, true); // its CRCs checked
    if (size !== undefined && out.length !== size) throw new Error(`found a bz2 stream of ${out.length} decoded bytes; expected ${size} bytes, the chunk's size`);
    return out;
  }

  decode(bytes) {
    return this.decodeTo(bytes, undefined);
  }

  encode = unwritable('numcodecs.bz2');
}

// sharding_indexed as one codec of a chain: `loadChain(codecs, meta)` builds
// the chains of its inner chunks and of its index.
function shardingCodec(loadChain) {
  return class ShardChunk {
    kind = 'array_to_bytes';
    #config;
    #meta;
    #indexShape;

    constructor(configuration, meta) {
      const inner = configuration.chunk_shape;
      if (!Array.isArray(inner) || inner.length !== meta.shape.length || meta.shape.some((n, d) => n % inner[d] !== 0)) {
        throw new Error(`chunk_shape: found ${JSON.stringify(inner)}; expected one entry per axis of the chunk [${meta.shape.join(', ')}] that divides it`);
      }
      this.#config = configuration;
      this.#meta = meta;
      this.#indexShape = meta.shape.map((n, d) => n / inner[d]);
    }

    static fromConfig(configuration, meta) {
      return new this(configuration, meta);
    }

    async decode(bytes) {
      const { chunk_shape: inner, codecs = [{ name: 'bytes' }], index_codecs: indexCodecs = [{ name: 'bytes' }, { name: 'crc32c' }], index_location: at = 'end' } = this.#config;
      const meta = this.#meta;
      const count = product(this.#indexShape);
      const indexChain = await loadChain(indexCodecs, { dataType: 'uint64', shape: [...this.#indexShape, 2], fillValue: null });
      const indexSize = indexChain.encodedSize(16 * count);
      if (bytes.length < indexSize) throw new Error(`found a shard of ${bytes.length} bytes; its index alone takes ${indexSize}`);
      const index = await indexChain.decode(at === 'start' ? bytes.subarray(0, indexSize) : bytes.subarray(bytes.length - indexSize));
      const chain = await loadChain(codecs, { dataType: meta.dataType, shape: inner.slice(), fillValue: meta.fillValue });
      const type = dataType(meta.dataType, { read: true });
      const out = filled(type, meta.fillValue, product(meta.shape));
      const strides = cStrides(meta.shape);
      const local = this.#indexShape.map(() => 0);
      for (let k = 0; k < count; k++) {
        const slot = local.reduce((s, i, d) => s + i * index.stride[d], 0);
        const [offset, nbytes] = [index.data[slot], index.data[slot + index.stride[local.length]]];
        if (!(offset === EMPTY && nbytes === EMPTY)) {
          if (offset + nbytes > BigInt(bytes.length)) throw new Error(`the index places inner chunk [${local.join(', ')}] at bytes ${offset}..${offset + nbytes}, past the shard's ${bytes.length} bytes`);
          const chunk = await chain.decode(bytes.subarray(Number(offset), Number(offset + nbytes)));
          const element = inner.map(() => 0);
          for (let e = 0; e < product(inner); e++) {
            const from = element.reduce((s, i, d) => s + i * chunk.stride[d], 0);
            out[element.reduce((s, i, d) => s + (local[d] * inner[d] + i) * strides[d], 0)] = chunk.data[from];
            for (let d = inner.length - 1; d >= 0 && ++element[d] === inner[d]; d--) element[d] = 0;
          }
        }
        for (let d = local.length - 1; d >= 0 && ++local[d] === this.#indexShape[d]; d--) local[d] = 0;
      }
      return { data: out, shape: meta.shape.slice(), stride: strides };
    }

    encode = unwritable('sharding_indexed after another codec');
  };
}

// Loaders by name, as zarrita's registry holds them. `loadChain` is the
// chain's own loader, for sharding's inner chains.
export function ownCodecs(loadChain) {
  /** @type {[string, () => Promise<any>][]} */
  const loaders = [
    ['reshape', async () => Reshape],
    ['vlen-bytes', async () => VlenBytes],
    ['numcodecs.bz2', async () => Bz2],
    ['sharding_indexed', async () => shardingCodec(loadChain)],
  ];
  return new Map(loaders);
}
