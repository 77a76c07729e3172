import type { FastifyBaseLogger } from 'fastify';
import { PROVIDERS, type Config } from '../config';
import { alone } from '../db/perSchema';
import type { Db } from '../db/types';
import { createSecretBox } from '../lib/secretBox';
import { hashApiKey } from '../services/apiKeys';
import { publishChange, subscribeChanges, type Change } from '../services/changes';
import {
  acquireLease,
  heartbeat,
  releaseInstanceLeases,
  releaseSilentInstances,
  returnLeases,
} from '../services/leases';
import {
  findKeyOwner,
  releaseExpiredReservations,
  reserveCredits,
  type AdmissionRequest,
} from '../services/reservations';
import { loadRoutingTable } from '../services/routing';
import { DIALECT_OF } from './dialects';
import { echoUpstream } from './echo';
import { invalidApiKey, keyExpired } from './errors';
import { createLeaseBook } from './leaseBook';
import { listModels, type GatewayProvider } from './models';
import type { BillJournal } from './journal';
import { createReloadingCache } from './reloadingCache';
import { Cooldowns, attemptPlan } from './routing/policy';
import { resolveRoute, routeNames, type Reachability } from './routing/resolve';
import type { Deployment, ModelRoute, RoutePolicy, RoutingTable } from './routing/types';
import { createSettler } from './settler';
import { loadTiers } from './tiers';
import { httpUpstream, type Upstream } from './upstream';

/**
 * Edits reach every instance's caches at once through change notifications (services/changes.ts); this timed reload
 * is the safety net for a notification lost in between (a dropped listening connection reloads everything anyway).
 */
const CACHE_MS = 5_000;
/** A hold outlives any request (the sweep gives back those of a crashed instance). */
export const RESERVATION_TTL_SECONDS = 15 * 60;
const SWEEP_EVERY_MS = 60_000;
/** Every instance says it is alive this often and keeps its leases this long past each beat. */
const HEARTBEAT_MS = 5_000;
export const LEASE_TTL_SECONDS = 60;
/** An instance silent this long is taken for dead: a live one gives back its holds and leases (docs/deploy.md). */
export const SILENT_INSTANCE_SECONDS = 30;
const IDLE_CHECK_MS = 1_000;

export interface GatewayOptions {
  /** Names this instance's credit holds, so its next start can give back those of a crashed run. */
  instanceId: string;
  /** Where bills wait for the database; noJournal in tests that run without a data directory. */
  journal: BillJournal;
}

/**
 * Provider clients: one per provider key from the environment, one per stored credential (created when first used,
 * replaced when its secret or base URL changes).
 */
function createUpstreams(config: Config) {
  const environment = new Map<GatewayProvider, Upstream>();
  for (const name of PROVIDERS) {
    const { baseUrl, apiKey } = config.gateway.providers[name];
    if (apiKey) environment.set(name, httpUpstream(baseUrl, apiKey, DIALECT_OF[name]));
  }
  if (config.gateway.echo) environment.set('echo', echoUpstream());
  const stored = new Map<string, { fingerprint: string; upstream: Upstream }>();
  return {
    providers: new Set(environment.keys()),
    get(deployment: Deployment, routing: RoutingTable): Upstream {
      if (deployment.credentialId === null) return environment.get(deployment.provider)!;
      const credential = routing.credentials.get(deployment.credentialId);
      // Deleted since the request was routed: the try fails like an unreachable provider, and the route moves on.
      if (!credential) throw new Error(`credential ${deployment.credentialId} is gone`);
      const baseUrl =
        credential.baseUrl ?? config.gateway.providers[deployment.provider as (typeof PROVIDERS)[number]].baseUrl;
      const fingerprint = `${baseUrl}\n${credential.secret}`;
      const known = stored.get(credential.id);
      if (known?.fingerprint === fingerprint) return known.upstream;
      known?.upstream.close();
      const upstream = httpUpstream(baseUrl, credential.secret, DIALECT_OF[deployment.provider]);
      stored.set(credential.id, { fingerprint, upstream });
      return upstream;
    },
    close() {
      for (const upstream of environment.values()) upstream.close();
      for (const { upstream } of stored.values()) upstream.close();
    },
  };
}

