// Writes the bad-input catalogue's documents (tests/data/bad-inputs/) as
// fuzzer seeds into a folder, once per mode byte ('0' strict, '1'
// lenient): node tests/fuzz/catalogue-seeds.mjs <folder>. Documents over
// 64 KiB are left out: libFuzzer would read only their first -max_len bytes.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { badInputs } from '../data/bad-inputs.mjs';

// Left out until the fuzzer's reference and the core agree on them (the
// Catch2 and node suites check them all the same); empty these as each is
// settled:
// - documents holding the tokens NaN or Infinity (or RapidJSON's Inf and
//   -NaN). Neither json.dict nor the corpus holds one, so the fuzzer has
//   never explored them. Its reference reader refuses them as not JSON
//   where the core reads them (docs/writers-ledger.md, non-finite-tokens);
//   and seeded with them it finds at once that validate_metadata reports,
//   and read_grid_metadata reads past, a token in an unknown member of
//   chunk_grid, and Inf, -Inf or -NaN in attributes.
const TOKEN = /(^|[\s,:[])-?(NaN|Inf|Infinity)(?=[\s,\]}]|$)/;
// - float fill values just past their type's range: the reference's rules
//   (reference_rules.hpp) accept a finite number its type rounds to infinity.
const PAST_RANGE = [
  'a float32 fill_value is -1.5e300',
  'a float64 fill_value is 1e400',
  'a float16 fill_value is 65520',
  'a float32 fill_value is 340282356779733642748073463979561713664',
  'a float32 fill_value is 3.4028235677973366e38',
  'a float16 fill_value is 65519.99999999999636202119290828704833984375',
  'a float64 fill_value is 1.797693134862315808e308',
];

const [folder] = process.argv.slice(2);
if (!folder) {
  console.error('usage: node tests/fuzz/catalogue-seeds.mjs <folder>');
  process.exit(2);
}
const entries = badInputs();
for (const name of PAST_RANGE) {
  if (!entries.some((e) => e.name === name)) throw new Error(`catalogue-seeds.mjs: no bad input named ${name}`);
}
let count = 0;
let left = 0;
for (const entry of entries.filter((e) => e.byteLength <= 64 * 1024)) {
  const bytes = entry.bytes();
  if (PAST_RANGE.includes(entry.name) || TOKEN.test(Buffer.from(bytes).toString('latin1'))) {
    left++;
    continue;
  }
  for (const mode of ['0', '1']) {
    writeFileSync(join(folder, `${mode}_bad-inputs_${entry.file}_${String(entry.index).padStart(3, '0')}`), Buffer.concat([Buffer.from(mode), bytes]));
  }
  count++;
}
console.log(`== fuzz: ${count} catalogue documents as seeds, in both modes (${left} left out: see catalogue-seeds.mjs)`);
