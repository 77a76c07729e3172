// /v1/teams/{teamId}/… routes: credits, payments and coupon redemption (docs/api-contract.md, Calls).
import { normaliseCouponCode } from '../../../contract/couponCode';
import type { Coupon } from '../../../contract/schemas/coupons';
import { billingDetailsProblems, normaliseBillingDetails } from '../../../contract/billingDetails';
import { PaymentLinkBody } from '../../../contract/schemas/billing';
import { BillingDetailsBody } from '../../../contract/schemas/billingDetails';
import { fakeDb } from '../fakeBackend';
import { SANDBOX_PAYMENT_PATH } from '../fakeBackend/seed';
import type { FakePayment } from '../fakeBackend/state';
import {
  couponProblem,
  creditBalance,
  detailedBalance,
  isExpired,
  monthStart,
  newestFirst,
  teamCredits,
  today,
  usageBreakdownView,
} from '../fakeBackend/views';
import {
  API_ORIGIN,
  ApiFailure,
  bodyObject,
  checkBody,
  conflict,
  forbidden,
  integerAtLeast,
  json,
  notFound,
  optionalString,
  page,
  queryDate,
  requiredString,
  route,
  teamFromPath,
  validationError,
  type RouteContext,
} from './http';

const PAYMENT_LINK_MINUTES = 30;

/** A row without the fake's foreign key, as the wire shows it. */
function withoutTeam<T extends { team_id: string }>(row: T): Omit<T, 'team_id'> {
  const { team_id: _teamId, ...rest } = row;
  return rest;
}

// ---- Credits ----

const getBalance = route('get', '/v1/teams/:teamId/credits/balance', (context) => {
  const { team } = teamFromPath(context);
  return json({ team_id: team.id, current_balance: creditBalance(fakeDb.state, team.id) });
});

const getDetailedBalance = route('get', '/v1/teams/:teamId/credits/balance/detailed', (context) =>
  json(detailedBalance(fakeDb.state, teamFromPath(context).team.id)),
);

const getCreditHistory = route('get', '/v1/teams/:teamId/credits/history', (context) => {
  const entries = newestFirst(teamCredits(fakeDb.state, teamFromPath(context).team.id), (entry) => entry.created_at);
  const { rows, total } = page(entries, context.query);
  return json({ entries: rows.map(withoutTeam), total });
});

/** Defaults to the current month up to today. */
const getUsageBreakdown = route('get', '/v1/teams/:teamId/credits/usage-breakdown', (context) => {
  const { team } = teamFromPath(context);
  const now = fakeDb.now();
  const from = queryDate(context.query, 'from', monthStart(now));
  const to = queryDate(context.query, 'to', today(now));
  return json(usageBreakdownView(fakeDb.state, team.id, from, to));
});

// ---- Payments ----

function teamPayment(context: RouteContext): FakePayment {
  const { team } = teamFromPath(context);
  const payment = fakeDb.state.payments.find(
    (candidate) => candidate.team_id === team.id && candidate.order_id === context.params.orderId,
  );
  if (!payment) throw notFound('Payment not found');
  return payment;
}

const createPaymentLink = route('post', '/v1/teams/:teamId/payments/create-link', (context) => {
  const { team } = teamFromPath(context);
  const input = checkBody(PaymentLinkBody, context.body);
  const cents = integerAtLeast(input, 'amount_cents', 100);
  const description = optionalString(input, 'description')?.trim() || `Credit top-up for ${team.name}`;
  const now = fakeDb.now();
  const orderId = fakeDb.nextOrderId();
  const payment: FakePayment = {
    team_id: team.id,
    order_id: orderId,
    status: 'pending',
    amount: { cents, currency: 'USD' },
    refunded: { cents: 0, currency: 'USD' },
    documents: [],
    description,
    created_at: now.toISOString(),
    completed_at: null,
    failed_at: null,
    expires_at: new Date(now.getTime() + PAYMENT_LINK_MINUTES * 60_000).toISOString(),
    payment_url: `${API_ORIGIN}${SANDBOX_PAYMENT_PATH}/${orderId}`,
    failure_reason: null,
  };
  fakeDb.state.payments.push(payment);
  const { payment_url, order_id, amount, expires_at, status } = payment;
  return json({ payment_url, order_id, amount, expires_at, status }, 201);
});

const getPaymentStatus = route('get', '/v1/teams/:teamId/payments/:orderId/status', (context) => {
  const { order_id, status, failure_reason, amount } = teamPayment(context);
  return json({ order_id, status, failure_reason, amount });
});

