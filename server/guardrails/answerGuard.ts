import { GUARDRAIL_VIOLATION } from '../../contract/schemas/guardrails';
import { eventJson, SseReader, type JsonObject, type SseEvent } from '../formats/sse';
import { ANSWER_STRUCTURE, actionOf, checkPrompt, count, findAll, rewrite, spotsOf, type Spot } from './checkPrompt';
import { countsText, placeholder, type Finding } from './findings';
import type { EffectivePolicy } from './policy';

/**
 * A model's answer through the key's policy (docs/guardrails.md#the-answer), in the client's own format whatever the
 * door: a JSON answer is checked whole; a streamed one over a sliding window of each text it streams, so a secret
 * split across chunks is found before any of it is sent, at the cost of holding back at most `ANSWER_WINDOW` characters
 * (plus one check's step) of each text.
 */

/** Characters of each streamed text held back: a secret up to this long is found whole before its first part leaves. */
export const ANSWER_WINDOW = 256;
/** New characters a check waits for before it runs again (a check costs about half a millisecond with secrets on). */
const STEP = 64;

/** Where a block in the answer is said to be (never what it found). */
export const IN_THE_ANSWER = 'the answer';

export interface AnswerVerdict {
  blocked: { detector: string } | null;
  redacted: Map<string, number>;
  flagged: Map<string, number>;
}

/** `answer redacted=email:1;answer flagged=phone:2`: what the guardrails did to the answer, as the request log has it. */
export function answerSummary(verdict: AnswerVerdict): string | null {
  const said = [
    verdict.blocked ? `answer blocked=${verdict.blocked.detector}:1` : null,
    verdict.redacted.size > 0 ? `answer redacted=${countsText(verdict.redacted)}` : null,
    verdict.flagged.size > 0 ? `answer flagged=${countsText(verdict.flagged)}` : null,
  ].filter((part) => part !== null);
  return said.length === 0 ? null : said.join(';');
}

/** A JSON answer, checked whole: the body to send (redacted where the policy says) and what was done. */
export async function checkAnswer(
  policy: EffectivePolicy,
  body: string | Buffer,
): Promise<AnswerVerdict & { body: string | Buffer }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString());
  } catch {
    parsed = body.toString();
  }
  const verdict = await checkPrompt(policy, parsed, ANSWER_STRUCTURE);
  const blocked = verdict.blocked && { detector: verdict.blocked.detector };
  const changed = verdict.body !== parsed;
  const out = !changed ? body : typeof verdict.body === 'string' ? verdict.body : JSON.stringify(verdict.body);
  return { blocked, redacted: verdict.redacted, flagged: verdict.flagged, body: out };
}

/** The members whose strings a stream sends a piece at a time: each is checked over its window, not alone. */
const STREAMED = new Set([
  'content',
  'text',
  'delta',
  'arguments',
  'partial_json',
  'thinking',
  'reasoning',
  'reasoning_content',
  'refusal',
]);
const lastMember = (path: string) => path.slice(path.lastIndexOf('.') + 1).replace(/\[\d+\]$/, '');

/** One text a stream sends in pieces (a choice's content, a tool call's arguments), by its path in the events. */
interface Text {
  text: string;
  /** Characters already sent to the client. */
  sent: number;
  /** Characters a finding already acted on (a redaction or a flag reaches up to here). */
  handled: number;
  /** Ranges to replace by a placeholder, in `text`'s offsets. */
  cuts: Finding[];
}

interface Piece {
  path: string;
  start: number;
  end: number;
}

interface HeldEvent {
  event: SseEvent;
  json: JsonObject | null;
  /** Its pieces of streamed texts, windowed. */
  pieces: Piece[];
  /** Its strings checked on their own (a whole text in a `done` event), redacted in place. */
  replaced: Map<string, string>;
}

export interface StreamGuard extends AnswerVerdict {
  /** Relayed events in (complete SSE events, in the client's format); what may be sent now out. */
  pass(events: string): Promise<string>;
  /** The answer ended: everything still held, checked. */
  end(): Promise<string>;
}

