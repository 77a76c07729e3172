import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types';
import { recordUsageBatch, refusedAValue, type UsageEvent } from './writeBills';
import type { BillJournal } from './journal';

/** Sees the bills of each batch once written (a bill the journal replays at start is not seen again). */
export type SettledListener = (bills: readonly UsageEvent[]) => void | Promise<void>;

const MAX_BATCH = 500;
/**
 * Batches start at most this often. A batch's fixed cost dwarfs the cost of one more row (PGlite: about 2.8 ms of its
 * worker thread a batch, then about 0.1 ms a row; PostgreSQL about 0.8 ms of its time a batch, on the same cores
 * here), so at 1,000 req/s this turns ~1,000 statements a second into 4 with leases, ~50 without. With leases
 * (docs/deploy.md#credit-leases) a request's hold is given back to the instance's book as its bill is made, so the
 * write can wait longer: at 100 ms rather than 20, PGlite's worker spent 0.13 ms a request at 1,000 req/s instead of
 * 0.24 (docs/gateway.md › Where the time goes), and at 250 ms the whole process 3-4.5 % less than at 100 (› The aims,
 * every path up at once). A page that reads spending does not wait for it: its read first has this instance's
 * gathered bills written (flushed(), readsSeeBills.ts). With per-request admission the hold is a row released by the
 * batch, and a longer wait keeps it from the next request: a client near its limit was refused in server/test/
 * guardrailsAnswer.test.ts at 100 ms. What waits on settled() (a test, a shutdown) waits for neither.
 */
export const GATHER_MS = { lease: 250, statement: 20 } as const;
/**
 * A bill waits at least this long before its batch starts, even after a quiet spell. Written at once, it ran just
 * as the client's next request arrived, on the same thread, and delayed it (about a millisecond, one request at a
 * time, in npm run bench:gateway); a few milliseconds later the thread is usually waiting on a provider.
 */
const SETTLE_DELAY_MS = 5;
/** PostgreSQL deadlock_detected and serialization_failure: the statement did nothing and can run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Group commit for billing: a request's bill is journalled before its reply is sent (journal.ts) and written to the
 * database after it. After a quiet spell a finished request is written SETTLE_DELAY_MS later; under load, requests
 * gather until GATHER_MS after the previous batch started and go together.
 * A reply never waits for the database, the database sees one statement per batch instead of one transaction per
 * request, and a request is billed (and its hold released) at most a few tens of milliseconds after it ends.
 */
