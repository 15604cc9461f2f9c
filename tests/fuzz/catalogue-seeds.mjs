// Writes the bad-input catalogue's documents (tests/data/bad-inputs/) as
// fuzzer seeds into a folder, once per mode byte ('0' strict, '1'
// lenient): node tests/fuzz/catalogue-seeds.mjs <folder>. Documents over
// 64 KiB are left out: libFuzzer would read only their first -max_len bytes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { badInputs } from '../data/bad-inputs.mjs';

const [folder] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node tests/fuzz/catalogue-seeds.mjs <folder>');
  process.exit(2);
}
let count = 0;
for (const entry of badInputs().filter((e) => e.byteLength <= 64 * 1024)) {
  const bytes = entry.bytes();
  for (const mode of ['0', '1']) {
    writeFileSync(join(folder, `${mode}_bad-inputs_${entry.file}_${String(entry.index).padStart(3, '0')}`), Buffer.concat([Buffer.from(mode), bytes]));
  }
  count++;
}
console.log(`== fuzz: ${count} catalogue documents as seeds, in both modes`);
