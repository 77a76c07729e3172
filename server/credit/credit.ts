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
import { billOf, type Bill } from './bill';
import type { BillJournal } from './journal';
import { createLeaseBook } from './leaseBook';
import { acquireLease, heartbeat, releaseInstanceLeases, releaseSilentInstances, returnLeases } from './leases';
import { releaseExpiredReservations } from './release';
import { createSettler } from './settler';

/** A hold outlives any request (the sweep gives back those of a crashed instance). */
export const RESERVATION_TTL_SECONDS = 15 * 60;
const SWEEP_EVERY_MS = 60_000;
/** Every instance says it is alive this often and keeps its leases this long past each beat. */
const HEARTBEAT_MS = 5_000;
export const LEASE_TTL_SECONDS = 60;
/** An instance silent this long is taken for dead: a live one gives back its holds and leases (docs/deploy.md). */
export const SILENT_INSTANCE_SECONDS = 30;
const IDLE_CHECK_MS = 1_000;

export interface CreditOptions {
  /** Names this instance's holds and leases, so its next start can give back those of a crashed run. */
  instanceId: string;
  /** Where bills wait for the database; noJournal in tests that run without a data directory. */
  journal: BillJournal;
  /** GATEWAY_ADMISSION: from a lease this instance holds, or by a statement per request. */
  admission: 'lease' | 'statement';
}

export function createCredit(db: Db, log: FastifyBaseLogger, options: CreditOptions) {
  const hold = { ttlSeconds: RESERVATION_TTL_SECONDS, instanceId: options.instanceId };
  const admitByStatement = (keyHash: string, request: AdmissionRequest) => reserveCredits(db, keyHash, request, hold);
  const leases = createLeaseBook({
    acquire: (keyHash, ask) =>
      acquireLease(db, keyHash, { ...ask, instanceId: options.instanceId, ttlSeconds: LEASE_TTL_SECONDS }),
    giveBack: (returns) => returnLeases(db, returns),
    admitByStatement,
    now: Date.now,
  });
  const settler = createSettler(db, log, options.journal);

  let known = false;
  const beat = () =>
    heartbeat(db, options.instanceId, LEASE_TTL_SECONDS)
      .then((unknown) => {
        // Unknown after its first beat: another instance took this one for dead and released its leases, which
        // therefore hold nothing any more.
        if (unknown && known) leases.forfeitAll();
        known = true;
        return alone(db, 'silent-instances', (q) => releaseSilentInstances(q, SILENT_INSTANCE_SECONDS));
      })
      .catch((error) => log.error({ err: error }, 'heartbeat failed'));
  void beat();
  const timers = [
    setInterval(() => {
      releaseExpiredReservations(db).catch((error) => log.error({ err: error }, 'reservation sweep failed'));
    }, SWEEP_EVERY_MS),
    setInterval(beat, HEARTBEAT_MS),
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
    /** Called with every batch of bills once written, after the batch: never on a request's path. */
    onSettled: settler.onSettled,
    /** Resolves once every admitted request is billed (tests, shutdown). */
    settled: () => settler.settled(),
    /** Requests held and not billed, bills journalled and not written (the metrics read them at each scrape). */
    depth: () => settler.depth(),
    /**
     * A key, member or team changed: every key's lease is taken again, so a revoked key or a lower limit holds from
     * the next request on, on every instance.
     */
    keysChanged() {
      leases.forgetKeys().catch((error) => log.error({ err: error }, 'giving back leases failed'));
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
      await releaseInstanceLeases(db, options.instanceId).catch((error) =>
        log.error({ err: error }, 'giving back the leases at shutdown failed'),
      );
      options.journal.close();
    },
  };
}

export type Credit = ReturnType<typeof createCredit>;
