// @ts-check
// Store access with errors that name the key. zarrita's stores return
// undefined for a missing key; anything they throw becomes a StoreError.
// Every key is checked first: stores join keys to a folder (FileSystemStore)
// or a URL (FetchStore), so a key that could step out of the store's root,
// or name another host, never reaches one (docs/threat-model.md). The core
// refuses such names in metadata already; this holds whatever the caller
// passes as a path.
import { StoreError, UnsupportedError } from './errors.js';
import { isPromiseLike } from './pool.js';
import { beginChange } from './read-caches.js';

function rethrow(operation, key, error, signal) {
  if (signal?.aborted) throw signal.reason ?? error;
  throw new StoreError(operation, key, error);
}

// Why `key` could resolve outside the store, or "" when it cannot: a key is
// "/" and steps, none empty, "." or ".." (also percent-encoded, as URL
// parsers decode them), with no backslash (a separator to Windows and to
// URL parsers), no control character and no scheme ("https:", "C:").
function unsafeKey(key) {
  if (typeof key !== 'string' || !key.startsWith('/')) return 'it does not start with "/"';
  const steps = key.slice(1).split('/');
  if (steps.some((s) => s === '')) return 'it has an empty step';
  if (steps.some((s) => /^(?:\.|%2e){1,2}$/i.test(s))) return 'it has a "." or ".." step';
  if (key.includes('\\')) return 'it holds a backslash';
  if (/[\u0000-\u001f\u007f-\u009f]/.test(key)) return 'it holds a control character';
  if (steps[0].includes(':')) return 'its first step holds ":" (a URL scheme or a drive)';
  return '';
}

export function checkKey(operation, key) {
  const why = unsafeKey(key);
  if (why) throw new StoreError(operation, String(key), new TypeError(`refused the key ${JSON.stringify(key)} before asking the store: ${why}; a key stays inside the store`));
}

function checkBytes(operation, key, bytes) {
  if (bytes === undefined || bytes === null) return undefined;
  if (!(bytes instanceof Uint8Array)) throw new StoreError(operation, key, new TypeError(`the store returned ${Object.prototype.toString.call(bytes)}; expected a Uint8Array or undefined`));
  return bytes;
}

// signal → the callbacks waiting on it. However many reads, writes and
// write-order waits of however many calls wait on one signal, it holds one
// listener of ours, removed once nothing waits: Node warns past 10
// listeners on a signal (MaxListenersExceededWarning), and a long-lived
// signal keeps nothing alive.
/** @type {WeakMap<AbortSignal, {callbacks: Set<() => void>, fire: () => void}>} */
const WAITING = new WeakMap();

// Calls `callback` when `signal` aborts; gives the function that stops it.
function onAbort(signal, callback) {
  let waiting = WAITING.get(signal);
  if (!waiting) {
    /** @type {Set<() => void>} */
    const callbacks = new Set();
    const fire = () => {
      WAITING.delete(signal);
      for (const f of callbacks) f();
    };
    waiting = { callbacks, fire };
    WAITING.set(signal, waiting);
    signal.addEventListener('abort', fire, { once: true });
  }
  const entry = waiting;
  entry.callbacks.add(callback);
  return () => {
    entry.callbacks.delete(callback);
    if (entry.callbacks.size === 0 && WAITING.get(signal) === entry) {
      WAITING.delete(signal);
      signal.removeEventListener('abort', entry.fire);
    }
  };
}

// The store's promise, or a rejection with the signal's reason as soon as
// it is aborted, whatever the store does with the signal. A later outcome
// of the store's promise is then ignored (and never unhandled).
export function raced(promise, signal) {
  if (!signal) return promise;
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason ?? new DOMException('This operation was aborted', 'AbortError'));
    if (signal.aborted) {
      abort();
      Promise.resolve(promise).catch(() => {});
      return;
    }
    const stop = onAbort(signal, abort);
    Promise.resolve(promise).then(
      (value) => {
        stop();
        resolve(value);
      },
      (error) => {
        stop();
        reject(error);
      },
    );
  });
}

// The store's answer, checked: at once when the store answered at once (a
// Map does), else a promise raced against the signal.
function read(key, signal, call) {
  let got;
  try {
    signal?.throwIfAborted();
    got = call(signal ? { signal } : undefined);
  } catch (error) {
    rethrow('reading', key, error, signal);
  }
  if (!isPromiseLike(got)) return checkBytes('reading', key, got);
  return raced(got, signal).then((bytes) => checkBytes('reading', key, bytes), (error) => rethrow('reading', key, error, signal));
}

export function readKey(store, key, signal) {
  checkKey('reading', key);
  return read(key, signal, (opts) => store.get(key, opts));
}

// range: {offset, length} or {suffixLength}.
export function readRange(store, key, range, signal) {
  checkKey('reading', key);
  return read(key, signal, (opts) => store.getRange(key, range, opts));
}

export function checkWritable(store) {
  if (typeof store?.set !== 'function') throw new UnsupportedError('writing to a store without set(key, bytes)');
}

// A write or a delete makes what every handle's read cache holds of the
// key stale (js/zarrita/read-caches.js) when it starts and again once it
// has landed or failed, so that no read that began before it is served
// afterwards.
async function changeKey(store, key, operation, change) {
  checkKey(operation, key);
  const end = beginChange(store, key);
  try {
    await change();
  } catch (error) {
    throw new StoreError(operation, key, error);
  } finally {
    end();
  }
}

export function writeKey(store, key, bytes) {
  return changeKey(store, key, 'writing', () => store.set(key, bytes));
}

export function deleteKey(store, key) {
  return changeKey(store, key, 'deleting', async () => {
    // zarrita's FileSystemStore throws on a missing key; ask first where it can be asked.
    if (typeof store.has === 'function' && !(await store.has(key))) return;
    await store.delete(key);
  });
}
