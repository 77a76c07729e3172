/**
 * The credit room (docs/architecture.md): what admits a request against every room it draws on and bills it after.
 * The gateway uses three things: `admit` (a hold, or why not), `openBill` (the request's bill, which gives the hold
 * back when it is written) and `onSettled` (bills once written, for what watches usage off the request path). The
 * rest keeps the holds honest in the background: the settler's batches, the leases given back when idle, the sweep of
 * a dead instance's holds, this instance's heartbeat.
 */
import type { FastifyBaseLogger } from 'fastify';
import { alone } from '../db/perSchema';
import type { Db } from '../db/types';
import type { AdmissionRequest } from './admission';
import { reserveCredits } from './admitByStatement';
import { billOf, type Bill, type PricedBill } from './bill';
import type { BillJournal } from './journal';
import { createLeaseBook } from './leaseBook';
import { acknowledgeKeyChange, latestKeyChange, nextKeyChange, waitForAcknowledgements } from './fence';
import {
  acquireLease,
  forgetInstance,
  heartbeat,
  releaseInstanceLeases,
  releaseSilentInstances,
  returnLeases,
} from './leases';
import { releaseExpiredReservations } from './release';
import { createSettler, GATHER_MS } from './settler';

/** A hold outlives any request (the sweep gives back those of a crashed instance). */
export const RESERVATION_TTL_SECONDS = 15 * 60;
const SWEEP_EVERY_MS = 60_000;
/** Every instance says it is alive this often and keeps its leases this long past each beat. */
const HEARTBEAT_MS = 5_000;
export const LEASE_TTL_SECONDS = 60;
/** An instance silent this long is taken for dead: a live one gives back its holds and leases (docs/deploy.md). */
export const SILENT_INSTANCE_SECONDS = 30;
const IDLE_CHECK_MS = 1_000;
/**
 * An instance admits from its leases for this long after a heartbeat found it up to date with every spending change
 * (credit/fence.ts), in beats: three, so one slow beat does not cost it its leases. A spending change waits at most
 * this long (and a second) for an instance that does not acknowledge it: 15 s at the default beat.
 */
export const LEASE_TRUST_BEATS = 3;

export interface CreditOptions {
  /** Names this instance's holds and leases, so its next start can give back those of a crashed run. */
  instanceId: string;
  /** Where bills wait for the database; noJournal in tests that run without a data directory. */
  journal: BillJournal;
  /** GATEWAY_ADMISSION: from a lease this instance holds, or by a statement per request. */
  admission: 'lease' | 'statement';
  /** How often it says it is alive (HEARTBEAT_MS); shorter in the test of an instance that hears no change. */
  heartbeatMs?: number;
}

