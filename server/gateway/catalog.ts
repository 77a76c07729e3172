/**
 * What a model name can reach: the pricing tiers and the routing table, both cached in memory (reloadingCache.ts) and
 * dropped on every instance when an admin edits them (gateway.ts `changed`), resolved per request without a round
 * trip; the model list; and who a key belongs to, for the requests that hold nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types';
import type { SecretBox } from '../lib/secretBox';
import { loadRoutingTable } from '../routing/routeTable';
import { loadTiers, type TierIndex } from '../credit/tiers';
import { findKeyOwner } from './callerKey';
import { invalidApiKey, keyExpired, keyOwnerDisabled, modelNotFound, providerNotConfigured } from './errors';
import { resolveModel } from './models';
import { GATEWAY_PROVIDERS } from '../../contract/providers';
import { listModels, type GatewayProvider } from './models';
import { createReloadingCache } from './reloadingCache';
import { createRouteMemo } from './routeMemo';
import { resolveRoute, routeNames, type Reachability } from './routing/resolve';

/**
 * Edits reach every instance's caches at once through change notifications (db/instanceChanges.ts); this timed reload
 * is the safety net for a notification lost in between (a dropped listening connection reloads everything anyway).
 */
const CACHE_MS = 5_000;
const EVERY_PROVIDER: ReadonlySet<GatewayProvider> = new Set(GATEWAY_PROVIDERS);

export function createCatalog(
  db: Db,
  box: SecretBox | null,
  providers: ReadonlySet<GatewayProvider>,
  log: FastifyBaseLogger,
) {
  const tiers = createReloadingCache(() => loadTiers(db), CACHE_MS);
  const routing = createReloadingCache(
    () =>
      loadRoutingTable(db, box, (id, err) =>
        log.error(
          { err, credentialId: id },
          'a stored provider credential cannot be decrypted (GATEWAY_CREDENTIALS_KEY changed?)',
        ),
      ),
    CACHE_MS,
  );
  const reach = async (): Promise<Reachability> => ({ providers, routing: await routing.get() });
  const routeIn = (model: string, index: TierIndex, reachability: Reachability) => {
    const resolved = resolveRoute(model, index, reachability, Date.now());
    return resolved && { ...resolved, credentials: reachability.routing };
  };
  const memo = createRouteMemo<ReturnType<typeof routeIn> & object>();

  return {
    /** The pricing and routing caches, dropped when their data changes (gateway.ts `changed`). */
    pricing: tiers,
    routing,
    /**
     * Where a model name (a route, `provider/model` or a bare name) can go now, with the credentials it uses. Both
     * tables in memory (every request but the first after an edit): answered without waiting, no promise made.
     */
    route(model: string) {
      const index = tiers.peek();
      const table = routing.peek();
      if (index && table) {
        return memo.resolve(model, index, table, Date.now(), () =>
          routeIn(model, index, { providers, routing: table }),
        );
      }
      return Promise.all([tiers.get(), reach()]).then(([index, reachability]) => routeIn(model, index, reachability));
    },
    /** The unknown model's refusal: its provider is not set up when it is priced here, else it is not offered. */
    async unknownModel(model: string) {
      const index = await tiers.get();
      const priced = resolveModel(model, index, EVERY_PROVIDER, Date.now());
      return priced && !providers.has(priced.provider)
        ? providerNotConfigured(model, priced.provider)
        : modelNotFound(model);
    },
    /** The models and routes a key may call: all of them, or those its allow-list names. */
    async models(allowed: string[] = []) {
      const [index, reachability] = await Promise.all([tiers.get(), reach()]);
      const now = Date.now();
      const list = listModels(index, reachability.providers, now);
      for (const name of routeNames(index, reachability, now)) {
        if (!list.data.some((model) => model.id === name)) {
          list.data.push({ id: name, object: 'model', created: 0, owned_by: 'gateway-route' });
        }
      }
      list.data.sort((a, b) => a.id.localeCompare(b.id));
      if (allowed.length > 0) list.data = list.data.filter((model) => allowed.includes(model.id));
      return list;
    },
    /** The tiers, the reachable providers and the reachable routes now: what the members' models page lists. */
    async listing() {
      const [index, reachability] = await Promise.all([tiers.get(), reach()]);
      return { index, providers: reachability.providers, routes: routeNames(index, reachability, Date.now()) };
    },
    /** For requests that hold nothing (the model list, an unknown model): is this a working key (by its hash)? */
    async authenticate(keyHash: string) {
      const access = await findKeyOwner(db, keyHash);
      if (!access) throw invalidApiKey();
      if (access.ownerDisabled) throw keyOwnerDisabled();
      if (access.expiredAt) throw keyExpired(access.expiredAt);
      return access;
    },
  };
}

export type Catalog = ReturnType<typeof createCatalog>;
export type RoutedRequest = NonNullable<Awaited<ReturnType<Catalog['route']>>>;
