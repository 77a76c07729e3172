import type { FastifyBaseLogger } from 'fastify';
import type { ToolCallContent } from '../../contract/schemas/requestLog';
import { billedCents, type TokenUsage } from '../lib/cost';
import { charsToTokens } from '../formats/tokens';
import type { Admission } from './admission';
import type { RequestMeasure } from './holds';
import type { Settler } from './settler';
import { tierFor, type Tier } from './tiers';

/**
 * A request's bill (docs/gateway.md#billing): what it cost by the provider's count (or, for a stream cut short before
 * the provider counted, by an estimate), never more than it holds, handed to the settler (settler.ts).
 */

/** The deployment a try went to: what it is recorded as and the tiers it is billed at (gateway/routing Candidate). */
export interface Billed {
  /** A route deployment's id, or `direct:<provider>/<model>` for a model called by its own name. */
  deployment: { id: string; provider: string; model: string };
  tiers: Tier[];
}

/** A try that did not answer: which deployment, and the error the client would get for it. */
export interface FailedTry {
  candidate: Billed;
  error: { code: string; message: string };
}

export interface CachedTry {
  candidate: Billed;
  costCents: number;
  cachedFrom: string;
  savedCents: number;
}

/** The bill of a call at a flat price: its price when it answered, else an error that costs nothing. */
export interface PricedBill {
  priced(call: PricedCall): void;
}

/** A call at a flat price (a tool call through the MCP gateway, docs/mcp.md#metering), billed only when it answered. */
export interface PricedCall {
  candidate: Billed;
  /** What the call costs when it answered; a call that failed costs nothing. */
  priceCents: number;
  failure?: FailedTry['error'];
  /** What the team keeps of the call (docs/mcp.md#content-capture), and what the guardrails did to it. */
  content?: ToolCallContent | null;
  guardrails?: string | null;
  /** What a media request was billed by (docs/media.md): its unit key and how many; recorded when it answered. */
  units?: { key: string; count: number } | null;
}

export interface AnsweredTry {
  candidate: Billed;
  usage: TokenUsage | null;
  completionChars: number;
  /** Milliseconds from the request's arrival to its first streamed byte; null for a JSON answer. */
  ttftMs: number | null;
  /**
   * How the answer ended: the provider finished it; the client left before it did (a stream is stopped there, a JSON
   * answer runs to its end); the provider failed after it had begun to stream; or a guardrail stopped the stream.
   */
  ending: 'finished' | 'client_left' | 'provider_failed' | 'blocked';
  /** Recorded with the answer when it did not reach the client whole (the request log shows it). */
  failure?: FailedTry['error'];
  /** What the guardrails did to the answer, after what they did to the prompt (docs/guardrails.md#the-answer). */
  guardrails?: string | null;
}

/**
 * A request's bills: every admitted request ends in exactly one `answered` or `final` (which releases its hold);
 * each failed try before that is its own zero-cost error event (`failedTry`), recorded but never billed.
 */
export interface Bill {
  /** Returns what the answer was billed, in cents (0 once the request was already settled). */
  answered(answer: AnsweredTry): number;
  /**
   * Answered from the response cache (docs/gateway.md#caching): billed the hit's price, no tokens counted, marked
   * with the request whose answer it was and what the hit saved.
   */
  cached(hit: CachedTry): void;
  final(outcome: { status: 'error'; failure?: FailedTry }): void;
  failedTry(failure: FailedTry): void;
}

interface BillContext {
  log: FastifyBaseLogger;
  /** The API the request came in through (usage_events.endpoint). */
  endpoint: string;
  routeName: string | null;
  measure: RequestMeasure;
  admission: Extract<Admission, { ok: true }>;
  started: number;
  /** Where an error that happened before any try is recorded. */
  firstCandidate: Billed;
  /** Called once the request's bill is written (a trace's settlement span); not for the failed tries before it. */
  written?: () => void;
  /** The x-request-id the client gets, on every row the request writes (its tries and its answer). */
  callerRequestId: string;
  /** What the guardrails did to the prompt (docs/guardrails.md), on every row the request writes. */
  guardrails?: string | null;
}

const NO_TOKENS: TokenUsage = { promptTokens: 0, completionTokens: 0, cachedTokens: 0, cacheCreationTokens: 0 };

/** Route deployments are recorded by id; a model called by its own name has none (routing/resolve.ts). */
const deploymentIdOf = (candidate: Billed) =>
  candidate.deployment.id.startsWith('direct:') ? null : candidate.deployment.id;

export function billOf(settler: Pick<Settler, 'add'>, context: BillContext): Bill & PricedBill {
  return new RequestBill(settler, context);
}

/** What `record` adds to a bill beyond its tokens. */
interface RecordExtra {
  error?: FailedTry['error'] | null;
  ttftMs?: number | null;
  holdsReservation: boolean;
  cached?: Omit<CachedTry, 'candidate'>;
  /** A flat price (PricedCall), instead of the tokens' cost. */
  priceCents?: number;
  guardrails?: string | null;
  toolContent?: ToolCallContent | null;
  units?: PricedCall['units'];
}

/**
 * A class, not a closure per request: every request opens one, and a function made per request is also named per
 * request by the TypeScript loader (esbuild's keepNames: a defineProperty each), which showed in the gateway's profile
 * (docs/gateway.md › Performance, "What a request no longer repeats").
 */
class RequestBill implements Bill, PricedBill {
  private settled = false;
  /**
   * What the gateway cannot bound for sure: media parts (held at an allowance, or at the model's window when known)
   * and a prompt stored at the provider.
   */
  private readonly unbounded: boolean;

