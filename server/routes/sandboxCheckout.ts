import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { HttpError, notFound } from '../lib/errors';
import { PAGE_HEADERS, escapeHtml, page, scriptJson } from '../lib/html';
import { applyProviderStatus, checkoutView } from '../services/payments';
import { formatCents } from '../lib/money';

const OrderParams = Type.Object({ orderId: Type.String({ maxLength: 64 }) });

/**
 * The sandbox provider's hosted checkout. Anyone holding the link may pay, as with a real provider's payment page;
 * the payer's choice is recorded at the "provider" and then reported to the payment service, like a webhook.
 */
export function sandboxCheckoutRoutes(app: FastifyInstance, { db, payments }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get('/v1/payments/sandbox/:orderId', { schema: { params: OrderParams } }, async (request, reply) => {
    const payment = await checkoutView(db, request.params.orderId);
    reply.headers(PAGE_HEADERS);
    if (!payment)
      return reply
        .code(404)
        .send(page('Payment not found', '<h1>Payment not found</h1><p>Check the link and try again.</p>'));
    const amount = formatCents(payment.amount_cents);
    const open = payment.payable;
    const body = `
<h1>Sandbox checkout</h1>
<p>This is a test payment page: no real money moves.</p>
<dl>
  <dt>Amount</dt><dd>${amount} USD</dd>
  <dt>Team</dt><dd>${escapeHtml(payment.team_name)}</dd>
  <dt>Description</dt><dd>${escapeHtml(payment.description)}</dd>
  <dt>Order</dt><dd>${escapeHtml(payment.order_id)}</dd>
</dl>
${
  open
    ? `<div class="row"><button type="button" id="pay">Pay ${amount}</button><button type="button" id="decline" class="danger">Decline</button></div>`
    : `<p>${payment.link_expired ? 'This payment link has expired.' : `This payment is already ${escapeHtml(payment.status)}.`} You can close this window.</p>`
}
<div id="result" role="status" aria-live="polite"></div>`;
    const script = open
      ? `
const orderId = ${scriptJson(payment.order_id)};
const result = document.getElementById('result');
async function decide(action) {
  document.querySelectorAll('button').forEach((b) => (b.disabled = true));
  try {
    const res = await fetch('/v1/payments/sandbox/' + encodeURIComponent(orderId) + '/' + action, { method: 'POST', headers: { 'content-type': 'application/json' } });
    const data = await res.json();
    if (!res.ok) throw new Error(data.message || 'Request failed');
    document.querySelector('.row').remove();
    result.textContent = (data.status === 'completed' ? 'Payment completed.' : 'Payment declined.') + ' You can close this window.';
  } catch (error) {
    result.textContent = error.message + ' You can close this window.';
  }
}
document.getElementById('pay').addEventListener('click', () => decide('pay'));
document.getElementById('decline').addEventListener('click', () => decide('decline'));`
      : '';
    return page(`Checkout ${amount} · AI Model Gateway sandbox`, body, script);
  });

  for (const action of ['pay', 'decline'] as const) {
    api.post(`/v1/payments/sandbox/:orderId/${action}`, { schema: { params: OrderParams } }, async (request) => {
      const { orderId } = request.params;
      // The provider decides whether the click still counts (it knows the link's expiry), then reports to us.
      const decision = await payments.decide(orderId, action === 'pay' ? 'completed' : 'failed');
      if (decision === 'unknown') throw notFound('Payment not found');
      if (decision === 'expired') throw new HttpError(410, 'EXPIRED', 'This payment link has expired');
      await applyProviderStatus(db, orderId, await payments.fetchStatus(orderId));
      const after = await checkoutView(db, orderId);
      if (!after) throw notFound('Payment not found');
      return { order_id: orderId, status: after.status };
    });
  }
}
