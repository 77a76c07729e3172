import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { OperatorDetails } from '../../invoicing/settings';
import type { Db } from '../../db/types';
import { HttpError, notFound } from '../../lib/errors';
import { PAGE_HEADERS, escapeHtml, page } from '../../lib/html';
import { formatCents } from '../../lib/money';
import { receiveNotification } from '../payments';
import type { SandboxProvider } from './provider';

const OrderParams = Type.Object({ orderId: Type.String({ maxLength: 64 }) });

/** The page and its script are files of this folder, read once: the template's {{names}} are filled escaped. */
const TEMPLATE = fs.readFileSync(path.join(__dirname, 'checkout.html'), 'utf8');
const SCRIPT = fs.readFileSync(path.join(__dirname, 'checkout.js'), 'utf8');
const SCRIPT_PATH = '/v1/payments/sandbox/checkout.js';

/** Keeps the template's <!--name-->…<!--/name--> section when `keep`, drops it otherwise. */
const section = (html: string, name: string, keep: boolean) =>
  html.replace(new RegExp(`<!--${name}-->\\n([\\s\\S]*?)<!--/${name}-->\\n`), keep ? '$1' : '');

export function renderCheckout(view: CheckoutView): string {
  const values: Record<string, string> = {
    amount: formatCents(view.amount_cents),
    team: view.team_name,
    description: view.description,
    order: view.order_id,
    closedReason: view.link_expired ? 'This payment link has expired.' : `This payment is already ${view.status}.`,
  };
  const html = section(section(TEMPLATE, 'payable', view.payable), 'closed', !view.payable).replace(
    /\{\{(\w+)\}\}/g,
    (_, name: string) => escapeHtml(values[name]),
  );
  return page(`Checkout ${values.amount} · AI Model Gateway sandbox`, html, view.payable ? { src: SCRIPT_PATH } : '');
}

interface CheckoutView {
  order_id: string;
  amount_cents: number;
  description: string;
  status: string;
  team_name: string;
  /** The provider still takes payment for it. */
  payable: boolean;
  link_expired: boolean;
}

/** What the checkout page shows: the payment, and whether the provider still takes payment for it. */
async function checkoutView(db: Db, orderId: string): Promise<CheckoutView | null> {
  const [row] = await db.query<CheckoutView>(
    `SELECT p.order_id, p.amount_cents, p.description, p.status, t.name AS team_name,
            s.status = 'pending' AND s.expires_at > now() AS payable,
            s.status = 'pending' AND s.expires_at <= now() AS link_expired
     FROM payments p JOIN teams t ON t.id = p.team_id JOIN sandbox_checkouts s ON s.order_id = p.order_id
     WHERE p.order_id = $1`,
    [orderId],
  );
  return row ?? null;
}

/**
 * The sandbox provider's hosted checkout. Anyone holding the link may pay, as with a real provider's payment page;
 * the payer's choice is recorded at the "provider", which then notifies us as a real provider's webhook does (a
 * signed notification, verified and applied by receiveNotification like any other).
 */
export function sandboxRoutes(app: FastifyInstance, db: Db, provider: SandboxProvider, operator: OperatorDetails) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(SCRIPT),
  );

  api.get('/v1/payments/sandbox/:orderId', { schema: { params: OrderParams } }, async (request, reply) => {
    const view = await checkoutView(db, request.params.orderId);
    reply.headers(PAGE_HEADERS);
    if (!view)
      return reply
        .code(404)
        .send(page('Payment not found', '<h1>Payment not found</h1><p>Check the link and try again.</p>'));
    return renderCheckout(view);
  });

  for (const action of ['pay', 'decline'] as const) {
    api.post(`/v1/payments/sandbox/:orderId/${action}`, { schema: { params: OrderParams } }, async (request) => {
      const { orderId } = request.params;
      // The provider decides whether the click still counts (it knows the link's expiry), then notifies us.
      const decision = await provider.decide(orderId, action === 'pay' ? 'completed' : 'failed');
      if (decision === 'unknown') throw notFound('Payment not found');
      if (decision === 'expired') throw new HttpError(410, 'EXPIRED', 'This payment link has expired');
      await receiveNotification(db, provider, operator, provider.notification(orderId));
      const after = await checkoutView(db, orderId);
      if (!after) throw notFound('Payment not found');
      return { order_id: orderId, status: after.status };
    });
  }
}
