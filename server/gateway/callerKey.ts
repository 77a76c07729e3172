import type { KeyRefusal } from '../../contract/keyBlock';
import type { FastifyRequest } from 'fastify';
import type { KeyOwner } from '../credit/admission';
import type { Queryable } from '../db/types';
import { invalidApiKey } from './errors';

/**
 * Who is calling the gateway: the API key a request carries, in each door's header, and the key's owner for requests
 * that hold nothing (the model list, a model that does not exist). Requests that hold credit are looked up by the
 * admission itself (server/credit/).
 */
const API_KEY = /^sk-\S+$/;
const API_KEY_BEARER = /^Bearer\s+(sk-\S+)\s*$/;

/** Only the Authorization header counts: a session cookie or a session JWT is not an API key. */
export function bearerKey(request: FastifyRequest): string {
  const match = API_KEY_BEARER.exec(request.headers.authorization ?? '');
  if (!match) throw invalidApiKey();
  return match[1];
}

/** A key in a header other than Authorization, as an SDK sends it: Anthropic's `x-api-key`, Google's `x-goog-api-key`. */
const keyHeader = (request: FastifyRequest, name: 'x-api-key' | 'x-goog-api-key') => {
  const header = request.headers[name];
  return typeof header === 'string' && API_KEY.test(header.trim()) ? header.trim() : null;
};

/**
 * The key of a client of Anthropic's format: `x-api-key` (what the Anthropic SDKs and Claude Code send) or
 * `Authorization: Bearer` (Claude Code with ANTHROPIC_AUTH_TOKEN).
 */
export const anthropicKey = (request: FastifyRequest): string => keyHeader(request, 'x-api-key') ?? bearerKey(request);

/**
 * The key of a client of Google's format: `x-goog-api-key` (what Google's GenAI SDKs send), `?key=` (Google's REST
 * examples), or `Authorization: Bearer`.
 */
export function googleKey(request: FastifyRequest): string {
  const query = (request.query as { key?: unknown } | undefined)?.key;
  const queryKey = typeof query === 'string' && API_KEY.test(query) ? query : null;
  return keyHeader(request, 'x-goog-api-key') ?? queryKey ?? bearerKey(request);
}

/** A client of Google's format: its SDKs name themselves in `x-goog-api-client`, and send the key as `x-goog-api-key`. */
export const isGoogleCaller = (request: FastifyRequest) =>
  request.headers['x-goog-api-client'] !== undefined || request.headers['x-goog-api-key'] !== undefined;

/**
 * Whether a request comes from a gateway client rather than the dashboard: it carries an API key, or it comes from
 * an OpenAI, Anthropic or Google SDK (every Stainless-generated SDK, JavaScript or Python, sends `x-stainless-lang`).
 * The dashboard sends none of these: it authenticates with the session cookie (or a session JWT, never an `sk-` key).
 */
export const isGatewayCaller = (request: FastifyRequest) =>
  API_KEY_BEARER.test(request.headers.authorization ?? '') ||
  keyHeader(request, 'x-api-key') !== null ||
  request.headers['x-stainless-lang'] !== undefined ||
  isGoogleCaller(request);

/**
 * A working key (or a rotated key's previous secret in its grace) of a member who is not disabled, for requests that
 * reserve nothing.
 */
export interface KeyAccess {
  owner: KeyOwner;
  /** When the key expired; null while it works. */
  expiredAt: Date | null;
  /** Empty: every model and route. */
  allowedModels: string[];
  /** An administrator disabled the key's creator: the key is refused, and told why. */
  ownerDisabled: boolean;
}

export async function findKeyOwner(q: Queryable, keyHash: string): Promise<KeyAccess | null> {
  // The keys room's one rule of whether a key may be used (server/keys/sql/usable.sql), read without locking.
  const [row] = await q.query<{
    id: string;
    team_id: string;
    user_id: string;
    expires_at: Date | null;
    allowed_models: string[];
    refusal: KeyRefusal | null;
  }>(
    `SELECT (u.k).id, (u.k).team_id, (u.k).user_id, (u.k).expires_at, (u.k).allowed_models, u.refusal
     FROM key_usable($1, now(), false) u`,
    [keyHash],
    { name: 'gateway_key_owner' },
  );
  if (!row || row.refusal === 'invalid_key') return null;
  return {
    owner: { keyId: row.id, teamId: row.team_id, userId: row.user_id },
    expiredAt: row.refusal === 'key_expired' ? row.expires_at : null,
    allowedModels: row.allowed_models,
    ownerDisabled: row.refusal === 'key_owner_disabled',
  };
}
