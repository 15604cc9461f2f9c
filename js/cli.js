#!/usr/bin/env node
// @ts-check
// zarr-rectilinear: validate, inspect and compact Zarr v3 chunk grids.
import { parseArgs } from 'node:util';
import { GridError } from './index.js';
import { validate } from './cli/validate.js';
import { inspect } from './cli/inspect.js';
import { compact } from './cli/compact.js';
import { plan } from './cli/plan.js';

const USAGE = `usage:
  zarr-rectilinear validate <zarr.json | directory | URL>... [--json] [--strict]
  zarr-rectilinear inspect  <zarr.json> [--svg out.svg] [--lenient]
  zarr-rectilinear compact  <zarr.json> [--write] [--lenient]
  zarr-rectilinear plan     <source zarr.json> <target zarr.json> [--json] [--lenient]

What known writers stored against the spec (docs/writers-ledger.md) is read
with a warning; --strict makes each such warning an error. --lenient is the
default, kept as a synonym.

exit status: 0 all valid, 1 invalid or unreadable input, 2 usage error`;

const commands = {
  validate: { options: { json: { type: 'boolean' }, strict: { type: 'boolean' } }, min: 1, max: Infinity, run: (p, o) => validate(p, o) },
  inspect: { options: { svg: { type: 'string' } }, min: 1, max: 1, run: ([file], o) => inspect(file, o) },
  compact: { options: { write: { type: 'boolean' } }, min: 1, max: 1, run: ([file], o) => compact(file, o) },
  plan: { options: { json: { type: 'boolean' } }, min: 2, max: 2, run: ([source, target], o) => plan(source, target, o) },
};

class UsageError extends Error {}

function parse(argv) {
  const [name, ...rest] = argv;
  if (name === '--help' || name === '-h') return { help: true };
  const command = commands[name];
  if (!command) throw new UsageError(name ? `unknown command: ${name}` : 'missing command');
  let parsed;
  try {
    parsed = parseArgs({ args: rest, allowPositionals: true, strict: true, options: { ...command.options, lenient: { type: 'boolean' } } });
  } catch (error) {
    throw new UsageError(/** @type {Error} */ (error).message); // parseArgs throws TypeErrors
  }
  const n = parsed.positionals.length;
  if (n < command.min || n > command.max) throw new UsageError(`${name}: expected ${command.max === 1 ? 'one file' : command.max === 2 ? 'two files' : 'at least one path or URL'}`);
  return { command, positionals: parsed.positionals, options: parsed.values };
}

async function main(argv) {
  let job;
  try {
    job = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`zarr-rectilinear: ${error.message}\n${USAGE}\n`);
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
      for (const e of error.errors) process.stderr.write(`${e.path || '(document)'}: ${e.message}\n`);
    } else {
      // Any thrown value: an Error, perhaps with a Node error code.
      const { code, message } = /** @type {{ code?: string, message?: string }} */ (error);
      process.stderr.write(`zarr-rectilinear: ${code ? `${code}: ` : ''}${message}\n`);
    }
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
