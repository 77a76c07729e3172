// The audit log's rules (docs/audit.md): what each action and target is called, the view (filters) as the URL holds
// it, read back with every value checked, and the difference between an entry's before and after.
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../../contract/rules/audit';
import type {
  AuditAction,
  AuditEntry,
  AuditLogFilters,
  AuditRecord,
  AuditTargetType,
} from '../../../contract/schemas/audit';
import { isIsoDate } from '../../../contract/dates';
import { formatCents } from '../../../contract/money';
import { snakeCaseWords } from '../../lib/words';

export const AUDIT_LOG_LABEL = 'Audit log entries';
export const NO_ENTRIES = 'No changes match these filters.';
export const LOADING_ENTRIES = 'Loading the audit log';
export const LOAD_FAILED = 'Failed to load the audit log';
export const VIEW_CHANGE = 'View change';
export const NOT_ALLOWED = 'Only team owners and administrators can read the audit log.';

export const ACTION_LABELS: Record<AuditAction, string> = {
  'session.signed_in': 'Signed in',
  'session.signed_out_everywhere': 'Signed out everywhere',
  'team.created': 'Team created',
  'team.budget_changed': 'Budget changed',
  'team.cache_cleared': 'Team cache cleared',
  'member.invited': 'Member invited',
  'member.joined': 'Member joined',
  'member.removed': 'Member removed',
  'member.cap_changed': 'Member cap changed',
  'invite.cancelled': 'Invite cancelled',
  'api_key.created': 'API key created',
  'api_key.updated': 'API key edited',
  'api_key.rotated': 'API key rotated',
  'api_key.revoked': 'API key revoked',
  'api_key.cache_cleared': 'API key cache cleared',
  'payment.link_created': 'Payment link created',
  'billing_details.updated': 'Billing details changed',
  'credits.adjusted': 'Credits adjusted',
  'coupon.redeemed': 'Coupon redeemed',
  'coupon.created': 'Coupon created',
  'coupon.updated': 'Coupon edited',
  'coupon.deactivated': 'Coupon deactivated',
  'pricing_tier.created': 'Pricing tier created',
  'pricing_tier.deactivated': 'Pricing tier deactivated',
  'route.created': 'Route created',
  'route.updated': 'Route edited',
  'route.deleted': 'Route deleted',
  'deployment.added': 'Deployment added',
  'deployment.updated': 'Deployment edited',
  'deployment.removed': 'Deployment removed',
  'credential.created': 'Credential stored',
  'credential.deleted': 'Credential deleted',
  'credential.usage_key_set': 'Usage key set',
  'alert_settings.updated': 'Alert settings changed',
  'webhook.created': 'Webhook added',
  'webhook.updated': 'Webhook changed',
  'webhook.deleted': 'Webhook removed',
  'user.disabled': 'User disabled',
  'user.enabled': 'User enabled',
  'team.guardrails_changed': 'Team guardrails changed',
  'api_key.guardrails_changed': 'API key guardrails changed',
  'guardrails.floor_changed': 'Guardrail floor changed',
  'mcp_server.created': 'MCP server added',
  'mcp_server.updated': 'MCP server changed',
  'mcp_server.deleted': 'MCP server removed',
  'mcp_server.prices_changed': 'MCP server prices changed',
  'team.tool_access_changed': 'Team tool access changed',
  'team.tool_capture_changed': 'Team tool content capture changed',
  'api_key.tool_access_changed': 'API key tool access changed',
};

export const TARGET_TYPE_LABELS: Record<AuditTargetType, string> = {
  session: 'Session',
  team: 'Team',
  member: 'Member',
  invite: 'Invite',
  api_key: 'API key',
  payment: 'Payment',
  billing_details: 'Billing details',
  credits: 'Credits',
  coupon: 'Coupon',
  pricing_tier: 'Pricing tier',
  route: 'Route',
  deployment: 'Route deployment',
  credential: 'Credential',
  alert_settings: 'Alert settings',
  guardrails: 'Guardrails',
  webhook: 'Webhook',
  user: 'User',
  mcp_server: 'MCP server',
};

/** 'alice (owner)'. */
export const actorText = (entry: Pick<AuditEntry, 'actor_label' | 'actor_role'>) =>
  `${entry.actor_label} (${entry.actor_role})`;

/** 'API key "ci"', or the type alone when the target has no name. */
export const targetText = (entry: Pick<AuditEntry, 'target_type' | 'target_label'>) =>
  entry.target_label
    ? `${TARGET_TYPE_LABELS[entry.target_type]} "${entry.target_label}"`
    : TARGET_TYPE_LABELS[entry.target_type];

