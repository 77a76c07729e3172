import type Stripe from 'stripe';
import type { StripeConfig } from '../settings';
import { badRequest, HttpError } from '../../lib/errors';
import type { CheckoutReport, CheckoutState, PaymentEffect, PaymentProvider, ProviderEvent } from '../provider';

/**
 * The SDK, loaded when a Stripe provider is made: a server on the sandbox provider (the demo, every test file but
 * Stripe's) never loads its few hundred files, which took a tenth of a second of every start (docs/testing.md, "The
 * server suite"). require caches it, so each call after the first is a lookup.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const sdk = () => require('stripe') as typeof Stripe;

/**
 * Stripe Checkout behind the provider interface (docs/payments.md): a payment link is a Checkout Session, its
 * webhooks are verified with the official package's own check, and the reconciler lists the recent sessions.
 */

/**
 * Stripe takes a session's expires_at from 30 minutes to 24 hours after it creates the session; 31 minutes leaves a
 * minute for the request's way there and the two clocks.
 */
export const STRIPE_LINK_MINUTES = 31;
/** Where the payer lands after Checkout (stripe/routes.ts); Stripe fills in the session's id. */
export const STRIPE_RETURN_PATH = '/v1/payments/stripe/return';
/** Read by the reconciler a page at a time; Stripe's largest page. */
const PAGE_SIZE = 100;

/** Stripe failed us (down, refused our key, rate limited): the payer is told to try again, the cause is logged. */
function unavailable(cause: unknown): HttpError {
  const error = new HttpError(
    502,
    'PAYMENT_PROVIDER_UNAVAILABLE',
    'The payment provider could not be reached. Please try again in a moment.',
  );
  error.cause = cause;
  return error;
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw error instanceof sdk().errors.StripeError ? unavailable(error) : error;
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Our order and what the session says of it; null for a session some other integration of the account made. */
export function sessionReport(session: Stripe.Checkout.Session): CheckoutReport | null {
  const orderId = session.metadata?.order_id ?? session.client_reference_id;
  if (!orderId) return null;
  const paid = session.status === 'complete' && session.payment_status === 'paid';
  const state: CheckoutState = paid ? 'completed' : session.status === 'expired' ? 'expired' : 'pending';
  return {
    orderId,
    state,
    failureReason: null,
    paymentRef: idOf(session.payment_intent),
    // We ask for dollars; a session in any other currency matches no amount of ours and so credits nothing.
    amountCents: paid ? (session.currency === 'usd' ? session.amount_total : 0) : null,
  };
}

const REFUND_REASONS: Record<string, string> = {
  duplicate: 'Duplicate payment',
  fraudulent: 'Fraudulent payment',
  requested_by_customer: 'Requested by the customer',
};

/** The event's object, when it is of the kind its type promises; a signed event of another shape is a 400. */
function objectOf<T extends { object: string }>(event: Stripe.Event, kind: T['object']): T {
  const object = event.data?.object as unknown as T | undefined;
  if (object?.object !== kind || typeof (object as { id?: unknown }).id !== 'string') {
    throw badRequest(`The ${event.type} event does not carry a ${kind} object`);
  }
  return object;
}

const cents = (value: unknown, what: string) => {
  if (!Number.isSafeInteger(value) || (value as number) < 0) throw badRequest(`The event's ${what} is not an amount`);
  return value as number;
};

const words = (code: string) => code.replace(/_/g, ' ');

/** What each event we listen to does; any other event is recorded and changes nothing. */
export function eventEffect(event: Stripe.Event): PaymentEffect {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired': {
      const report = sessionReport(objectOf<Stripe.Checkout.Session>(event, 'checkout.session'));
      return report ? { kind: 'checkout', report } : { kind: 'none' };
    }
    case 'checkout.session.async_payment_failed': {
      const report = sessionReport(objectOf<Stripe.Checkout.Session>(event, 'checkout.session'));
      if (!report) return { kind: 'none' };
      const failureReason = 'The bank payment did not go through';
      return { kind: 'checkout', report: { ...report, state: 'failed', failureReason, amountCents: null } };
    }
    case 'charge.refunded': {
      const charge = objectOf<Stripe.Charge>(event, 'charge');
      const paymentRef = idOf(charge.payment_intent);
      if (!paymentRef) return { kind: 'none' };
      const code = charge.refunds?.data?.[0]?.reason ?? '';
      return {
        kind: 'refund',
        paymentRef,
        refundedCents: cents(charge.amount_refunded, 'amount_refunded'),
        reason: REFUND_REASONS[code] ?? 'Refunded through Stripe',
      };
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const dispute = objectOf<Stripe.Dispute>(event, 'dispute');
      const paymentRef = idOf(dispute.payment_intent);
      if (!paymentRef) return { kind: 'none' };
      const state = event.type === 'charge.dispute.created' ? 'open' : dispute.status === 'lost' ? 'lost' : 'won';
      return {
        kind: 'dispute',
        paymentRef,
        disputeId: dispute.id,
        amountCents: cents(dispute.amount, 'amount'),
        state,
        reason: `dispute reason: ${words(dispute.reason || 'general')}`,
      };
    }
    default:
      return { kind: 'none' };
  }
}

