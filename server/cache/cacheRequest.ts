/**
 * What the exact-match cache does for one request (docs/gateway.md#caching), from its headers and its key's and
 * route's settings. Off unless asked: a request that neither sends `x-gateway-cache: true` nor comes through a key or
 * route whose owner turned caching on is not looked up, not stored, and answered without a cache header.
 */
/** What the answer's `x-gateway-cache-status` says. */
export type CacheStatus = 'hit' | 'miss' | 'refresh' | 'bypass';

/** A key's or a route's caching, as its owner set it; null fields: not set there. */
export interface CacheSetting {
  enabled: boolean;
  /** 'team': the team's keys share answers; 'key' (the default): each key has its own. */
  scope: 'key' | 'team' | null;
  ttlSeconds: number | null;
}

/** The operator's bounds (CACHE_TTL_DEFAULT_SECONDS, CACHE_TTL_MAX_SECONDS). */
export interface CacheTtlBounds {
  defaultSeconds: number;
  maxSeconds: number;
}

export type CachePlan =
  /** Not asked: nothing read, nothing stored, no header. */
  | { mode: 'off' }
  /** Asked, but `Cache-Control: no-store` (or `x-gateway-cache: false` against a setting): nothing read or stored. */
  | { mode: 'bypass' }
  /**
   * Looked up (`lookup`), or, for `Cache-Control: no-cache`, not looked up but stored afresh (`refresh`), shared by
   * the key's requests or the team's (cacheKey.ts CacheScope, once the key is known).
   */
  | { mode: 'lookup' | 'refresh'; scope: 'key' | 'team'; ttlSeconds: number };

export type CachePlanResult = { ok: true; plan: CachePlan } | { ok: false; header: string; message: string };

export interface CacheRequestInput {
  headers: Record<string, string | string[] | undefined>;
  /** The key's setting, then the route's: the key's wins where it sets a field. */
  key: CacheSetting | null;
  route: CacheSetting | null;
  bounds: CacheTtlBounds;
}

const header = (headers: CacheRequestInput['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/** Cache-Control's directives, lower-cased, without their arguments. */
function directives(value: string | undefined): Set<string> {
  return new Set(
    (value ?? '')
      .split(',')
      .map((part) => part.split('=')[0].trim().toLowerCase())
      .filter(Boolean),
  );
}

export function planCache(input: CacheRequestInput): CachePlanResult {
  const { headers, key, route, bounds } = input;
  const asked = header(headers, 'x-gateway-cache')?.trim().toLowerCase();
  if (asked !== undefined && asked !== 'true' && asked !== 'false') {
    return { ok: false, header: 'x-gateway-cache', message: 'The x-gateway-cache header must be true or false.' };
  }
  const set = key?.enabled || route?.enabled;
  if (asked === undefined && !set) return { ok: true, plan: { mode: 'off' } };
  if (asked === 'false') return { ok: true, plan: set ? { mode: 'bypass' } : { mode: 'off' } };

  const ttlText = header(headers, 'x-gateway-cache-ttl')?.trim();
  let ttlSeconds = key?.ttlSeconds ?? route?.ttlSeconds ?? bounds.defaultSeconds;
  if (ttlText !== undefined) {
    if (!/^\d+$/.test(ttlText) || Number(ttlText) < 1) {
      return {
        ok: false,
        header: 'x-gateway-cache-ttl',
        message: `The x-gateway-cache-ttl header must be a whole number of seconds from 1 to ${bounds.maxSeconds}.`,
      };
    }
    ttlSeconds = Number(ttlText);
  }
  // Above the operator's maximum is kept for the maximum (docs/gateway.md#caching).
  ttlSeconds = Math.min(ttlSeconds, bounds.maxSeconds);

  const control = directives(header(headers, 'cache-control'));
  if (control.has('no-store')) return { ok: true, plan: { mode: 'bypass' } };
  const scope = key?.scope ?? route?.scope ?? 'key';
  return { ok: true, plan: { mode: control.has('no-cache') ? 'refresh' : 'lookup', scope, ttlSeconds } };
}
