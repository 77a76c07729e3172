import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { STRIPE_FIXTURES } from './stripeFixtures';

/**
 * A local stand-in for the few Stripe endpoints the gateway calls (create, retrieve and list Checkout Sessions), for
 * the official client pointed at it (STRIPE_API_URL). It answers in Stripe's own JSON (stripeFixtures.ts), keeps
 * Stripe's rules that matter here (the secret key, expires_at 30 minutes to 24 hours ahead, idempotency keys, newest
 * first with cursor paging), and builds the events and signed deliveries Stripe would send.
 */
export const FAKE_SECRET_KEY = 'sk_test_fakeStripeKey';
export const FAKE_WEBHOOK_SECRET = 'whsec_fakeStripeWebhookSecret';

export type FakeSession = Stripe.Checkout.Session;

/** A fixture with the fields a test sets: the fixtures are plain JSON, typed here as the object Stripe sends. */
const fromFixture = <T>(fixture: object, fields: object): T => ({ ...structuredClone(fixture), ...fields }) as T;

export interface RecordedCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const seconds = (date = new Date()) => Math.floor(date.getTime() / 1000);

/** `line_items[0][price_data][currency]=usd` and friends (the client's form encoding) as nested objects and arrays. */
function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter(Boolean);
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[index + 1]) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

const stripeError = (status: number, message: string, param?: string, code?: string) => ({
  status,
  body: { error: { type: 'invalid_request_error', message, param, code } },
});

