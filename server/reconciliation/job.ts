import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { claimed } from '../db/perSchema';
import type { Db } from '../db/types';
import type { SecretBox } from '../lib/secretBox';
import { reconcileAll } from './reconcile';

/** How often the instances look (one of them reads the reports), and how many days back each run reads. */
const EVERY_MS = 6 * 3600_000;
export const DAYS_READ = 3;
/** "Reconcile now" reads a week. */
export const DAYS_READ_NOW = 7;

/** The providers' base URLs from the configuration, for credentials without one of their own. */
export const configuredBaseUrl = (config: Config) => (provider: string) =>
  (config.gateway.providers as Record<string, { baseUrl: string } | undefined>)[provider]?.baseUrl ?? null;

/** A run that takes longer than this is taken for dead, and another instance may run. */
const CLAIM_SECONDS = 15 * 60;

/** Runs now, on this instance, unless another instance is running it (then null). */
export const reconcileNow = (db: Db, box: SecretBox, config: Config, days: number) =>
  claimed(db, 'reconciliation', CLAIM_SECONDS, () =>
    reconcileAll(db, box, { days, now: new Date(), baseUrlOf: configuredBaseUrl(config) }),
  );

/** Reconciles the last days once the server is ready, then every six hours, on one instance at a time. */
export function watchReconciliation(app: FastifyInstance, db: Db, box: SecretBox | null, config: Config) {
  if (!box) return;
  const run = async () => {
    try {
      const outcome = await reconcileNow(db, box, config, DAYS_READ);
      if (outcome && outcome.failed > 0) app.log.warn(outcome, 'reconciliation could not read every report');
    } catch (error) {
      app.log.error({ err: error }, 'reconciliation failed');
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => void run());
  app.addHook('onClose', async () => clearInterval(timer));
}
