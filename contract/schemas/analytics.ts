import { Type, type Static } from 'typebox';
import { IsoDate, Nullable } from './common';

/**
 * System analytics (docs/gateway.md#analytics): every team's gateway traffic over UTC days, read from the daily
 * roll-ups, for administrators. Money is integer cents; latencies are milliseconds, percentiles within 10%.
 */

/** The longest range one query covers: a year, leap day included. */
export const ANALYTICS_MAX_DAYS = 366;
/** How many teams the breakdown lists, most expensive first. */
export const ANALYTICS_TOP_TEAMS = 100;

/** Both ends included, like the usage report's; without them, the 30 days up to today (UTC). */
export const AnalyticsQuery = Type.Object({
  start_date: Type.Optional(IsoDate('start_date')),
  end_date: Type.Optional(IsoDate('end_date')),
});
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

export const RANGE_ORDER_MESSAGE = 'start_date must not be after end_date';
export const RANGE_LENGTH_MESSAGE = `The range can cover at most ${ANALYTICS_MAX_DAYS} days.`;

const figures = {
  requests: Type.Integer(),
  errors: Type.Integer(),
  prompt_tokens: Type.Integer(),
  completion_tokens: Type.Integer(),
  cost_cents: Type.Integer(),
};

const percentiles = {
  /** Null when no request was recorded with its latency (a day older than the request log's retention, say). */
  p50_latency_ms: Nullable(Type.Integer()),
  p95_latency_ms: Nullable(Type.Integer()),
};

export const AnalyticsFigures = Type.Object({ ...figures, ...percentiles });
export type AnalyticsFigures = Static<typeof AnalyticsFigures>;

export const AnalyticsDay = Type.Object({ day: Type.String(), ...figures, ...percentiles });
export type AnalyticsDay = Static<typeof AnalyticsDay>;

export const AnalyticsProvider = Type.Object({ provider: Type.String(), ...figures, ...percentiles });
export type AnalyticsProvider = Static<typeof AnalyticsProvider>;

export const AnalyticsModel = Type.Object({
  provider: Type.String(),
  model: Type.String(),
  ...figures,
  ...percentiles,
});
export type AnalyticsModel = Static<typeof AnalyticsModel>;

/** A team's traffic: its mean latency (the roll-up keeps no histogram per team). */
export const AnalyticsTeam = Type.Object({
  team_id: Type.String(),
  team_name: Type.String(),
  ...figures,
  mean_latency_ms: Nullable(Type.Integer()),
});
export type AnalyticsTeam = Static<typeof AnalyticsTeam>;

/** Money in and money used, by UTC day: payments completed, coupons redeemed, and the gateway's billed usage. */
export const AnalyticsCreditDay = Type.Object({
  day: Type.String(),
  payments_cents: Type.Integer(),
  coupons_cents: Type.Integer(),
  usage_cents: Type.Integer(),
});
export type AnalyticsCreditDay = Static<typeof AnalyticsCreditDay>;

export const AnalyticsCredits = Type.Object({
  payments_cents: Type.Integer(),
  /** Refunds and lost disputes, taken back (zero or negative). */
  refunds_cents: Type.Integer(),
  coupons_cents: Type.Integer(),
  /** Administrators' manual adjustments, credits and debits together. */
  adjustments_cents: Type.Integer(),
  usage_cents: Type.Integer(),
  days: Type.Array(AnalyticsCreditDay),
});
export type AnalyticsCredits = Static<typeof AnalyticsCredits>;

export const Analytics = Type.Object({
  start_date: Type.String(),
  end_date: Type.String(),
  totals: AnalyticsFigures,
  /** Every day of the range, ascending, days without traffic included (zeros). */
  days: Type.Array(AnalyticsDay),
  /** Most expensive first. */
  providers: Type.Array(AnalyticsProvider),
  models: Type.Array(AnalyticsModel),
  /** The ANALYTICS_TOP_TEAMS most expensive teams. */
  teams: Type.Array(AnalyticsTeam),
  /** How many teams made a request in the range. */
  team_count: Type.Integer(),
  credits: AnalyticsCredits,
});
export type Analytics = Static<typeof Analytics>;
