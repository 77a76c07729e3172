import { GatewayError, upstreamFailed } from '../formats/gatewayError';
import type { ProviderErrorDetail } from '../formats/types';

/** Statuses that mean the request itself is wrong: relayed to the client, never retried elsewhere. */
const CLIENT_FAULT = new Set([400, 413, 422]);

/** Whether a provider's error status sends the request on to the route's next deployment (after its retries). */
export const fallsThrough = (status: number) => !CLIENT_FAULT.has(status);

/**
 * Maps a provider's error reply: request errors are relayed with the provider's message and code, the provider's
 * own trouble (including a refused credential of ours: the message does not blame the client's key) becomes a 502.
 */
export function providerError(status: number, raw: Buffer): GatewayError {
  const detail = readProviderError(raw);
  const message = detail.message ?? `The model provider answered ${status}`;
  if (CLIENT_FAULT.has(status) || status === 404) {
    return new GatewayError(
      status,
      detail.type ?? 'invalid_request_error',
      detail.code ?? 'upstream_invalid_request',
      message,
    );
  }
  if (status === 429) {
    return new GatewayError(
      429,
      'rate_limit_error',
      'upstream_rate_limited',
      'The model provider is busy, retry shortly.',
    );
  }
  return upstreamFailed(`The model provider failed to answer (status ${status}).`);
}

/** A provider's error body read for its message and code: OpenAI's `{ error: {…} }` (or a list of them) or Anthropic's. */
export function readProviderError(raw: Buffer): ProviderErrorDetail {
  const none: ProviderErrorDetail = { message: null, type: null, code: null };
  try {
    const parsed: unknown = JSON.parse(raw.toString('utf8'));
    const first = Array.isArray(parsed) ? parsed[0] : parsed;
    const error = first && typeof first === 'object' && 'error' in first ? first.error : null;
    if (!error || typeof error !== 'object') return none;
    const { message, type, code } = error as Record<string, unknown>;
    return {
      message: typeof message === 'string' ? message : null,
      type: typeof type === 'string' ? type : null,
      code: typeof code === 'string' ? code : null,
    };
  } catch {
    return none;
  }
}
