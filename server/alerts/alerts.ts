/**
 * The alerts room (docs/alerts.md): evaluated where usage settles (the credit room's onSettled) and where credit
 * changes (a ledger entry's notice, at COMMIT), never on a request's path; delivered by email (the mail room), by
 * webhook (webhooks/) and in the bell (notifications.ts).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { UsageEvent } from '../credit/writeBills';
import type { Db } from '../db/types';
import { CREDIT_CHANGED_CHANNEL } from '../ledger/ledger';
import { createEvaluator } from './evaluate';
import { createDeliverer, type DelivererOptions } from './webhooks/deliverer';

export interface AlertsOptions {
  /** The dashboard's origin, for the links in emails. */
  appUrl: string;
  webhooks: DelivererOptions;
  /** How long changes gather before an evaluation (tests: 0). */
  gatherMs?: number;
}

/** Bills and credit moves gather this long: at 1,000 requests a second, about ten evaluations a second. */
const GATHER_MS = 100;

export function createAlerts(db: Db, log: FastifyBaseLogger, options: AlertsOptions) {
  const evaluator = createEvaluator(db, log, { appUrl: options.appUrl, gatherMs: options.gatherMs ?? GATHER_MS });
  const deliverer = createDeliverer(db, log, options.webhooks);
  const creditListening = db
    .listen(CREDIT_CHANGED_CHANNEL, {
      message: (teamId) => evaluator.watch(teamId),
      // Moves were missed while the connection was down: every team with a balance or runway alert is looked at.
      missed: () => {
        db.query<{ team_id: string }>(
          'SELECT team_id FROM alert_settings WHERE balance_below_cents IS NOT NULL OR runway_days IS NOT NULL',
        )
          .then((rows) => rows.forEach((row) => evaluator.watch(row.team_id)))
          .catch((error) => log.error({ err: error }, 'alert evaluation after missed credit notices failed'));
      },
      failed: () => undefined,
    })
    .catch(() => async () => undefined);

  return {
    /** Resolves once this instance hears credit moves and queued deliveries. */
    listening: Promise.all([creditListening, deliverer.listening]).then(() => undefined),
    /** The credit room's onSettled listener: the bills of a batch, once written. */
    billsSettled(bills: readonly UsageEvent[]) {
      for (const bill of bills) {
        if (bill.costCents > 0) evaluator.watch(bill.teamId, bill.apiKeyId, bill.userId);
      }
    },
    /** A team's budget or alert settings changed: a threshold may now be crossed. */
    teamChanged: (teamId: string) => evaluator.watch(teamId),
    deliverer,
    /** Where webhooks may go and how long a try may take: endpoints are checked with the same rules when added. */
    destination: options.webhooks,
    /** Resolves once every evaluation and delivery this instance has started is done (tests). */
    async idle() {
      await evaluator.idle();
      await deliverer.idle();
    },
    async close() {
      await (
        await creditListening
      )();
      await evaluator.close();
      await deliverer.close();
    },
  };
}

export type Alerts = ReturnType<typeof createAlerts>;
