/**
 * The shortest answer worth sending a request without an output cap for (docs/gateway.md#holding-credits): the
 * gateway holds credit for at least this many output tokens, and refuses the request when no room has that much.
 * The server holds with it (server/credit/holds.ts); the API Keys page warns of a key whose limit cannot (keyStatus).
 */
export const MIN_OUTPUT_TOKENS = 256;
