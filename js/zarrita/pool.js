// @ts-check
// Runs async tasks with at most `limit` in flight. The first failure stops
// new tasks from starting and is what the pool rejects with, once the tasks
// in flight have settled: no caller ever sees a result after a failure.
export const DEFAULT_CONCURRENCY = 16;

export function concurrencyOf(opts) {
  const limit = opts?.concurrency ?? DEFAULT_CONCURRENCY;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`concurrency: found ${limit}; expected a positive integer`);
  return limit;
}

// tasks: an iterable (possibly lazy) of () => Promise.
export async function runPool(tasks, limit, signal) {
  const iterator = tasks[Symbol.iterator]();
  /** @type {{ error: unknown } | null} */
  let failure = null;
  const worker = async () => {
    while (failure === null) {
      if (signal?.aborted) {
        failure = { error: signal.reason ?? new Error('aborted') };
        return;
      }
      const next = iterator.next();
      if (next.done) return;
      try {
        await next.value();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  // Set by the workers, which the narrowing above does not see.
  const failed = /** @type {{ error: unknown } | null} */ (failure);
  if (failed) throw failed.error;
}
