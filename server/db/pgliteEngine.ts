import fs from 'node:fs';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { channelName } from './perSchema';
import type { Db, Queryable } from './types';
import { DATE_OID, INT8_OID, NUMERIC_OID } from './types';

const NO_SYNC = { syncToFs: false };

function concat(...parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/**
 * PGlite in the calling thread. Only the worker (pgliteWorker.ts) calls this: the server uses openPglite, which keeps
 * the engine off the thread that answers HTTP. dataDir null keeps the database in memory (tests).
 */
export async function openPgliteInThisThread(
  dataDir: string | null,
  fromDump: string | null = null,
  wasmModule?: WebAssembly.Module,
): Promise<Db> {
  return dbOf(await createPglite(dataDir, fromDump, wasmModule));
}

/**
 * For an in-memory database, PGlite's own start parameters (`startParams` replaces them rather than adding to them)
 * and a buffer pool of 16 MB instead of the 128 MB its data directory asks for: such a database is a test's, of a few
 * MB, and the engine zeroes its whole pool at start, about half of the 2 s a test database's start took here
 * (docs/testing.md, "Test times"). `defaultStartParams` is public at run time but missing from PGlite's typings.
 */
const { defaultStartParams } = PGlite as unknown as { defaultStartParams: string[] };
const IN_MEMORY_START_PARAMS = [
  ...defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  // A new 16 MB WAL segment is written as zeros first, 8 KB at a time, each write growing an in-memory file (below);
  // a test file's database fills 6-8 of them. Off: one write of its last byte. No page of a database that lives in
  // memory is ever read back after a crash, so full-page images in its WAL are only bytes to copy.
  '-c',
  'wal_init_zero=off',
  '-c',
  'full_page_writes=off',
];

/**
 * A dump as PGlite reads one: it asks only for `type` (a gzip type would be unpacked) and `arrayBuffer()`. Handed the
 * file's bytes as they are read rather than in a Blob: Node 20's Blob gives its bytes back by streaming them through
 * chunks and copies, which was 1.9 s of CPU of a test database's 8 s open under a busy machine (docs/testing.md, "The
 * server suite").
 */
function dumpForPglite(file: string): Blob {
  const bytes = fs.readFileSync(file);
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  const buffer = whole ? bytes.buffer : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { type: '', size: bytes.byteLength, arrayBuffer: async () => buffer } as unknown as Blob;
}

/**
 * PGlite on a data directory, or in memory (null) with the settings and file growth below. `wasmModule`: PostgreSQL's
 * WebAssembly already compiled (pglite.ts); without it PGlite compiles its own, once per thread.
 */
export const createPglite = async (
  dataDir: string | null,
  fromDump: string | null,
  wasmModule?: WebAssembly.Module,
) => {
  const pg = await PGlite.create(dataDir ?? undefined, {
    parsers: { [INT8_OID]: Number, [NUMERIC_OID]: Number, [DATE_OID]: (value: string) => value },
    // A new cluster costs initdb (2-3.5 s here); a dump of one loads in about 0.5 s (server/test/helpers.ts).
    ...(fromDump && { loadDataDir: dumpForPglite(fromDump) }),
    ...(dataDir === null && { startParams: IN_MEMORY_START_PARAMS }),
    ...(wasmModule && { pgliteWasmModule: wasmModule }),
  });
  if (dataDir === null) growFilesByDoubling(pg);
  return pg;
};

export interface MemFsNode {
  contents: Uint8Array | null;
  usedBytes: number;
}
export interface MemFs {
  expandFileStorage(node: MemFsNode, needed: number): void;
  getFileDataAsTypedArray(node: MemFsNode): Uint8Array;
}

/**
 * An in-memory database's files are typed arrays (Emscripten's MEMFS), and a file written past its end is copied into
 * a new array: twice as large up to 1 MB, then only 1.125 times, so a file growing 8 KB at a time to 16 MB (a WAL
 * segment, a table) is copied about 25 times, and that was 1.9 s of a 13 s test file's engine thread in a profile.
 * Doubling copies it at most log2 times; a test database is some tens of MB, so the slack costs nothing. MEMFS calls
 * its own `expandFileStorage` through the object PGlite exposes as `mod.MEMFS` (not in its typings).
 */
export function growFilesByDoubling(pg: PGlite): boolean {
  const memfs = (pg as unknown as { mod?: { MEMFS?: MemFs } }).mod?.MEMFS;
  if (!memfs) return false;
  memfs.expandFileStorage = (node, needed) => {
    const capacity = node.contents?.length ?? 0;
    if (capacity >= needed) return;
    const grown = new Uint8Array(Math.max(needed, capacity * 2, 256));
    grown.set(memfs.getFileDataAsTypedArray(node));
    node.contents = grown;
  };
  return true;
}

function dbOf(pg: PGlite): Db {
  const wrap = (runner: Pick<PGlite, 'query'>): Queryable => ({
    query: async <T>(sql: string, params?: unknown[]) => (await runner.query<T>(sql, params)).rows,
  });
  const root = wrap(pg);
  const prepare = preparedStatements(pg);
  return {
    engine: 'pglite',
    query: (sql, params, options) =>
      options?.name ? prepare(options.name, sql, params ?? []) : root.query(sql, params),
    // PGlite has a single connection and queues other statements while a transaction is open.
    tx: (fn) => pg.transaction((transaction) => fn(wrap(transaction))),
    exec: async (sql) => {
      await pg.exec(sql);
    },
    // One process, one connection: nothing is ever missed, so `missed` and `failed` are never called. PGlite's own
    // unsubscribe function would send the name unquoted; unlisten takes it as listen did.
    async listen(channel, subscriber) {
      const { quoted } = await channelName(root, channel);
      const deliver = (payload: string) => subscriber.message(payload);
      await pg.listen(quoted, deliver);
      return () => pg.unlisten(quoted, deliver);
    },
    close: () => pg.close(),
  };
}

/**
 * Named prepared statements, which PGlite's query() does not offer: Parse and Describe once, then Bind and Execute
 * with the extended protocol. Like query(), it waits for any open transaction and takes the connection exclusively.
 */
function preparedStatements(pg: PGlite) {
  const statements = new Map<string, { sql: string; paramTypes: number[] }>();
  const send = (message: Uint8Array) => pg.execProtocolStream(message, NO_SYNC);

  return async <T>(name: string, sql: string, params: unknown[]): Promise<T[]> => {
    await pg._checkReady();
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const messages = [];
        try {
          let statement = statements.get(name);
          if (statement && statement.sql !== sql) throw new Error(`prepared statement "${name}" reused for other SQL`);
          if (!statement) {
            await send(protocol.serialize.parse({ name, text: sql }));
            const description = await send(protocol.serialize.describe({ type: 'S', name }));
            statement = { sql, paramTypes: parse.parseDescribeStatementResults(description) };
            statements.set(name, statement);
          }
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const serialize = pg.serializers[statement.paramTypes[i]];
            return serialize ? serialize(value) : String(value);
          });
          // One trip into the engine for Bind, Describe, Execute and Sync.
          const { bind, describe, execute, sync } = protocol.serialize;
          messages.push(
            ...(await send(concat(bind({ statement: name, values }), describe({ type: 'P' }), execute({}), sync()))),
          );
        } catch (error) {
          // An error before the Sync (Parse, or serialising a value) leaves the protocol waiting for it.
          await send(protocol.serialize.sync()).catch(() => undefined);
          throw error;
        }
        await pg.syncToFs();
        return parse.parseResults(messages, pg.parsers)[0].rows as T[];
      }),
    );
  };
}

/**
 * Writes `file`: an in-memory database after `prepare` (the tests' migrated database), as a dump that
 * openPglite(null, { fromDump }) starts from. Written beside it and renamed, so a reader never sees half a dump.
 */
export async function writeDump(file: string, prepare: (db: Db) => Promise<unknown>): Promise<void> {
  const pg = await createPglite(null, null);
  await prepare(dbOf(pg));
  // A checkpoint first: a database started from the dump then has no write-ahead log to replay.
  await pg.exec('CHECKPOINT');
  const dump = await pg.dumpDataDir('none');
  await pg.close();
  const partial = `${file}.${process.pid}.part`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
}
