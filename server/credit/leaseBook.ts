/**
 * An instance's credit leases, in memory (docs/deploy.md#credit-leases). A request is admitted here, without a
 * database round trip, while its key's lease and the instance's share of its team and member have its whole hold
 * free; otherwise one statement (credit/leases.ts acquireLease) takes a further slice, and refuses when the key,
 * member or team has less than the request lacks. Keys with a per-minute limit are admitted by their own statement
 * (`viaStatement`).
 *
 * No overdraw: a request holds only what its lease has free, and is never billed more than it holds (settle.ts), so
 * a lease never goes below zero, and neither does any room its slices were taken from.
 */
import type { LeaseAnswer, LeaseAsk } from './leases';
import { REQUEST_BLOCK_SIZE } from './leases';
import type { Admission, AdmissionRequest, KeyOwner } from './admission';

/** Credit a lease asks for, in worst cases of the request that asks (the statement may give less: migration 10). */
export const LEASE_WORST_CASES = 100;
/** A lease unused this long is given back, so credit does not sit idle on an instance. */
export const LEASE_IDLE_MS = 2_000;
/**
 * A lease with less than this share of a slice (or of its block of request ids) left is refilled in the background
 * while it goes on admitting. Refilled only once empty, every request arriving during the statement waited for it:
 * 20-40 ms every thousand requests at 800 req/s on PostgreSQL here (npm run bench:gateway), most of the p99.
 */
const REFILL_BELOW = 0.5;

interface Pool {
  granted: number;
  inFlight: number;
}

interface Lease {
  owner: KeyOwner;
  leaseId: number;
  /** What this entry holds of the lease row: grants, less the costs of its settled requests (it may go negative). */
  granted: number;
  /** Worst cases of its requests admitted and not settled. */
  inFlight: number;
  nextRequestId: number;
  requestIdEnd: number;
  validUntil: number | null;
  allowedModels: string[];
  lastUsedAt: number;
  team: Pool;
  member: Pool;
  /** The database released this lease (the instance was taken for dead): nothing to give back. */
  forfeited: boolean;
  /** A refill in the background was refused (the credit is running out): the next ones wait until it is empty. */
  refillRefused: boolean;
}

type Entry = Lease | { viaStatement: true; owner: KeyOwner };

export interface LeaseBookDeps {
  acquire(keyHash: string, ask: Pick<LeaseAsk, 'wantCents' | 'needCents' | 'leastCents'>): Promise<LeaseAnswer>;
  giveBack(returns: { leaseId: number; amountCents: number }[]): Promise<void>;
  /** Today's admission: one statement per request. */
  admitByStatement(keyHash: string, request: AdmissionRequest): Promise<Admission>;
  /**
   * Whether this instance may admit from its leases: only while its heartbeat finds it up to date with every spending
   * change (credit/fence.ts). Otherwise each request is admitted by its own statement, exact and slower.
   */
  trusted(): boolean;
  now(): number;
}

const free = (pool: Pool) => pool.granted - pool.inFlight;

