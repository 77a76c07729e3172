import { Type, type TSchema } from '@sinclair/typebox';

/** Response and shared input schemas: the contract of docs/api-contract.md in TypeBox. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ErrorBody = Type.Object({ code: Type.String(), message: Type.String() });
export const errors = (...codes: number[]) => Object.fromEntries(codes.map((code) => [code, ErrorBody]));

export const AuthUser = Type.Object({
  id: Type.String(),
  login: Type.String(),
  name: Nullable(Type.String()),
  email: Nullable(Type.String()),
  is_admin: Type.Boolean(),
});

export const Team = Type.Object({
  id: Type.String(),
  name: Type.String(),
  budget_limit: Type.Number(),
  current_usage: Type.Number(),
  budget_utilization: Type.Number(),
  member_count: Type.Integer(),
  created_at: Type.String(),
});

export const Money = Type.Object({ cents: Type.Integer(), currency: Type.Literal('USD') });
export const PaymentStatus = Type.Union(
  ['pending', 'completed', 'failed', 'expired', 'refunded'].map((status) => Type.Literal(status)),
);

export const Coupon = Type.Object({
  id: Type.String(),
  code: Type.String(),
  amount: Type.Number(),
  description: Nullable(Type.String()),
  active: Type.Boolean(),
  expires_at: Nullable(Type.String()),
  max_uses: Type.Integer(),
  current_uses: Type.Integer(),
  created_at: Type.String(),
});

export const PricingTier = Type.Object({
  id: Type.String(),
  provider: Type.String(),
  model: Type.String(),
  tier_name: Type.String(),
  tier_order: Type.Integer(),
  tier_description: Nullable(Type.String()),
  min_tokens: Type.Integer(),
  max_tokens: Nullable(Type.Integer()),
  prompt_cost_per_1m: Type.Number(),
  completion_cost_per_1m: Type.Number(),
  cache_create_cost_per_1m: Nullable(Type.Number()),
  cache_read_cost_per_1m: Nullable(Type.Number()),
  supports_caching: Type.Boolean(),
  cache_min_tokens: Nullable(Type.Integer()),
  cache_ttl_minutes: Nullable(Type.Integer()),
  notes: Nullable(Type.String()),
  effective_time: Type.String(),
  expiry_time: Nullable(Type.String()),
  created_at: Type.String(),
});

export const ApiKey = Type.Object({
  id: Type.String(),
  name: Type.String(),
  key_prefix: Type.String(),
  is_active: Type.Boolean(),
  created_at: Type.String(),
  last_used_at: Nullable(Type.String()),
  user_name: Nullable(Type.String()),
  user_email: Nullable(Type.String()),
});

/** Past any real list, and within PostgreSQL's OFFSET range (a JavaScript number beyond 2^63 is not). */
export const MAX_OFFSET = 1_000_000_000;
export const Offset = Type.Integer({
  minimum: 0,
  maximum: MAX_OFFSET,
  default: 0,
  errorMessage: `offset must be an integer from 0 to ${MAX_OFFSET}`,
});

export const Pagination = Type.Object({
  limit: Type.Integer({
    minimum: 1,
    maximum: 500,
    default: 50,
    errorMessage: 'limit must be an integer from 1 to 500',
  }),
  offset: Offset,
});

export const IsoDate = (field: string) =>
  Type.String({
    format: 'date',
    errorMessage: `${field} must be a date in YYYY-MM-DD format`,
  });

export const BooleanQuery = (field: string) => Type.Boolean({ errorMessage: `${field} must be true or false` });

export const DateTimeString = (field: string) =>
  Type.String({ format: 'date-time', errorMessage: `${field} must be an ISO 8601 date-time` });

export const CreditHistory = Type.Object({
  entries: Type.Array(
    Type.Object({
      id: Type.String(),
      type: Type.String(),
      description: Type.String(),
      amount: Type.Number(),
      created_at: Type.String(),
    }),
  ),
  total: Type.Integer(),
});

export const UsageBreakdown = Type.Object({
  from: Type.String(),
  to: Type.String(),
  total_cost: Type.Number(),
  by_model: Type.Array(
    Type.Object({
      model: Type.String(),
      provider: Type.String(),
      request_count: Type.Integer(),
      total_tokens: Type.Integer(),
      total_cost: Type.Number(),
    }),
  ),
});

export const CouponValidation = Type.Object({
  valid: Type.Literal(true),
  coupon: Type.Object({
    code: Type.String(),
    amount: Type.Number(),
    description: Nullable(Type.String()),
    expires_at: Nullable(Type.String()),
  }),
  amount: Type.Number(),
});

export const Redemptions = Type.Object({
  redemptions: Type.Array(
    Type.Object({
      id: Type.String(),
      code: Type.String(),
      amount: Type.Number(),
      redeemed_at: Type.String(),
      user_email: Nullable(Type.String()),
    }),
  ),
  total: Type.Integer(),
});

export const UsageStats = Type.Object({
  start_date: Type.String(),
  end_date: Type.String(),
  total_cost_cents: Type.Integer(),
  total_requests: Type.Integer(),
  budget_limit_cents: Type.Integer(),
  current_usage_cents: Type.Integer(),
  daily_usage: Type.Record(Type.String(), Type.Integer()),
  usage_by_member: Type.Record(
    Type.String(),
    Type.Object({
      user_id: Type.String(),
      user_email: Nullable(Type.String()),
      request_count: Type.Integer(),
      total_cost_cents: Type.Integer(),
    }),
  ),
  usage_by_model: Type.Record(
    Type.String(),
    Type.Object({
      model_name: Type.String(),
      request_count: Type.Integer(),
      total_tokens: Type.Integer(),
      total_cost_cents: Type.Integer(),
    }),
  ),
});
