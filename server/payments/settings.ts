// The payments room's settings (docs/payments.md#configuration), read by server/config.ts with every other room's.
import type { EnvReader } from '../lib/envReader';

/** The payment providers PAYMENTS_PROVIDER names; each is a folder of server/payments/. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;

export type PaymentsConfig = { provider: 'sandbox' } | { provider: 'stripe'; stripe: StripeConfig };

export interface StripeConfig {
  secretKey: string;
  /** The signing secret of the webhook endpoint (whsec_…): Stripe's dashboard, or `stripe listen` prints it. */
  webhookSecret: string;
  /** Stripe's API origin; tests point it at a local fake. */
  apiUrl: string;
}

/** PAYMENTS_PROVIDER and its provider's settings. */
export function readPaymentSettings(read: EnvReader): PaymentsConfig {
  return paymentsConfig(read.oneOf('PAYMENTS_PROVIDER', PAYMENT_PROVIDERS, 'sandbox'), read);
}

function paymentsConfig(
  provider: (typeof PAYMENT_PROVIDERS)[number],
  { str, url, problems }: EnvReader,
): PaymentsConfig {
  if (provider === 'sandbox') return { provider };
  // Neither secret is ever echoed in a message.
  const secretKey = str('STRIPE_SECRET_KEY');
  if (secretKey === null) problems.push('STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER is stripe');
  else if (!/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(secretKey)) {
    problems.push(
      'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_..., sk_live_..., or a restricted rk_... key)',
    );
  }
  const webhookSecret = str('STRIPE_WEBHOOK_SECRET');
  if (webhookSecret === null) problems.push('STRIPE_WEBHOOK_SECRET is required when PAYMENTS_PROVIDER is stripe');
  else if (!/^whsec_[A-Za-z0-9+/=]+$/.test(webhookSecret)) {
    problems.push('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)');
  }
  const apiUrl = url('STRIPE_API_URL', 'https://api.stripe.com') ?? 'https://api.stripe.com';
  return { provider, stripe: { secretKey: secretKey ?? '', webhookSecret: webhookSecret ?? '', apiUrl } };
}
