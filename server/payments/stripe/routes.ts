import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { OperatorDetails } from '../../invoicing/settings';
import type { Db } from '../../db/types';
import { PAGE_HEADERS, escapeHtml, page } from '../../lib/html';
import { applyCheckout } from '../applyEvents';
import { STRIPE_RETURN_PATH, sessionReport, type StripeProvider } from './provider';

const ReturnQuery = Type.Object({
  session_id: Type.String({
    pattern: '^cs_[A-Za-z0-9_]{1,250}$',
    errorMessage: 'session_id must be a Stripe Checkout Session id',
  }),
  cancelled: Type.Optional(Type.Literal('1')),
});

const message = (title: string, text: string) =>
  page(`${title} · AI Model Gateway`, `<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p></main>`);

/**
 * The page the payer comes back to from Stripe Checkout (its success and cancel URLs). It asks Stripe about the
 * session and applies the answer as a re-check would, so a payment shows as completed at once even while its webhook
 * is on its way; like a notification, the request itself is believed in nothing but the session's id.
 */
export function stripeRoutes(
  app: FastifyInstance,
  db: Db,
  provider: StripeProvider,
  operator: OperatorDetails,
  rateLimit: { max: number; timeWindow: number } | undefined,
) {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      STRIPE_RETURN_PATH,
      { schema: { querystring: ReturnQuery }, config: rateLimit ? { rateLimit } : undefined },
      async (request, reply) => {
        reply.headers(PAGE_HEADERS);
        const session = await provider.session(request.query.session_id);
        const report = session && sessionReport(session);
        if (!report) {
          return reply.code(404).send(message('Payment not found', 'Check the link and try again.'));
        }
        await db.tx((q) => applyCheckout(q, provider.name, report, operator));
        if (report.state === 'completed') {
          return message(
            'Payment received',
            'Thank you. The credits are on your balance; you can close this window and return to the dashboard.',
          );
        }
        if (session.status === 'complete') {
          return message(
            'Payment processing',
            'Your bank is processing the payment; the credits arrive on your balance when it clears. You can close this window.',
          );
        }
        return message(
          request.query.cancelled ? 'Payment cancelled' : 'Payment not completed',
          'No money was taken. You can close this window and start a new payment from the dashboard.',
        );
      },
    );
}
