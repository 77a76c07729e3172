// The request log's view (docs/governance.md#request-log): its filters and order as the URL holds them, read back
// with every value checked, so a hand-edited or stale link still opens (a bad value falls back to its default).
import { REQUEST_LOG_SORT_FIELDS, REQUEST_STATUSES } from '../../../contract/rules/requestLog';
import type { RequestLogFilters, RequestLogSortField, RequestStatus } from '../../../contract/schemas/requestLog';
import { centsToDollars, dollarsToCents } from '../../../contract/money';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const TIME_RANGES = [
  { value: '1h', label: 'Last hour', ms: HOUR },
  { value: '24h', label: 'Last 24 hours', ms: DAY },
  { value: '7d', label: 'Last 7 days', ms: 7 * DAY },
  { value: '30d', label: 'Last 30 days', ms: 30 * DAY },
  { value: '90d', label: 'Last 90 days', ms: 90 * DAY },
  { value: 'custom', label: 'Custom range', ms: null },
] as const;
export type TimeRange = (typeof TIME_RANGES)[number]['value'];
export const DEFAULT_TIME_RANGE: TimeRange = '24h';

export type SortOrder = 'asc' | 'desc';

export interface RequestLogView {
  range: TimeRange;
  /** The custom range's bounds (ISO); null when open. `to` is exclusive, as on the wire. */
  from: string | null;
  to: string | null;
  /** '' for every key, member, model or status. */
  api_key_id: string;
  user_id: string;
  model: string;
  status: RequestStatus | '';
  min_cost_cents: number | null;
  /** A gateway answer's x-request-id: that request (and its failed tries) whenever it was made; '' for none. */
  request_id: string;
  sort: RequestLogSortField;
  order: SortOrder;
}

export const DEFAULT_VIEW: RequestLogView = {
  range: DEFAULT_TIME_RANGE,
  from: null,
  to: null,
  api_key_id: '',
  user_id: '',
  model: '',
  status: '',
  min_cost_cents: null,
  request_id: '',
  sort: 'created_at',
  order: 'desc',
};

/** The search param that holds the open entry's id (the detail drawer). */
export const REQUEST_PARAM = 'request';

/** Key and member ids: the server's are UUIDs; anything else that could be an id is left for it to refuse. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_MODEL_LENGTH = 200;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

function isoOrNull(value: string | null): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export function viewFromParams(params: URLSearchParams): RequestLogView {
  const range = oneOf(
    TIME_RANGES.map((option) => option.value),
    params.get('range'),
  );
  const custom = range === 'custom';
  const from = custom ? isoOrNull(params.get('from')) : null;
  const toValue = custom ? isoOrNull(params.get('to')) : null;
  const model = params.get('model')?.trim() ?? '';
  const cost = params.get('min_cost_cents') ?? '';
  const requestId = params.get('request_id')?.trim() ?? '';
  return {
    range: range ?? DEFAULT_TIME_RANGE,
    from,
    // A range that ends before it starts keeps its start.
    to: toValue && from && toValue <= from ? null : toValue,
    api_key_id: ID.test(params.get('api_key_id') ?? '') ? params.get('api_key_id')! : '',
    user_id: ID.test(params.get('user_id') ?? '') ? params.get('user_id')! : '',
    model: model.length <= MAX_MODEL_LENGTH ? model : '',
    status: oneOf(REQUEST_STATUSES, params.get('status')) ?? '',
    min_cost_cents: /^\d{1,12}$/.test(cost) ? Number(cost) : null,
    request_id: requestId.length <= MAX_MODEL_LENGTH ? requestId : '',
    sort: oneOf(REQUEST_LOG_SORT_FIELDS, params.get('sort')) ?? DEFAULT_VIEW.sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_VIEW.order,
  };
}

/** The search params for a change of the view: a default value removes its param, so the plain URL stays plain. */
export function viewParams(change: Partial<RequestLogView>): Record<string, string | null> {
  const params: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(change)) {
    const isDefault = value === DEFAULT_VIEW[key as keyof RequestLogView];
    params[key] = isDefault || value === null ? null : String(value);
  }
  // Bounds belong to a custom range only.
  if (change.range && change.range !== 'custom') Object.assign(params, { from: null, to: null });
  return params;
}

/**
 * The view's filters as the API takes them (a request id alone, when one is given). A preset range counts back from `anchor` (when the view was set up or
 * last refreshed) and stays open at the end, so the newest requests keep arriving on a refetch.
 */
export function viewFilters(view: RequestLogView, anchor: Date): RequestLogFilters {
  // A request id names one request: it is found whenever it was made, whatever the time range says.
  if (view.request_id) return { request_id: view.request_id };
  const preset = TIME_RANGES.find((option) => option.value === view.range);
  const from = preset?.ms ? new Date(anchor.getTime() - preset.ms).toISOString() : view.from;
  const filters: RequestLogFilters = {
    from: from ?? undefined,
    to: view.range === 'custom' ? (view.to ?? undefined) : undefined,
    api_key_id: view.api_key_id || undefined,
    user_id: view.user_id || undefined,
    model: view.model || undefined,
    status: view.status || undefined,
    min_cost_cents: view.min_cost_cents ?? undefined,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined)) as RequestLogFilters;
}

// ---- "Cost above ($)": typed in dollars, sent in cents ----

export const COST_ERROR = 'Enter an amount in dollars, like 0.50';

/** The typed amount in cents; null for an empty field; undefined when it is not an amount. */
export function costInputCents(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/^\$/, '');
  if (trimmed === '') return null;
  if (!/^\d{1,10}(\.\d{0,2})?$|^\.\d{1,2}$/.test(trimmed)) return undefined;
  return dollarsToCents(Number(trimmed));
}

/** What the field shows for a filter in cents: '1.50'. */
export const costInputText = (cents: number | null): string => (cents === null ? '' : centsToDollars(cents).toFixed(2));
