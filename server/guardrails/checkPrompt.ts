import type { Finding } from './findings';
import { matches, redact } from './findings';
import { PERSONAL_DATA } from './personalData';
import type { EffectivePolicy } from './policy';
import { findSecrets } from './secrets';

/**
 * A request's prompt through its key's guardrail policy (docs/guardrails.md#where-they-run), on every door alike: every
 * string of the body is read (the messages, the system prompt, tool results and definitions, a Responses input, a
 * Gemini part, an embeddings input, a field the gateway does not know), except the request's structure (the model,
 * roles, types, ids, names) and media (base64 data). A door's format is never parsed for it, so no door is skipped.
 */

/** Members that are structure, not content: a redaction there would break the request. */
const STRUCTURE = new Set([
  'model',
  'role',
  'type',
  'id',
  'name',
  'tool_call_id',
  'call_id',
  'previous_response_id',
  'encoding_format',
  'mime_type',
  'mimeType',
  'media_type',
  'data',
  'file_data',
  'signature',
]);
const isMedia = (text: string) => text.startsWith('data:');

export interface Spot {
  path: string;
  text: string;
  /** Where the text starts in the joined text every detector reads once. */
  offset: number;
}

/**
 * What an answer holds that is not the model's words (docs/guardrails.md#where-they-run): the reply's own bookkeeping,
 * beside the request's structure. Left out of the answer's check, so a stream's repeated fields never hide a secret
 * split across its text.
 */
export const ANSWER_STRUCTURE = new Set([
  ...STRUCTURE,
  'object',
  'system_fingerprint',
  'finish_reason',
  'finishReason',
  'stop_reason',
  'stop_sequence',
  'status',
  'service_tier',
  'modelVersion',
  'responseId',
  // An embedding's vector (base64 or numbers): no words to check, and large.
  'embedding',
]);

/** Every string of `value` that is content, with its path (`messages[0].content`); none of `skip`'s members. */
export function spotsOf(value: unknown, path: string, spots: Spot[], skip: ReadonlySet<string> = STRUCTURE): void {
  if (typeof value === 'string') {
    if (!isMedia(value)) spots.push({ path, text: value, offset: 0 });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => spotsOf(item, `${path}[${i}]`, spots, skip));
  } else if (value !== null && typeof value === 'object') {
    for (const [member, item] of Object.entries(value)) {
      if (!skip.has(member)) spotsOf(item, path === '' ? member : `${path}.${member}`, spots, skip);
    }
  }
}

/** The value with the strings at `replaced` paths replaced; everything else shared, not copied. */
export function rewrite(
  value: unknown,
  path: string,
  replaced: ReadonlyMap<string, string>,
  skip: ReadonlySet<string> = STRUCTURE,
): unknown {
  if (typeof value === 'string') return replaced.get(path) ?? value;
  if (Array.isArray(value)) {
    const items = value.map((item, i) => rewrite(item, `${path}[${i}]`, replaced, skip));
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  if (value !== null && typeof value === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [member, item] of Object.entries(value)) {
      out[member] = skip.has(member) ? item : rewrite(item, path === '' ? member : `${path}.${member}`, replaced, skip);
      changed ||= out[member] !== item;
    }
    return changed ? out : value;
  }
  return value;
}

/** Every string of a body that is content, one per line: what a moderation model is asked about. */
export function contentText(body: unknown): string {
  const spots: Spot[] = [];
  spotsOf(body, '', spots);
  return spots.map((spot) => spot.text).join('\n');
}

/** Every finding of the policy's detectors and patterns in `text`, in any order. */
export async function findAll(policy: EffectivePolicy, text: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const detector of policy.detectors.keys()) {
    if (detector === 'secret') findings.push(...(await findSecrets(text)));
    else findings.push(...PERSONAL_DATA[detector](text));
  }
  for (const pattern of policy.patterns) findings.push(...matches(text, pattern.detector, pattern.regex));
  return findings;
}

/** What the policy does with a detector's finding. */
export const actionOf = (policy: EffectivePolicy, detector: string) =>
  policy.detectors.get(detector as never) ?? policy.patterns.find((p) => p.detector === detector)?.action ?? 'flag';

/** Adds one to a detector's count. */
export const count = (counts: Map<string, number>, detector: string, n = 1) =>
  counts.set(detector, (counts.get(detector) ?? 0) + n);

/** Between two strings in the joined text: no detector's match crosses it. */
const SEPARATOR = '\n\u0000\n';

export interface PromptVerdict<Body> {
  /** The first rule that blocks, and where it found something (never what). */
  blocked: { detector: string; path: string } | null;
  /** The body with every redaction made (the same object when nothing was redacted). */
  body: Body;
  redacted: Map<string, number>;
  flagged: Map<string, number>;
}

export async function checkPrompt<Body>(
  policy: EffectivePolicy,
  body: Body,
  skip: ReadonlySet<string> = STRUCTURE,
): Promise<PromptVerdict<Body>> {
  const spots: Spot[] = [];
  spotsOf(body, '', spots, skip);
  let joined = '';
  for (const spot of spots) {
    spot.offset = joined.length;
    joined += spot.text + SEPARATOR;
  }
  const findings = await findAll(policy, joined);
  const verdict: PromptVerdict<Body> = { blocked: null, body, redacted: new Map(), flagged: new Map() };
  if (findings.length === 0) return verdict;

  // Each finding belongs to the string it starts in, and ends where that string does.
  const bySpot = new Map<Spot, Finding[]>();
  let index = 0;
  for (const finding of [...findings].sort((a, b) => a.start - b.start)) {
    while (index + 1 < spots.length && spots[index + 1].offset <= finding.start) index++;
    const spot = spots[index];
    const local = {
      detector: finding.detector,
      start: finding.start - spot.offset,
      end: Math.min(finding.end - spot.offset, spot.text.length),
    };
    const action = actionOf(policy, finding.detector);
    if (action === 'block') {
      verdict.blocked ??= { detector: finding.detector, path: spot.path };
    } else if (action === 'flag') {
      count(verdict.flagged, finding.detector);
    } else {
      bySpot.set(spot, [...(bySpot.get(spot) ?? []), local]);
    }
  }
  if (verdict.blocked || bySpot.size === 0) return verdict;
  const replaced = new Map<string, string>();
  for (const [spot, found] of bySpot) {
    const { text, counts } = redact(spot.text, found);
    replaced.set(spot.path, text);
    for (const [detector, n] of counts) count(verdict.redacted, detector, n);
  }
  verdict.body = rewrite(body, '', replaced, skip) as Body;
  return verdict;
}