export interface StripeFake {
  url: string;
  sessions: Map<string, FakeSession>;
  calls: RecordedCall[];
  /** The next `times` API calls answer 500 (Stripe down). */
  failNext(times: number): void;
  /** The payer pays: the session completes (paid, or unpaid while a bank payment clears) with its PaymentIntent. */
  pay(sessionId: string, options?: { clearing?: boolean }): FakeSession;
  expire(sessionId: string): FakeSession;
  /** A session some other integration of the account made (no order of ours), paid. */
  foreignSession(): FakeSession;
  /** The charge of a paid session, with `refunded` cents given back so far (Stripe reports the running total). */
  charge(session: FakeSession, refunded?: number, reason?: string): Record<string, unknown>;
  dispute(
    session: FakeSession,
    input: { id?: string; amount: number; status: string; reason?: string },
  ): Record<string, unknown>;
  /** An event as Stripe sends it, and its signed delivery (the stripe-signature header over the exact body). */
  event(
    type: string,
    object: unknown,
    options?: { timestamp?: number },
  ): { id: string; body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export async function startStripeFake(): Promise<StripeFake> {
  const sessions = new Map<string, FakeSession>();
  const replies = new Map<string, { status: number; body: unknown }>();
  const calls: RecordedCall[] = [];
  let failures = 0;
  const signer = new Stripe(FAKE_SECRET_KEY);

  function createSession(params: Record<string, unknown>) {
    const created = seconds();
    const expiresAt = Number(params.expires_at);
    if (!Number.isInteger(expiresAt) || expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
      return stripeError(
        400,
        'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
        'expires_at',
        'parameter_invalid_integer',
      );
    }
    const [item] = params.line_items as { quantity: string; price_data: { currency: string; unit_amount: string } }[];
    const amount = Number(item.price_data.unit_amount) * Number(item.quantity);
    const sessionId = id('cs');
    const session = fromFixture<FakeSession>(STRIPE_FIXTURES.checkoutSession, {
      id: sessionId,
      amount_subtotal: amount,
      amount_total: amount,
      currency: item.price_data.currency,
      client_reference_id: params.client_reference_id as string,
      created,
      expires_at: expiresAt,
      metadata: params.metadata as Record<string, string>,
      mode: params.mode as 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: (params.success_url as string).replace('{CHECKOUT_SESSION_ID}', sessionId),
      cancel_url: (params.cancel_url as string).replace('{CHECKOUT_SESSION_ID}', sessionId),
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      customer_details: null,
    });
    sessions.set(sessionId, session);
    return { status: 200, body: session };
  }

  function list(query: URLSearchParams) {
    const since = Number(query.get('created[gte]') ?? 0);
    const limit = Number(query.get('limit') ?? 10);
    const after = query.get('starting_after');
    const newestFirst = [...sessions.values()]
      .filter((session) => session.created >= since)
      .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
    const start = after ? newestFirst.findIndex((session) => session.id === after) + 1 : 0;
    const data = newestFirst.slice(start, start + limit);
    return {
      status: 200,
      body: { object: 'list', data, has_more: start + limit < newestFirst.length, url: '/v1/checkout/sessions' },
    };
  }

  function answer(request: http.IncomingMessage, text: string) {
    const url = new URL(request.url ?? '/', 'http://stripe.local');
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    const params = request.method === 'POST' ? parseForm(text) : Object.fromEntries(url.searchParams);
    calls.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey, params });
    if (request.headers.authorization !== `Bearer ${FAKE_SECRET_KEY}`) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    }
    if (failures > 0) {
      failures--;
      return { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } } };
    }
    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      if (idempotencyKey && replies.has(idempotencyKey)) return replies.get(idempotencyKey)!;
      const reply = createSession(params);
      if (idempotencyKey) replies.set(idempotencyKey, reply);
      return reply;
    }
    if (request.method === 'GET' && url.pathname === '/v1/checkout/sessions') return list(url.searchParams);
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && one) {
      const session = sessions.get(decodeURIComponent(one[1]));
      return session
        ? { status: 200, body: session }
        : stripeError(404, `No such checkout.session: '${one[1]}'`, 'session', 'resource_missing');
    }
    return stripeError(404, `Unrecognized request URL (${request.method}: ${url.pathname}).`);
  }

  const server = http.createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      const { status, body } = answer(request, text);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const session = (sessionId: string) => {
    const found = sessions.get(sessionId);
    if (!found) throw new Error(`no session ${sessionId}`);
    return found;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    calls,
    failNext: (times) => void (failures = times),
    pay(sessionId, { clearing = false } = {}) {
      return Object.assign(session(sessionId), {
        status: 'complete',
        payment_status: clearing ? 'unpaid' : 'paid',
        payment_intent: session(sessionId).payment_intent ?? id('pi'),
        customer_details: { ...STRIPE_FIXTURES.checkoutSession.customer_details, email: 'payer@example.com' },
      });
    },
    expire(sessionId) {
      return Object.assign(session(sessionId), { status: 'expired' });
    },
    foreignSession() {
      const foreign = fromFixture<FakeSession>(STRIPE_FIXTURES.checkoutSession, {
        id: id('cs'),
        created: seconds(),
        amount_total: 999,
        currency: 'usd',
        client_reference_id: null,
        metadata: {},
        status: 'complete',
        payment_status: 'paid',
        payment_intent: id('pi'),
      });
      sessions.set(foreign.id, foreign);
      return foreign;
    },
    charge(paid, refunded = 0, reason = 'requested_by_customer') {
      const amount = paid.amount_total ?? 0;
      const chargeId = id('ch');
      return {
        ...structuredClone(STRIPE_FIXTURES.charge),
        id: chargeId,
        amount,
        amount_captured: amount,
        amount_refunded: refunded,
        captured: true,
        currency: 'usd',
        payment_intent: paid.payment_intent,
        refunded: refunded >= amount,
        refunds: {
          object: 'list',
          data:
            refunded > 0
              ? [{ ...STRIPE_FIXTURES.refund, id: id('re'), amount: refunded, charge: chargeId, reason }]
              : [],
          has_more: false,
          url: `/v1/charges/${chargeId}/refunds`,
        },
      };
    },
    dispute(paid, { id: disputeId = id('dp'), amount, status, reason = 'fraudulent' }) {
      return {
        ...structuredClone(STRIPE_FIXTURES.dispute),
        id: disputeId,
        amount,
        currency: 'usd',
        charge: id('ch'),
        payment_intent: paid.payment_intent,
        reason,
        status,
      };
    },
    event(type, object, { timestamp = seconds() } = {}) {
      const eventId = id('evt');
      const body = JSON.stringify({
        ...STRIPE_FIXTURES.event,
        id: eventId,
        api_version: '2026-10-28.endive',
        created: timestamp,
        data: { object },
        type,
      });
      const signature = signer.webhooks.generateTestHeaderString({
        payload: body,
        secret: FAKE_WEBHOOK_SECRET,
        timestamp,
      });
      return { id: eventId, body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
