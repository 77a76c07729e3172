import { createHash } from 'node:crypto';
import type { EndpointName } from '../formats/types';

/**
 * The exact-match cache's key (docs/gateway.md#caching): a hash of the door, the route the model resolved to, the
 * request body in canonical form, and the scope. Two requests share an answer only when all four are equal; the
 * team is always part of the scope, so an answer never crosses teams (Bifrost #5769 shared them between keys).
 */
export interface CacheKeyParts {
  endpoint: EndpointName;
  /** The route's name and its deployments, in order: a route sent elsewhere since is a different answer. */
  route: { name: string; deploymentIds: string[] };
  body: unknown;
  scope: CacheScope;
}

/**
 * Whose answers a request may be served: its key's own (the default), or its whole team's. `guard` names the
 * guardrail policy its answers went through (docs/guardrails.md#the-answer): a key under another policy never gets
 * an answer checked by a weaker one.
 */
export type CacheScope = ({ kind: 'key'; teamId: string; keyId: string } | { kind: 'team'; teamId: string }) & {
  guard?: string;
};

/**
 * JSON with every object's keys in code-point order and no whitespace: two bodies that differ only in key order or
 * spacing are one text. Arrays keep their order (messages are a conversation); `undefined` members are left out, as
 * JSON.stringify leaves them out.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const members = Object.keys(value)
    .filter((name) => (value as Record<string, unknown>)[name] !== undefined)
    .sort()
    .map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name])}`);
  return `{${members.join(',')}}`;
}

/** The scope as the key's text: the team always, and the key when the answers are the key's own. */
export const scopeText = (scope: CacheScope) =>
  (scope.kind === 'key' ? `key:${scope.teamId}:${scope.keyId}` : `team:${scope.teamId}`) +
  (scope.guard ? `:guard:${scope.guard}` : '');

/** 64 hex digits of SHA-256 of the value's canonical JSON. */
export const hashOf = (value: unknown) => createHash('sha256').update(canonicalJson(value)).digest('hex');

/** The key, as 64 hex digits of SHA-256. */
export function cacheKey(parts: CacheKeyParts): string {
  return hashOf({
    v: 1,
    endpoint: parts.endpoint,
    route: parts.route,
    scope: scopeText(parts.scope),
    body: parts.body,
  });
}
