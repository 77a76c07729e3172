// A guardrail policy as it is edited (docs/guardrails.md#policies): the team's by its owner, a key's by the team's
// owner, the operator's floor by an administrator; the contract's detectors, actions and rules, the same ones the server
// validates with.
import {
  GUARDRAIL_ACTIONS,
  GUARDRAIL_DETECTORS,
  MAX_GUARDRAIL_PATTERNS,
  MODERATION_MODEL_RULE,
  PATTERN_NAME_RULE,
  PATTERN_RULE,
} from '../../../contract/rules/guardrails';
import type {
  GuardrailAction,
  GuardrailDetector,
  GuardrailPolicy,
  GuardrailSettings,
} from '../../../contract/schemas/guardrails';

export const GUARDRAILS_SAVED = 'Guardrails saved';

export const DETECTOR_LABELS: Record<GuardrailDetector, string> = {
  secret: 'Secrets (keys, tokens, private keys)',
  email: 'Email addresses',
  phone: 'Phone numbers',
  card: 'Payment card numbers',
  iban: 'IBANs',
  ip: 'IP addresses',
  national_id: 'National ids (Spanish DNI and NIE)',
};

export const ACTION_LABELS: Record<GuardrailAction, string> = {
  off: 'Off',
  flag: 'Flag: answer, and record it',
  redact: 'Redact: replace it with a placeholder',
  block: 'Block: refuse the request',
};

/** Where a policy is set: a key's leaves a detector to its team's policy unless it names one. */
export type GuardrailsLevel = 'team' | 'key' | 'floor';

/** A key's choice for a detector it leaves to its team's policy. */
export const INHERIT = 'inherit';
export type FormAction = GuardrailAction | typeof INHERIT;
export const INHERIT_LABEL = "The team's";

export interface PatternForm {
  name: string;
  regex: string;
  /** Comma-separated, as typed. */
  words: string;
  action: GuardrailAction;
}

/** The moderation check's action as chosen: a key's may leave it to its team's (`inherit`). */
export type ModerationChoice = 'off' | 'flag' | 'block' | typeof INHERIT;

export const MODERATION_LABELS: Record<ModerationChoice, string> = {
  inherit: INHERIT_LABEL,
  off: 'Off',
  flag: 'Flag: answer, and record it',
  block: 'Block: refuse the request',
};

export interface GuardrailsForm {
  detectors: Record<GuardrailDetector, FormAction>;
  patterns: PatternForm[];
  moderation: { action: ModerationChoice; model: string };
}

export const EMPTY_PATTERN: PatternForm = { name: '', regex: '', words: '', action: 'redact' };

export function guardrailsForm(settings: Pick<GuardrailSettings, 'policy'>, level: GuardrailsLevel): GuardrailsForm {
  const set = settings.policy?.detectors ?? {};
  const unset = level === 'key' ? INHERIT : 'off';
  return {
    detectors: Object.fromEntries(GUARDRAIL_DETECTORS.map((name) => [name, set[name] ?? unset])) as Record<
      GuardrailDetector,
      FormAction
    >,
    patterns: (settings.policy?.patterns ?? []).map((pattern) => ({
      name: pattern.name,
      regex: pattern.regex ?? '',
      words: (pattern.words ?? []).join(', '),
      action: pattern.action,
    })),
    moderation: moderationForm(settings.policy?.moderation, unset === INHERIT ? INHERIT : 'off'),
  };
}

function moderationForm(set: GuardrailPolicy['moderation'], unset: ModerationChoice): GuardrailsForm['moderation'] {
  if (set === undefined) return { action: unset, model: '' };
  return set === null ? { action: 'off', model: '' } : { action: set.action, model: set.model };
}

/** The moderation check to send: absent (the level above's, or none), null (a key's "off"), or the check. */
function moderationBody(form: GuardrailsForm['moderation'], level: GuardrailsLevel) {
  if (form.action === INHERIT || level === 'floor') return {};
  if (form.action === 'off') return level === 'key' ? { moderation: null } : {};
  return { moderation: { model: form.model.trim(), action: form.action } };
}

/** 'Block', of 'Block: refuse the request'. */
export const shortActionLabel = (action: FormAction) =>
  action === INHERIT ? INHERIT_LABEL : ACTION_LABELS[action].split(':')[0];

const rank = (action: GuardrailAction) => GUARDRAIL_ACTIONS.indexOf(action);

/**
 * "The operator's floor applies: Block" when the floor is stronger than what was chosen; "At least Block (the
 * operator's floor)" for a key's detector left to its team; else null.
 */
export function floorNote(detector: GuardrailDetector, chosen: FormAction, floor: GuardrailPolicy | null) {
  const floorAction = floor?.detectors[detector];
  if (!floorAction || floorAction === 'off') return null;
  if (chosen === INHERIT) return `At least ${shortActionLabel(floorAction)} (the operator's floor)`;
  return rank(floorAction) > rank(chosen) ? `The operator's floor applies: ${shortActionLabel(floorAction)}` : null;
}

const wordsOf = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

function patternError(pattern: PatternForm, names: string[]): string | null {
  if (!/^[a-z0-9_]{1,40}$/.test(pattern.name)) return PATTERN_NAME_RULE;
  if (names.filter((name) => name === pattern.name).length > 1) return `Two patterns are named ${pattern.name}`;
  if (pattern.regex.trim() === '' && wordsOf(pattern.words).length === 0) return PATTERN_RULE;
  if (pattern.regex.length > 500) return PATTERN_RULE;
  try {
    if (pattern.regex.trim() !== '') new RegExp(pattern.regex, 'u');
  } catch {
    return `The pattern ${pattern.name} is not a valid regular expression`;
  }
  return null;
}

/** The policy to send, or each pattern's problem by its row (the server says the rest, e.g. exponential time). */
export function guardrailsBody(
  form: GuardrailsForm,
  level: GuardrailsLevel,
):
  | { body: GuardrailPolicy; errors?: undefined; moderationError?: undefined }
  | { body?: undefined; errors: (string | null)[]; moderationError: string | null } {
  const names = form.patterns.map((pattern) => pattern.name);
  const errors = form.patterns.map((pattern) => patternError(pattern, names));
  if (form.patterns.length > MAX_GUARDRAIL_PATTERNS) errors.push(`At most ${MAX_GUARDRAIL_PATTERNS} patterns`);
  const checking = form.moderation.action === 'flag' || form.moderation.action === 'block';
  const moderationError = checking && form.moderation.model.trim() === '' ? MODERATION_MODEL_RULE : null;
  if (errors.some((error) => error !== null) || moderationError) return { errors, moderationError };
  // A key's "off" is a choice (it widens its team's policy); elsewhere it is what an unnamed detector means.
  const detectors = Object.fromEntries(
    Object.entries(form.detectors).filter(([, action]) => action !== INHERIT && (level === 'key' || action !== 'off')),
  ) as GuardrailPolicy['detectors'];
  return {
    body: {
      detectors,
      patterns: form.patterns.map((pattern) => ({
        name: pattern.name,
        ...(pattern.regex.trim() !== '' && { regex: pattern.regex }),
        ...(wordsOf(pattern.words).length > 0 && { words: wordsOf(pattern.words) }),
        action: pattern.action,
      })),
      ...moderationBody(form.moderation, level),
    },
  };
}
