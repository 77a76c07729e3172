import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import type { OpenAiErrorBody } from '../formats/gatewayError';
import type { RoutePolicy } from '../gateway/routing/types';
import { dollarsToMicros } from '../lib/money';
import { appendLedgerEntry } from '../ledger/ledger';
import { createTestContext, type TestContext, type TestContextOptions, type TestDb, type TestUser } from './helpers';
import { startFakeUpstream, type FakeUpstream, type Handler } from './fakeUpstream';

export interface GatewayTestContext extends TestContext {
  upstream: FakeUpstream;
  /** http://127.0.0.1:port of the listening app. */
  origin: string;
  tier(input: TierInput): Promise<void>;
  topUp(teamId: string, cents: number): Promise<void>;
  key(user: TestUser, name?: string): Promise<string>;
  client(key: string): OpenAI;
  /** A model route with its deployments (rank 1, weight 1, openai and the environment key unless said); returns their ids. */
  route(name: string, deployments: DeploymentInput[], policy?: Partial<RoutePolicy>): Promise<string[]>;
  /** Raw POST /v1/chat/completions over HTTP. */
  chat(key: string | null, body: unknown, headers?: Record<string, string>): Promise<globalThis.Response>;
  /** After reset(): an owner with a team of their own holding `cents` of credit, and a key of theirs. */
  funded(cents: number): Promise<{ owner: TestUser; teamId: string; key: string }>;
  /** Raw JSON POST to any door, with the headers given (the key in the door's own header). */
  post(path: string, body: unknown, headers: Record<string, string>): Promise<globalThis.Response>;
}

export interface DeploymentInput {
  model: string;
  provider?: string;
  rank?: number;
  weight?: number;
  credentialId?: string | null;
}

export interface TierInput {
  provider: string;
  model: string;
  /** Dollars per 1M tokens. */
  prompt: number;
  completion: number;
  cacheRead?: number | null;
  cacheCreate?: number | null;
  minTokens?: number;
  maxTokens?: number | null;
  /** Seconds from now; negative is in the past. */
  effective?: number;
  expiry?: number | null;
  /** Dollars per unit of a media model, by unit key (contract/mediaUnits.ts). */
  unitPrices?: Record<string, number>;
}

/**
 * A test app listening on loopback (the openai client needs real HTTP) with a fake provider behind it. Every
 * provider that `providers` names is pointed at the fake; echo is on unless GATEWAY_ECHO says otherwise. `database`
 * and `background`: as in createTestContext.
 */
