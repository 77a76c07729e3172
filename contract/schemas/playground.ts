import { Type, type Static } from 'typebox';

/**
 * The playground (docs/gateway.md#the-playground): a chat through the signed-in session on behalf of one of the
 * member's own keys, streamed back as the gateway's chat completions stream (server-sent events).
 */
export const PLAYGROUND_MAX_MESSAGES = 50;
export const PLAYGROUND_MAX_CHARS = 32_000;

export const PlaygroundMessage = Type.Object({
  role: Type.Union([Type.Literal('system'), Type.Literal('user'), Type.Literal('assistant')], {
    errorMessage: 'role must be system, user or assistant',
  }),
  content: Type.String({
    minLength: 1,
    maxLength: PLAYGROUND_MAX_CHARS,
    errorMessage: `Each message needs 1-${PLAYGROUND_MAX_CHARS} characters.`,
  }),
});
export type PlaygroundMessage = Static<typeof PlaygroundMessage>;

export const PlaygroundChatBody = Type.Object({
  key_id: Type.String({ minLength: 1, errorMessage: 'Choose one of your API keys.' }),
  model: Type.String({ minLength: 1, maxLength: 256, errorMessage: 'Choose a model.' }),
  messages: Type.Array(PlaygroundMessage, {
    minItems: 1,
    maxItems: PLAYGROUND_MAX_MESSAGES,
    errorMessage: `Send 1-${PLAYGROUND_MAX_MESSAGES} messages.`,
  }),
  max_tokens: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 32_000, errorMessage: 'max_tokens must be an integer from 1 to 32000' }),
  ),
});
export type PlaygroundChatBody = Static<typeof PlaygroundChatBody>;

export const PLAYGROUND_KEY_NOT_FOUND = 'API key not found: the playground speaks only through your own keys.';
