/**
 * This instance's Prometheus metrics (docs/operations.md#metrics), in a registry of its own (one per app: tests
 * build several). Three kinds of source, none of them a database query:
 * - the request log's side: every bill once written (`credit.onSettled`), so the request, error and token counters
 *   count exactly the rows the request log shows;
 * - the request path: in-flight requests, the gateway's added latency and each upstream try (the probe, probe.ts);
 * - state read at each scrape: holds, leases, the journal's depth, cache reloads, cooldowns (collect callbacks).
 * Labels are bounded: provider, model, endpoint, status, team, error code; never a key or a user.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { UsageEvent } from '../credit/writeBills';
import type { Gateway } from '../gateway/gateway';
import type { GatewayProbe, RequestProbe } from '../gateway/probe';

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const UPSTREAM_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
const REQUEST_LABELS = ['provider', 'model', 'endpoint', 'status', 'team'] as const;

export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({
    name: 'gateway_requests_total',
    help: 'Gateway requests and failed tries as the request log records them (one per row), once billed.',
    labelNames: REQUEST_LABELS,
    registers,
  });
  const errors = new Counter({
    name: 'gateway_errors_total',
    help: 'Request log rows with status error, by the error code their client got.',
    labelNames: ['provider', 'model', 'endpoint', 'team', 'code'],
    registers,
  });
  const tokens = new Counter({
    name: 'gateway_tokens_total',
    help: 'Tokens billed, by type (input, output, cached, cache_creation).',
    labelNames: ['provider', 'model', 'endpoint', 'team', 'type'],
    registers,
  });
  const units = new Counter({
    name: 'gateway_units_total',
    help: 'Units a media request was billed (docs/media.md): images, seconds of audio, characters, search units.',
    labelNames: ['provider', 'model', 'endpoint', 'team', 'unit'],
    registers,
  });
  const billedCents = new Counter({
    name: 'gateway_billed_cents_total',
    help: 'What the request log billed, in cents.',
    labelNames: ['provider', 'model', 'team'],
    registers,
  });
  // The response cache (docs/gateway.md#caching): requests it answered, and what their answers had cost.
  const cacheHits = new Counter({
    name: 'gateway_response_cache_hits_total',
    help: 'Requests the response cache answered, once billed.',
    labelNames: ['provider', 'model', 'endpoint', 'team'],
    registers,
  });
  const cacheSavedCents = new Counter({
    name: 'gateway_response_cache_saved_cents_total',
    help: 'What the answers the response cache served had cost when first asked, in cents.',
    labelNames: ['provider', 'model', 'team'],
    registers,
  });
  const refused = new Counter({
    name: 'gateway_refused_total',
    help: 'Requests refused before any provider was tried (unknown model, no credit, bad key), by status code.',
    labelNames: ['endpoint', 'status_code'],
    registers,
  });
  const inFlight = new Gauge({
    name: 'gateway_requests_in_flight',
    help: 'Gateway requests being served now.',
    registers,
  });
  const added = new Histogram({
    name: 'gateway_added_latency_seconds',
    help: "Time the gateway added to a request: its whole time less its upstream tries' time.",
    labelNames: ['endpoint'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const upstream = new Histogram({
    name: 'gateway_upstream_latency_seconds',
    help: 'One try of one deployment, from sending it to the end of its answer (or its failure).',
    labelNames: ['provider', 'outcome'],
    buckets: UPSTREAM_BUCKETS,
    registers,
  });
  // Tool calls through the MCP gateway (docs/mcp.md): counted and billed from their bills as every request is (provider
  // mcp, model <server>__<tool>, endpoint tools/call); their time at the server here, by server (a bounded label).
  const toolCalls = new Histogram({
    name: 'gateway_tool_call_seconds',
    help: 'A tool call through the MCP gateway, from admission to its answer, by server and outcome.',
    labelNames: ['server', 'outcome'],
    buckets: UPSTREAM_BUCKETS,
    registers,
  });
  const batchSize = new Histogram({
    name: 'gateway_settlement_batch_size',
    help: 'Bills written per settlement batch (one statement each).',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
    registers,
  });
  const settlementLag = new Histogram({
    name: 'gateway_settlement_lag_seconds',
    help: "From a request's bill to its batch written in the database.",
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  function settled(bills: readonly UsageEvent[]) {
    const now = Date.now();
    batchSize.observe(bills.length);
    for (const bill of bills) {
      const endpoint = bill.endpoint ?? 'chat.completions';
      const status = bill.status ?? 'success';
      const where = { provider: bill.provider, model: bill.model, endpoint, team: bill.teamId };
      requests.inc({ ...where, status });
      if (status === 'error') errors.inc({ ...where, code: bill.errorCode ?? 'unknown' });
      for (const [type, count] of [
        ['input', bill.promptTokens],
        ['output', bill.completionTokens],
        ['cached', bill.cachedTokens ?? 0],
        ['cache_creation', bill.cacheCreationTokens ?? 0],
      ] as const) {
        if (count > 0) tokens.inc({ ...where, type }, count);
      }
      // The unit without an image's size: one series per model and kind, whatever sizes it makes.
      if (bill.unit && bill.units) units.inc({ ...where, unit: bill.unit.split(':')[0] }, bill.units);
      if (bill.costCents > 0)
        billedCents.inc({ provider: bill.provider, model: bill.model, team: bill.teamId }, bill.costCents);
      if (bill.cachedFrom) {
        cacheHits.inc(where);
        const saved = bill.cacheSavedCents ?? 0;
        if (saved > 0) cacheSavedCents.inc({ provider: bill.provider, model: bill.model, team: bill.teamId }, saved);
      }
      if (bill.createdAt) settlementLag.observe(Math.max(0, now - bill.createdAt.getTime()) / 1000);
    }
  }

  const probe: GatewayProbe = {
    tool({ server }) {
      const started = performance.now();
      return { end: (outcome) => toolCalls.observe({ server, outcome }, (performance.now() - started) / 1000) };
    },
    start(call): RequestProbe {
      const started = performance.now();
      let upstreamMs = 0;
      let tries = 0;
      inFlight.inc();
      return {
        prompt: noop,
        admission: () => noop,
        attempt(deployment) {
          const sent = performance.now();
          tries++;
          return {
            headers: null,
            output: null,
            end(outcome) {
              const ms = performance.now() - sent;
              upstreamMs += ms;
              upstream.observe({ provider: deployment.provider, outcome }, ms / 1000);
            },
          };
        },
        bill: (open) => open(undefined),
        end(error) {
          inFlight.dec();
          if (tries > 0) added.observe({ endpoint: call.endpoint }, (performance.now() - started - upstreamMs) / 1000);
          else if (error) refused.inc({ endpoint: call.endpoint, status_code: statusOf(error) });
        },
      };
    },
  };

  /** The gateway's state, read at each scrape: nothing is counted on a request's path for these. */
  function watchGateway(gateway: Pick<Gateway, 'credit' | 'catalog' | 'cooldowns'>) {
    const unsubscribe = gateway.credit.onSettled(settled);
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    gauge(
      'gateway_credit_holds_open',
      'Requests holding credit and not billed yet.',
      () => gateway.credit.depth().open,
    );
    gauge(
      'gateway_journal_depth',
      'Bills journalled and not yet written to the database.',
      () => gateway.credit.depth().journalled,
    );
    gauge('gateway_credit_leases', 'Credit leases this instance holds.', () => gateway.credit.leases().length);
    gauge('gateway_credit_lease_granted_cents', 'Credit granted to this instance by its leases, in cents.', () =>
      gateway.credit.leases().reduce((sum, lease) => sum + lease.grantedCents, 0),
    );
    gauge('gateway_credit_lease_in_flight_cents', "Worst cases held against this instance's leases, in cents.", () =>
      gateway.credit.leases().reduce((sum, lease) => sum + lease.inFlightCents, 0),
    );
    new Counter({
      name: 'gateway_cache_reloads_total',
      help: 'Loads of the pricing and routing caches (on a change notice, or every few seconds).',
      labelNames: ['cache'],
      registers,
      collect() {
        this.reset();
        this.inc({ cache: 'pricing' }, gateway.catalog.pricing.loads());
        this.inc({ cache: 'routing' }, gateway.catalog.routing.loads());
      },
    });
    new Gauge({
      name: 'gateway_deployment_consecutive_failures',
      help: 'Route deployments that failed since their last success: how many times in a row.',
      labelNames: ['deployment'],
      registers,
      collect() {
        this.reset();
        for (const health of gateway.cooldowns.snapshot())
          this.set({ deployment: health.id }, health.consecutiveFailures);
      },
    });
    new Gauge({
      name: 'gateway_deployment_cooling',
      help: 'Route deployments cooling down after failures (1), tried last until their cooldown ends.',
      labelNames: ['deployment'],
      registers,
      collect() {
        this.reset();
        for (const health of gateway.cooldowns.snapshot()) {
          if (health.coolingUntil !== null) this.set({ deployment: health.id }, 1);
        }
      },
    });
    return unsubscribe;
  }

  return {
    registry,
    probe,
    watchGateway,
    /** The text format Prometheus scrapes. */
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

const noop = () => undefined;

function statusOf(error: unknown): string {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? String(status) : '500';
}
