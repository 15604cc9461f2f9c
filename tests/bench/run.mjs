// npm run bench: every figure is a ratio measured in this run (median of 7
// after a warm-up); absolute times are context only.
import { cpus } from 'node:os';

console.log(`zarr-rectilinear benchmarks — Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores`);
const only = process.argv[2];
for (const name of ['lookup', 'projection', 'metadata', 'scale', 'get', 'bundle']) {
  if (only && only !== name) continue;
  const { run } = await import(`./${name}.bench.mjs`);
  await run();
}
