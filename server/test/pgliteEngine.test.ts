import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { PGlite } from '@electric-sql/pglite';
import { createPglite, growFilesByDoubling, type MemFs, type MemFsNode } from '../db/pgliteEngine';
import { migratedDump } from './helpers';

// @engine embedded-only: a test of how PGlite's in-memory engine is started (scripts/serverTestFiles.mjs).

interface EmscriptenFs {
  writeFile(path: string, data: Uint8Array): void;
  open(path: string, flags: string): object;
  write(stream: object, data: Uint8Array, offset: number, length: number, position: number): number;
  close(stream: object): void;
  lookupPath(path: string): { node: MemFsNode };
}

let pg: PGlite;
before(async () => {
  pg = await createPglite(null, await migratedDump());
});
after(() => pg.close());

test('an in-memory database starts with a 16 MB pool, no zero-filled WAL segments and no full-page images', async () => {
  const setting = async (name: string) =>
    (await pg.query<{ setting: string }>('SELECT current_setting($1) AS setting', [name])).rows[0].setting;
  assert.equal(await setting('shared_buffers'), '16MB');
  assert.equal(await setting('wal_init_zero'), 'off');
  assert.equal(await setting('full_page_writes'), 'off');
});

test("an in-memory database's files grow by doubling past 1 MB, where MEMFS grows them by an eighth", () => {
  const fs = (pg as unknown as { mod: { FS: EmscriptenFs } }).mod.FS;
  fs.writeFile('/tmp/grows', new Uint8Array(2 << 20).fill(7));
  const stream = fs.open('/tmp/grows', 'r+');
  fs.write(stream, new Uint8Array(8192).fill(9), 0, 8192, 2 << 20);
  fs.close(stream);
  const { node } = fs.lookupPath('/tmp/grows');
  assert.equal(node.usedBytes, (2 << 20) + 8192);
  assert.equal(node.contents!.length, 4 << 20, 'twice 2 MB; MEMFS alone would have made it 2.25 MB');
  assert.deepEqual([node.contents![(2 << 20) - 1], node.contents![2 << 20]], [7, 9]);
});

test('the doubling keeps the bytes, copies nothing while there is room, and starts an empty file at 256 bytes', () => {
  const memfs: MemFs = {
    expandFileStorage: () => assert.fail('replaced'),
    getFileDataAsTypedArray: (node) => (node.contents ?? new Uint8Array(0)).subarray(0, node.usedBytes),
  };
  assert.equal(growFilesByDoubling({ mod: { MEMFS: memfs } } as unknown as PGlite), true);
  const node: MemFsNode = { contents: new Uint8Array(1000).fill(7), usedBytes: 600 };
  memfs.expandFileStorage(node, 1500);
  assert.equal(node.contents!.length, 2000);
  assert.deepEqual([node.contents![599], node.contents![600]], [7, 0], 'only the used bytes are carried');
  const grown = node.contents;
  memfs.expandFileStorage(node, 1800);
  assert.equal(node.contents, grown, 'room enough: not copied');
  const empty: MemFsNode = { contents: null, usedBytes: 0 };
  memfs.expandFileStorage(empty, 10);
  assert.equal(empty.contents!.length, 256);
  assert.equal(growFilesByDoubling({} as PGlite), false, 'no MEMFS exposed: nothing replaced');
});
