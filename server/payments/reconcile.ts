import type { OperatorDetails } from '../invoicing/settings';
import { alone } from '../db/perSchema';
import type { Db } from '../db/types';
import type { PaymentProvider } from './provider';
import { applyCheckout } from './applyEvents';

/** How far back the reconciler looks: a provider may report a payment made just before expiry long after it. */
export const RECONCILE_DAYS = 7;

/**
 * Reads every checkout the provider made in the last RECONCILE_DAYS and applies its state (applyCheckout, as a webhook
 * or a re-check would): a payment whose report was lost (a missed webhook, a crash between the payer's click and our
 * ledger write) is credited all the same, once. Every instance runs it; each checkout is applied in a transaction
 * holding the job's lock (`alone`), and an instance that finds the lock taken leaves the pass to the one holding it.
 * The provider is read outside any transaction. Returns how many payments moved.
 */
export async function reconcilePayments(
  db: Db,
  provider: PaymentProvider,
  operator: OperatorDetails,
  now = new Date(),
): Promise<number> {
  const since = new Date(now.getTime() - RECONCILE_DAYS * 86_400_000);
  let moved = 0;
  for await (const page of provider.recentCheckouts(since)) {
    for (const report of page) {
      // One checkout per transaction: completing a payment locks its row, then the invoice counter, as a payer's
      // click or a webhook does; two payments in one transaction would take a second payment's row while holding the
      // counter, and deadlock against a click completing that payment (PostgreSQL found it: 40P01).
      const applied = await alone(db, `payments:reconcile:${provider.name}`, async (q) =>
        applyCheckout(q, provider.name, report, operator),
      );
      if (applied === null) return moved;
      if (applied === 'applied') moved++;
    }
  }
  return moved;
}
