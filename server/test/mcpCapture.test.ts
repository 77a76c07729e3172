import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { TOOL_CONTENT_MAX_CHARS } from '../../contract/schemas/requestLog';
import { effectivePolicy } from '../guardrails/policy';
import { capturedCall, keepingPolicy, withoutBinary } from '../mcp/capture';

/**
 * What a team that captures content keeps of a tool call (server/mcp/capture.ts, docs/mcp.md#content-capture): the
 * pure rule, table-tested; the HTTP path is server/test/mcpGateway.test.ts ("content capture").
 */
const policy = effectivePolicy(
  null,
  {
    detectors: { email: 'redact', secret: 'block', phone: 'flag' },
    patterns: [{ name: 'ticket', regex: 'TICKET-\\d+', action: 'block' }],
  },
  null,
)!;

describe('keepingPolicy', () => {
  test('a rule that blocks redacts in what is kept; the others are unchanged; no moderation model is asked', () => {
    const keeping = keepingPolicy({
      ...policy,
      moderation: { model: 'openai/omni-moderation-latest', action: 'block' },
    });
    assert.deepEqual(Object.fromEntries(keeping.detectors), { email: 'redact', secret: 'redact', phone: 'flag' });
    assert.deepEqual(
      keeping.patterns.map((pattern) => [pattern.detector, pattern.action]),
      [['pattern:ticket', 'redact']],
    );
    assert.equal(keeping.moderation, null);
  });
});

describe('withoutBinary', () => {
  test("an image's data and a resource's blob are kept as their size; text and structure stay", () => {
    assert.deepEqual(
      withoutBinary({
        content: [
          { type: 'text', text: 'a chart' },
          { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
          { type: 'resource', resource: { uri: 'file:///a.bin', blob: 'AAAA' } },
        ],
      }),
      {
        content: [
          { type: 'text', text: 'a chart' },
          { type: 'image', mimeType: 'image/png', data: '[base64, 12 characters]' },
          { type: 'resource', resource: { uri: 'file:///a.bin', blob: '[base64, 4 characters]' } },
        ],
      },
    );
  });
});

describe('capturedCall', () => {
  const cases: {
    name: string;
    policy: typeof policy | null;
    args: Record<string, unknown> | undefined;
    result: unknown;
    kept: unknown;
    guardrails: string | null;
  }[] = [
    {
      name: 'without guardrails, as sent and answered',
      policy: null,
      args: { text: 'mail ann@example.com' },
      result: { content: [{ type: 'text', text: 'mail ann@example.com' }] },
      kept: {
        arguments: { text: 'mail ann@example.com' },
        result: { content: [{ type: 'text', text: 'mail ann@example.com' }] },
      },
      guardrails: null,
    },
    {
      name: 'an email redacted on both sides, in an argument named like structure too',
      policy,
      args: { name: 'ann@example.com', text: 'hi' },
      result: { content: [{ type: 'text', text: 'sent to ann@example.com' }] },
      kept: {
        arguments: { name: '[EMAIL]', text: 'hi' },
        result: { content: [{ type: 'text', text: 'sent to [EMAIL]' }] },
      },
      guardrails: 'content redacted=email:2',
    },
    {
      name: "a blocking pattern's find is redacted, a flagged phone kept and counted",
      policy,
      args: { text: 'see TICKET-42, call +44 20 7946 0958' },
      result: undefined,
      kept: { arguments: { text: 'see [PATTERN:TICKET], call +44 20 7946 0958' }, result: null },
      guardrails: 'content redacted=pattern:ticket:1;content flagged=phone:1',
    },
    {
      name: 'a call without arguments that failed',
      policy,
      args: undefined,
      result: undefined,
      kept: { arguments: {}, result: null },
      guardrails: null,
    },
  ];
  for (const { name, policy: given, args, result, kept, guardrails } of cases) {
    test(name, async () => {
      const captured = await capturedCall(given, args, result);
      assert.deepEqual(captured.content, kept);
      assert.equal(captured.guardrails, guardrails);
    });
  }

  test('a side longer than the limit is kept as its JSON text cut there, after the guardrails, and marked', async () => {
    const long = `ann@example.com ${'x'.repeat(TOOL_CONTENT_MAX_CHARS)}`;
    const captured = await capturedCall(policy, { text: long }, { content: [{ type: 'text', text: 'ok' }] });
    assert.deepEqual(captured.content.truncated, ['arguments']);
    const text = captured.content.arguments as string;
    assert.equal(text.length, TOOL_CONTENT_MAX_CHARS);
    assert.ok(text.startsWith('{"text":"[EMAIL] xxx'), text.slice(0, 40));
    assert.deepEqual(captured.content.result, { content: [{ type: 'text', text: 'ok' }] });
  });
});