// ---- The view: filters as the URL holds them ----

export interface AuditLogView {
  actor: string;
  action: AuditAction | '';
  target_type: AuditTargetType | '';
  target_id: string;
  /** UTC calendar days, 'YYYY-MM-DD'; '' when open. */
  from: string;
  to: string;
}

export const EMPTY_AUDIT_VIEW: AuditLogView = {
  actor: '',
  action: '',
  target_type: '',
  target_id: '',
  from: '',
  to: '',
};

/** The search param that holds the open entry's id (the detail drawer). */
export const ENTRY_PARAM = 'entry';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.find((candidate) => candidate === value) ?? '';
const day = (value: string | null) => (value && isIsoDate(value) ? value : '');
const text = (value: string | null, max: number) => (value ?? '').trim().slice(0, max);

export const auditViewFromParams = (params: URLSearchParams): AuditLogView => ({
  actor: text(params.get('actor'), 100),
  action: oneOf(AUDIT_ACTIONS, params.get('action')),
  target_type: oneOf(AUDIT_TARGET_TYPES, params.get('target_type')),
  target_id: text(params.get('target_id'), 100),
  from: day(params.get('from')),
  to: day(params.get('to')),
});

/** The URL's params for a change of the view ('' removes a param). */
export const auditViewParams = (change: Partial<AuditLogView>): Record<string, string | null> =>
  Object.fromEntries(Object.entries(change).map(([name, value]) => [name, value === '' ? null : value]));

const nextDay = (value: string) => new Date(Date.parse(value) + 86_400_000).toISOString();

/** The filters the API takes: whole UTC days, `to` inclusive as a person picks it (exclusive on the wire). */
export function auditFilters(view: AuditLogView): AuditLogFilters {
  const filters: AuditLogFilters = {};
  if (view.actor) filters.actor = view.actor;
  if (view.action) filters.action = view.action;
  if (view.target_type) filters.target_type = view.target_type;
  if (view.target_id) filters.target_id = view.target_id;
  if (view.from) filters.from = new Date(Date.parse(view.from)).toISOString();
  if (view.to) filters.to = nextDay(view.to);
  return filters;
}

// ---- Before and after ----

export type ChangeKind = 'added' | 'removed' | 'changed' | 'unchanged';

export interface DiffRow {
  field: string;
  before: string;
  after: string;
  change: ChangeKind;
}

/**
 * A recorded field's name as a person reads it: 'budget_limit_cents' is 'Budget limit', 'expires_in_seconds'
 * 'Expires in', 'is_active' 'Active', 'session_id' 'Session ID' (the unit is in the value: valueText).
 */
export const fieldLabel = (field: string): string =>
  snakeCaseWords(field.replace(/^is_(?=.)/, '').replace(/(?<=.)_(cents|seconds)$/, ''));

const DURATION_UNITS: [number, string][] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** Whole seconds in the largest unit that divides them: 604800 is '7 days', 90 is '90 seconds'. */
export function durationText(seconds: number): string {
  const [size, unit] = DURATION_UNITS.find(([size]) => seconds !== 0 && seconds % size === 0) ?? [1, 'second'];
  const count = seconds / size;
  return `${count.toLocaleString('en-US')} ${unit}${count === 1 ? '' : 's'}`;
}

/**
 * A value as the diff shows it: cents as money and seconds as a duration (the field says which), yes or no for a
 * flag, text as it is, anything else as JSON.
 */
export function valueText(value: unknown, field = ''): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && Number.isInteger(value) && field.endsWith('_cents')) return formatCents(value);
  if (typeof value === 'number' && Number.isInteger(value) && field.endsWith('_seconds')) return durationText(value);
  return JSON.stringify(value);
}

/**
 * One row per field of either record, in field order: added (only after), removed (only before), changed or
 * unchanged. A creation has only an after, a deletion only a before.
 */
export function auditDiff(before: AuditRecord, after: AuditRecord): DiffRow[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return fields.map((field) => {
    const inBefore = before !== null && field in before;
    const inAfter = after !== null && field in after;
    const was = valueText(before?.[field], field);
    const now = valueText(after?.[field], field);
    const change: ChangeKind = !inBefore ? 'added' : !inAfter ? 'removed' : was === now ? 'unchanged' : 'changed';
    return { field, before: inBefore ? was : '', after: inAfter ? now : '', change };
  });
}