export function createLeaseBook(deps: LeaseBookDeps) {
  const byKey = new Map<string, Entry>();
  /** Every lease entry that may still hold credit, including those dropped from byKey with requests in flight. */
  const live = new Set<Lease>();
  const pools = new Map<string, Pool>();
  const acquiring = new Map<string, Promise<void>>();
  /**
   * Counts the changes heard (forgetKeys, forfeitAll). A slice whose statement began before the latest one may have
   * been granted under the old rule: it is given back and asked for again.
   */
  let heard = 0;
  /** Stale slices whose giving back failed: the next giving back takes them along. */
  const owed: { leaseId: number; amountCents: number }[] = [];
  const withOwed = (returns: { leaseId: number; amountCents: number }[]) => returns.concat(owed.splice(0));

  const poolOf = (name: string) => {
    let pool = pools.get(name);
    if (!pool) pools.set(name, (pool = { granted: 0, inFlight: 0 }));
    return pool;
  };
  const grow = (lease: Lease, amount: number) => {
    lease.granted += amount;
    lease.team.granted += amount;
    lease.member.granted += amount;
  };
  const hold = (lease: Lease, amount: number) => {
    lease.inFlight += amount;
    lease.team.inFlight += amount;
    lease.member.inFlight += amount;
  };
  /** What a lease can still hold for a new request: what it and its pools have free, once it has request ids. */
  const roomOf = (lease: Lease) =>
    lease.nextRequestId < lease.requestIdEnd ? Math.min(free(lease), free(lease.team), free(lease.member)) : 0;

  /**
   * One acquisition per key at a time; the requests that need it wait for it and look again (null). `local` is what
   * the key's lease already has free, counted among what is left in a refusal.
   */
  function acquire(
    keyHash: string,
    ask: Parameters<LeaseBookDeps['acquire']>[1],
    local = 0,
  ): Promise<Admission | null> {
    const running = acquiring.get(keyHash);
    if (running) return running.then(() => null);
    let refusal: Admission | null = null;
    const heardBefore = heard;
    const done = (async () => {
      const answer = await deps.acquire(keyHash, ask);
      if (heardBefore !== heard) {
        // The requests waiting for it look again, and take a slice under the rule now in force.
        if (answer.ok) {
          const stale = { leaseId: answer.leaseId, amountCents: answer.grantedCents };
          await deps.giveBack([stale]).catch(() => owed.push(stale));
        }
        return;
      }
      if (!answer.ok) {
        if (answer.rateLimited) byKey.set(keyHash, { viaStatement: true, owner: answer.owner });
        else refusal = withLocal(answer, local);
        return;
      }
      let lease = byKey.get(keyHash);
      if (!lease || 'viaStatement' in lease) {
        const { teamId, userId } = answer.owner;
        lease = {
          owner: answer.owner,
          leaseId: answer.leaseId,
          granted: 0,
          inFlight: 0,
          nextRequestId: 0,
          requestIdEnd: 0,
          validUntil: null,
          allowedModels: [],
          lastUsedAt: deps.now(),
          team: poolOf(teamId),
          member: poolOf(`${teamId}/${userId}`),
          forfeited: false,
          refillRefused: false,
        };
        byKey.set(keyHash, lease);
        live.add(lease);
      }
      grow(lease, answer.grantedCents);
      lease.refillRefused = false;
      lease.nextRequestId = answer.requestBlock;
      lease.requestIdEnd = answer.requestBlock + REQUEST_BLOCK_SIZE;
      lease.validUntil = answer.validUntil?.getTime() ?? null;
      lease.allowedModels = answer.allowedModels;
    })().finally(() => acquiring.delete(keyHash));
    acquiring.set(keyHash, done);
    return done.then(() => refusal);
  }

  const runningLow = (lease: Lease, request: AdmissionRequest) =>
    !lease.refillRefused &&
    (Math.min(free(lease), free(lease.team), free(lease.member)) <
      request.amountCents * LEASE_WORST_CASES * REFILL_BELOW ||
      lease.requestIdEnd - lease.nextRequestId < REQUEST_BLOCK_SIZE * REFILL_BELOW);

  /**
   * Takes the next slice while this one still admits. The overdraw bound is untouched: a request is still admitted
   * only while the lease and its pools are above zero. A failure here is not the request's: the request that finds
   * the lease empty runs the statement itself, and meets the error then.
   */
  function refill(lease: Lease, keyHash: string, request: AdmissionRequest) {
    if (acquiring.has(keyHash)) return;
    const whole = Math.max(request.amountCents, 1);
    acquire(keyHash, { wantCents: whole * LEASE_WORST_CASES, needCents: whole, leastCents: whole }).then(
      (refusal) => {
        if (refusal) lease.refillRefused = true;
      },
      () => undefined,
    );
  }

  function admitOn(lease: Lease, amount: number): Admission {
    hold(lease, amount);
    lease.lastUsedAt = deps.now();
    let settled = false;
    return {
      ok: true,
      owner: lease.owner,
      reservationId: null,
      heldCents: amount,
      lease: {
        leaseId: lease.leaseId,
        requestId: lease.nextRequestId++,
        amountCents: amount,
        settle(costCents: number) {
          if (settled) return;
          settled = true;
          hold(lease, -amount);
          grow(lease, -costCents);
        },
      },
    };
  }

  /**
   * A refusal from the database, counting what this instance's lease of the key has free among what is left, not
   * among what is held.
   */
  function withLocal(answer: Admission & { ok: false }, local: number): Admission {
    if (!('leftCents' in answer)) return answer;
    return {
      ...answer,
      leftCents: answer.leftCents + local,
      fitsCents: answer.fitsCents + local,
      heldCents: Math.max(0, answer.heldCents - local),
    };
  }

  /** Gives back `amount` of a lease (all of what it holds when it is retired). */
  function takeBack(lease: Lease, amount: number, returns: { leaseId: number; amountCents: number }[]) {
    if (amount === 0) return;
    grow(lease, -amount);
    if (!lease.forfeited) returns.push({ leaseId: lease.leaseId, amountCents: amount });
  }

  return {
    /**
     * Holds the request's whole worst case when the lease has it free, else takes a further slice first. Once a slice
     * of its own was asked for, the request takes what the lease then has, down to its least hold (the rooms had no
     * more: the statement granted what was left).
     */
    async admit(keyHash: string, request: AdmissionRequest): Promise<Admission> {
      // A room with nothing left refuses even a request that costs nothing, as gateway_admit does.
      const whole = Math.max(request.amountCents, 1);
      const least = Math.max(request.leastCents, 1);
      let asked = false;
      for (;;) {
        if (!deps.trusted()) return deps.admitByStatement(keyHash, request);
        const entry = byKey.get(keyHash);
        if (entry && 'viaStatement' in entry) return deps.admitByStatement(keyHash, request);
        if (entry && entry.validUntil !== null && deps.now() >= entry.validUntil) {
          // Expired, or a rotated-out secret past its grace: the statement says which, and refuses.
          byKey.delete(keyHash);
          continue;
        }
        let local = 0;
        if (entry) {
          const models = request.models;
          if (models && entry.allowedModels.length > 0 && !models.some((name) => entry.allowedModels.includes(name))) {
            return { ok: false, reason: 'model_not_allowed' };
          }
          local = Math.max(0, roomOf(entry));
          if (local >= whole || (asked && local >= least)) {
            const admission = admitOn(entry, Math.min(request.amountCents, local));
            if (runningLow(entry, request)) refill(entry, keyHash, request);
            return admission;
          }
        }
        const running = acquiring.has(keyHash);
        const ask = {
          // From `whole`, not the request's amount: a request that costs nothing (a free tool call) asking for a
          // slice of nothing was granted nothing, and asked again, for ever.
          wantCents: whole * LEASE_WORST_CASES,
          needCents: whole - local,
          leastCents: least - local,
        };
        const refusal = await acquire(keyHash, ask, local);
        if (refusal) return refusal;
        if (!running) asked = true;
      }
    },

    /** Gives back what idle leases hold; retires those with nothing in flight. Run every second or so. */
    async giveBackIdle() {
      const returns: { leaseId: number; amountCents: number }[] = [];
      const idleSince = deps.now() - LEASE_IDLE_MS;
      for (const lease of live) {
        if (lease.lastUsedAt > idleSince) continue;
        if (lease.inFlight === 0) {
          takeBack(lease, lease.granted, returns);
          live.delete(lease);
          for (const [keyHash, entry] of byKey) if (entry === lease) byKey.delete(keyHash);
        } else if (free(lease) > 0) {
          takeBack(lease, free(lease), returns);
        }
      }
      await deps.giveBack(withOwed(returns));
    },

    /**
     * A key, member or team changed (revoked, edited, capped: gateway.keysChanged): every key is looked up again by
     * its next request, and the unused credit goes back now.
     */
    async forgetKeys() {
      const returns: { leaseId: number; amountCents: number }[] = [];
      heard++;
      byKey.clear();
      for (const lease of live) {
        if (lease.inFlight === 0) {
          takeBack(lease, lease.granted, returns);
          live.delete(lease);
        } else if (free(lease) > 0) {
          takeBack(lease, free(lease), returns);
        }
      }
      // A slice still being taken (a refill in the background) was asked for under the old rule: it gives itself back
      // (acquire), and this waits for that, so once this resolves nothing taken before the change is still held (a
      // PostgreSQL CI run read a refill's 1 cent still held right after forgetLeases).
      await Promise.all([deps.giveBack(withOwed(returns)), Promise.allSettled([...acquiring.values()])]);
    },

    /** The database released every lease of this instance (it was taken for dead): forget them, give back nothing. */
    forfeitAll() {
      heard++;
      byKey.clear();
      for (const lease of live) lease.forfeited = true;
      live.clear();
      // Requests still in flight settle into the old pools; new leases start from nothing.
      pools.clear();
    },

    /** For tests and the health view: what this instance holds. */
    snapshot() {
      return [...live].map((lease) => ({
        leaseId: lease.leaseId,
        keyId: lease.owner.keyId,
        grantedCents: lease.granted,
        inFlightCents: lease.inFlight,
      }));
    },
  };
}

export type LeaseBook = ReturnType<typeof createLeaseBook>;