export async function createGatewayContext(
  env: Record<string, string> = {},
  providers: string[] = ['openai'],
  database?: TestDb,
  background?: TestContextOptions['background'],
  gateway?: TestContextOptions['gateway'],
  logSink?: TestContextOptions['logSink'],
): Promise<GatewayTestContext> {
  const upstream = await startFakeUpstream();
  const providerEnv = Object.fromEntries(
    providers.flatMap((name) => [
      [`${name.toUpperCase()}_API_KEY`, `sk-upstream-${name}`],
      [`${name.toUpperCase()}_BASE_URL`, upstream.url],
    ]),
  );
  const ctx = await createTestContext({ GATEWAY_ECHO: 'true', ...providerEnv, ...env }, undefined, {
    database,
    background,
    gateway,
    logSink,
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const post = (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const close = ctx.close;
  const resetData = ctx.reset;
  return Object.assign(ctx, {
    upstream,
    origin,
    close: async () => {
      await close();
      await upstream.close();
    },
    async reset() {
      // Bills still being written hold locks that TRUNCATE waits for: let them finish (resetData retries a deadlock).
      await ctx.app.gateway.settled();
      await resetData();
      await ctx.app.gateway.changed('pricing');
      await ctx.app.gateway.changed('routing');
      upstream.reset();
    },
    async tier(input: TierInput) {
      const at = (seconds: number) => new Date(Date.now() + seconds * 1000);
      await ctx.db.query(
        `INSERT INTO pricing_tiers (provider, model, tier_name, tier_order, min_tokens, max_tokens, prompt_micros_per_1m,
           completion_micros_per_1m, cache_read_micros_per_1m, cache_create_micros_per_1m, effective_time, expiry_time,
           unit_prices)
         VALUES ($1, $2, 'test', 1, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb)`,
        [
          input.provider,
          input.model,
          input.minTokens ?? 0,
          input.maxTokens ?? null,
          dollarsToMicros(input.prompt),
          dollarsToMicros(input.completion),
          input.cacheRead == null ? null : dollarsToMicros(input.cacheRead),
          input.cacheCreate == null ? null : dollarsToMicros(input.cacheCreate),
          at(input.effective ?? -3600),
          input.expiry == null ? null : at(input.expiry),
          JSON.stringify(
            Object.fromEntries(
              Object.entries(input.unitPrices ?? {}).map(([unit, dollars]) => [unit, dollarsToMicros(dollars)]),
            ),
          ),
        ],
      );
      await ctx.app.gateway.changed('pricing');
    },
    async route(name: string, deployments: DeploymentInput[], policy: Partial<RoutePolicy> = {}) {
      const [route] = await ctx.db.query<{ id: string }>(
        `INSERT INTO model_routes (name, max_retries, backoff_ms, cooldown_failures, cooldown_seconds, unsupported_params)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          name,
          policy.maxRetries ?? 0,
          policy.backoffMs ?? 0,
          policy.cooldownFailures ?? 3,
          policy.cooldownSeconds ?? 30,
          policy.unsupportedParams ?? 'drop',
        ],
      );
      const ids: string[] = [];
      for (const d of deployments) {
        const [row] = await ctx.db.query<{ id: string }>(
          `INSERT INTO route_deployments (route_id, rank, weight, provider, model, credential_id)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [route.id, d.rank ?? 1, d.weight ?? 1, d.provider ?? 'openai', d.model, d.credentialId ?? null],
        );
        ids.push(row.id);
      }
      await ctx.app.gateway.changed('routing');
      return ids;
    },
    async topUp(teamId: string, cents: number) {
      await ctx.db.tx((q) => appendLedgerEntry(q, { teamId, type: 'topup', amountCents: cents, description: 'test' }));
    },
    async key(user: TestUser, name = 'test key') {
      const res = await ctx.request('POST', '/v1/api-keys/', { as: user, body: { name } });
      if (res.status !== 201) throw new Error(`key creation failed: ${res.text}`);
      return res.body.key as string;
    },
    client: (key: string) => new OpenAI({ apiKey: key, baseURL: `${origin}/v1`, maxRetries: 0 }),
    chat: (key: string | null, body: unknown, headers: Record<string, string> = {}) =>
      post('/v1/chat/completions', body, { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers }),
    post,
    async funded(cents: number) {
      // The methods above, on the context this returns.
      const self = ctx as GatewayTestContext;
      const owner = await self.user('owner');
      const teamId = await self.team(owner, 'Acme', 0);
      await self.topUp(teamId, cents);
      return { owner, teamId, key: await self.key(owner) };
    },
  });
}

/**
 * Sends `total` requests together. The provider holds every answer until each request is either waiting on it or
 * refused, so all the admitted requests are in flight together before any is billed; then `answer` answers them all.
 * With several instances (one database), their providers hold answers together.
 */
export async function allAtOnce(
  ctx: GatewayTestContext | GatewayTestContext[],
  total: number,
  send: () => Promise<globalThis.Response>,
  answer: Handler,
) {
  const instances = Array.isArray(ctx) ? ctx : [ctx];
  const held: (() => void)[] = [];
  let refused = 0;
  let everyoneIn!: () => void;
  const allIn = new Promise<void>((resolve) => (everyoneIn = resolve));
  const check = () => held.length + refused === total && everyoneIn();
  for (const { upstream } of instances) {
    upstream.handler = (request, res) => {
      held.push(() => answer(request, res));
      check();
    };
  }
  const calls = Array.from({ length: total }, () =>
    send().then(async (res) => {
      if (res.status !== 200) {
        refused++;
        check();
      }
      return { status: res.status, body: (await res.json()) as OpenAiErrorBody };
    }),
  );
  await allIn;
  const admitted = held.length;
  for (const release of held) release();
  const results = await Promise.all(calls);
  await Promise.all(instances.map(({ app }) => app.gateway.settled()));
  return { admitted, results };
}
