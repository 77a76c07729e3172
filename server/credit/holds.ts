/**
 * What a request holds before it is forwarded (docs/gateway.md#holding-credits), as pure functions of its measure and
 * of the deployments that may answer it. A request is admitted only when its hold fits in every room it draws on,
 * and it can never be billed more than its hold, so no room ever goes below zero.
 *
 * - A request with an output cap (max_tokens and its kin) holds its worst case: the prompt's upper bound and the cap,
 *   at the dearest prices of the dearest deployment. It is admitted whole or not at all.
 * - A request without one holds as much as the rooms allow, up to the worst case at the model's own output limit and
 *   down to MIN_OUTPUT_TOKENS; the gateway then sends the provider the cap that what was held pays for.
 */
import { worstCaseCents, type Tier } from './tiers';
import { MIN_OUTPUT_TOKENS } from '../../contract/outputCap';

/** What a request may use, measured by the gateway before it is forwarded (gateway/measure.ts). */
export interface RequestMeasure {
  /** An upper bound of the prompt tokens (docs/gateway.md: the UTF-8 byte length plus per-message allowances). */
  promptUpperBound: number;
  /**
   * The most completion tokens the client lets the request produce, all answers together (0 for embeddings); null:
   * it set no cap, and the gateway sets one (holds.ts).
   */
  completionCap: number | null;
  /** Answers asked for (chat's `n`): an output cap applies to each. */
  answers: number;
  /** A fair estimate of the prompt tokens, to bill a stream cut short before the provider reported usage. */
  promptEstimate: number;
  /** Prompt tokens there are at the least (holds.ts FLOOR_BYTES_PER_TOKEN): what proves a prompt too long. */
  promptFloor: number;
  /** Images, audio and documents: counted at an allowance each, the one part of a prompt its bytes do not bound. */
  mediaParts: number;
  /** Of those, the ones that are not images (documents, files, audio), whose tokens grow with their length. */
  documentParts: number;
  /** The prompt includes what the gateway cannot see (a Responses `previous_response_id` or `conversation`). */
  promptHidden: boolean;
}

/** No prompt, no tokens: what a call billed at a price (a tool call, a media request) is measured as (bill.ts). */
export const NO_MEASURE: RequestMeasure = {
  promptUpperBound: 0,
  completionCap: 0,
  answers: 1,
  promptEstimate: 0,
  promptFloor: 0,
  mediaParts: 0,
  documentParts: 0,
  promptHidden: false,
};

/**
 * What a model can take and give, as its provider documents it: the context window (prompt and answer together, in
 * tokens) and the most output tokens one answer may have. The gateway uses them to bound a request's worst case
 * (docs/gateway.md#holding-credits): a provider refuses, unbilled, a prompt beyond the window, and stops an answer at
 * its output limit. A model not listed has unknown limits, and the gateway falls back on GATEWAY_DEFAULT_MAX_TOKENS.
 */
export interface ModelLimits {
  contextWindow: number | null;
  maxOutputTokens: number | null;
}

/** The shortest answer worth sending a request without an output cap for: below it, the request is refused. */
export { MIN_OUTPUT_TOKENS };

/** Of one deployment that may answer: how it is priced and what its model takes. */
export interface Answerer {
  tiers: Tier[];
  limits: ModelLimits;
}

/** One deployment's side of the hold: the prompt it may bill and the output per answer it may produce. */
interface Bound {
  answerer: Answerer;
  promptTokens: number;
  maxOutput: number;
  leastOutput: number;
}

export interface HoldPlan {
  /** The worst case: what is held when every room has it. */
  amountCents: number;
  /** The least hold worth admitting (the worst case itself when the client set an output cap). */
  leastCents: number;
  /** The client set no output cap: the gateway sets one from what was held (outputCapFor). */
  gatewayCaps: boolean;
  /** For a refusal's message: the prompt bound of the dearest deployment, and the output the least hold allows. */
  promptTokens: number;
  leastOutputTokens: number;
  answers: number;
  bounds: Bound[];
}

/**
 * The prompt a deployment can bill: its upper bound, but never more than the model's context window (a provider
 * refuses a longer prompt without billing it). What the gateway cannot measure (a document or audio part, a stored
 * conversation a Responses call continues) may fill the window.
 */
