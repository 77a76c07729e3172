import type { GatewayError } from './gatewayError';
import type { GeminiErrorBody } from './translate/geminiTypes';
import { openAiSse } from './sse';

/**
 * Google's status names (google.rpc.Code) by HTTP status, as its APIs pair them, so a Google client reads our refusals
 * as it reads Google's. The gateway's own 402 (a spent credit balance) has no Google counterpart: like Google's own
 * spent prepayment, it is RESOURCE_EXHAUSTED, keeping its status.
 */
const GOOGLE_STATUSES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  402: 'RESOURCE_EXHAUSTED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  502: 'UNAVAILABLE',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** Another 4xx is an invalid argument (Google's answer to a payload too large, say), another 5xx internal. */
export const googleStatusOf = (status: number) =>
  GOOGLE_STATUSES[status] ?? (status < 500 ? 'INVALID_ARGUMENT' : 'INTERNAL');

/**
 * One of our errors in Google's envelope, for a client of the Gemini door: `{ error: { code, message, status } }`,
 * and our code (`insufficient_credits`, …) as the reason of a google.rpc.ErrorInfo, where Google puts its own.
 */
export function googleErrorBody(error: GatewayError): GeminiErrorBody {
  return {
    error: {
      code: error.statusCode,
      message: error.message,
      status: googleStatusOf(error.statusCode),
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: error.code.toUpperCase(),
          domain: 'gateway',
          ...(error.param !== null && { metadata: { param: error.param } }),
        },
      ],
    },
  };
}

/** The same as the chunk that ends a Gemini stream (`data: {"error": …}`, which Google's SDKs raise). */
export const googleErrorEvent = (error: GatewayError) => openAiSse(googleErrorBody(error));
