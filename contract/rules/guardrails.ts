/**
 * Guardrail detectors, actions and pattern rules: plain values beside the schemas of contract/schemas/guardrails.ts, which re-exports them. The browser
 * imports these from here, so no page downloads TypeBox (docs/api-contract.md).
 */

/**
 * Guardrail policies (docs/guardrails.md): for each detector, what the gateway does when it finds something in a
 * request: nothing (`off`), answer and record it (`flag`), replace it with a typed placeholder (`redact`), or refuse
 * the request (`block`). The team owner sets the team's policy and may narrow or widen it per key; the operator's is
 * a floor no team goes below.
 */
export const GUARDRAIL_DETECTORS = ['secret', 'email', 'phone', 'card', 'iban', 'ip', 'national_id'] as const;
export type GuardrailDetector = (typeof GUARDRAIL_DETECTORS)[number];

/** From the weakest to the strongest: the operator's floor raises a team's action to its own, never lowers it. */
export const GUARDRAIL_ACTIONS = ['off', 'flag', 'redact', 'block'] as const;
export type GuardrailAction = (typeof GUARDRAIL_ACTIONS)[number];

/** An owner's own rule: a regular expression, or a list of words (matched whole, ignoring case). */
export const PATTERN_NAME_RULE = 'A pattern name is 1 to 40 lowercase letters, digits or underscores';

export const PATTERN_RULE = 'Give a regular expression of at most 500 characters, or at least one word';

export const MAX_GUARDRAIL_PATTERNS = 20;

export const MODERATION_MODEL_RULE = 'Name the model or route that moderates, e.g. openai/omni-moderation-latest';
