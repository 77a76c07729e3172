/**
 * The gateway's parts, made once per instance (docs/architecture.md): the catalog (what a model name reaches), the
 * provider clients, the deployments' cooldowns, and the credit room (what admits and bills a request), with the
 * change notices that keep every instance's caches and leases current. The request pipeline (pipeline.ts) takes the
 * parts it uses, not this object.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { createCredit, type CreditOptions } from '../credit/credit';
import type { Db } from '../db/types';
import { createSecretBox } from '../lib/secretBox';
import { publishChange, subscribeChanges, type Change } from '../db/instanceChanges';
import { createCatalog } from './catalog';
import { Cooldowns } from './routing/policy';
import { createUpstreams } from './upstreams';
import { noProbe, type GatewayProbe } from './probe';
import { databaseCacheStore, type CacheStore } from '../cache/cacheStore';
import { createResponseCache } from '../cache/responseCache';
import { databaseSemanticCache } from '../cache/semanticCache';
import { createKeyCaching } from './keyCaching';
import { createGuardrailPolicies } from '../guardrails/policyStore';

export type GatewayOptions = Omit<CreditOptions, 'admission'>;

export function createGateway(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  options: GatewayOptions,
  { probe = noProbe, cacheStore = databaseCacheStore(db) }: { probe?: GatewayProbe; cacheStore?: CacheStore } = {},
) {
  const upstreams = createUpstreams(config);
  const box = config.gateway.credentialsKey ? createSecretBox(config.gateway.credentialsKey) : null;
  const catalog = createCatalog(db, box, upstreams.providers, log);
  const credit = createCredit(db, log, { ...options, admission: config.gateway.admission });
  const cooldowns = new Cooldowns();
  // Answers kept for requests that ask for them (docs/gateway.md#caching): in the database every instance shares, or
  // in Redis (app.ts opens it when CACHE_STORE is redis).
  const cache = createResponseCache(cacheStore, databaseSemanticCache(db), config.gateway.cache, log);

  // The keys whose owner turned caching on (keyCaching.ts): reloaded after any key's edit, and after a key is created
  // with caching on.
  const keyCaching = createKeyCaching(db);
  // Each key's guardrail policy (docs/guardrails.md#policies): reloaded after any policy's edit.
  const guardrails = createGuardrailPolicies(db);
  const caches: Record<Change, { invalidate(n?: number): void }> = {
    pricing: catalog.pricing,
    routing: catalog.routing,
    keys: {
      invalidate: (n) => {
        keyCaching.invalidate();
        credit.keysChanged(n);
      },
    },
    caching: keyCaching,
    guardrails,
  };
  const drop = (kind: Change, n?: number) => caches[kind].invalidate(n);
  const subscription = subscribeChanges(db, drop, log);

  return {
    config: config.gateway,
    catalog,
    credit,
    upstreams,
    cooldowns,
    cache,
    keyCaching,
    guardrails,
    /** What watches each request: the metrics and traces when they are on (app.ts). */
    probe,
    /** Resolves once this instance hears the changes published by every instance, and has said it is alive. */
    listening: Promise.all([subscription, credit.ready]).then(() => undefined),
    /**
     * After an edit is committed: drops this instance's cache at once (whatever NOTIFY's delay) and tells every
     * instance. A failed notice is logged, not thrown: the edit is made, and the other instances reload on their timer.
     * A spending change (`keys`) also waits until every instance has dropped its credit leases (credit/fence.ts).
     */
    async changed(kind: Change) {
      const tell = (n?: number) =>
        publishChange(db, kind, n).catch((error) => log.error({ err: error, kind }, 'change notification failed'));
      if (kind === 'keys') {
        keyCaching.invalidate();
        await credit.spendingChanged(tell).catch((error) => {
          // Not even this instance could say so: its leases are dropped all the same, and every instance's trust in
          // its own lapses unless its heartbeat finds it up to date.
          credit.keysChanged();
          log.error({ err: error }, 'a spending change could not be fenced');
        });
        return;
      }
      drop(kind);
      await tell();
    },
    /** Waits for every finished request to be billed, and its answer stored when it is cached (tests). */
    settled: async () => {
      await Promise.all([credit.settled(), cache.settled()]);
    },
    /** Gives back every credit lease's unused credit now (tests). */
    forgetLeases: () => credit.forgetLeases(),
    async close() {
      const unsubscribe = await subscription;
      await unsubscribe();
      await credit.close();
      await cache.close();
      upstreams.close();
    },
  };
}

export type Gateway = ReturnType<typeof createGateway>;
