/**
 * The one error type of the gateway: a status, OpenAI's type and code, a message and the request field at fault.
 * Every door sends it in its own envelope (gateway/errors.ts); providers' failures become one too.
 */
/**
 * OpenAI's error envelope, which clients of an OpenAI-compatible endpoint parse (the openai SDK does). `param` names
 * the request field at fault (`model`, `messages[0].role`), or is null when no one field is.
 */
export interface OpenAiErrorBody {
  error: { message: string; type: string; code: string; param: string | null };
}

export class GatewayError extends Error {
  constructor(
    readonly statusCode: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly param: string | null = null,
    /** Response headers the refusal carries (Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): OpenAiErrorBody {
    return { error: { message: this.message, type: this.type, code: this.code, param: this.param } };
  }
}

export const upstreamFailed = (message = 'The model provider could not be reached or failed to answer.') =>
  new GatewayError(502, 'api_error', 'upstream_error', message);

/** A provider answered 200 with a body that is not the reply its format promises, so there is nothing to translate. */
export const unreadableReply = () => upstreamFailed('The model provider sent a reply the gateway could not read.');

export const upstreamTimeout = () =>
  new GatewayError(504, 'api_error', 'upstream_timeout', 'The model provider did not answer in time.');
