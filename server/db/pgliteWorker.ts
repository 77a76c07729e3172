/**
 * The worker thread that owns PGlite (started by openPglite in pglite.ts). PGlite runs PostgreSQL in WebAssembly on
 * the thread that calls it, so in the server's thread every query held up accepting and answering HTTP: under 200
 * connections new ones waited seconds and timed out (docs/server.md, Many connections at once). Here statements run one
 * after another as before, while the server's thread stays free.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Db, Queryable } from './types';
import { openPgliteInThisThread } from './pgliteEngine';
import {
  READY,
  errorToFields,
  type WorkerData,
  type WorkerNotification,
  type WorkerRequest,
  type WorkerResponse,
} from './pgliteMessages';

const port = parentPort!;
const reply = (response: WorkerResponse) => port.postMessage(response);
const forward = (notification: WorkerNotification) => port.postMessage(notification);
const never = () => undefined;

/** An open transaction: its statements run on `q`; `end` lets db.tx's callback return (commit) or throw (rollback). */
interface OpenTransaction {
  q: Queryable;
  end: (commit: boolean) => void;
  done: Promise<unknown>;
}

const ROLLBACK = Symbol('rollback');

function serve(db: Db) {
  const transactions = new Map<number, OpenTransaction>();
  let nextTxId = 1;
  const subscriptions = new Map<number, () => Promise<void>>();

  const begin = () =>
    new Promise<number>((resolve, reject) => {
      const txId = nextTxId++;
      const done = db.tx(
        (q) =>
          new Promise((commit, rollback) => {
            transactions.set(txId, { q, end: (ok) => (ok ? commit(undefined) : rollback(ROLLBACK)), done });
            resolve(txId);
          }),
      );
      // Failing before the callback ran (BEGIN itself): nothing to wait for.
      done.catch(reject);
    });

  const end = async (txId: number, commit: boolean) => {
    const transaction = transactions.get(txId);
    if (!transaction) throw new Error(`no open transaction ${txId}`);
    transactions.delete(txId);
    transaction.end(commit);
    try {
      await transaction.done;
    } catch (error) {
      if (error !== ROLLBACK) throw error;
    }
  };

  const handle = async (request: WorkerRequest): Promise<unknown> => {
    switch (request.kind) {
      case 'query': {
        const runner = request.txId === undefined ? db : transactions.get(request.txId)?.q;
        if (!runner) throw new Error(`no open transaction ${request.txId}`);
        return runner.query(request.sql, request.params, request.name ? { name: request.name } : undefined);
      }
      case 'exec':
        return db.exec(request.sql);
      case 'begin':
        return begin();
      case 'commit':
      case 'rollback':
        return end(request.txId, request.kind === 'commit');
      case 'listen': {
        const { subscription } = request;
        const message = (payload: string) => forward({ subscription, payload });
        subscriptions.set(subscription, await db.listen(request.channel, { message, missed: never, failed: never }));
        return null;
      }
      case 'unlisten': {
        const stop = subscriptions.get(request.subscription);
        subscriptions.delete(request.subscription);
        return stop?.();
      }
      case 'close':
        return db.close();
    }
  };

  port.on('message', (request: WorkerRequest) => {
    handle(request).then(
      (value) => reply({ id: request.id, ok: true, value }),
      (error: unknown) => reply({ id: request.id, ok: false, error: errorToFields(error) }),
    );
  });
}

const { dataDir, fromDump, wasmModule } = workerData as WorkerData;
openPgliteInThisThread(dataDir, fromDump, wasmModule).then(
  (db) => {
    serve(db);
    reply({ id: READY, ok: true, value: null });
  },
  (error: unknown) => reply({ id: READY, ok: false, error: errorToFields(error) }),
);