const getPaymentHistory = route('get', '/v1/teams/:teamId/payments/history', (context) => {
  const { team } = teamFromPath(context);
  const payments = fakeDb.state.payments.filter((payment) => payment.team_id === team.id);
  return json({
    payments: newestFirst(payments, (payment) => payment.created_at).map(withoutTeam),
    count: payments.length,
  });
});

/** The re-check: a pending payment whose link has passed its expiry becomes expired. */
const checkPayment = route('post', '/v1/teams/:teamId/payments/:orderId/check', (context) => {
  const payment = teamPayment(context);
  const lapsed = payment.status === 'pending' && isExpired(payment.expires_at, fakeDb.now());
  if (lapsed) payment.status = 'expired';
  return json({ updated: lapsed, status: payment.status });
});

// ---- Billing details ----

const getBillingDetails = route('get', '/v1/teams/:teamId/billing-details', (context) => {
  const { team } = teamFromPath(context);
  return json(fakeDb.state.billingDetails[team.id] ?? { legal_name: '', address: '', tax_id: '', updated_at: null });
});

/** The owner saves; the shared rules answer 400 with their sentence, as the server does. */
const putBillingDetails = route('put', '/v1/teams/:teamId/billing-details', (context) => {
  const { team, membership } = teamFromPath(context);
  if (membership.role !== 'owner') throw forbidden('Only the team owner can change the billing details');
  const input = checkBody(BillingDetailsBody, context.body);
  const details = normaliseBillingDetails({
    legal_name: optionalString(input, 'legal_name') ?? '',
    address: optionalString(input, 'address') ?? '',
    tax_id: optionalString(input, 'tax_id') ?? '',
  });
  const [problem] = Object.values(billingDetailsProblems(details));
  if (problem) throw validationError(problem);
  const saved = { ...details, updated_at: fakeDb.now().toISOString() };
  fakeDb.state.billingDetails[team.id] = saved;
  return json(saved);
});

// ---- Coupons ----

/** The coupon a team may redeem now; otherwise the contract's 404/400/409 messages. */
function redeemableCoupon(context: RouteContext): Coupon {
  const { team } = teamFromPath(context);
  const code = normaliseCouponCode(requiredString(bodyObject(context.body), 'code'));
  const coupon = fakeDb.state.coupons.find((candidate) => normaliseCouponCode(candidate.code) === code);
  if (!coupon) throw notFound('Coupon not found');
  const problem = couponProblem(coupon, fakeDb.now());
  if (problem) throw new ApiFailure(400, 'VALIDATION_ERROR', problem);
  const redeemed = fakeDb.state.redemptions.some(
    (redemption) => redemption.team_id === team.id && redemption.coupon_id === coupon.id,
  );
  if (redeemed) throw conflict('Coupon already redeemed by this team');
  return coupon;
}

const validateCoupon = route('post', '/v1/teams/:teamId/coupons/validate', (context) => {
  const { code, amount, description, expires_at } = redeemableCoupon(context);
  return json({ valid: true, coupon: { code, amount, description, expires_at }, amount });
});

const redeemCoupon = route('post', '/v1/teams/:teamId/coupons/redeem', (context) => {
  const coupon = redeemableCoupon(context);
  const { team, user } = teamFromPath(context);
  const now = fakeDb.now().toISOString();
  coupon.current_uses += 1;
  fakeDb.state.redemptions.push({
    id: fakeDb.nextId('redemption'),
    team_id: team.id,
    coupon_id: coupon.id,
    code: coupon.code,
    amount: coupon.amount,
    redeemed_at: now,
    user_email: user.email,
  });
  fakeDb.state.credits.push({
    id: fakeDb.nextId('credit'),
    team_id: team.id,
    type: 'topup',
    amount: coupon.amount,
    description: `Coupon ${coupon.code} redeemed`,
    created_at: now,
  });
  return json({ success: true, amount: coupon.amount, new_balance: creditBalance(fakeDb.state, team.id) });
});

const listRedemptions = route('get', '/v1/teams/:teamId/coupons/redemptions', (context) => {
  const { team } = teamFromPath(context);
  const redemptions = fakeDb.state.redemptions.filter((redemption) => redemption.team_id === team.id);
  const { rows, total } = page(
    newestFirst(redemptions, (redemption) => redemption.redeemed_at),
    context.query,
  );
  return json({
    redemptions: rows.map(({ id, code, amount, redeemed_at, user_email }) => ({
      id,
      code,
      amount,
      redeemed_at,
      user_email,
    })),
    total,
  });
});

export const billingRoutes = [
  getBalance,
  getDetailedBalance,
  getCreditHistory,
  getUsageBreakdown,
  createPaymentLink,
  getPaymentStatus,
  getPaymentHistory,
  checkPayment,
  getBillingDetails,
  putBillingDetails,
  validateCoupon,
  redeemCoupon,
  listRedemptions,
];
