import type { FastifyBaseLogger } from 'fastify';
import { PROVIDERS, type Config } from '../config';
import type { Db } from '../db/types';
import { hashApiKey } from '../services/apiKeys';
import { findKeyOwner, releaseExpiredReservations, reserveCredits } from '../services/reservations';
import { echoUpstream } from './echo';
import { invalidApiKey } from './errors';
import { listModels, resolveModel, type GatewayProvider } from './models';
import type { BillJournal } from './journal';
import { createSettler } from './settler';
import { createTierCache } from './tiers';
import { httpUpstream, type Upstream } from './upstream';

/** Edits to pricing made on another instance are seen within this window. */
const TIER_CACHE_MS = 5_000;
/** A hold outlives any request (the sweep gives back those of a crashed instance). */
export const RESERVATION_TTL_SECONDS = 15 * 60;
const SWEEP_EVERY_MS = 60_000;

export interface GatewayOptions {
  /** Names this instance's credit holds, so its next start can give back those of a crashed run. */
  instanceId: string;
  /** Where bills wait for the database; noJournal in tests that run without a data directory. */
  journal: BillJournal;
}

/** Everything the gateway routes share: provider clients, the tier cache, the settlement queue. */
export function createGateway(config: Config, db: Db, log: FastifyBaseLogger, options: GatewayOptions) {
  const upstreams = new Map<GatewayProvider, Upstream>();
  for (const name of PROVIDERS) {
    const { baseUrl, apiKey } = config.gateway.providers[name];
    if (apiKey) upstreams.set(name, httpUpstream(baseUrl, apiKey));
  }
  if (config.gateway.echo) upstreams.set('echo', echoUpstream());
  const reachable = new Set(upstreams.keys());
  const tiers = createTierCache(db, TIER_CACHE_MS);
  const settler = createSettler(db, log, options.journal);
  const hold = { ttlSeconds: RESERVATION_TTL_SECONDS, instanceId: options.instanceId };

  const sweep = setInterval(() => {
    releaseExpiredReservations(db).catch((error) => log.error({ err: error }, 'reservation sweep failed'));
  }, SWEEP_EVERY_MS);
  sweep.unref();

  return {
    config: config.gateway,
    settler,
    /** Holds a request's worst case against its key's team, or says why not. */
    admit: (keyHash: string, amountCents: number) => reserveCredits(db, keyHash, amountCents, hold),
    upstream: (provider: GatewayProvider) => upstreams.get(provider)!,
    async route(model: string) {
      return resolveModel(model, await tiers.get(), reachable, Date.now());
    },
    async models() {
      return listModels(await tiers.get(), reachable, Date.now());
    },
    /** For requests that reserve nothing (the model list, an unknown model): is this a working key? */
    async authenticate(key: string) {
      const owner = await findKeyOwner(db, hashApiKey(key));
      if (!owner) throw invalidApiKey();
      return owner;
    },
    pricingChanged: () => tiers.invalidate(),
    routingChanged: () => {},
    /** Waits for every finished request to be billed. */
    settled: () => settler.settled(),
    async close() {
      clearInterval(sweep);
      await settler.settled();
      options.journal.close();
      for (const upstream of upstreams.values()) upstream.close();
    },
  };
}

export type Gateway = ReturnType<typeof createGateway>;