/** Everything the gateway routes share: provider clients, the pricing and routing caches, the settlement queue. */
export function createGateway(config: Config, db: Db, log: FastifyBaseLogger, options: GatewayOptions) {
  const hold = { ttlSeconds: RESERVATION_TTL_SECONDS, instanceId: options.instanceId };
  const upstreams = createUpstreams(config);
  const box = config.gateway.credentialsKey ? createSecretBox(config.gateway.credentialsKey) : null;
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
  const admitByStatement = (keyHash: string, request: AdmissionRequest) => reserveCredits(db, keyHash, request, hold);
  const leases = createLeaseBook({
    acquire: (keyHash, ask) =>
      acquireLease(db, keyHash, { ...ask, instanceId: options.instanceId, ttlSeconds: LEASE_TTL_SECONDS }),
    giveBack: (returns) => returnLeases(db, returns),
    admitByStatement,
    now: Date.now,
  });
  const leasing = config.gateway.admission === 'lease';
  const keys = {
    // A key, member or team changed: every key's lease is taken again, so a revoked key or a lower limit holds from
    // the next request on, on every instance.
    invalidate: () => void leases.forgetKeys().catch((error) => log.error({ err: error }, 'giving back leases failed')),
  };
  const caches: Record<Change, { invalidate(): void }> = { pricing: tiers, routing, keys };
  const drop = (kind: Change) => caches[kind].invalidate();
  const subscription = subscribeChanges(db, drop, log);
  const cooldowns = new Cooldowns();
  const settler = createSettler(db, log, options.journal);

  /** The routing table the last resolved request saw: the upstreams of its credentials. */
  let lastRouting: RoutingTable | null = null;

  const reach = async (): Promise<Reachability> => {
    lastRouting = await routing.get();
    return { providers: upstreams.providers, routing: lastRouting };
  };

  let known = false;
  const beat = () =>
    heartbeat(db, options.instanceId, LEASE_TTL_SECONDS)
      .then((unknown) => {
        // Unknown after its first beat: another instance took this one for dead and released its leases, which
        // therefore hold nothing any more.
        if (unknown && known) leases.forfeitAll();
        known = true;
        return alone(db, 'silent-instances', (q) => releaseSilentInstances(q, SILENT_INSTANCE_SECONDS));
      })
      .catch((error) => log.error({ err: error }, 'heartbeat failed'));
  void beat();
  const timers = [
    setInterval(() => {
      releaseExpiredReservations(db).catch((error) => log.error({ err: error }, 'reservation sweep failed'));
    }, SWEEP_EVERY_MS),
    setInterval(beat, HEARTBEAT_MS),
    setInterval(() => {
      leases.giveBackIdle().catch((error) => log.error({ err: error }, 'giving back idle leases failed'));
    }, IDLE_CHECK_MS),
  ];
  for (const timer of timers) timer.unref();

  return {
    config: config.gateway,
    settler,
    /**
     * Holds a request's worst case (or, when every room has less, as much as they have down to its least hold) on its
     * key, member and team, from a lease or by a statement; or says why not.
     */
    admit: (keyHash: string, request: AdmissionRequest) =>
      leasing ? leases.admit(keyHash, request) : admitByStatement(keyHash, request),
    /** The credit leases this instance holds (tests, the health view). */
    leases: () => leases.snapshot(),
    /** Gives back every lease's unused credit now (what a key change does; tests await it). */
    forgetLeases: () => leases.forgetKeys(),
    upstream: (deployment: Deployment) => upstreams.get(deployment, lastRouting!),
    async route(model: string) {
      const [index, reachability] = await Promise.all([tiers.get(), reach()]);
      return resolveRoute(model, index, reachability, Date.now());
    },
    /** The order in which this request tries the route's deployments. */
    plan: (route: ModelRoute) => attemptPlan(route, (id) => cooldowns.isCooling(id), Math.random),
    deploymentFailed: (id: string, policy: RoutePolicy) => cooldowns.failed(id, policy),
    deploymentSucceeded: (id: string) => cooldowns.succeeded(id),
    isCooling: (id: string) => cooldowns.isCooling(id),
    /** Deployments failing right now, for the admin health view. */
    cooldowns: () => cooldowns.snapshot(),
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
    /** For requests that reserve nothing (the model list, an unknown model): is this a working key? */
    async authenticate(key: string) {
      const access = await findKeyOwner(db, hashApiKey(key));
      if (!access) throw invalidApiKey();
      if (access.expiredAt) throw keyExpired(access.expiredAt);
      return access;
    },
    /** Resolves once this instance hears the changes published by every instance. */
    listening: subscription.then(() => undefined),
    /**
     * After an edit is committed: drops this instance's cache at once (whatever NOTIFY's delay) and tells every
     * instance. A failed notice is logged, not thrown: the edit is made, and the other instances reload on their timer.
     */
    async changed(kind: Change) {
      drop(kind);
      await publishChange(db, kind).catch((error) => log.error({ err: error, kind }, 'change notification failed'));
    },
    /** Waits for every finished request to be billed. */
    settled: () => settler.settled(),
    async close() {
      for (const timer of timers) clearInterval(timer);
      const unsubscribe = await subscription;
      await unsubscribe();
      await settler.settled();
      // Every bill is written: what the leases still hold is unused, and goes back (else the silent-instance sweep
      // of another instance, or this instance's next start, gives it back).
      await releaseInstanceLeases(db, options.instanceId).catch((error) =>
        log.error({ err: error }, 'giving back the leases at shutdown failed'),
      );
      options.journal.close();
      upstreams.close();
    },
  };
}

export type Gateway = ReturnType<typeof createGateway>;
