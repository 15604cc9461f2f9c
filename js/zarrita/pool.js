// @ts-check
// Runs async tasks with at most `limit` in flight. A task may hand on work
// that needs no slot (`detach`: decoding once its fetch is done), which the
// pool waits for too. The first failure, of a task or of detached work,
// stops new tasks from starting and is what the pool rejects with, once the
// tasks and work in flight have settled: no caller ever sees a result after
// a failure.
export const DEFAULT_CONCURRENCY = 16;

export function concurrencyOf(opts) {
  const limit = opts?.concurrency ?? DEFAULT_CONCURRENCY;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`concurrency: found ${limit}; expected a positive integer`);
  return limit;
}

// A store may answer at once (a Map) or with a promise; so may a codec.
// `after(value, fn)` runs fn at once on a value and after a promise
// otherwise, so that a read that never waits pays for no promise.
export const isPromiseLike = (value) => typeof value?.then === 'function';
export const after = (value, fn) => (isPromiseLike(value) ? value.then(fn) : fn(value));

// tasks: an iterable (possibly lazy) of (detach) => (a value or a promise).
// A task that answers at once is not awaited.
export async function runPool(tasks, limit, signal) {
  const iterator = tasks[Symbol.iterator]();
  /** @type {{ error: unknown } | null} */
  let failure = null;
  const fail = (error) => {
    failure ??= { error };
  };
  /** @type {Promise<void>[]} */
  const detached = [];
  const detach = (/** @type {PromiseLike<unknown>} */ work) => {
    detached.push(Promise.resolve(work).then(() => {}, fail));
  };
  const worker = async () => {
    while (failure === null) {
      if (signal?.aborted) {
        fail(signal.reason ?? new Error('aborted'));
        return;
      }
      const next = iterator.next();
      if (next.done) return;
      try {
        const done = next.value(detach);
        if (isPromiseLike(done)) await done;
      } catch (error) {
        fail(error);
      }
    }
  };
  if (limit === 1) await worker();
  else await Promise.all(Array.from({ length: limit }, worker));
  if (detached.length > 0) await Promise.all(detached);
  // Set by the workers, which the narrowing above does not see.
  const failed = /** @type {{ error: unknown } | null} */ (failure);
  if (failed) throw failed.error;
}
