import type { FastifyRequest } from 'fastify';
import { invalidApiKey } from './errors';

export interface ChatRequest {
  model: string;
  messages: { role: string; content?: unknown; name?: unknown; tool_calls?: unknown }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean } | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  n?: number | null;
  [field: string]: unknown;
}

const API_KEY = /^sk-\S+$/;
const API_KEY_BEARER = /^Bearer\s+(sk-\S+)\s*$/;

/** Only the Authorization header counts: a session cookie or a session JWT is not an API key. */
export function bearerKey(request: FastifyRequest): string {
  const match = API_KEY_BEARER.exec(request.headers.authorization ?? '');
  if (!match) throw invalidApiKey();
  return match[1];
}

const xApiKey = (request: FastifyRequest) => {
  const header = request.headers['x-api-key'];
  return typeof header === 'string' && API_KEY.test(header.trim()) ? header.trim() : null;
};

/**
 * The key of a client of Anthropic's format: `x-api-key` (what the Anthropic SDKs and Claude Code send) or
 * `Authorization: Bearer` (Claude Code with ANTHROPIC_AUTH_TOKEN).
 */
export const anthropicKey = (request: FastifyRequest): string => xApiKey(request) ?? bearerKey(request);

/**
 * Whether a request comes from a gateway client rather than the dashboard: it carries an API key, or it comes from
 * an OpenAI or Anthropic SDK (every Stainless-generated SDK, JavaScript or Python, sends `x-stainless-lang`). The
 * dashboard sends none of these: it authenticates with the session cookie (or a session JWT, never an `sk-` key).
 */
export const isGatewayCaller = (request: FastifyRequest) =>
  API_KEY_BEARER.test(request.headers.authorization ?? '') ||
  xApiKey(request) !== null ||
  request.headers['x-stainless-lang'] !== undefined;
