import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import type { OperatorDetails } from '../invoicing/settings';
import type { Db } from '../db/types';
import { HttpError, notFound } from '../lib/errors';
import { receiveNotification } from './payments';
import type { PaymentProvider } from './provider';
import { reconcilePayments } from './reconcile';
import { createSandboxProvider } from './sandbox/provider';
import { sandboxRoutes } from './sandbox/routes';
import { createStripeProvider } from './stripe/provider';
import { stripeRoutes } from './stripe/routes';

/** The provider payment links are made with, as PAYMENTS_PROVIDER says (the sandbox by default). */
export function createPaymentProvider(config: Config & { jwtSecret: string }, db: Db) {
  if (config.payments.provider === 'stripe') return createStripeProvider(config.payments.stripe);
  // The sandbox signs its notifications with a key of its own, derived so that every instance agrees on it.
  const notificationSecret = createHmac('sha256', config.jwtSecret)
    .update('sandbox payment notifications')
    .digest('hex');
  return createSandboxProvider(db, notificationSecret);
}

export type ConfiguredProvider = ReturnType<typeof createPaymentProvider>;

/** How often every instance reads the provider's recent checkouts (and one of them applies them). */
const RECONCILE_EVERY_MS = 3 * 60_000;

/** Payments whose report never arrived are reconciled once the server is ready (after a crash), then every few minutes. */
function watchPayments(app: FastifyInstance, db: Db, provider: PaymentProvider, operator: OperatorDetails) {
  const reconcile = async () => {
    try {
      const moved = await reconcilePayments(db, provider, operator);
      if (moved > 0) app.log.warn({ moved }, 'payments reconciled with the provider');
    } catch (error) {
      app.log.error({ err: error }, 'payment reconciliation failed');
    }
  };
  const timer = setInterval(() => void reconcile(), RECONCILE_EVERY_MS);
  timer.unref();
  app.addHook('onReady', reconcile);
  app.addHook('onClose', async () => clearInterval(timer));
}

const ProviderParams = Type.Object({ provider: Type.String({ maxLength: 32 }) });
/** The app's body limit: a Stripe event is a few kilobytes. */
const MAX_NOTIFICATION = 65_536;

export interface PaymentRoutesOptions {
  db: Db;
  provider: ConfiguredProvider;
  operator: OperatorDetails;
  rateLimit: { max: number; timeWindow: number } | undefined;
}

/**
 * The provider's side of payments: its webhook (POST /v1/payments/notifications/{provider}), the provider's own pages
 * (the sandbox's checkout, Stripe's return page), and the reconciler. The team's side (create a link, status, history,
 * check) is in payments/teamRoutes.ts.
 */
export function paymentRoutes(app: FastifyInstance, { db, provider, operator, rateLimit }: PaymentRoutesOptions) {
  watchPayments(app, db, provider, operator);
  if (provider.name === 'sandbox') sandboxRoutes(app, db, provider, operator);
  else stripeRoutes(app, db, provider, operator, rateLimit);
  void app.register(async (webhook) => {
    // A signature covers the exact bytes sent, so this route keeps the body as text (in its own plugin context).
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    webhook.withTypeProvider<TypeBoxTypeProvider>().post(
      '/v1/payments/notifications/:provider',
      {
        schema: {
          params: ProviderParams,
          body: Type.String({ maxLength: MAX_NOTIFICATION, errorMessage: 'The notification body is too large' }),
        },
      },
      async (request) => {
        if (request.params.provider !== provider.name) throw notFound('No such payment provider');
        const outcome = await receiveNotification(db, provider, operator, {
          headers: request.headers,
          rawBody: request.body,
        });
        if (outcome === null)
          throw new HttpError(400, 'INVALID_SIGNATURE', 'The notification signature does not verify');
        return { received: true, outcome };
      },
    );
  });
}
