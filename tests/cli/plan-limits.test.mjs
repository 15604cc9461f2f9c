// `plan` on an axis of length 2^64 - 1, where the rechunk plan's ceiling
// divisions once wrapped: the last target chunk of 15 meets all three
// source chunks [2^64 - 8, 5, 2], so at most 3 reads (it once said 6).
import test, { after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ChunkGrid } from 'zarr-rectilinear';
import { overlap } from 'zarr-rectilinear/tools';

const MAX = '18446744073709551615';
const cli = resolve(import.meta.dirname, '../../js/cli.js');
const work = mkdtempSync(join(tmpdir(), 'zr-plan-'));
after(() => rmSync(work, { recursive: true, force: true }));

const documentText = (chunkShapes) => `{"zarr_format":3,"node_type":"array","shape":[${MAX}],"data_type":"uint8",` +
  `"chunk_grid":{"name":"rectilinear","configuration":{"kind":"inline","chunk_shapes":${chunkShapes}}},` +
  '"chunk_key_encoding":{"name":"default"},"fill_value":0,"codecs":[{"name":"bytes"}]}';
const SOURCE = `[[18446744073709551608,5,2]]`;
const TARGET = '[15]';

test('overlap().totals().maxReads at 2^64 - 1 is the most any target chunk reads', () => {
  const source = ChunkGrid.fromChunkShapes([2n ** 64n - 1n], [[2n ** 64n - 8n, 5, 2]]);
  const target = ChunkGrid.fromChunkShapes([2n ** 64n - 1n], [15]);
  const plan = overlap(source, target);
  assert.equal(plan.totals().maxReads, 3);
  const last = BigInt(target.gridShape[0]) - 1n;
  const { sourceFirst, sourceStop } = plan.axisSources(0, last, last + 1n);
  assert.equal(sourceStop[0] - sourceFirst[0], 3n);
  assert.equal(overlap(target, source).totals().maxReads, (2n ** 64n - 1n) / 15n);
});

test('the CLI plan says at most 3', () => {
  const source = join(work, 'source.json'), target = join(work, 'target.json');
  writeFileSync(source, documentText(SOURCE));
  writeFileSync(target, documentText(TARGET));
  const text = spawnSync('node', [cli, 'plan', source, target], { encoding: 'utf8' });
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^reads per target chunk +at most 3,/m);
  const json = spawnSync('node', [cli, 'plan', source, target, '--json'], { encoding: 'utf8' });
  assert.equal(JSON.parse(json.stdout).maxReads, 3);
});
