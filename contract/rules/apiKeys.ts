/**
 * Per-key controls' periods and limits: plain values beside the schemas of contract/schemas/apiKeys.ts, which re-exports them. The browser
 * imports these from here, so no page downloads TypeBox (docs/api-contract.md).
 */
import { MAX_AMOUNT_CENTS } from './common';
import type { ApiKeyControls } from '../schemas/apiKeys';

/** A key's spending limit resets never, daily, weekly or monthly (its schema is LimitPeriod). */
export const LIMIT_PERIODS = ['none', 'daily', 'weekly', 'monthly'] as const;

/** The most a key may hold back for its old secret after a rotation: 7 days. */
export const MAX_ROTATION_GRACE_SECONDS = 7 * 24 * 3600;

export const MAX_SPEND_LIMIT_CENTS = MAX_AMOUNT_CENTS;

export const MAX_RPM_LIMIT = 1_000_000;

export const MAX_TPM_LIMIT = 1_000_000_000;

export const MAX_ALLOWED_MODELS = 100;

export const MAX_KEY_NOTE_LENGTH = 500;

/** A key with no controls: what a key created with only a name gets. */
export const NO_KEY_CONTROLS: ApiKeyControls = {
  spend_limit_cents: null,
  limit_period: 'none',
  rpm_limit: null,
  tpm_limit: null,
  expires_at: null,
  allowed_models: [],
  note: '',
  cache_enabled: false,
  cache_scope: 'key',
  cache_ttl_seconds: null,
};
