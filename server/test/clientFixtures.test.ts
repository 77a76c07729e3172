import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, beforeEach, describe, test } from 'node:test';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';

/**
 * What the real clients send (server/test/fixtures/clients/, recorded by `npm run test:clients -- --record` from the
 * pinned Claude Code, Codex CLI and SDKs), replayed on every door without the clients installed: to a deployment of
 * the client's own format the request arrives field by field as the client wrote it (but for the model, and the
 * output cap the gateway holds for when the client set none), with its provider headers; translated for every other
 * format that offers the door, it is answered. Nothing a client sent is refused (docs/gateway.md, "Compatibility").
 */
interface Recorded {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

const FIXTURES = path.join(__dirname, 'fixtures', 'clients');
const fixtures = fs
  .readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.json'))
  .map(
    (name) =>
      JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8')) as { client: string; requests: Recorded[] },
  );

type Door = 'messages' | 'count_tokens' | 'chat' | 'responses' | 'gemini';
const GEMINI = /^(\/v1(?:beta)?\/models\/)(.+):(\w+)(\?.*)?$/;

function doorOf(url: string): Door {
  const pathOnly = url.split('?')[0];
  if (GEMINI.test(url)) return 'gemini';
  if (pathOnly === '/v1/messages') return 'messages';
  if (pathOnly === '/v1/messages/count_tokens') return 'count_tokens';
  if (pathOnly === '/v1/chat/completions') return 'chat';
  if (pathOnly === '/v1/responses') return 'responses';
  throw new Error(`no door for ${url}`);
}

/** A token count (Anthropic's, Gemini's), answered without a generation. */
const counts = (url: string) => url.split('?')[0].endsWith('/count_tokens') || GEMINI.exec(url)?.[3] === 'countTokens';

/** A deployment of each format, by the model a client calls it by. */
const DEPLOYMENTS = {
  anthropic: 'anthropic/claude-sonnet-4',
  openai: 'openai/gpt-4o',
  google: 'google/gemini-2.5-pro',
} as const;
type Format = keyof typeof DEPLOYMENTS;
/** Each door's own format, and the formats a translation reaches from it (the Responses API is OpenAI's alone). */
const FORMATS: Record<Door, { own: Format; others: Format[] }> = {
  messages: { own: 'anthropic', others: ['openai', 'google'] },
  count_tokens: { own: 'anthropic', others: ['openai'] },
  chat: { own: 'openai', others: ['anthropic', 'google'] },
  responses: { own: 'openai', others: [] },
  gemini: { own: 'google', others: ['openai', 'anthropic'] },
};
/** The output cap each door's request names, which the gateway adds when the client set none. */
const CAP_FIELDS = ['max_tokens', 'max_completion_tokens', 'max_output_tokens'];

let ctx: GatewayTestContext;
let key: string;

before(async () => {
  ctx = await createGatewayContext({}, ['openai', 'anthropic', 'google']);
});
after(() => ctx.close());

beforeEach(async () => {
  await ctx.reset();
  ({ key } = await ctx.funded(10_000_000));
  await ctx.tier({ provider: 'anthropic', model: 'claude-sonnet-4', prompt: 3, completion: 15 });
  await ctx.tier({ provider: 'openai', model: 'gpt-4o', prompt: 2.5, completion: 10 });
  await ctx.tier({ provider: 'google', model: 'gemini-2.5-pro', prompt: 1.25, completion: 10 });
});

/** The recorded request sent again, to `format`'s deployment, with this test's key in the door's own header. */
function replay(recorded: Recorded, format: Format) {
  const model = DEPLOYMENTS[format];
  const door = doorOf(recorded.url);
  const credential: Record<string, string> =
    door === 'gemini'
      ? { 'x-goog-api-key': key }
      : door === 'messages' || door === 'count_tokens'
        ? { 'x-api-key': key }
        : { authorization: `Bearer ${key}` };
  const url = door === 'gemini' ? recorded.url.replace(GEMINI, `$1${model}:$3$4`) : recorded.url;
  const body = door === 'gemini' ? recorded.body : { ...recorded.body, model };
  return fetch(`${ctx.origin}${url}`, {
    method: recorded.method,
    headers: { ...recorded.headers, ...credential },
    body: JSON.stringify(body),
  });
}

async function read(res: Response) {
  const text = await res.text();
  assert.ok(res.status < 300, `${res.status} ${text.slice(0, 600)}`);
  return text;
}

for (const { client, requests } of fixtures) {
  describe(`${client}: what it sent, replayed`, () => {
    requests.forEach((recorded, i) => {
      const door = doorOf(recorded.url);
      const { own, others } = FORMATS[door];
      const name = `#${i + 1} ${recorded.url.split('?')[0]}`;

      test(`${name} reaches a ${own} deployment as the client wrote it`, async () => {
        const res = await replay(recorded, own);
        await read(res);
        const [sent] = ctx.upstream.requests;
        assert.ok(sent, 'the provider was called');
        const expected: Record<string, unknown> = { ...recorded.body };
        const actual: Record<string, unknown> = { ...sent.body };
        if (door === 'gemini') {
          // Only the output cap the gateway holds for, when the client set none.
          const config = { ...(actual.generationConfig as Record<string, unknown> | undefined) };
          const asked = (recorded.body.generationConfig as Record<string, unknown> | undefined)?.maxOutputTokens;
          if (asked === undefined) delete config.maxOutputTokens;
          if (Object.keys(config).length > 0 || recorded.body.generationConfig) actual.generationConfig = config;
          else delete actual.generationConfig;
        } else {
          assert.equal(actual.model, DEPLOYMENTS[own].split('/')[1]);
          delete actual.model;
          delete expected.model;
          for (const field of CAP_FIELDS) if (!(field in recorded.body)) delete actual[field];
        }
        // Field by field, so a difference names its field.
        assert.deepEqual(Object.keys(actual).sort(), Object.keys(expected).sort());
        for (const field of Object.keys(expected)) assert.deepEqual(actual[field], expected[field], field);
        for (const [header, value] of Object.entries(recorded.headers)) {
          if (header.startsWith('anthropic-')) assert.equal(sent.headers[header], value, header);
        }
      });

      for (const format of others) {
        test(`${name} is translated for a ${format} deployment and answered`, async () => {
          const res = await replay(recorded, format);
          await read(res);
          // A count for another format is the gateway's estimate: no provider is asked.
          if (counts(recorded.url)) return assert.equal(res.headers.get('x-gateway-token-count'), 'estimate');
          assert.equal(ctx.upstream.requests.length, 1, 'the provider was called once');
          const dropped = res.headers.get('x-gateway-dropped-params');
          if (dropped !== null) assert.match(dropped, /^[\w.]+(, [\w.]+)*$/);
        });
      }
    });
  });
}

describe('Claude Code`s first request, translated for an OpenAI-format deployment', () => {
  const claudeCode = fixtures.find((fixture) => fixture.client === 'claude-code');

  test('keeps its system prompt, its system turn and its tools, and names the Anthropic fields it left out', async () => {
    assert.ok(claudeCode, 'the Claude Code fixture is recorded');
    const [recorded] = claudeCode.requests;
    const res = await replay(recorded, 'openai');
    await read(res);
    const [sent] = ctx.upstream.requests;
    assert.equal(sent.path, '/v1/chat/completions');
    const roles = (sent.body.messages as { role: string }[]).map((message) => message.role);
    const recordedRoles = (recorded.body.messages as { role: string }[]).map((message) => message.role);
    assert.deepEqual(roles, ['system', ...recordedRoles]);
    assert.equal((sent.body.tools as unknown[]).length, (recorded.body.tools as unknown[]).length);
    const dropped = res.headers.get('x-gateway-dropped-params')!.split(', ');
    for (const field of ['thinking', 'context_management', 'output_config']) {
      if (field in recorded.body) assert.ok(dropped.includes(field), `${field} named in ${dropped.join(', ')}`);
    }
  });
});
