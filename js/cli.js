#!/usr/bin/env node
// @ts-check
// zarr-rectilinear: validate, inspect and compact Zarr v3 chunk grids.
import { parseArgs } from 'node:util';
import { GridError } from './index.js';
import { validate } from './cli/validate.js';
import { inspect } from './cli/inspect.js';
import { compact } from './cli/compact.js';
import { plan } from './cli/plan.js';
import { repair } from './cli/repair.js';
import { reason, safeText } from './cli/terminal-text.js';
import { FETCH_SECONDS } from './cli/walk.js';

const USAGE = `usage:
  zarr-rectilinear validate <zarr.json | directory | URL>... [--format text|json|github] [--json] [--strict [--allow entry]...] [--max-warnings N] [--readers] [--timeout seconds]
  zarr-rectilinear inspect  <zarr.json | directory | URL> [--svg out.svg] [--strict] [--timeout seconds]
  zarr-rectilinear compact  <zarr.json> [--write] [--strict]
  zarr-rectilinear plan     <source zarr.json> <target zarr.json> [--json] [--strict]
  zarr-rectilinear repair   <zarr.json | directory>... [--write] [--json]
  zarr-rectilinear --help   (or <command> --help)

What known writers stored against the spec (docs/writers-ledger.md) is read
with a warning; --strict makes each such warning an error. --lenient is the
default, kept as a synonym. --allow names an entry that --strict reads as
the default does, with its warning (repeat it for more). --max-warnings N
fails validate when it finds more than N warnings. repair prints how it
writes each such entry back as conformant metadata, changing nothing else;
--write writes it.

exit status: 0 all valid (repair: all read and, with --write, written), 1 invalid or
unreadable input (validate: or more warnings than --max-warnings), 2 usage error`;

const FORMATS = ['text', 'json', 'github'];

// --timeout: the seconds a URL may take, answer and body (walk.js).
const seconds = (/** @type {string | undefined} */ value) => (value === undefined ? FETCH_SECONDS : Number(value));
const checkTimeout = (/** @type {string | undefined} */ value) => {
  const s = seconds(value);
  return Number.isFinite(s) && s > 0 && s <= 86_400 ? '' : `--timeout: found ${safeText(value)}; expected seconds, more than 0 and at most 86400`;
};

const commands = {
  validate: {
    options: {
      json: { type: 'boolean' }, format: { type: 'string' }, readers: { type: 'boolean' }, strict: { type: 'boolean' }, timeout: { type: 'string' },
      allow: { type: 'string', multiple: true }, 'max-warnings': { type: 'string' },
    },
    min: 1,
    max: Infinity,
    expects: 'at least one path or URL',
    run: (p, { json, format = json ? 'json' : 'text', timeout, allow, 'max-warnings': most, ...o }) =>
      validate(p, { format: /** @type {'text' | 'json' | 'github'} */ (format), timeout: seconds(timeout), allow, maxWarnings: most === undefined ? undefined : Number(most), ...o }),
    check: ({ json, format, timeout, strict, allow, 'max-warnings': most }) => {
      if (format !== undefined && !FORMATS.includes(format)) return `--format: found ${format}; expected one of ${FORMATS.join(', ')}`;
      if (json && format !== undefined && format !== 'json') return `--json and --format ${format} ask for two formats`;
      if (most !== undefined && !/^\d{1,9}$/.test(most)) return `--max-warnings: found ${safeText(most)}; expected a number of warnings, an integer of at least 0`;
      if (allow && !strict) return '--allow names entries that --strict reads with a warning; without --strict every entry is';
      return checkTimeout(timeout);
    },
  },
  inspect: {
    options: { svg: { type: 'string' }, strict: { type: 'boolean' }, timeout: { type: 'string' } },
    min: 1,
    max: 1,
    expects: 'one file, folder or URL',
    run: ([file], { timeout, ...o }) => inspect(file, { timeout: seconds(timeout), ...o }),
    check: ({ svg, timeout }) => (svg === '' ? '--svg: found an empty path; expected the file to write' : checkTimeout(timeout)),
  },
  compact: { options: { write: { type: 'boolean' }, strict: { type: 'boolean' } }, min: 1, max: 1, expects: 'one file', run: ([file], o) => compact(file, o) },
  plan: { options: { json: { type: 'boolean' }, strict: { type: 'boolean' } }, min: 2, max: 2, expects: 'two files', run: ([source, target], o) => plan(source, target, o) },
  repair: { options: { write: { type: 'boolean' }, json: { type: 'boolean' } }, min: 1, max: Infinity, expects: 'at least one file or folder', run: (p, { write, json }) => repair(p, { write, json }) },
};

class UsageError extends Error {}

function parse(argv) {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h') return { help: true };
  const command = commands[name];
  if (!command) throw new UsageError(name ? `unknown command: ${name}` : 'missing command');
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, strict: true, options: { ...command.options, lenient: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } });
  } catch (error) {
    throw new UsageError(/** @type {Error} */ (error).message); // parseArgs throws TypeErrors
  }
  if (parsed.values.help) return { help: true };
  const n = parsed.positionals.length;
  if (n < command.min || n > command.max) throw new UsageError(`${name}: expected ${command.expects}`);
  if (parsed.values.strict && parsed.values.lenient) throw new UsageError(`${name}: --strict and --lenient ask for two ways of reading`);
  const problem = command.check?.(parsed.values);
  if (problem) throw new UsageError(`${name}: ${problem}`);
  return { command, positionals: parsed.positionals, options: parsed.values };
}

async function main(argv) {
  let job;
  try {
    job = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`zarr-rectilinear: ${safeText(error.message)}\n${USAGE}\n`);
    return 2;
  }
  if (job.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  try {
    return await job.command.run(job.positionals, job.options);
  } catch (error) {
    if (error instanceof GridError) {
      for (const e of error.errors) process.stderr.write(`${safeText(`${e.path || '(document)'}: ${e.message}`)}\n`);
    } else {
      // Any thrown value: an Error, perhaps with a Node error code.
      process.stderr.write(`zarr-rectilinear: ${reason(error)}\n`);
    }
    return 1;
  }
}

// A reader that stops reading (\`validate store | head\`) closes the pipe:
// the next write fails with EPIPE, emitted as an 'error' event that would
// otherwise end the process with a stack trace. End quietly instead, with
// status 1: not every file was reported.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'EPIPE') process.exit(1);
    throw error;
  });
}

process.exitCode = await main(process.argv.slice(2));