export function createStreamGuard(policy: EffectivePolicy, window = ANSWER_WINDOW): StreamGuard {
  const reader = new SseReader();
  const texts = new Map<string, Text>();
  let held: HeldEvent[] = [];
  let unchecked = 0;
  const guard: StreamGuard = {
    blocked: null,
    redacted: new Map(),
    flagged: new Map(),
    async pass(events) {
      if (guard.blocked) return '';
      for (const event of reader.push(events)) await hold(event);
      return unchecked >= STEP ? release(false) : '';
    },
    async end() {
      if (guard.blocked) return '';
      for (const event of reader.flush()) await hold(event);
      return release(true);
    },
  };

  async function hold(event: SseEvent) {
    const json = eventJson(event);
    const entry: HeldEvent = { event, json, pieces: [], replaced: new Map() };
    held.push(entry);
    if (!json) return;
    const spots: Spot[] = [];
    spotsOf(json, '', spots, ANSWER_STRUCTURE);
    for (const spot of spots) {
      if (spot.text === '') continue;
      if (!STREAMED.has(lastMember(spot.path))) {
        await checkAlone(entry, spot);
        continue;
      }
      const text = texts.get(spot.path) ?? { text: '', sent: 0, handled: 0, cuts: [] };
      texts.set(spot.path, text);
      entry.pieces.push({ path: spot.path, start: text.text.length, end: text.text.length + spot.text.length });
      text.text += spot.text;
      unchecked += spot.text.length;
    }
  }

  /** A string sent whole in one event (an answer's title, a tool's whole input): checked at once. */
  async function checkAlone(entry: HeldEvent, spot: Spot) {
    const findings = await findAll(policy, spot.text);
    const cuts: Finding[] = [];
    let handled = 0;
    for (const finding of ordered(findings)) {
      if (finding.start < handled) continue;
      handled = finding.end;
      if (act(finding) === 'redact') cuts.push(finding);
    }
    if (cuts.length > 0) entry.replaced.set(spot.path, cutText(spot.text, 0, cuts));
  }

  function act(finding: Finding): 'block' | 'redact' | 'flag' {
    const action = actionOf(policy, finding.detector);
    if (action === 'block') guard.blocked ??= { detector: finding.detector };
    else count(action === 'redact' ? guard.redacted : guard.flagged, finding.detector);
    return action;
  }

  /** Sends the events whose every piece is a window away from its text's end (all of them at the end). */
  async function release(final: boolean): Promise<string> {
    let ready = 0;
    while (
      ready < held.length &&
      (final || held[ready].pieces.every((p) => p.end <= (texts.get(p.path) as Text).text.length - window))
    ) {
      ready++;
    }
    if (ready === 0) return '';
    const going = held.slice(0, ready);
    // Each text these events carry pieces of, checked from a window before what was sent to its end.
    const reach = new Map<string, number>();
    for (const piece of going.flatMap((e) => e.pieces))
      reach.set(piece.path, Math.max(reach.get(piece.path) ?? 0, piece.end));
    for (const [path, upTo] of reach) {
      const text = texts.get(path) as Text;
      const from = Math.max(0, text.sent - window);
      const found = (await findAll(policy, text.text.slice(from))).map((f) => ({
        ...f,
        start: f.start + from,
        end: f.end + from,
      }));
      for (const finding of ordered(found)) {
        // Sent already, acted on already, or wholly in what is still held (the next check sees it whole).
        if (finding.end <= text.sent || finding.start < text.handled || finding.start >= upTo) continue;
        text.handled = finding.end;
        if (act(finding) === 'redact') text.cuts.push({ ...finding, start: Math.max(finding.start, text.sent) });
      }
      text.sent = upTo;
    }
    if (guard.blocked) {
      held = [];
      return '';
    }
    held = held.slice(ready);
    unchecked = 0;
    return going.map(written).join('');
  }

  /** The event as the client gets it: its own bytes, or its JSON again with the redactions made. */
  function written(entry: HeldEvent): string {
    const replaced = new Map(entry.replaced);
    for (const piece of entry.pieces) {
      const text = texts.get(piece.path) as Text;
      const cuts = text.cuts.filter((cut) => cut.start < piece.end && cut.end > piece.start);
      if (cuts.length > 0)
        replaced.set(piece.path, cutText(text.text.slice(piece.start, piece.end), piece.start, cuts));
    }
    if (replaced.size === 0 || !entry.json) return `${entry.event.raw}\n\n`;
    const json = rewrite(entry.json, '', replaced, ANSWER_STRUCTURE);
    const name = entry.event.name === null ? '' : `event: ${entry.event.name}\n`;
    return `${name}data: ${JSON.stringify(json)}\n\n`;
  }

  return guard;
}

const ordered = (findings: Finding[]) => [...findings].sort((a, b) => a.start - b.start || b.end - a.end);

/**
 * A piece of a text (starting at `offset` in it) with the cuts that reach it made: a cut's placeholder where the cut
 * begins, and nothing for the rest of it, however many pieces it spans.
 */
function cutText(piece: string, offset: number, cuts: readonly Finding[]): string {
  let out = '';
  let at = 0;
  for (const cut of cuts) {
    const start = Math.max(cut.start - offset, 0);
    const end = Math.min(cut.end - offset, piece.length);
    if (end <= at) continue;
    out += piece.slice(at, Math.max(start, at));
    if (cut.start >= offset) out += placeholder(cut.detector);
    at = end;
  }
  return out + piece.slice(at);
}

/** The error a blocked answer ends with (never what was found). */
export const ANSWER_BLOCKED = {
  code: GUARDRAIL_VIOLATION,
  message: (detector: string) =>
    `The guardrail rule "${detector}" blocks what it found in ${IN_THE_ANSWER}; the rest of the answer was not sent.`,
};
