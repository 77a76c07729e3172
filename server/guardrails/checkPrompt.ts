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

interface Spot {
  path: string;
  text: string;
  /** Where the text starts in the joined text every detector reads once. */
  offset: number;
}

function spotsOf(value: unknown, path: string, spots: Spot[]): void {
  if (typeof value === 'string') {
    if (!isMedia(value)) spots.push({ path, text: value, offset: 0 });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => spotsOf(item, `${path}[${i}]`, spots));
  } else if (value !== null && typeof value === 'object') {
    for (const [member, item] of Object.entries(value)) {
      if (!STRUCTURE.has(member)) spotsOf(item, path === '' ? member : `${path}.${member}`, spots);
    }
  }
}

/** The value with the strings at `replaced` paths replaced; everything else shared, not copied. */
function rewrite(value: unknown, path: string, replaced: ReadonlyMap<string, string>): unknown {
  if (typeof value === 'string') return replaced.get(path) ?? value;
  if (Array.isArray(value)) {
    const items = value.map((item, i) => rewrite(item, `${path}[${i}]`, replaced));
    return items.every((item, i) => item === value[i]) ? value : items;
  }
  if (value !== null && typeof value === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [member, item] of Object.entries(value)) {
      out[member] = STRUCTURE.has(member) ? item : rewrite(item, path === '' ? member : `${path}.${member}`, replaced);
      changed ||= out[member] !== item;
    }
    return changed ? out : value;
  }
  return value;
}

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

export async function checkPrompt<Body>(policy: EffectivePolicy, body: Body): Promise<PromptVerdict<Body>> {
  const spots: Spot[] = [];
  spotsOf(body, '', spots);
  let joined = '';
  for (const spot of spots) {
    spot.offset = joined.length;
    joined += spot.text + SEPARATOR;
  }
  const findings: Finding[] = [];
  for (const detector of policy.detectors.keys()) {
    if (detector === 'secret') findings.push(...(await findSecrets(joined)));
    else findings.push(...PERSONAL_DATA[detector](joined));
  }
  for (const pattern of policy.patterns) findings.push(...matches(joined, pattern.detector, pattern.regex));
  const verdict: PromptVerdict<Body> = { blocked: null, body, redacted: new Map(), flagged: new Map() };
  if (findings.length === 0) return verdict;

  const actionOf = (detector: string) =>
    policy.detectors.get(detector as never) ?? policy.patterns.find((p) => p.detector === detector)?.action ?? 'flag';
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
    const action = actionOf(finding.detector);
    if (action === 'block') {
      verdict.blocked ??= { detector: finding.detector, path: spot.path };
    } else if (action === 'flag') {
      verdict.flagged.set(finding.detector, (verdict.flagged.get(finding.detector) ?? 0) + 1);
    } else {
      bySpot.set(spot, [...(bySpot.get(spot) ?? []), local]);
    }
  }
  if (verdict.blocked || bySpot.size === 0) return verdict;
  const replaced = new Map<string, string>();
  for (const [spot, found] of bySpot) {
    const { text, counts } = redact(spot.text, found);
    replaced.set(spot.path, text);
    for (const [detector, count] of counts)
      verdict.redacted.set(detector, (verdict.redacted.get(detector) ?? 0) + count);
  }
  verdict.body = rewrite(body, '', replaced) as Body;
  return verdict;
}
