import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { createAlerts, type Alerts } from './alerts/alerts';
import type { DelivererOptions } from './alerts/webhooks/deliverer';
import { startAuditRetention } from './audit/retention';
import type { Config } from './config';
import type { Db } from './db/types';
import type { Deps, Lifecycle } from './deps';
import { openRedisCacheStore } from './cache/redisCacheStore';
import { createGateway, type Gateway, type GatewayOptions } from './gateway/gateway';
import { noJournal } from './credit/journal';
import { createSecretBox } from './lib/secretBox';
import { watchReconciliation } from './reconciliation/job';
import { HttpError } from './lib/errors';
import { createMailer, type Mailer, type MailerOptions } from './mail/mailer';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from './lib/inputFormats';
import { validatorCompiler } from './lib/validation';
import { createGuards } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { type LogSink, loggerOptions } from './plugins/logging';
import { groupedStore, openSharedRateLimitStore } from './plugins/rateLimitStore';
import { registerSecurity } from './plugins/security';
import { compressAnswers } from './plugins/compressAnswers';
import { registerSpendingChanges } from './plugins/spendingChanges';
import { couponRoutes } from './coupons/routes';
import { pricingRoutes } from './pricing/routes';
import { ledgerRoutes } from './ledger/routes';
import { usageRoutes } from './usage/routes';
import { teamPaymentRoutes } from './payments/teamRoutes';
import { alertRoutes } from './alerts/routes';
import { auditLogRoutes } from './audit/routes';
import { adminConsoleRoutes } from './console/routes';
import { dashboardModelRoutes } from './pricing/modelsRoutes';
import { playgroundRoutes } from './gateway/playgroundRoutes';
import { adminRoutingRoutes } from './routing/routes';
import { apiKeyRoutes } from './keys/routes';
import { cacheRoutes } from './cache/routes';
import { guardrailRoutes } from './guardrails/routes';
import { authRoutes } from './sessions/routes';
import { gatewayRoutes } from './gateway/routes';
import { mediaRoutes } from './media/routes';
import { mcpRoutes } from './mcp/routes';
import { mcpSettingsRoutes } from './mcp/settingsRoutes';
import { createMcpUpstreams } from './mcp/upstreams';
import { requestLogRoutes } from './usage/requestLogRoutes';
import { staticRoutes } from './routes/static';
import { ssoRoutes } from './sso/routes';
import { systemRoutes } from './routes/system';
import { invoicingRoutes } from './invoicing/routes';
import { teamRoutes } from './teams/routes';
import { createPaymentProvider, paymentRoutes } from './payments';
import { combineProbes } from './gateway/probe';
import { createMetrics } from './metrics/metrics';
import { metricsRoute } from './metrics/route';
import { startTracing } from './tracing/tracing';
import { startRetention } from './usage/retention';
import { createSessions } from './sessions/sessions';
import { registerBatches } from './batches/routes';
import type { BatchRunner } from './batches/runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAI-compatible gateway's shared state (tests await `gateway.settled()` before reading usage). */
    gateway: Gateway;
    /** Alerts: evaluation and webhook deliveries (tests await `alerts.idle()`). */
    alerts: Alerts;
    /** The mail room's sender (tests await `mailer.idle()`). */
    mailer: Mailer;
    /** Every route as registered, with its schemas (the fuzz test walks it, so a new route is fuzzed too). */
    routeTable: RouteOptions[];
    lifecycle: Lifecycle;
    /** The batch runner (tests await `batches.idle()`: docs/batches.md). */
    batches: BatchRunner;
  }
}

