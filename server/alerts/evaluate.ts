import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/types';
import { createWorker } from '../lib/worker';
import { applyDecision } from './fire';
import { readFigures, type Watched } from './figures';
import { decideAlerts } from './rules';

/**
 * Evaluates the alerts of the watched teams, keys and members once: reads their figures with `q`, and for a team with
 * something to fire or re-arm applies it through `transact` (a transaction of its own; the demo seed's, which is
 * already one). Returns the alerts fired.
 */
export async function evaluateOnce(
  q: Queryable,
  watched: Watched,
  appUrl: string,
  transact: <T>(work: (tx: Queryable) => Promise<T>) => Promise<T> = (work) => work(q),
): Promise<number> {
  let fired = 0;
  for (const figures of await readFigures(q, watched)) {
    const decision = decideAlerts(figures);
    if (decision.fire.length === 0 && decision.rearm.length === 0) continue;
    fired += await transact((tx) => applyDecision(tx, figures, decision, appUrl));
  }
  return fired;
}

/**
 * Evaluates alerts off every request's path (docs/alerts.md#when-an-alert-fires): told which teams, keys and members
 * just had bills written or credit moved, it gathers them for a moment (`gatherMs`), reads their figures in three
 * statements, and only for a team with something to fire or re-arm opens a transaction (fire.ts). Passes run one at a
 * time on an instance; instances may evaluate the same team at once, and the state table's unique key keeps each
 * alert to one firing.
 */
export function createEvaluator(db: Db, log: FastifyBaseLogger, options: { appUrl: string; gatherMs: number }) {
  let teams = new Set<string>();
  let keys = new Set<string>();
  let users = new Set<string>();
  let timer: NodeJS.Timeout | null = null;

  const worker = createWorker(
    async () => {
      if (teams.size === 0) return 0;
      const watched = { teamIds: [...teams], keyIds: [...keys], userIds: [...users] };
      [teams, keys, users] = [new Set(), new Set(), new Set()];
      await evaluateOnce(db, watched, options.appUrl, (work) => db.tx(work));
      return watched.teamIds.length;
    },
    // A pass is kicked whenever something is watched; the timer only retries what a failed pass put back.
    60_000,
    (error) => log.error({ err: error }, 'alert evaluation failed'),
  );

  return {
    /** Something changed for these: evaluate them after the gathering moment. */
    watch(teamId: string, keyId?: string | null, userId?: string | null) {
      teams.add(teamId);
      if (keyId) keys.add(keyId);
      if (userId) users.add(userId);
      timer ??= setTimeout(() => {
        timer = null;
        worker.kick();
      }, options.gatherMs);
    },
    /** Resolves once nothing is waiting or being evaluated (tests). */
    async idle() {
      while (timer || teams.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, options.gatherMs + 1));
        await worker.idle();
      }
      await worker.idle();
    },
    async close() {
      if (timer) clearTimeout(timer);
      await worker.close();
    },
  };
}
