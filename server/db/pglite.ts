import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Db, Queryable, Subscriber } from './types';
import {
  READY,
  errorFromFields,
  type WorkerData,
  type WorkerNotification,
  type WorkerRequest,
  type WorkerResponse,
} from './pgliteMessages';

/**
 * The worker runs the TypeScript source, as the server does. Node 20 does not apply the `--import tsx` hooks to a
 * worker's entry, so the worker registers tsx itself.
 */
// Loaded through tsx's ES module loader (a .mts script such as scripts/bench-ui.mts importing the server), __dirname
// is not a path; npm's scripts run from the repository root.
const HERE = path.isAbsolute(__dirname) ? __dirname : path.resolve('server', 'db');
const WORKER_SOURCE = `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(path.join(HERE, 'pgliteWorker.ts'))});`;

/**
 * PostgreSQL's WebAssembly (9 MB), compiled once per process and handed to every worker. PGlite compiles it once per
 * thread, and each database has a thread of its own: a test process opening one database per test file compiled it
 * each time, and each database then ran its first statements on baseline code until V8 had optimised that copy again.
 * A compiled module passed to a worker shares its machine code, optimised functions included: an open and 200 queries
 * after it used 1.3-1.4 s of CPU instead of 2.0-2.2 s (docs/testing.md, "The server suite").
 */
let wasmModule: Promise<WebAssembly.Module> | undefined;
export function pgliteWasmModule(): Promise<WebAssembly.Module> {
  wasmModule ??= fs.promises
    .readFile(path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm'))
    .then((bytes) => WebAssembly.compile(bytes));
  return wasmModule;
}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Request = WithoutId<WorkerRequest>;

/**
 * PGlite in a worker thread (pgliteWorker.ts), behind the same Db as node-postgres: the engine's work no longer holds
 * up the thread that accepts and answers HTTP. Statements still run one at a time, and an open transaction holds the
 * connection while other statements wait, as with PGlite in this thread. dataDir null keeps the database in memory.
 */
export async function openPglite(dataDir: string | null, options: { fromDump?: string } = {}): Promise<Db> {
  const workerData: WorkerData = { dataDir, fromDump: options.fromDump ?? null, wasmModule: await pgliteWasmModule() };
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = READY + 1;
  let failure: Error | null = null;
  const subscribers = new Map<number, Subscriber>();
  let nextSubscription = 1;

  // Only work in flight keeps the process alive, as with PGlite in this thread.
  const settle = (id: number) => {
    const entry = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return entry;
  };
  const fail = (error: Error) => {
    failure ??= error;
    for (const id of [...pending.keys()]) settle(id)?.reject(error);
  };
  worker.on('message', (message: WorkerResponse | WorkerNotification) => {
    if ('subscription' in message) return subscribers.get(message.subscription)?.message(message.payload);
    const entry = settle(message.id);
    if (message.ok) entry?.resolve(message.value);
    else entry?.reject(errorFromFields(message.error));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the PGlite worker exited (code ${code})`)));

  const expect = <T>(id: number): Promise<T> => {
    if (failure) return Promise.reject(failure);
    worker.ref();
    return new Promise<T>((resolve, reject) =>
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject }),
    );
  };
  const send = <T>(request: Request): Promise<T> => {
    const id = nextId++;
    const answer = expect<T>(id);
    if (!failure) worker.postMessage({ ...request, id } as WorkerRequest);
    return answer;
  };

  await expect(READY);
  const inTransaction = (txId: number): Queryable => ({
    query: (sql, params) => send({ kind: 'query', sql, params, txId }),
  });
  return {
    engine: 'pglite',
    query: (sql, params, options) => send({ kind: 'query', sql, params, name: options?.name }),
    async tx(fn) {
      const txId = await send<number>({ kind: 'begin' });
      let result;
      try {
        result = await fn(inTransaction(txId));
      } catch (error) {
        await send({ kind: 'rollback', txId }).catch(() => undefined);
        throw error;
      }
      await send({ kind: 'commit', txId });
      return result;
    },
    exec: (sql) => send({ kind: 'exec', sql }),
    async listen(channel, subscriber) {
      const subscription = nextSubscription++;
      subscribers.set(subscription, subscriber);
      await send({ kind: 'listen', channel, subscription });
      return async () => {
        subscribers.delete(subscription);
        await send({ kind: 'unlisten', subscription });
      };
    },
    async close() {
      await send({ kind: 'close' });
      await worker.terminate();
    },
  };
}