function promptBound(measure: RequestMeasure, limits: ModelLimits): number {
  const window = limits.contextWindow;
  if (window === null) return measure.promptUpperBound;
  return measure.promptHidden || measure.documentParts > 0 ? window : Math.min(measure.promptUpperBound, window);
}

function boundOf(answerer: Answerer, measure: RequestMeasure, defaultMaxOutput: number): Bound {
  const { limits } = answerer;
  const modelMax = limits.maxOutputTokens ?? defaultMaxOutput;
  const asked = measure.completionCap === null ? null : measure.completionCap / measure.answers;
  // The provider stops an answer at the model's own limit, whatever the client asked for.
  const maxOutput = asked === null ? modelMax : Math.min(asked, limits.maxOutputTokens ?? asked);
  const leastOutput = asked === null ? Math.min(MIN_OUTPUT_TOKENS, modelMax) : maxOutput;
  return { answerer, promptTokens: promptBound(measure, limits), maxOutput, leastOutput };
}

const costOf = (bound: Bound, outputPerAnswer: number, answers: number) =>
  worstCaseCents(bound.answerer.tiers, bound.promptTokens, outputPerAnswer * answers);

/** Any deployment of the route may be the one that answers: the plan covers the dearest. */
export function planHold(answerers: Answerer[], measure: RequestMeasure, defaultMaxOutput: number): HoldPlan {
  const bounds = answerers.map((answerer) => boundOf(answerer, measure, defaultMaxOutput));
  const { answers } = measure;
  let amountCents = 0;
  let leastCents = 0;
  let dearest = bounds[0];
  for (const bound of bounds) {
    amountCents = Math.max(amountCents, costOf(bound, bound.maxOutput, answers));
    const least = costOf(bound, bound.leastOutput, answers);
    if (least >= leastCents) {
      leastCents = least;
      dearest = bound;
    }
  }
  return {
    amountCents,
    leastCents,
    gatewayCaps: measure.completionCap === null,
    promptTokens: dearest.promptTokens,
    leastOutputTokens: dearest.leastOutput * answers,
    answers,
    bounds,
  };
}

/** The most output per answer in [low, high] whose worst case stays within `cents`; low - 1 when none does. */
function mostOutputWithin(bound: Bound, answers: number, cents: number, low: number, high: number): number {
  let best = low - 1;
  while (low <= high) {
    const mid = Math.floor((low + high) / 2);
    if (costOf(bound, mid, answers) <= cents) {
      best = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return best;
}

/**
 * The output cap (per answer) the gateway sends a deployment for a request without one: the most that what was held
 * pays for, up to the model's limit. Never below the plan's least output, since at least that much was held.
 */
export function outputCapFor(plan: HoldPlan, answerer: Answerer, heldCents: number): number {
  const bound = plan.bounds.find((b) => b.answerer === answerer) as Bound;
  return Math.max(
    bound.leastOutput,
    mostOutputWithin(bound, plan.answers, heldCents, bound.leastOutput, bound.maxOutput),
  );
}

/** What would fit in `cents`, for a refusal's message: the prompt alone's worst case, and the most output per answer. */
export function whatFits(plan: HoldPlan, cents: number): { promptCents: number; outputTokens: number | null } {
  let promptCents = 0;
  let outputTokens = Infinity;
  for (const bound of plan.bounds) {
    promptCents = Math.max(promptCents, costOf(bound, 0, plan.answers));
    outputTokens = Math.min(outputTokens, mostOutputWithin(bound, plan.answers, cents, 1, bound.maxOutput));
  }
  return { promptCents, outputTokens: outputTokens >= 1 ? outputTokens : null };
}

/** Tokens a prompt has at the least, counted as one per this many bytes of text (twice the usual four). */
export const FLOOR_BYTES_PER_TOKEN = 8;

/**
 * The largest context window of the deployments when the prompt is certainly too long for every one of them (its
 * floor is above each known window); null when some deployment may take it (or its window is unknown).
 */
export function tooLongFor(answerers: Answerer[], measure: RequestMeasure): number | null {
  let largest = 0;
  for (const { limits } of answerers) {
    if (limits.contextWindow === null || measure.promptFloor <= limits.contextWindow) return null;
    largest = Math.max(largest, limits.contextWindow);
  }
  return answerers.length > 0 ? largest : null;
}
