import type { RequestLogEntry } from '../../contract/schemas/requestLog';
import {
  guardrailsText,
  durationText,
  errorText,
  keyName,
  memberName,
  routeText,
  tokenBreakdown,
  totalTokens,
  usedModels,
} from '../../src/features/requestLog/requestLog';

const ENTRY: RequestLogEntry = {
  id: 'req-1',
  created_at: '2026-11-15T11:57:00.000Z',
  api_key_id: 'key-1',
  key_name: 'Production',
  key_prefix: 'sk-prod1a2b',
  user_id: 'user-1',
  user_name: 'Alice Anderson',
  user_email: 'alice@example.com',
  endpoint: 'chat/completions',
  provider: 'openai',
  model: 'gpt-4o',
  route_name: null,
  deployment_id: null,
  status: 'success',
  error_code: null,
  error_message: null,
  prompt_tokens: 1200,
  request_id: '5f0c2a9e-1b7d-4c3a-9e21-8f6a0d2c4b11',
  completion_tokens: 340,
  cached_tokens: 800,
  cost_cents: 12,
  latency_ms: 842,
  ttft_ms: null,
};
const entry = (change: Partial<RequestLogEntry>): RequestLogEntry => ({ ...ENTRY, ...change });

describe('one request of the log as it reads', () => {
  it('totals prompt and completion tokens (cached ones are part of the prompt)', () => {
    expect(totalTokens(ENTRY)).toBe(1540);
    expect(tokenBreakdown(ENTRY)).toBe('1,200 in · 340 out · 800 cached');
  });

  it.each<[number | null, string]>([
    [842, '842 ms'],
    [12_345, '12,345 ms'],
    [null, '-'],
  ])('duration %p -> %p', (ms, text) => expect(durationText(ms)).toBe(text));

  it.each<[Partial<RequestLogEntry>, string]>([
    [{}, 'Production'],
    [{ key_name: null }, 'Deleted key'],
    [{ key_name: null, api_key_id: null }, 'No key'],
  ])('key %p -> %p', (change, text) => expect(keyName(entry(change))).toBe(text));

  it.each<[Partial<RequestLogEntry>, string]>([
    [{}, 'Alice Anderson'],
    [{ user_name: null }, 'alice@example.com'],
    [{ user_name: null, user_email: null }, 'Former member'],
  ])('member %p -> %p', (change, text) => expect(memberName(entry(change))).toBe(text));

  it.each<[Partial<RequestLogEntry>, string | null]>([
    [{}, null],
    [{ route_name: 'team/smart' }, 'Route team/smart → openai/gpt-4o'],
  ])('route %p -> %p', (change, text) => expect(routeText(entry(change))).toBe(text));

  it.each<[Partial<RequestLogEntry>, string]>([
    [{}, ''],
    // The message as a person reads it; the drawer gives the code apart.
    [{ status: 'error', error_code: 'upstream_timeout', error_message: 'No answer' }, 'No answer'],
    [{ status: 'error', error_code: 'rate_limit_exceeded' }, 'rate_limit_exceeded'],
    [{ status: 'error', error_code: 'rate_limit_exceeded', error_message: '  ' }, 'rate_limit_exceeded'],
    [{ status: 'error' }, 'Failed'],
  ])('error %p -> %p', (change, text) => expect(errorText(entry(change))).toBe(text));

  it('suggests the models the team used, once each, by name', () => {
    const usage = (model_name: string) => ({ model_name, request_count: 1, total_tokens: 1, total_cost_cents: 1 });
    expect(usedModels(undefined)).toEqual([]);
    expect(
      usedModels({ usage_by_model: { a: usage('gpt-4o'), b: usage('claude-sonnet-4'), c: usage('gpt-4o') } }),
    ).toEqual(['claude-sonnet-4', 'gpt-4o']);
  });
});

describe('what the guardrails did, as it reads', () => {
  it.each([
    ['redacted=email:2', 'Redacted email 2'],
    ['redacted=card:1,email:2;flagged=phone:1', 'Redacted card 1, email 2; flagged phone 1'],
    ['flagged=national_id:1,pattern:ticket:3', 'Flagged national id 1, pattern ticket 3'],
  ])('%s', (recorded, text) => expect(guardrailsText(recorded)).toBe(text));
});
