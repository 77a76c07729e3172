// How one request of the log reads, the same in the grid, the phone's cards and the detail drawer.
import type { RequestLogEntry, RequestLogKey, RequestStatus } from '../../../contract/schemas/requestLog';
import type { UsageStats } from '../../../contract/schemas/usage';
import { formatCount } from '../../lib/numbers';
import { maskedKeyPrefix } from '../apiKeys/apiKeys';

export const NO_REQUESTS = 'No requests match these filters.';
export const LOADING_REQUESTS = 'Loading requests';
export const LOAD_FAILED = 'Failed to load requests';
export const REQUESTS_LABEL = 'Requests';
export const VIEW_DETAILS = 'View details';

export const STATUS_LABELS: Record<RequestStatus, string> = { success: 'Success', error: 'Error' };

/** The log's token total, the figure its Tokens sort orders by: prompt plus completion (cached tokens are prompt). */
export const totalTokens = (entry: Pick<RequestLogEntry, 'prompt_tokens' | 'completion_tokens'>): number =>
  entry.prompt_tokens + entry.completion_tokens;

/** '1,200 in · 340 out · 800 cached'. */
export const tokenBreakdown = (entry: RequestLogEntry): string =>
  `${formatCount(entry.prompt_tokens)} in · ${formatCount(entry.completion_tokens)} out · ` +
  `${formatCount(entry.cached_tokens)} cached`;

/** '842 ms'; '-' when not measured (the time to first token of a request that was not streamed). */
export const durationText = (ms: number | null): string => (ms === null ? '-' : `${formatCount(ms)} ms`);

/** The key's name; a request made without a key (a session) or with a key since deleted says so. */
export const keyName = (entry: RequestLogEntry): string =>
  entry.key_name ?? (entry.api_key_id ? 'Deleted key' : 'No key');

export const keyPrefixText = (entry: RequestLogEntry): string | null =>
  entry.key_prefix ? maskedKeyPrefix(entry.key_prefix) : null;

export const memberName = (entry: RequestLogEntry): string => entry.user_name ?? entry.user_email ?? 'Former member';

/** 'openai/gpt-4o': the model that answered, as the gateway names it. */
export const modelText = (entry: RequestLogEntry): string => `${entry.provider}/${entry.model}`;

/** `redacted=email:2;flagged=phone:1` as a person reads it: "Redacted email 2, flagged phone 1". */
export function guardrailsText(recorded: string): string {
  const said = recorded
    .split(';')
    .map((part) => {
      const [action, counts = ''] = part.split('=');
      const list = counts
        .split(',')
        .filter(Boolean)
        // The count is after the last colon: an owner's pattern is named `pattern:<name>`.
        .map((count) => {
          const at = count.lastIndexOf(':');
          return `${count.slice(0, at).replace(/[:_]/g, ' ')} ${count.slice(at + 1)}`;
        })
        .join(', ');
      return `${action} ${list}`;
    })
    .join('; ');
  return said.charAt(0).toUpperCase() + said.slice(1);
}

/** Answered from the response cache (a server older than the cache sends no cached_from: not cached). */
export const isCached = (entry: Pick<RequestLogEntry, 'cached_from'>): boolean =>
  typeof entry.cached_from === 'string' && entry.cached_from !== '';

/** 'Route team/smart → openai/gpt-4o' when the client called a model route; null otherwise. */
export const routeText = (entry: RequestLogEntry): string | null =>
  entry.route_name ? `Route ${entry.route_name} → ${modelText(entry)}` : null;

/**
 * The error as a person reads it: its message ('The provider did not answer in time'), else its code, else 'Failed';
 * '' for a success. The drawer gives the code and the message apart.
 */
export function errorText(entry: Pick<RequestLogEntry, 'status' | 'error_code' | 'error_message'>): string {
  if (entry.status !== 'error') return '';
  return entry.error_message?.trim() || entry.error_code || 'Failed';
}

/** The models the team used in the usage report's period, by name: the model filter's suggestions. */
export const usedModels = (stats: Pick<UsageStats, 'usage_by_model'> | undefined): string[] =>
  [...new Set(Object.values(stats?.usage_by_model ?? {}).map((usage) => usage.model_name))].sort();

/**
 * A key the key filter offers: from the log's own list (RequestLogKey, revoked keys too), or from the API Keys list
 * when an older server has no such list (no revoked keys then, and no revoked_at).
 */
export type KeyChoice = Pick<RequestLogKey, 'id' | 'name' | 'key_prefix' | 'is_active'> &
  Partial<Pick<RequestLogKey, 'revoked_at'>>;

/** 'Production (sk-prod…)', with ' · revoked' or ' · inactive' after a key that can no longer call. */
export function keyChoiceLabel(key: KeyChoice): string {
  const state = key.revoked_at ? ' · revoked' : key.is_active ? '' : ' · inactive';
  return `${key.name} (${maskedKeyPrefix(key.key_prefix)})${state}`;
}