export interface AppOptions {
  config: Config & { jwtSecret: string };
  db: Db;
  /** main.ts passes the instance's id and its bill journal; tests run with neither (noJournal). */
  gateway?: GatewayOptions;
  /** Where log lines go instead of stdout (tests read them). */
  logSink?: LogSink;
  /** Tests make the background quick: retry schedules, polling, gathering, and DNS for webhooks. */
  background?: {
    mail?: MailerOptions;
    webhooks?: Partial<Omit<DelivererOptions, 'allowPrivate' | 'timeoutMs'>>;
    gatherMs?: number;
  };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Builds the whole server (API, sandbox checkout, built app) without listening; tests drive it with inject(). */
export async function buildApp({
  config,
  db,
  gateway: gatewayOptions,
  logSink,
  background = {},
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...loggerOptions(config, logSink),
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => void routeTable.push(route));
  app.decorateRequest('user', null);
  app.decorateRequest('membership', null);
  // PostgreSQL refuses NUL in text: a path or query string carrying one is refused here, for every route at once.
  // Every reply's own headers are set as the request arrives, not in an onSend hook: a route with no onSend hook skips
  // that stage, and the gateway's routes have none. The hook takes `done` rather than being async: on every request,
  // an async hook costs a promise and a turn of the microtask queue for a check that never waits (docs/gateway.md ›
  // Where the time goes).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    if (request.url.includes('%00') || request.url.includes('\u0000')) {
      return done(new HttpError(400, 'VALIDATION_ERROR', 'The URL must not contain NUL (%00) characters'));
    }
    done();
  });

  // An empty JSON body is allowed: the contract lets body-less POST/DELETE still send content-type: application/json.
  const parseJson = app.getDefaultJsonParser('error', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    if (jsonDepthExceeds(text)) {
      return done(
        new HttpError(400, 'VALIDATION_ERROR', `Request body is nested more than ${MAX_JSON_DEPTH} levels deep`),
      );
    }
    parseJson(request, text, (error, value) =>
      done(error ? new HttpError(400, 'VALIDATION_ERROR', 'Request body is not valid JSON') : null, value),
    );
  });

  registerErrorHandling(app);
  await app.register(fastifyCookie, { secret: config.jwtSecret });
  registerSecurity(app, config);

  const rateLimit = config.rateLimit.enabled
    ? { max: config.rateLimit.max, timeWindow: config.rateLimit.windowMs }
    : undefined;
  if (rateLimit) {
    const shared = config.redisUrl ? await openSharedRateLimitStore(config.redisUrl, app.log) : null;
    if (shared) app.addHook('onClose', async () => shared.close());
    await app.register(fastifyRateLimit, {
      // Routes' own limits (config.rateLimit) get a child of this store: every limit is shared when Redis is set, and
      // the routes of a group (the gateway's doors) share one count (groupedStore).
      store: groupedStore(shared?.Store ?? null),
      global: false,
      hook: 'preHandler',
      keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: `Too many requests, retry in ${context.after}`,
      }),
    });
  }

  const sessions = createSessions(config.jwtSecret, db, config.adminLogins);
  const paymentProvider = createPaymentProvider(config, db);
  paymentRoutes(app, { db, provider: paymentProvider, operator: config.operator, rateLimit });
  // What watches the gateway's requests: nothing unless the operator turns it on (docs/operations.md).
  const metrics = config.metrics ? createMetrics() : null;
  const tracing = config.tracing ? await startTracing(config.tracing) : null;
  if (tracing) app.addHook('onClose', () => tracing.close());
  // A cluster's instances share one response cache in Redis when CACHE_STORE is redis (docs/gateway.md#caching).
  const redisCache =
    config.gateway.cache.store === 'redis' && config.redisUrl
      ? await openRedisCacheStore(config.redisUrl, app.log)
      : null;
  if (redisCache) app.addHook('onClose', async () => redisCache.close());
  const instance = gatewayOptions ?? { instanceId: config.instanceId ?? 'local', journal: noJournal };
  const gateway = createGateway(config, db, app.log, instance, {
    probe: combineProbes([metrics?.probe, tracing?.probe].filter((probe) => probe !== undefined)),
    cacheStore: redisCache?.store,
  });
  app.decorate('gateway', gateway);
  if (metrics && config.metrics) {
    metrics.watchGateway(gateway);
    metricsRoute(app, { metrics, token: config.metrics.token });
  }
  registerSpendingChanges(app, gateway);
  // Ready means hearing the other instances' edits (inject() and listen() wait for it).
  app.addHook('onReady', async () => gateway.listening);
  // Bills still queued are written before the database is closed.
  app.addHook('onClose', () => gateway.close());
  const appUrl = config.appUrl ?? config.publicUrl ?? `http://localhost:${config.port}`;
  const alerts = createAlerts(db, app.log, {
    appUrl,
    webhooks: { ...config.webhooks, ...background.webhooks },
    gatherMs: background.gatherMs,
  });
  gateway.credit.onSettled(alerts.billsSettled);
  app.decorate('alerts', alerts);
  const mailer = createMailer(config.mail, db, app.log, background.mail);
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => {
    await alerts.listening;
    await mailer.listening;
  });
  // After the gateway's: its last bills are evaluated, and what they fire is sent or left queued.
  app.addHook('onClose', async () => {
    await alerts.close();
    await mailer.close();
  });
  // Our ledger against the providers' own reports, for credentials that carry a usage key (docs/gateway.md).
  watchReconciliation(
    app,
    db,
    config.gateway.credentialsKey ? createSecretBox(config.gateway.credentialsKey) : null,
    config,
  );
  const retention = startRetention(db, config.requestLog.retentionDays, app.log);
  const auditRetention = startAuditRetention(db, config.auditLog.retentionDays, app.log);
  app.addHook('onClose', async () => {
    await retention.stop();
    await auditRetention.stop();
  });
  // The registered MCP servers' clients (docs/mcp.md): closed with the app.
  const mcp = createMcpUpstreams({
    box: config.gateway.credentialsKey ? createSecretBox(config.gateway.credentialsKey) : null,
    destination: { allowPrivate: config.mcp.allowPrivate },
    callTimeoutMs: config.mcp.toolTimeoutMs,
    log: app.log,
  });
  app.addHook('onClose', () => mcp.close());
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  const deps: Deps = {
    config,
    db,
    sessions,
    guards: createGuards({ sessions, bills: gateway.credit }),
    paymentProvider,
    rateLimit,
    gateway,
    mcp,
    alerts,
    mailer,
    lifecycle,
  };
  // Each room's routes, one Fastify plugin a room (docs/architecture.md, "Feature rooms"): the feature's HTTP face
  // stands in its own folder beside its service and its tests. The rooms share one plugin around them, whose answers
  // are compressed (plugins/compressAnswers.ts); the gateway's routes below are outside it.
  await app.register(async (dashboard) => {
    compressAnswers(dashboard);
    for (const room of [
      systemRoutes,
      authRoutes,
      ssoRoutes,
      teamRoutes,
      ledgerRoutes,
      usageRoutes,
      teamPaymentRoutes,
      couponRoutes,
      invoicingRoutes,
      requestLogRoutes,
      apiKeyRoutes,
      cacheRoutes,
      guardrailRoutes,
      mcpSettingsRoutes,
      pricingRoutes,
      adminConsoleRoutes,
      dashboardModelRoutes,
      adminRoutingRoutes,
      alertRoutes,
      auditLogRoutes,
    ]) {
      await dashboard.register(room, deps);
    }
  });
  await gatewayRoutes(app, deps);
  await mediaRoutes(app, deps);
  app.decorate('batches', await registerBatches(app, deps, instance.instanceId));
  await mcpRoutes(app, deps);
  await playgroundRoutes(app, deps);
  await staticRoutes(app, deps);
  return app;
}
