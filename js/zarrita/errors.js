// @ts-check
// Errors. zarrita's own classes are used where their meaning fits, so that
// `zarr.isZarritaError` keeps working; StoreError is ours: zarrita lets a
// store's exception through untouched, without saying which key failed.
import { CodecPipelineError } from 'zarrita';

export {
  CodecPipelineError,
  InvalidMetadataError,
  InvalidSelectionError,
  NotFoundError,
  UnknownCodecError,
  UnsupportedError,
} from 'zarrita';

// The store threw (or rejected) while reading or writing `key`.
export class StoreError extends Error {
  /**
   * @param {'reading' | 'writing' | 'deleting' | 'listing'} operation
   * @param {string} key
   * @param {unknown} cause
   */
  constructor(operation, key, cause) {
    // The store may throw anything: an Error's message, else the value itself.
    super(`${operation} ${key} failed in the store: ${/** @type {{ message?: string } | null | undefined} */ (cause)?.message ?? cause}`, { cause });
    this.name = 'StoreError';
    // Already set by Error (own, not enumerable); said again so its type is not optional.
    /** @type {unknown} */
    this.cause = cause;
    this.key = key;
    this.operation = operation;
  }
}

// zarrita's CodecPipelineError, with the cause's explanation in the message
// (zarrita's own message names only the codec and the chunk).
export function codecError(direction, codec, chunkPath, cause) {
  const error = new CodecPipelineError({ direction, codec, chunkPath, cause });
  error.message += `: ${cause?.message ?? cause}`;
  return error;
}

// create or createGroup found a node where it was asked to write one.
export class NodeExistsError extends Error {
  /**
   * @param {string} path the node's path
   * @param {string} key its zarr.json
   * @param {'array' | 'group' | null} found what the zarr.json describes (null: unreadable)
   */
  constructor(path, key, found) {
    const what = found === null ? 'a node (its zarr.json unreadable)' : found === 'array' ? 'an array' : 'a group';
    super(`${path} already holds ${what} (${key}); pass overwrite: true to replace it`);
    this.name = 'NodeExistsError';
    this.path = path;
    this.found = found;
  }
}
