import { TOOL_CONTENT_MAX_CHARS, type ToolCallContent } from '../../contract/schemas/requestLog';
import { checkPrompt, count } from '../guardrails/checkPrompt';
import { countsText } from '../guardrails/findings';
import type { EffectivePolicy } from '../guardrails/policy';

/**
 * What a team that captures content keeps of a tool call (docs/mcp.md#content-capture): its arguments and its result,
 * through the calling key's guardrails, each side cut at TOOL_CONTENT_MAX_CHARS of JSON. The call itself is sent and
 * answered as the client and the server gave it: the guardrails act on what is written down, where a rule that blocks
 * redacts (what it found is written nowhere) and one that flags is counted. Table-tested in
 * server/test/mcpCapture.test.ts.
 */

/** Every string of the arguments is content: a tool's argument names are its own, not a protocol's structure. */
const ARGUMENT_STRUCTURE: ReadonlySet<string> = new Set();
/** A result's structure (the MCP content blocks' types and media types); the rest is what the tool said. */
const RESULT_STRUCTURE: ReadonlySet<string> = new Set(['type', 'mimeType']);
/** A content block's binary payload (an image's or audio's `data`, a resource's `blob`): kept as its size only. */
const BINARY_MEMBERS = new Set(['data', 'blob']);

/** In what is kept, a rule that would block redacts instead, and no moderation model is asked. */
export function keepingPolicy(policy: EffectivePolicy): EffectivePolicy {
  return {
    detectors: new Map(
      [...policy.detectors].map(([detector, action]) => [detector, action === 'block' ? 'redact' : action]),
    ),
    patterns: policy.patterns.map((pattern) =>
      pattern.action === 'block' ? { ...pattern, action: 'redact' } : pattern,
    ),
    moderation: null,
  };
}

/** The result with each binary payload replaced by `[base64, N characters]`: bytes are not content to keep. */
export function withoutBinary(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutBinary);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([member, item]) => [
      member,
      BINARY_MEMBERS.has(member) && typeof item === 'string'
        ? `[base64, ${item.length} characters]`
        : withoutBinary(item),
    ]),
  );
}

/** The value, or its JSON text cut at the limit (and whether it was cut). */
function bounded(value: unknown): { value: unknown; cut: boolean } {
  const text = JSON.stringify(value ?? null);
  return text.length <= TOOL_CONTENT_MAX_CHARS
    ? { value: value ?? null, cut: false }
    : { value: text.slice(0, TOOL_CONTENT_MAX_CHARS), cut: true };
}

export interface CapturedCall {
  content: ToolCallContent;
  /** What the guardrails did to the kept content, as the request log has it (`content redacted=email:1`). */
  guardrails: string | null;
}

/**
 * What is kept of a call: `args` as the client sent them, and `result` as the server answered (undefined for a call
 * that failed, kept as null). `policy` is the calling key's (null: no guardrails).
 */
export async function capturedCall(
  policy: EffectivePolicy | null,
  args: Record<string, unknown> | undefined,
  result: unknown,
): Promise<CapturedCall> {
  let kept = { arguments: args ?? {}, result: result === undefined ? null : withoutBinary(result) };
  const redacted = new Map<string, number>();
  const flagged = new Map<string, number>();
  if (policy) {
    const keeping = keepingPolicy(policy);
    const [argumentsVerdict, resultVerdict] = await Promise.all([
      checkPrompt(keeping, kept.arguments, ARGUMENT_STRUCTURE),
      checkPrompt(keeping, kept.result, RESULT_STRUCTURE),
    ]);
    kept = { arguments: argumentsVerdict.body, result: resultVerdict.body };
    for (const verdict of [argumentsVerdict, resultVerdict]) {
      for (const [detector, n] of verdict.redacted) count(redacted, detector, n);
      for (const [detector, n] of verdict.flagged) count(flagged, detector, n);
    }
  }
  const sides = { arguments: bounded(kept.arguments), result: bounded(kept.result) };
  const truncated = (Object.keys(sides) as (keyof typeof sides)[]).filter((side) => sides[side].cut);
  const said = [
    redacted.size > 0 ? `content redacted=${countsText(redacted)}` : null,
    flagged.size > 0 ? `content flagged=${countsText(flagged)}` : null,
  ].filter((part) => part !== null);
  return {
    content: {
      arguments: sides.arguments.value,
      result: sides.result.value,
      ...(truncated.length > 0 ? { truncated } : {}),
    },
    guardrails: said.length === 0 ? null : said.join(';'),
  };
}
