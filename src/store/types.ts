// Entities of the wire contract (docs/api-contract.md, Entities). Field names are the server's.
// Money fields named *_cents are integer cents; every other money field is dollars.

export interface AuthUser {
  id: string;
  login: string;
  name: string | null;
  email: string | null;
  is_admin: boolean;
}

export interface Team {
  id: string;
  name: string;
  budget_limit: number;
  current_usage: number;
  /** Percent of the budget used this month; 0 when budget_limit is 0. */
  budget_utilization: number;
  member_count: number;
  created_at: string;
}

export interface TopModel {
  name: string;
  request_count: number;
  total_cost: number;
}

export interface TeamDashboard {
  is_owner: boolean;
  team: Team;
  current_month_stats: {
    total_cost: number;
    total_requests: number;
    unique_models_used: number;
    top_models: TopModel[];
  };
}

export interface TeamMember {
  id: string;
  name: string | null;
  email: string | null;
  role: string;
  created_at: string;
}

export interface TeamInvite {
  id: string;
  email: string;
  created_at: string;
  invited_by: string | null;
}

export interface DashboardStats {
  total_api_keys: number;
  api_keys_change: string;
  requests_today: number;
  requests_change: string;
  avg_response_time: number;
  response_time_change: string;
  active_models: number;
  models_change: string;
}

export interface ActivityItem {
  id: string;
  type: string;
  message: string;
  timestamp: string;
}

export interface ApiKey {
  id: string;
  name: string;
  key_prefix: string;
  is_active: boolean;
  created_at: string;
  last_used_at: string | null;
  user_name: string | null;
  user_email: string | null;
}

export interface CreatedApiKey extends ApiKey {
  /** The full secret, shown once. */
  key: string;
}

export type CreditEntryType = 'topup' | 'refund' | 'adjustment' | 'transfer' | 'other';

export interface CreditEntry {
  id: string;
  type: CreditEntryType | string;
  description: string;
  amount: number;
  created_at: string;
}

export interface CreditBalance {
  team_id: string;
  current_balance: number;
}

export interface DetailedCreditBalance extends CreditBalance {
  total_topups: number;
  total_refunds: number;
  total_adjustments: number;
  total_transfers: number;
  total_other: number;
  total_usage: number;
}

export interface UsageBreakdown {
  from: string;
  to: string;
  total_cost: number;
  by_model: { model: string; provider: string; request_count: number; total_tokens: number; total_cost: number }[];
}

export type PaymentStatus = 'pending' | 'completed' | 'failed' | 'expired' | 'refunded';

export interface Money {
  cents: number;
  currency: string;
}

export interface Payment {
  order_id: string;
  status: PaymentStatus;
  amount: Money;
  description: string;
  created_at: string;
  completed_at: string | null;
  failed_at: string | null;
  expires_at: string | null;
  payment_url: string | null;
  failure_reason: string | null;
}

export interface PaymentLink {
  payment_url: string;
  order_id: string;
  amount: Money;
  expires_at: string;
  status: PaymentStatus;
}

export interface PaymentStatusReply {
  order_id: string;
  status: PaymentStatus | string;
  failure_reason: string | null;
  amount: Money;
}

export interface Coupon {
  id: string;
  code: string;
  amount: number;
  description: string | null;
  active: boolean;
  expires_at: string | null;
  max_uses: number;
  current_uses: number;
  created_at: string;
}

export interface CouponValidation {
  valid: boolean;
  coupon: Pick<Coupon, 'code' | 'amount' | 'description' | 'expires_at'>;
  amount: number;
}

export interface CouponRedemption {
  id: string;
  code: string;
  amount: number;
  redeemed_at: string;
  user_email: string | null;
}

export interface UsageByMember {
  user_id: string;
  user_email: string | null;
  request_count: number;
  total_cost_cents: number;
}

export interface UsageByModel {
  model_name: string;
  request_count: number;
  total_tokens: number;
  total_cost_cents: number;
}

export interface UsageStats {
  start_date: string;
  end_date: string;
  total_cost_cents: number;
  total_requests: number;
  budget_limit_cents: number;
  current_usage_cents: number;
  daily_usage: Record<string, number>;
  usage_by_member: Record<string, UsageByMember>;
  usage_by_model: Record<string, UsageByModel>;
}

export interface PricingTier {
  id: string;
  provider: string;
  model: string;
  tier_name: string;
  tier_order: number;
  tier_description: string | null;
  min_tokens: number;
  max_tokens: number | null;
  prompt_cost_per_1m: number;
  completion_cost_per_1m: number;
  cache_create_cost_per_1m: number | null;
  cache_read_cost_per_1m: number | null;
  supports_caching: boolean;
  cache_min_tokens: number | null;
  cache_ttl_minutes: number | null;
  notes: string | null;
  effective_time: string;
  expiry_time: string | null;
  created_at: string;
}

export type PricingTierInput = Omit<PricingTier, 'id' | 'created_at' | 'effective_time' | 'expiry_time'> & {
  effective_time?: string;
  expiry_time?: string | null;
};

export interface CookieDiagnostics {
  origin: string | null;
  host: string | null;
  cookie_names: string[];
  jwt_cookie_present: boolean;
  authorization_header_present: boolean;
  token_valid: boolean;
  token_error: string | null;
  user: AuthUser | null;
  secure: boolean;
  timestamp: string;
}

// Request payloads (docs/api-contract.md, Calls).
export interface TeamCreateInput {
  name: string;
  budget_limit: number;
}

export interface CouponCreateInput {
  code: string;
  amount_usd: number;
  description?: string;
  max_uses: number;
  expires_at?: string;
}

export type CouponUpdateInput = Partial<
  Omit<CouponCreateInput, 'expires_at'> & { active: boolean; /** null clears the expiry. */ expires_at: string | null }
>;

export interface CouponListQuery {
  active?: boolean;
  has_uses_remaining?: boolean;
  sort_by?: 'created_at' | 'code' | 'amount' | 'expires_at';
}

export interface PricingListQuery {
  provider?: string;
  model?: string;
  active?: boolean;
  limit?: number;
  offset?: number;
}

export interface PageQuery {
  limit?: number;
  offset?: number;
}
