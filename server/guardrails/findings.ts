/**
 * What a guardrail detector found in a text (docs/guardrails.md): which detector, and where, as offsets into the text.
 * Never the matched text itself: a finding is written nowhere, and what is recorded of it is its detector's name and
 * a count (the rule: the request log, the audit log, traces, metrics and errors hold names and counts only).
 */
export interface Finding {
  /** The detector's name: `email`, `card`, `secret`, …, or `pattern:<name>` for an owner's own pattern. */
  detector: string;
  start: number;
  end: number;
}

/** A detector: every finding in `text`, in any order (overlaps are resolved by `redact`). */
export type Detector = (text: string) => Finding[];

/** Every match of `pattern` (global) that `accept` keeps, as findings of `detector`. */
export function matches(
  text: string,
  detector: string,
  pattern: RegExp,
  accept: (match: RegExpExecArray) => boolean = () => true,
): Finding[] {
  const found: Finding[] = [];
  for (const match of text.matchAll(pattern)) {
    if (accept(match)) found.push({ detector, start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/** The typed placeholder a redaction leaves: `[EMAIL]`, `[CARD]`, `[PATTERN:TICKET]`. */
export const placeholder = (detector: string) => `[${detector.toUpperCase()}]`;

/**
 * The text with each finding replaced by its placeholder, and how many of each detector were replaced. Overlapping
 * findings are merged into the first (the earliest, then the longest): a card number inside a secret is one secret.
 */
export function redact(text: string, findings: readonly Finding[]): { text: string; counts: Map<string, number> } {
  const ordered = [...findings].sort((a, b) => a.start - b.start || b.end - a.end);
  const counts = new Map<string, number>();
  let out = '';
  let at = 0;
  for (const finding of ordered) {
    if (finding.start < at) continue;
    out += text.slice(at, finding.start) + placeholder(finding.detector);
    at = finding.end;
    counts.set(finding.detector, (counts.get(finding.detector) ?? 0) + 1);
  }
  return { text: out + text.slice(at), counts };
}

/** `email:2,card:1`: the counts, in the detectors' name order (the x-gateway-guardrails header's form). */
export const countsText = (counts: ReadonlyMap<string, number>) =>
  [...counts]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([detector, count]) => `${detector}:${count}`)
    .join(',');