export function createCredit(db: Db, log: FastifyBaseLogger, options: CreditOptions) {
  const hold = { ttlSeconds: RESERVATION_TTL_SECONDS, instanceId: options.instanceId };
  const admitByStatement = (keyHash: string, request: AdmissionRequest) => reserveCredits(db, keyHash, request, hold);
  const beatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const trustMs = LEASE_TRUST_BEATS * beatMs;
  /** Until when the leases may be trusted: a beat's start plus trustMs, for each beat that found this one up to date. */
  let trustedUntil = 0;
  const leases = createLeaseBook({
    acquire: (keyHash, ask) =>
      acquireLease(db, keyHash, { ...ask, instanceId: options.instanceId, ttlSeconds: LEASE_TTL_SECONDS }),
    giveBack: (returns) => returnLeases(db, returns),
    admitByStatement,
    trusted: () => Date.now() < trustedUntil,
    now: Date.now,
  });
  const settler = createSettler(db, log, options.journal, GATHER_MS[options.admission]);

  let known = false;
  const beat = () => {
    const started = Date.now();
    return heartbeat(db, options.instanceId, LEASE_TTL_SECONDS)
      .then(({ unknown, upToDate }) => {
        // Unknown after its first beat: another instance took this one for dead and released its leases, which
        // therefore hold nothing any more.
        if (unknown && known) leases.forfeitAll();
        known = true;
        if (upToDate) trustedUntil = started + trustMs;
        // A change it did not hear of (a lost notice): it drops its leases now, rather than when its trust lapses.
        else heard().catch((error) => log.error({ err: error }, 'catching up with a spending change failed'));
        return alone(db, 'silent-instances', (q) => releaseSilentInstances(q, SILENT_INSTANCE_SECONDS));
      })
      .catch((error) => log.error({ err: error }, 'heartbeat failed'));
  };
  const ready = beat();
  /**
   * A spending change was heard (change number `n`; none when notices may have been lost): drops every lease, then
   * says so (fence.ts). The number is read before the leases are dropped, so it never claims a later change.
   */
  async function heard(n?: number) {
    const change = n ?? (await latestKeyChange(db));
    await Promise.all([leases.forgetKeys(), acknowledgeKeyChange(db, options.instanceId, change)]);
  }

  const timers = [
    setInterval(() => {
      releaseExpiredReservations(db).catch((error) => log.error({ err: error }, 'reservation sweep failed'));
    }, SWEEP_EVERY_MS),
    setInterval(beat, beatMs),
    setInterval(() => {
      leases.giveBackIdle().catch((error) => log.error({ err: error }, 'giving back idle leases failed'));
    }, IDLE_CHECK_MS),
  ];
  for (const timer of timers) timer.unref();

  return {
    /**
     * Holds a request's worst case (or, when every room has less, as much as they have down to its least hold) on its
     * key, member and team, from a lease or by a statement; or says why not.
     */
    admit: (keyHash: string, request: AdmissionRequest) =>
      options.admission === 'lease' ? leases.admit(keyHash, request) : admitByStatement(keyHash, request),
    /** The bill of an admitted request: it ends in exactly one answer or failure, which gives the hold back. */
    openBill(context: Parameters<typeof billOf>[1]): Bill {
      settler.opened();
      return billOf(settler, context);
    },
    /** The bill of an admitted call at a flat price (a tool call, docs/mcp.md#metering): its price, or nothing. */
    openPricedBill(context: Parameters<typeof billOf>[1]): PricedBill & Pick<Bill, 'failedTry'> {
      settler.opened();
      return billOf(settler, context);
    },
    /** Called with every batch of bills once written, after the batch: never on a request's path. */
    onSettled: settler.onSettled,
    /** Resolves once every admitted request is billed (tests, shutdown). */
    settled: () => settler.settled(),
    /** Bills made and not yet in the database; flushed() writes them now and resolves once they are. */
    unwritten: settler.unwritten,
    flushed: () => settler.flushed(),
    /** Requests held and not billed, bills journalled and not written (the metrics read them at each scrape). */
    depth: () => settler.depth(),
    /** The first heartbeat is in: until then every request is admitted by its own statement. */
    ready,
    /** A spending change was heard from any instance (its number, or none after lost notices). */
    keysChanged(n?: number) {
      heard(n).catch((error) => log.error({ err: error }, 'dropping leases after a spending change failed'));
    },
    /**
     * A spending change was committed here: every instance drops the leases it took under the old rule before this
     * returns (fence.ts), so the change holds from the next request on, on every instance. `tell` sends the notice.
     */
    async spendingChanged(tell: (n: number) => Promise<void>) {
      const n = await nextKeyChange(db);
      await heard(n);
      await tell(n);
      const lagging = await waitForAcknowledgements(db, n, trustMs + 1_000);
      if (lagging.length > 0) {
        log.warn({ lagging, change: n }, 'instances did not acknowledge a spending change; their leases lapsed');
      }
    },
    /** Gives back every lease's unused credit now (what a key change does; tests await it). */
    forgetLeases: () => leases.forgetKeys(),
    /** The credit leases this instance holds (tests, the health view). */
    leases: () => leases.snapshot(),
    async close() {
      for (const timer of timers) clearInterval(timer);
      await settler.settled();
      // Every bill is written: what the leases still hold is unused, and goes back (else the silent-instance sweep
      // of another instance, or this instance's next start, gives it back).
      await releaseInstanceLeases(db, options.instanceId)
        // Gone: no spending change waits for this instance any more.
        .then(() => forgetInstance(db, options.instanceId))
        .catch((error) => log.error({ err: error }, 'giving back the leases at shutdown failed'));
      options.journal.close();
    },
  };
}

export type Credit = ReturnType<typeof createCredit>;
