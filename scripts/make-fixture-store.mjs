#!/usr/bin/env node
// Writes a small fixture store for demos and browser tests:
//
//   node scripts/make-fixture-store.mjs <directory>
//
// The store is a group with three arrays:
//   temperature  float32 [120, 200], rectilinear chunks [[10, 20, 30, 60], [[25, 4], 50, 50]]
//                (the last 50 of the column edges lies wholly past the end), gzip; chunk (1, 2) is
//                left missing, so it reads as the fill value NaN.
//   sharded      int16 [64, 96], rectilinear shards [[16, 48], [[32, 3]]] with inner
//                chunks [16, 16], crc32c on the inner chunks and the index.
//   regular      uint8 [50, 50], regular chunks [16, 16].
//   maps/relief  uint16 [40, 64] in the group maps, rectilinear chunks [[4, 12, 24], [8, 24, 32]],
//                for the tile page: chunks of three sizes each way.
// The root zarr.json carries consolidated metadata (zarr-python's inline
// form, flattened keys "maps/relief"), and so does maps: a viewer lists the
// store's arrays from one read.
// Values are smooth functions of the index, so a heat map shows the layout.
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import * as zarr from 'zarrita';
import FileSystemStore from '@zarrita/storage/fs';
import { consolidateMetadata, create, createGroup, set } from 'zarr-rectilinear/zarrita';

// zarrita's FileSystemStore lists no keys. This folder is the script's own,
// so here it can: overwriting the store removes every old key, and
// consolidateMetadata finds every node.
class ListedFolder extends FileSystemStore {
  keys() {
    return readdirSync(this.root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${relative(this.root, join(entry.parentPath ?? entry.path, entry.name)).split(sep).join('/')}`);
  }
}

export async function makeFixture(directory) {
  mkdirSync(directory, { recursive: true });
  const store = new ListedFolder(directory);
  // A store written before is replaced whole; a folder that is not a store is left alone.
  await createGroup(store, { attributes: { description: 'zarr-rectilinear fixture store' }, overwrite: existsSync(join(directory, 'zarr.json')) });

  const temperature = await create(store, {
    path: 'temperature',
    shape: [120, 200],
    chunk_shapes: [[10, 20, 30, 60], [[25, 4], 50, 50, 50]],
    dtype: 'float32',
    fill_value: 'NaN',
    codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'gzip', configuration: { level: 5 } }],
    attributes: { units: 'K' },
    dimension_names: ['y', 'x'],
  });
  const t = Float32Array.from({ length: 120 * 200 }, (_, n) => {
    const [i, j] = [Math.floor(n / 200), n % 200];
    return 280 + 10 * Math.sin(i / 15) * Math.cos(j / 25);
  });
  // Everything but chunk (1, 2): rows 10..30, columns 50..75.
  await set(temperature, [zarr.slice(0, 10), null], { data: t.subarray(0, 10 * 200), shape: [10, 200] });
  await set(temperature, [zarr.slice(30, 120), null], { data: t.subarray(30 * 200), shape: [90, 200] });
  const rows = t.subarray(10 * 200, 30 * 200);
  const block = (c0, c1) => ({ data: Float32Array.from({ length: 20 * (c1 - c0) }, (_, n) => rows[Math.floor(n / (c1 - c0)) * 200 + c0 + (n % (c1 - c0))]), shape: [20, c1 - c0] });
  await set(temperature, [zarr.slice(10, 30), zarr.slice(0, 50)], block(0, 50));
  await set(temperature, [zarr.slice(10, 30), zarr.slice(75, 200)], block(75, 200));

  const sharded = await create(store, {
    path: 'sharded',
    shape: [64, 96],
    chunk_shapes: [[16, 48], [[32, 3]]],
    dtype: 'int16',
    fill_value: 0,
    codecs: [
      {
        name: 'sharding_indexed',
        configuration: {
          chunk_shape: [16, 16],
          codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'crc32c' }],
          index_codecs: [{ name: 'bytes', configuration: { endian: 'little' } }, { name: 'crc32c' }],
          index_location: 'end',
        },
      },
    ],
  });
  await set(sharded, null, { data: Int16Array.from({ length: 64 * 96 }, (_, n) => Math.floor(n / 96) * 100 + (n % 96)), shape: [64, 96] });

  const regular = await create(store, { path: 'regular', shape: [50, 50], chunk_shape: [16, 16], dtype: 'uint8' });
  await set(regular, null, { data: Uint8Array.from({ length: 2500 }, (_, n) => (Math.floor(n / 50) + (n % 50)) % 256), shape: [50, 50] });
  await createGroup(store, { path: 'maps', attributes: { description: 'maps of the fixture store' } });
  const relief = await create(store, {
    path: 'maps/relief',
    shape: [40, 64],
    chunk_shapes: [[4, 12, 24], [8, 24, 32]],
    dtype: 'uint16',
    fill_value: 0,
    dimension_names: ['y', 'x'],
  });
  await set(relief, null, {
    data: Uint16Array.from({ length: 40 * 64 }, (_, n) => {
      const [i, j] = [Math.floor(n / 64), n % 64];
      return Math.round(1000 + 800 * Math.sin(i / 7) * Math.sin(j / 9) + 10 * j);
    }),
    shape: [40, 64],
  });
  await consolidateMetadata(store, { path: 'maps' });
  await consolidateMetadata(store);
  return store;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const directory = process.argv[2];
  if (!directory) {
    console.error('usage: node scripts/make-fixture-store.mjs <directory>');
    process.exit(2);
  }
  await makeFixture(resolve(directory));
  console.log(`wrote the fixture store to ${resolve(directory)}`);
}
