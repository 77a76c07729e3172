// The team's guardrail policy as its owner edits it (docs/guardrails.md#policies): the contract's detectors, actions
// and rules, the same ones the server validates with.
import {
  GUARDRAIL_ACTIONS,
  GUARDRAIL_DETECTORS,
  MAX_GUARDRAIL_PATTERNS,
  PATTERN_NAME_RULE,
  PATTERN_RULE,
  type GuardrailAction,
  type GuardrailDetector,
  type GuardrailPolicy,
  type GuardrailSettings,
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

export interface PatternForm {
  name: string;
  regex: string;
  /** Comma-separated, as typed. */
  words: string;
  action: GuardrailAction;
}

export interface GuardrailsForm {
  detectors: Record<GuardrailDetector, GuardrailAction>;
  patterns: PatternForm[];
}

export const EMPTY_PATTERN: PatternForm = { name: '', regex: '', words: '', action: 'redact' };

export function guardrailsForm(settings: Pick<GuardrailSettings, 'policy'>): GuardrailsForm {
  const set = settings.policy?.detectors ?? {};
  return {
    detectors: Object.fromEntries(GUARDRAIL_DETECTORS.map((name) => [name, set[name] ?? 'off'])) as Record<
      GuardrailDetector,
      GuardrailAction
    >,
    patterns: (settings.policy?.patterns ?? []).map((pattern) => ({
      name: pattern.name,
      regex: pattern.regex ?? '',
      words: (pattern.words ?? []).join(', '),
      action: pattern.action,
    })),
  };
}

/** 'Block', of 'Block: refuse the request'. */
export const shortActionLabel = (action: GuardrailAction) => ACTION_LABELS[action].split(':')[0];

const rank = (action: GuardrailAction) => GUARDRAIL_ACTIONS.indexOf(action);

/** "The operator's floor: Block" when the floor is stronger than what the team chose, else null. */
export function floorNote(detector: GuardrailDetector, chosen: GuardrailAction, floor: GuardrailPolicy | null) {
  const floorAction = floor?.detectors[detector];
  return floorAction && rank(floorAction) > rank(chosen)
    ? `The operator's floor applies: ${shortActionLabel(floorAction)}`
    : null;
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
): { body: GuardrailPolicy; errors?: undefined } | { body?: undefined; errors: (string | null)[] } {
  const names = form.patterns.map((pattern) => pattern.name);
  const errors = form.patterns.map((pattern) => patternError(pattern, names));
  if (form.patterns.length > MAX_GUARDRAIL_PATTERNS) errors.push(`At most ${MAX_GUARDRAIL_PATTERNS} patterns`);
  if (errors.some((error) => error !== null)) return { errors };
  const detectors = Object.fromEntries(
    Object.entries(form.detectors).filter(([, action]) => action !== 'off'),
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
    },
  };
}