export function createSettler(
  db: Db,
  log: FastifyBaseLogger,
  journal: BillJournal,
  gatherMs: number = GATHER_MS.statement,
) {
  let queue: {
    event: UsageEvent;
    segment: number;
    queuedAt: number;
    written?: () => void;
    /** Callers of flushed() waiting for this bill, the last queued when they called. */
    flushers?: (() => void)[];
  }[] = [];
  const listeners = new Set<SettledListener>();
  let running: Promise<void> | null = null;
  let lastBatchAt = 0;
  /** Requests admitted and not billed yet. */
  let open = 0;
  /** Bills of the batch being written (journalled, not yet in the database). */
  let writing = 0;
  let waiters: (() => void)[] = [];
  /** Ends the current wait for a batch early (settled() was called: the gathering stops waiting). */
  let wake: (() => void) | null = null;
  /** Callers of flushed() still waiting: while there are any, batches do not gather. */
  let hurried = 0;
  /** The batch being written, for a flushed() that finds nothing queued after it. */
  let inFlight: Promise<void> | null = null;

  function notify() {
    if (open > 0 || running) return;
    for (const resolve of waiters) resolve();
    waiters = [];
  }

  /**
   * Writes `batch` in one statement, again after a deadlock. A bill the database refuses a value of (refusedAValue)
   * fails the whole statement; then each bill is written alone, so only that one is left out (logged, and kept in the
   * journal), never the others of its batch.
   */
  async function store(batch: typeof queue): Promise<void> {
    const events = batch.map((item) => item.event);
    for (let attempt = 1; ; attempt++) {
      try {
        await recordUsageBatch(db, events);
        journal.committed(batch.map((item) => item.segment));
        tell(events);
        return;
      } catch (error) {
        if (attempt < 3 && RETRYABLE.has(String((error as { code?: unknown }).code))) continue;
        if (batch.length > 1 && refusedAValue(error)) {
          for (const item of batch) await store([item]);
          return;
        }
        // The bills stay in the journal, replayed at the next start; their reservations expire on their own.
        log.error({ err: error, events }, 'gateway usage could not be recorded');
        return;
      }
    }
  }

  async function write(batch: typeof queue) {
    writing = batch.length;
    try {
      await store(batch);
    } finally {
      writing = 0;
      for (const item of batch) {
        item.written?.();
        for (const resolve of item.flushers ?? []) resolve();
        hurried -= item.flushers?.length ?? 0;
      }
    }
  }

  /** After the batch is committed: a listener's failure is logged and changes nothing of the bills. */
  function tell(events: UsageEvent[]) {
    for (const listener of listeners) {
      try {
        void Promise.resolve(listener(events)).catch((error) =>
          log.error({ err: error }, 'a settled-bills listener failed'),
        );
      } catch (error) {
        log.error({ err: error }, 'a settled-bills listener failed');
      }
    }
  }

  async function drain() {
    while (queue.length > 0) {
      // Each batch, not only the first: under load a batch used to follow the previous one as soon as it committed,
      // a statement every millisecond or two instead of one per gathering window.
      // Someone waiting on settled() wants the bills written, not gathered: only the first bill's delay holds.
      for (;;) {
        const gathered = waiters.length > 0 || hurried > 0 ? 0 : lastBatchAt + gatherMs;
        const wait = Math.max(queue[0].queuedAt + SETTLE_DELAY_MS, gathered) - performance.now();
        if (wait <= 0 || queue.length >= MAX_BATCH) break;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(stop, wait);
          function stop() {
            clearTimeout(timer);
            wake = null;
            resolve();
          }
          wake = stop;
        });
      }
      lastBatchAt = performance.now();
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      inFlight = write(batch);
      await inFlight;
      inFlight = null;
    }
    running = null;
    notify();
  }

  return {
    /** A request was admitted: it will be billed (or released) by exactly one add(). */
    opened() {
      open++;
    },
    /**
     * A bill: journalled at once, and written with the next batch. The request's own (`closes`: it was answered or
     * failed) ends what opened() began, and `written` is called once its batch is done (a trace's settlement span);
     * a failed try before the answer is recorded the same way but closes nothing.
     */
    add(event: UsageEvent, { closes, written }: { closes: boolean; written?: () => void } = { closes: true }) {
      if (closes) open--;
      queue.push({ event, segment: journal.append(event), queuedAt: performance.now(), written });
      running ??= drain();
    },
    /** What the metrics read at each scrape: requests admitted and not billed, bills journalled and not written. */
    depth: () => ({ open, journalled: queue.length + writing }),
    /**
     * Called with each batch of bills once it is written: where what watches usage (alerts, reconciliation) observes
     * it, off every request's path. Returns the function that stops the calls.
     */
    onSettled(listener: SettledListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Bills are journalled and not yet in the database: a read of spending would not see them. */
    unwritten: () => queue.length > 0 || writing > 0,
    /**
     * Resolves once every bill made so far is in the database, written without waiting for the gathering (a page
     * about to read spending; see readsSeeBills.ts). Unlike settled() it waits for no request still running, so it
     * ends under any load: at most a batch being written and the one after it.
     */
    flushed(): Promise<void> {
      const last = queue.at(-1);
      if (!last) return inFlight ?? Promise.resolve();
      return new Promise((resolve) => {
        (last.flushers ??= []).push(resolve);
        hurried++;
        wake?.();
      });
    },
    /** Resolves once no admitted request is still running or waiting to be written (tests, shutdown). */
    settled(): Promise<void> {
      return new Promise((resolve) => {
        waiters.push(resolve);
        wake?.();
        notify();
      });
    },
  };
}

export type Settler = ReturnType<typeof createSettler>;