export function createStripeProvider(config: StripeConfig) {
  const api = new URL(config.apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  const StripeClient = sdk();
  const stripe = new StripeClient(config.secretKey, {
    host: api.hostname,
    port: api.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // Safe to repeat: every create carries an idempotency key, and reads change nothing.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'AI Model Gateway' },
  });

  const provider = {
    name: 'stripe' as const,
    linkMinutes: STRIPE_LINK_MINUTES,
    async createCheckout({ orderId, teamId, amountCents, description, baseUrl, expiresAt }) {
      const metadata = { order_id: orderId, team_id: teamId };
      const returnUrl = `${baseUrl}${STRIPE_RETURN_PATH}?session_id={CHECKOUT_SESSION_ID}`;
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: amountCents,
                  product_data: { name: 'AI Model Gateway credits', description },
                },
              },
            ],
            client_reference_id: orderId,
            metadata,
            payment_intent_data: { metadata, description },
            expires_at: Math.floor(expiresAt.getTime() / 1000),
            success_url: returnUrl,
            cancel_url: `${returnUrl}&cancelled=1`,
          },
          // One session per order, however often the request is retried.
          { idempotencyKey: `checkout:${orderId}` },
        ),
      );
      if (!session.url) throw unavailable(new Error(`Checkout Session ${session.id} came back without a URL`));
      return { paymentUrl: session.url, checkoutId: session.id };
    },
    async fetchCheckout({ orderId, checkoutId }) {
      const pending: CheckoutReport = {
        orderId,
        state: 'pending',
        failureReason: null,
        paymentRef: null,
        amountCents: null,
      };
      if (!checkoutId) return pending;
      const session = await call(() => stripe.checkout.sessions.retrieve(checkoutId));
      const report = sessionReport(session);
      return report?.orderId === orderId ? report : pending;
    },
    async *recentCheckouts(since) {
      let page: CheckoutReport[] = [];
      const sessions = stripe.checkout.sessions.list({
        created: { gte: Math.floor(since.getTime() / 1000) },
        limit: PAGE_SIZE,
      });
      try {
        for await (const session of sessions) {
          const report = sessionReport(session);
          if (report) page.push(report);
          if (page.length === PAGE_SIZE) {
            yield page;
            page = [];
          }
        }
      } catch (error) {
        throw error instanceof sdk().errors.StripeError ? unavailable(error) : error;
      }
      if (page.length > 0) yield page;
    },
    async readNotification({ headers, rawBody }): Promise<ProviderEvent | null> {
      const signature = headers['stripe-signature'];
      if (typeof signature !== 'string') return null;
      let event: Stripe.Event;
      try {
        // Checks the signature over the exact bytes and refuses a timestamp older than five minutes (replays).
        event = stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch (error) {
        if (error instanceof sdk().errors.StripeSignatureVerificationError) return null;
        throw badRequest('The notification is not a Stripe event');
      }
      return { id: event.id, type: event.type, effect: eventEffect(event) };
    },
  } satisfies PaymentProvider;

  return {
    ...provider,
    /** A session by its id, for the page the payer comes back to; null when Stripe has no such session. */
    async session(sessionId: string) {
      try {
        return await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (error instanceof sdk().errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error instanceof sdk().errors.StripeError ? unavailable(error) : error;
      }
    },
  };
}

export type StripeProvider = ReturnType<typeof createStripeProvider>;
