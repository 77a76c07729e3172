import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import type { Db } from '../db/types';
import { HttpError, notFound } from '../lib/errors';
import { receiveNotification, reconcilePayments } from './payments';
import type { PaymentProvider } from './provider';
import { createSandboxProvider, type SandboxProvider } from './sandbox/provider';
import { sandboxRoutes } from './sandbox/routes';

/** The provider payment links are created with. Only the sandbox exists today; a second one is chosen here by config. */
export function createPaymentProvider(config: Config & { jwtSecret: string }, db: Db): SandboxProvider {
  // The sandbox signs its notifications with a key of its own, derived so that every instance agrees on it.
  const notificationSecret = createHmac('sha256', config.jwtSecret)
    .update('sandbox payment notifications')
    .digest('hex');
  return createSandboxProvider(db, notificationSecret);
}

/** How often every instance asks the provider about payments not settled on our side. */
const RECONCILE_EVERY_MS = 60_000;

/** Payments whose report never arrived are reconciled once the server is ready (after a crash), then every minute. */
function watchPayments(app: FastifyInstance, db: Db, provider: PaymentProvider) {
  const reconcile = async () => {
    try {
      const moved = await reconcilePayments(db, provider);
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

/**
 * The provider's side of payments: its webhook (POST /v1/payments/notifications/{provider}), the sandbox's hosted
 * checkout, and the reconciler. The team's side (create a link, status, history, check) is in routes/teamBilling.ts.
 */
export function paymentRoutes(app: FastifyInstance, db: Db, provider: SandboxProvider) {
  watchPayments(app, db, provider);
  sandboxRoutes(app, db, provider);
  void app.register(async (webhook) => {
    // A signature covers the exact bytes sent, so this route keeps the body as text (in its own plugin context).
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    webhook
      .withTypeProvider<TypeBoxTypeProvider>()
      .post(
        '/v1/payments/notifications/:provider',
        { schema: { params: ProviderParams, body: Type.String({ maxLength: 16_384 }) } },
        async (request) => {
          if (request.params.provider !== provider.name) throw notFound('No such payment provider');
          const genuine = await receiveNotification(db, provider, { headers: request.headers, rawBody: request.body });
          if (!genuine) throw new HttpError(400, 'INVALID_SIGNATURE', 'The notification signature does not verify');
          return { received: true };
        },
      );
  });
}
