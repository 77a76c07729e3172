// The gateway's doors (docs/gateway.md): the APIs a client calls with a key, as usage_events.endpoint records them,
// and their paths. Shared: the server routes them, the dashboard's models page and snippets name them.

export const GATEWAY_ENDPOINTS = {
  'chat.completions': { path: '/v1/chat/completions', label: 'Chat Completions (OpenAI)' },
  messages: { path: '/v1/messages', label: 'Messages (Anthropic)' },
  responses: { path: '/v1/responses', label: 'Responses (OpenAI)' },
  embeddings: { path: '/v1/embeddings', label: 'Embeddings (OpenAI)' },
  moderations: { path: '/v1/moderations', label: 'Moderations (OpenAI)' },
  // The Gemini door: the model and the method are in the path (`:streamGenerateContent?alt=sse` streams).
  generateContent: { path: '/v1beta/models/{model}:generateContent', label: 'generateContent (Gemini)' },
} as const;

export type EndpointName = keyof typeof GATEWAY_ENDPOINTS;
export const ENDPOINT_NAMES = Object.keys(GATEWAY_ENDPOINTS) as EndpointName[];

/**
 * Where a door's prompt is counted without being answered or billed (docs/gateway.md, "Counting tokens"); Gemini's
 * is the door's own path with the method `:countTokens`.
 */
export const MESSAGES_COUNT_TOKENS_PATH = '/v1/messages/count_tokens';
export const RESPONSES_INPUT_TOKENS_PATH = '/v1/responses/input_tokens';
