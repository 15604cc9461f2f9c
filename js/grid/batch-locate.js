// @ts-check
// Batch lookups (locateMany, locateAxis): the index column read once, the
// caller's output arrays checked, and the lookup run block by block.
import { checkMemory, copyInto, withHeap, u64View, f64View } from '../wasm/native.js';
import { indexArray, unsignedColumn } from './indices.js';
import { describeValue } from './arguments.js';
/** @import { IndexArray, Located } from '../index.js' */

// Values per block of a batch lookup. Each block is copied into a small
// heap buffer, looked up, and copied out while it is still in cache: a batch
// of any size needs only this much WebAssembly memory, and moves through
// main memory once in and once out.
const BLOCK = 65536;

const overlap = (a, b) => ArrayBuffer.isView(b) && a.buffer === b.buffer &&
  a.byteOffset < b.byteOffset + b.byteLength && b.byteOffset < a.byteOffset + a.byteLength;

// The arrays a batch lookup writes: new ones, or the caller's, checked to
// be of the type the input gives, one entry per index, and apart from each
// other and from the input (else a later block would read what an earlier
// one wrote). Apart is decided by comparing buffers, which cannot be done
// for shared memory: two SharedArrayBuffer objects (one posted to a worker
// and back, say) may view the same bytes and nothing in JS tells. So an
// output in a SharedArrayBuffer is refused.
/**
 * @param {Located | undefined} out
 * @param {number} n
 * @param {boolean} big
 * @param {unknown} input
 * @returns {Located}
 */
function outputArrays(out, n, big, input) {
  const type = big ? BigUint64Array : Float64Array;
  if (out === undefined) return { chunks: new type(n), offsets: new type(n) };
  if (out === null || typeof out !== 'object') throw new TypeError(`out: found ${describeValue(out)}; expected {chunks, offsets}`);
  const { chunks, offsets } = out;
  checkOutput('chunks', chunks, type, n, big);
  checkOutput('offsets', offsets, type, n, big);
  if (overlap(chunks, offsets)) throw new RangeError('out.chunks and out.offsets share memory; expected separate arrays');
  if (overlap(chunks, input)) throw new RangeError('out.chunks shares memory with the indices; expected a separate array');
  if (overlap(offsets, input)) throw new RangeError('out.offsets shares memory with the indices; expected a separate array');
  return { chunks, offsets };
}

const isShared = (/** @type {ArrayBufferView} */ a) => typeof SharedArrayBuffer === 'function' && a.buffer instanceof SharedArrayBuffer;

function checkOutput(name, array, type, n, big) {
  if (!(array instanceof type)) {
    throw new TypeError(`out.${name}: found ${describeValue(array)}; expected a ${type.name}, as ${big ? 'bigint' : 'number'} indices give`);
  }
  if (isShared(array)) {
    throw new TypeError(`out.${name}: found a ${type.name} in a SharedArrayBuffer; expected one in an ArrayBuffer (whether shared memory overlaps the other arrays cannot be checked): copy the result into shared memory after the call`);
  }
  if (array.length !== n) throw new RangeError(`out.${name}: found length ${array.length}; expected ${n}, one entry per index`);
}

/**
 * Runs a batch lookup, block by block: number input goes through doubles,
 * bigint through uint64 (the input rule of js/grid/indices.js). The indices are
 * read once: `checkLength(n)` checks their count, `stride` values make a
 * row, and a block holds whole rows. `run` looks up a block and gives its
 * first bad row (or element), which `describe(bad, values)` explains from
 * the values read; `where(i)` names element i.
 * @param {IndexArray} indices
 * @param {Located | undefined} out
 * @param {number} stride
 * @param {(n: number) => void} checkLength
 * @param {(big: boolean, address: number, n: number, chunks: number, offsets: number) => number} run
 * @param {(bad: number, values: ArrayLike<number | bigint>) => string} describe
 * @param {(i: number) => string} where
 * @returns {Located}
 */
export function batchLocate(indices, out, stride, checkLength, run, describe, where) {
  const values = indexArray(indices, where);
  checkLength(values.length);
  const column = unsignedColumn(values, where);
  const n = column.length;
  const big = column instanceof BigUint64Array;
  const result = outputArrays(out, n, big, indices);
  if (n === 0) return result;
  const block = Math.min(n, Math.max(stride, BLOCK - (BLOCK % stride)));
  const view = big ? u64View : f64View;
  return withHeap(block * 24, (address) => {
    const [chunks, offsets] = [address + block * 8, address + block * 16];
    for (let i = 0; i < n; i += block) {
      const m = Math.min(block, n - i);
      const input = view(address, m);
      if (Array.isArray(column)) {
        for (let j = 0; j < m; j++) input[j] = column[i + j];
      } else {
        copyInto(input, m === n ? column : column.subarray(i, i + m));
      }
      const bad = run(big, address, m, chunks, offsets);
      checkMemory('locating indices'); // a lookup that ran out answers 0, not a bad row
      if (bad >= 0) throw new RangeError(describe(i / stride + bad, values));
      // Views made after the lookup, which may have grown memory.
      copyInto(result.chunks, view(chunks, m), i);
      copyInto(result.offsets, view(offsets, m), i);
    }
    return result;
  });
}
