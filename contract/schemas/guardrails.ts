import { Type, type Static } from 'typebox';
import { LiteralUnion } from './common';
import {
  GUARDRAIL_DETECTORS,
  type GuardrailDetector,
  GUARDRAIL_ACTIONS,
  PATTERN_NAME_RULE,
  PATTERN_RULE,
  MAX_GUARDRAIL_PATTERNS,
  MODERATION_MODEL_RULE,
} from '../rules/guardrails';
export * from '../rules/guardrails';

const Action = LiteralUnion(GUARDRAIL_ACTIONS, {
  errorMessage: `An action must be one of: ${GUARDRAIL_ACTIONS.join(', ')}.`,
});

export const GuardrailPattern = Type.Object(
  {
    name: Type.String({ pattern: '^[a-z0-9_]{1,40}$', errorMessage: `${PATTERN_NAME_RULE}.` }),
    regex: Type.Optional(Type.String({ minLength: 1, maxLength: 500, errorMessage: `${PATTERN_RULE}.` })),
    words: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: 200,
        errorMessage: `${PATTERN_RULE}.`,
      }),
    ),
    action: Action,
  },
  { additionalProperties: false },
);
export type GuardrailPattern = Static<typeof GuardrailPattern>;

export const MODERATION_ACTIONS = ['flag', 'block'] as const;
/** The detector's name a moderation finding is counted and refused under. */
export const MODERATION_DETECTOR = 'moderation';

export const GuardrailModeration = Type.Object(
  {
    model: Type.String({ minLength: 1, maxLength: 200, errorMessage: `${MODERATION_MODEL_RULE}.` }),
    action: LiteralUnion(MODERATION_ACTIONS, { errorMessage: 'A moderation action is flag or block.' }),
  },
  { additionalProperties: false },
);
export type GuardrailModeration = Static<typeof GuardrailModeration>;

export const GuardrailPolicy = Type.Object(
  {
    /** The detectors this policy sets; one it leaves out is the level above's (the team's, for a key). */
    detectors: Type.Partial(
      Type.Object(
        Object.fromEntries(GUARDRAIL_DETECTORS.map((name) => [name, Action])) as Record<
          GuardrailDetector,
          typeof Action
        >,
      ),
      // On the Partial: TypeBox's Partial keeps its own options, not the object's.
      { additionalProperties: false },
    ),
    patterns: Type.Array(GuardrailPattern, {
      maxItems: MAX_GUARDRAIL_PATTERNS,
      errorMessage: `At most ${MAX_GUARDRAIL_PATTERNS} patterns.`,
    }),
    /**
     * A moderation check through one of the team's own models or routes (OpenAI's moderation format, billed to the
     * team as its own moderations request); null turns off the team's for a key; absent, the level above's applies.
     */
    moderation: Type.Optional(Type.Union([GuardrailModeration, Type.Null()])),
  },
  { additionalProperties: false },
);
export type GuardrailPolicy = Static<typeof GuardrailPolicy>;

/** A level's policy (null: none set) and the operator's floor under it. */
export const GuardrailSettings = Type.Object({
  policy: Type.Union([GuardrailPolicy, Type.Null()]),
  floor: Type.Union([GuardrailPolicy, Type.Null()]),
});
export type GuardrailSettings = Static<typeof GuardrailSettings>;

/** What the gateway answers a request a rule blocked (400, in the door's own format). */
export const GUARDRAIL_VIOLATION = 'guardrail_violation';
/** The response header that says what the guardrails did: `redacted=email:2,card:1; flagged=phone:1`. */
export const GUARDRAILS_HEADER = 'x-gateway-guardrails';