  constructor(
    private readonly settler: Pick<Settler, 'add'>,
    private readonly context: BillContext,
  ) {
    this.unbounded = context.measure.mediaParts > 0 || context.measure.promptHidden;
  }

  private record(candidate: Billed, status: 'success' | 'error', tokens: TokenUsage, extra: RecordExtra): number {
    const { context } = this;
    const { admission } = context;
    const { deployment, tiers } = candidate;
    // A failure that produced nothing holds NO_TOKENS: it costs nothing; one that produced part of an answer costs
    // that. A cache hit costs its price.
    const costCents = this.withinHold(
      extra.cached?.costCents ?? extra.priceCents ?? billedCents(tokens, tierFor(tiers, tokens.promptTokens)),
    );
    const lease = extra.holdsReservation ? admission.lease : null;
    this.settler.add(
      {
        teamId: admission.owner.teamId,
        userId: admission.owner.userId,
        apiKeyId: admission.owner.keyId,
        model: deployment.model,
        provider: deployment.provider,
        ...tokens,
        costCents,
        latencyMs: Math.round(performance.now() - context.started),
        status,
        // Set here, not by the database: a bill replayed from the journal after a crash keeps its request's time.
        createdAt: new Date(),
        reservationId: extra.holdsReservation ? admission.reservationId : null,
        leaseId: lease?.leaseId ?? null,
        requestId: lease?.requestId ?? null,
        endpoint: context.endpoint,
        routeName: context.routeName,
        deploymentId: deploymentIdOf(candidate),
        ttftMs: extra.ttftMs ?? null,
        errorCode: extra.error?.code ?? null,
        errorMessage: extra.error?.message ?? null,
        callerRequestId: context.callerRequestId,
        cachedFrom: extra.cached?.cachedFrom ?? null,
        cacheSavedCents: extra.cached?.savedCents ?? null,
        guardrails: joinGuardrails(context.guardrails, extra.guardrails),
        toolContent: extra.toolContent ?? null,
        unit: extra.units?.key ?? null,
        units: extra.units?.count ?? null,
      },
      { closes: extra.holdsReservation, written: extra.holdsReservation ? context.written : undefined },
    );
    // After the bill is journalled: the lease's book frees the worst case and counts the cost as spent.
    lease?.settle(costCents);
    return costCents;
  }

  /**
   * What keeps every room at or above zero (docs/gateway.md#holding-credits). A text prompt's hold is its true worst
   * case (its bytes bound its tokens, and the provider was sent an output cap), so an honest provider never counts
   * more: the bill is what it counted. A request with what the gateway cannot bound is billed at most its hold, and
   * the operator bears the rest. Either way, more than the hold is logged.
   */
  private withinHold(cents: number): number {
    const { admission, log } = this.context;
    if (cents <= admission.heldCents) return cents;
    const { unbounded } = this;
    log.warn(
      { costCents: cents, heldCents: admission.heldCents, keyId: admission.owner.keyId, unbounded },
      unbounded
        ? 'billed at its hold: the provider counted more for media or a stored prompt than the request could hold'
        : 'the provider counted more than the worst case of a text request',
    );
    return unbounded ? admission.heldCents : cents;
  }

  answered({ candidate, usage, completionChars, ttftMs, ending, failure, guardrails }: AnsweredTry): number {
    if (this.settled) return 0;
    this.settled = true;
    // A finished answer is billed by the provider's count. One cut short (the client left, the provider failed
    // midway) may have a partial count (Anthropic's message_start says output 1): its output is never less than
    // what was streamed, and without any count the prompt is estimated (docs/gateway.md#billing).
    const tokens =
      ending === 'finished' && usage
        ? usage
        : {
            ...(usage ?? NO_TOKENS),
            promptTokens: usage?.promptTokens || this.context.measure.promptEstimate,
            completionTokens: Math.max(usage?.completionTokens ?? 0, charsToTokens(completionChars)),
          };
    const status = ending === 'provider_failed' || failure ? 'error' : 'success';
    return this.record(candidate, status, tokens, { ttftMs, error: failure, holdsReservation: true, guardrails });
  }

  cached({ candidate, ...cached }: CachedTry): void {
    if (this.settled) return;
    this.settled = true;
    this.record(candidate, 'success', NO_TOKENS, { holdsReservation: true, cached });
  }

  priced({ candidate, priceCents, failure, content, guardrails, units }: PricedCall): void {
    if (this.settled) return;
    this.settled = true;
    const status = failure ? 'error' : 'success';
    this.record(candidate, status, NO_TOKENS, {
      holdsReservation: true,
      error: failure,
      priceCents: failure ? 0 : priceCents,
      guardrails,
      toolContent: content,
      units: failure ? null : units,
    });
  }

  final({ failure }: { status: 'error'; failure?: FailedTry }): void {
    if (this.settled) return;
    this.settled = true;
    this.record(failure?.candidate ?? this.context.firstCandidate, 'error', NO_TOKENS, {
      error: failure?.error,
      holdsReservation: true,
    });
  }

  failedTry(failure: FailedTry): void {
    if (this.settled) return;
    this.record(failure.candidate, 'error', NO_TOKENS, { error: failure.error, holdsReservation: false });
  }
}

/** What the guardrails did to the prompt, then to the answer (`;`-joined), or null when neither did anything. */
function joinGuardrails(prompt: string | null | undefined, answer: string | null | undefined): string | null {
  if (prompt && answer) return `${prompt};${answer}`;
  return prompt || answer || null;
}
