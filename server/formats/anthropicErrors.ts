import type { GatewayError } from './gatewayError';
import type { AnthropicErrorBody } from './translate/anthropicTypes';
import { namedSse } from './sse';

/**
 * Anthropic's error types by HTTP status, as its API documents them and as @anthropic-ai/sdk declares them (its
 * `ErrorObject` union includes `billing_error` and `timeout_error`), so an Anthropic client reads our refusals as it
 * reads Anthropic's: a spent balance (402) is a billing error, not a malformed request.
 */
const ANTHROPIC_ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

/** Anthropic's documented fallbacks: another 4xx is an invalid request, another 5xx an API error. */
export const anthropicErrorType = (status: number) =>
  ANTHROPIC_ERROR_TYPES[status] ?? (status < 500 ? 'invalid_request_error' : 'api_error');

/** One of our errors in Anthropic's envelope, for a client of `/v1/messages`. */
export function anthropicErrorBody(error: GatewayError): AnthropicErrorBody {
  return { type: 'error', error: { type: anthropicErrorType(error.statusCode), message: error.message } };
}

/** The same, as the event that ends an Anthropic stream. */
export const anthropicErrorEvent = (error: GatewayError) => namedSse(anthropicErrorBody(error));
