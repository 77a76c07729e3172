import { createHash } from 'node:crypto';
import safeRegex from 'safe-regex2';
import {
  GUARDRAIL_ACTIONS,
  GUARDRAIL_DETECTORS,
  type GuardrailAction,
  type GuardrailDetector,
  type GuardrailPattern,
  type GuardrailModeration,
  type GuardrailPolicy,
} from '../../contract/schemas/guardrails';

/**
 * What applies to one key (docs/guardrails.md#policies): its team's policy, the key's own where it sets a detector
 * (narrower or wider), and the operator's floor, which raises any action below its own (off < flag < redact < block).
 * The patterns of all three apply; the operator's cannot be removed by a team.
 */
export interface EffectivePolicy {
  detectors: ReadonlyMap<GuardrailDetector, Exclude<GuardrailAction, 'off'>>;
  patterns: readonly CompiledPattern[];
  /** The moderation check, the key's or else its team's (docs/guardrails.md#moderation); null for none. */
  moderation: GuardrailModeration | null;
}

export interface CompiledPattern {
  /** `pattern:<name>`, as the detector is named in counts and refusals. */
  detector: string;
  regex: RegExp;
  action: Exclude<GuardrailAction, 'off'>;
}

export const EMPTY_POLICY: GuardrailPolicy = { detectors: {}, patterns: [] };

const rank = (action: GuardrailAction) => GUARDRAIL_ACTIONS.indexOf(action);
export const stronger = (a: GuardrailAction, b: GuardrailAction) => (rank(a) >= rank(b) ? a : b);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Why a pattern cannot be used, or null: an invalid or catastrophic expression would stall every request. */
export function patternProblem(pattern: GuardrailPattern): string | null {
  if (pattern.regex === undefined && pattern.words === undefined) return 'Give a regular expression or words';
  if (pattern.regex === undefined) return null;
  try {
    new RegExp(pattern.regex, 'giu');
  } catch {
    return `The pattern ${pattern.name} is not a valid regular expression`;
  }
  return safeRegex(pattern.regex)
    ? null
    : `The pattern ${pattern.name} could take exponential time (nested repetition); simplify it`;
}

function compile(pattern: GuardrailPattern): CompiledPattern | null {
  if (pattern.action === 'off' || patternProblem(pattern) !== null) return null;
  const words = pattern.words?.map(escape).join('|');
  const source = [pattern.regex, words && `\\b(?:${words})\\b`].filter(Boolean).join('|');
  return { detector: `pattern:${pattern.name}`, regex: new RegExp(source, 'giu'), action: pattern.action };
}

export function effectivePolicy(
  operator: GuardrailPolicy | null,
  team: GuardrailPolicy | null,
  key: GuardrailPolicy | null,
): EffectivePolicy | null {
  const detectors = new Map<GuardrailDetector, Exclude<GuardrailAction, 'off'>>();
  for (const detector of GUARDRAIL_DETECTORS) {
    const chosen = key?.detectors[detector] ?? team?.detectors[detector] ?? 'off';
    const action = stronger(chosen, operator?.detectors[detector] ?? 'off');
    if (action !== 'off') detectors.set(detector, action);
  }
  const patterns = [operator, team, key]
    .flatMap((policy) => policy?.patterns ?? [])
    .map(compile)
    .filter((pattern): pattern is CompiledPattern => pattern !== null);
  // A key's null turns its team's check off; the operator sets none (it would bill every team's route).
  const moderation = (key?.moderation !== undefined ? key.moderation : team?.moderation) ?? null;
  return detectors.size === 0 && patterns.length === 0 && !moderation ? null : { detectors, patterns, moderation };
}

/** The policy as a short text, equal for equal policies: what a cached answer was checked by (cache/cacheKey.ts). */
const fingerprints = new WeakMap<EffectivePolicy, string>();
export function policyFingerprint(policy: EffectivePolicy): string {
  let fingerprint = fingerprints.get(policy);
  if (fingerprint === undefined) {
    const detectors = [...policy.detectors].sort(([a], [b]) => a.localeCompare(b));
    const patterns = policy.patterns.map((p) => [p.detector, p.regex.source, p.action]);
    fingerprint = createHash('sha256')
      .update(JSON.stringify([detectors, patterns]))
      .digest('hex')
      .slice(0, 16);
    fingerprints.set(policy, fingerprint);
  }
  return fingerprint;
}
