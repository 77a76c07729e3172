import { GatewayError } from '../gatewayError';
import { anthropicErrorBody } from '../anthropicErrors';
import type { AnthropicErrorBody } from './anthropicTypes';

/**
 * A request field one format has and the other cannot express. It is the client's request that cannot be served,
 * so a 400 before anything is forwarded; `param` names the field as the client wrote it (docs/gateway.md,
 * "Translation between formats").
 */
export class TranslationError extends GatewayError {
  constructor(message: string, param: string) {
    super(400, 'invalid_request_error', 'unsupported_parameter', message, param);
  }

  /**
   * The same refusal naming the deployment it was for (`openai/gpt-4o`), which a client of a route cannot see:
   * "… for this model" says the deployment instead, and any other message says it at its end.
   */
  forDeployment(deployment: string): TranslationError {
    const message = this.message.includes('for this model')
      ? this.message.replace('for this model', `for ${deployment}`)
      : `${this.message.replace(/\.$/, '')} (deployment ${deployment}).`;
    return new TranslationError(message, this.param ?? 'model');
  }

  /** The same refusal for a client of the Anthropic format, in Anthropic's error envelope. */
  anthropicBody(): AnthropicErrorBody {
    return anthropicErrorBody(this);
  }
}
