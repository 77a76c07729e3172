import { Type, type Static } from 'typebox';
import { IsoDate, Nullable } from './common';
import { Extension } from './extension';

/** Usage reports: the team's usage statistics (integer cents) and the credit page's breakdown (dollars). */
export const UsageStatsQuery = Type.Object({
  start_date: Type.Optional(IsoDate('start_date')),
  end_date: Type.Optional(IsoDate('end_date')),
});
export type UsageStatsQuery = Static<typeof UsageStatsQuery>;

export const UsageByMember = Type.Object({
  user_id: Type.String(),
  user_email: Nullable(Type.String()),
  request_count: Type.Integer(),
  total_cost_cents: Type.Integer(),
});
export type UsageByMember = Static<typeof UsageByMember>;

export const UsageByModel = Type.Object({
  model_name: Type.String(),
  request_count: Type.Integer(),
  total_tokens: Type.Integer(),
  total_cost_cents: Type.Integer(),
  /**
   * A media model's (docs/media.md): its unit without the size (`image`, `audio_second`, `speech_character`,
   * `search_unit`) and how many it was billed. Absent for a model priced by tokens, and from a server older than
   * migration 29.
   */
  unit: Extension(Type.String()),
  units: Extension(Type.Integer()),
});
export type UsageByModel = Static<typeof UsageByModel>;

export const UsageStats = Type.Object({
  start_date: Extension(Type.String()),
  end_date: Extension(Type.String()),
  total_cost_cents: Type.Integer(),
  total_requests: Type.Integer(),
  budget_limit_cents: Type.Integer(),
  current_usage_cents: Type.Integer(),
  daily_usage: Type.Record(Type.String(), Type.Integer()),
  usage_by_member: Type.Record(Type.String(), UsageByMember),
  usage_by_model: Type.Record(Type.String(), UsageByModel),
});
export type UsageStats = Static<typeof UsageStats>;

export const UsageBreakdownQuery = Type.Object({
  from: Type.Optional(IsoDate('from')),
  to: Type.Optional(IsoDate('to')),
});
export type UsageBreakdownQuery = Static<typeof UsageBreakdownQuery>;

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
export type UsageBreakdown = Static<typeof UsageBreakdown>;
