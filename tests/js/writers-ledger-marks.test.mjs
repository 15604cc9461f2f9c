// The writers' ledger (docs/writers-ledger.md) against the code: every
// entry is read somewhere, marked `ledger: <id>` in a comment, and every
// mark names an entry. The core's table of entries (src/rules/writers_ledger.cpp)
// lists the same ids. This reads text only; what each entry does is tested
// in tests/js/writers-ledger.test.mjs and tests/cpp/writers_ledger.test.cpp.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { join, relative } from 'node:path';

const root = fileURLToPath(new URL('../../', import.meta.url));
const ID = '[a-z0-9]+(?:-[a-z0-9]+)*';

async function* sourceFiles(dir) {
  for (const entry of await readdir(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(cpp|hpp|js|mjs)$/.test(entry.name)) yield path;
  }
}

// The entries: each a heading "### `id`".
async function ledgerIds() {
  const doc = await readFile(join(root, 'docs/writers-ledger.md'), 'utf8');
  return [...doc.matchAll(new RegExp(`^### \`(${ID})\`$`, 'gm'))].map((m) => m[1]);
}

// Every mark in a // comment: "ledger: <id>", with the file it is in.
async function marks() {
  const found = [];
  for (const dir of ['src', 'js']) {
    for await (const file of sourceFiles(dir)) {
      const text = await readFile(join(root, file), 'utf8');
      for (const m of text.matchAll(new RegExp(`//.*?\\bledger: (${ID})`, 'g'))) found.push({ id: m[1], file: relative(root, join(root, file)) });
    }
  }
  return found;
}

test('the ledger lists entries, each once', async () => {
  const ids = await ledgerIds();
  assert.ok(ids.length >= 12, `found ${ids.length} entries`);
  assert.equal(new Set(ids).size, ids.length, `an id is listed twice: ${ids}`);
});

test('every ledger entry is marked where the code reads it', async () => {
  const marked = new Set((await marks()).map((m) => m.id));
  const unmarked = (await ledgerIds()).filter((id) => !marked.has(id));
  assert.deepEqual(unmarked, [], `entries no code marks: ${unmarked.join(', ')}`);
});

test('every mark names a ledger entry', async () => {
  const ids = new Set(await ledgerIds());
  const stray = (await marks()).filter((m) => !ids.has(m.id));
  assert.deepEqual(stray, [], `marks that name no entry: ${stray.map((m) => `${m.file}: ${m.id}`).join(', ')}`);
});

test("the core's table of entries lists the ledger's ids, in its messages", async () => {
  const table = await readFile(join(root, 'src/rules/writers_ledger.cpp'), 'utf8');
  const inTable = [...table.matchAll(new RegExp(`\\{"(${ID})", "`, 'g'))].map((m) => m[1]);
  assert.deepEqual([...inTable].sort(), [...(await ledgerIds())].sort());
});
