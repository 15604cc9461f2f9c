// @ts-check
// The error for invalid grid metadata or builder arguments.
export class GridError extends Error {
  /** @param {import('../index.js').Problem[]} errors every problem found; the first names the error */
  constructor(errors) {
    const first = errors[0];
    super(first.message);
    this.name = 'GridError';
    this.path = first.path;
    // A stable name for the kind of the first problem (js/index.d.ts, ProblemCode).
    this.code = first.code;
    this.errors = errors;
  }
}
