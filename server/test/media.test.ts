import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { toFile } from 'openai';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import { tinyPng } from '../media/png';
import { toneWav, wavSeconds } from '../media/wav';
import type { TestUser } from './helpers';
import { pdfText } from './pdfText';
import { TEAM_GUARDRAILS_PATH } from '../../contract/apiPaths';

/**
 * The media doors (docs/media.md) through the official openai SDK (curl's fetch for Cohere's rerank): images, edits,
 * transcription, translation, speech and rerank, each routed like chat, held at its most and billed once by its
 * unit at the tier's unit price, refused by every room a chat call is.
 */
let ctx: GatewayTestContext;
before(async () => {
  ctx = await createGatewayContext({}, ['openai', 'google']);
});
after(() => ctx.close());

let owner: TestUser;
let teamId: string;
let key: string;
beforeEach(async () => {
  await ctx.reset();
  ({ owner, teamId, key } = await ctx.funded(10_000));
  await ctx.tier({
    provider: 'echo',
    model: 'image-1',
    prompt: 0,
    completion: 0,
    unitPrices: { 'image:1024x1024': 0.04, 'image:256x256': 0.016 },
  });
  await ctx.tier({
    provider: 'echo',
    model: 'transcribe-1',
    prompt: 0,
    completion: 0,
    unitPrices: { audio_second: 0.01 },
  });
  await ctx.tier({
    provider: 'echo',
    model: 'speech-1',
    prompt: 0,
    completion: 0,
    unitPrices: { speech_character: 0.001 },
  });
  await ctx.tier({ provider: 'echo', model: 'rerank-1', prompt: 0, completion: 0, unitPrices: { search_unit: 0.02 } });
  await ctx.tier({ provider: 'echo', model: 'echo-1', prompt: 1000, completion: 1000 });
  await ctx.tier({ provider: 'openai', model: 'dall-e-3', prompt: 0, completion: 0, unitPrices: { image: 0.08 } });
});

interface Row {
  endpoint: string;
  unit: string | null;
  units: number | null;
  cost_cents: number;
  status: string;
  model: string;
  error_code: string | null;
}
async function rows(): Promise<Row[]> {
  await ctx.app.gateway.settled();
  return ctx.db.query<Row>(
    `SELECT endpoint, unit, units, cost_cents::int AS cost_cents, status, model, error_code FROM usage_events
     WHERE team_id = $1 ORDER BY created_at, id`,
    [teamId],
  );
}
async function balance() {
  const [row] = await ctx.db.query<{ credit_balance_cents: number; reserved_cents: number }>(
    'SELECT credit_balance_cents::int AS credit_balance_cents, reserved_cents::int AS reserved_cents FROM teams WHERE id = $1',
    [teamId],
  );
  return row;
}

describe('through the openai SDK', () => {
  test('images.generate: n images of the size asked, valid PNGs, billed n at that size’s price', async () => {
    const client = ctx.client(key);
    const images = await client.images.generate({
      model: 'echo/image-1',
      prompt: 'a lighthouse at dusk',
      n: 2,
      size: '1024x1024',
      response_format: 'b64_json',
    });
    assert.equal(images.data?.length, 2);
    const png = Buffer.from(images.data![0].b64_json!, 'base64');
    assert.equal(png.subarray(1, 4).toString('ascii'), 'PNG');
    assert.deepEqual(await rows(), [
      {
        endpoint: 'images.generations',
        unit: 'image:1024x1024',
        units: 2,
        cost_cents: 8,
        status: 'success',
        model: 'image-1',
        error_code: null,
      },
    ]);
    assert.deepEqual(await balance(), { credit_balance_cents: 10_000 - 8, reserved_cents: 0 });
  });

  test('images.edit: a multipart upload, one image of a smaller size at its own price', async () => {
    const client = ctx.client(key);
    const edited = await client.images.edit({
      model: 'echo/image-1',
      image: await toFile(tinyPng('source'), 'source.png', { type: 'image/png' }),
      prompt: 'make it blue',
      size: '256x256',
    });
    assert.equal(edited.data?.length, 1);
    const [row] = await rows();
    assert.deepEqual([row.endpoint, row.unit, row.units, row.cost_cents], ['images.edits', 'image:256x256', 1, 1]);
  });

  test('audio.transcriptions and translations: billed by the seconds the audio plays', async () => {
    const client = ctx.client(key);
    const audio = toneWav(3.2);
    const transcript = await client.audio.transcriptions.create({
      model: 'echo/transcribe-1',
      file: await toFile(audio, 'meeting.wav', { type: 'audio/wav' }),
    });
    assert.match(transcript.text, /echo transcript of meeting\.wav/);
    const translation = await client.audio.translations.create({
      model: 'echo/transcribe-1',
      file: await toFile(audio, 'meeting.wav', { type: 'audio/wav' }),
      response_format: 'text',
    });
    assert.match(String(translation), /echo translation/);
    assert.deepEqual(
      (await rows()).map((row) => [row.endpoint, row.unit, row.units, row.cost_cents]),
      [
        ['audio.transcriptions', 'audio_second', 4, 4],
        ['audio.translations', 'audio_second', 4, 4],
      ],
    );
  });

  test('audio.speech: a WAV, billed by the characters spoken', async () => {
    const client = ctx.client(key);
    const input = 'Hello from the gateway, spoken in twenty-nine tones.'.slice(0, 40);
    const speech = await client.audio.speech.create({
      model: 'echo/speech-1',
      voice: 'alloy',
      input,
      response_format: 'wav',
    });
    const wav = Buffer.from(await speech.arrayBuffer());
    assert.equal(wav.subarray(0, 4).toString('ascii'), 'RIFF');
    assert.ok((wavSeconds(wav) ?? 0) > 2, 'as long as the text takes to say');
    const [row] = await rows();
    // 40 characters at a tenth of a cent: 4 cents.
    assert.deepEqual([row.endpoint, row.unit, row.units, row.cost_cents], ['audio.speech', 'speech_character', 40, 4]);
  });
});

test('rerank (Cohere’s format, by curl): documents ordered by relevance, billed a search unit', async () => {
  const res = await ctx.post(
    '/v1/rerank',
    {
      model: 'echo/rerank-1',
      query: 'capital of France',
      documents: ['Berlin is in Germany', 'Paris is the capital of France', { text: 'France has many cities' }],
      top_n: 2,
      return_documents: true,
    },
    { authorization: `Bearer ${key}` },
  );
  const body = (await res.json()) as {
    results: { index: number; relevance_score: number; document?: { text: string } }[];
    meta: { billed_units: { search_units: number } };
  };
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.deepEqual(
    body.results.map((result) => result.index),
    [1, 2],
  );
  assert.equal(body.results[0].document?.text, 'Paris is the capital of France');
  assert.equal(res.headers.get('x-gateway-units'), '1 search_unit');
  const [row] = await rows();
  assert.deepEqual([row.endpoint, row.unit, row.units, row.cost_cents], ['rerank', 'search_unit', 1, 2]);
});

describe('limits and refusals', () => {
  test('a request over the key’s limit is refused like a chat call, with the amount; nothing is billed', async () => {
    const res = await ctx.request('POST', '/v1/api-keys/', {
      as: owner,
      body: { name: 'capped', spend_limit_cents: 5, limit_period: 'monthly' },
    });
    const capped = ctx.client(res.body.key as string);
    await assert.rejects(
      capped.images.generate({ model: 'echo/image-1', prompt: 'two boats', n: 2, response_format: 'b64_json' }),
      (error: { status: number; code: string; message: string }) => {
        assert.equal(error.status, 429);
        assert.equal(error.code, 'key_budget_exceeded');
        assert.match(error.message, /A request for 2 images \(1024x1024\) costs \$0\.08/);
        return true;
      },
    );
    // One image fits under the limit.
    const one = await capped.images.generate({
      model: 'echo/image-1',
      prompt: 'one boat',
      response_format: 'b64_json',
    });
    assert.equal(one.data?.length, 1);
    assert.deepEqual(
      (await rows()).map((row) => [row.status, row.cost_cents]),
      [['success', 4]],
    );
  });

  test('a team without the credit is refused before anything is sent', async () => {
    await ctx.db.query('UPDATE teams SET credit_balance_cents = 3 WHERE id = $1', [teamId]);
    const res = await ctx.post(
      '/v1/images/generations',
      { model: 'echo/image-1', prompt: 'x' },
      { authorization: `Bearer ${key}` },
    );
    assert.equal(res.status, 402);
    assert.deepEqual(await rows(), []);
  });

  test('bad input is a 400 that says what to fix', async () => {
    const post = (path: string, body: object) => ctx.post(path, body, { authorization: `Bearer ${key}` });
    const cases: [string, object, RegExp][] = [
      [
        '/v1/images/generations',
        { model: 'echo/image-1', prompt: 'x', n: 11 },
        /n must be a whole number from 1 to 10/,
      ],
      ['/v1/images/generations', { model: 'echo/image-1', prompt: 'x', size: 'big' }, /size must be auto or/],
      [
        '/v1/images/generations',
        { model: 'echo/image-1', prompt: 'x', size: '512x512' },
        /no price for image \(512x512\)/,
      ],
      ['/v1/images/generations', { model: 'echo/echo-1', prompt: 'x' }, /does not answer \/v1\/images\/generations/],
      ['/v1/audio/speech', { model: 'echo/speech-1', voice: 'alloy' }, /input must be the text to speak/],
      ['/v1/rerank', { model: 'echo/rerank-1', query: 'q', documents: [] }, /documents must be a list/],
      ['/v1/chat/completions', { model: 'echo/image-1', messages: [{ role: 'user', content: 'hi' }] }, /cannot answer/],
    ];
    for (const [path, body, message] of cases) {
      const res = await post(path, body);
      const error = (await res.json()) as { error: { message: string } };
      assert.equal(res.status, 400, `${path} ${JSON.stringify(body)}: ${JSON.stringify(error)}`);
      assert.match(error.error.message, message);
    }
    const form = new FormData();
    form.append('model', 'echo/transcribe-1');
    const noFile = await fetch(`${ctx.origin}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}` },
      body: form,
    });
    assert.equal(noFile.status, 400);
    assert.match(((await noFile.json()) as { error: { message: string } }).error.message, /in the field file/);
    assert.deepEqual(await rows(), []);
  });
});

test('a route falls back from a failing provider to the next deployment; only the answer is billed', async () => {
  await ctx.route('pictures', [
    { provider: 'openai', model: 'dall-e-3', rank: 1 },
    { provider: 'echo', model: 'image-1', rank: 2 },
  ]);
  ctx.upstream.handler = (_request, res) => {
    res.writeHead(503, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error', code: null } }));
  };
  const images = await ctx
    .client(key)
    .images.generate({ model: 'pictures', prompt: 'a fox', response_format: 'b64_json' });
  assert.equal(images.data?.length, 1);
  assert.equal(ctx.upstream.requests[0].path, '/v1/images/generations');
  assert.equal(ctx.upstream.requests[0].body.model, 'dall-e-3');
  assert.deepEqual(
    (await rows()).map((row) => [row.model, row.status, row.cost_cents]),
    [
      ['dall-e-3', 'error', 0],
      ['image-1', 'success', 4],
    ],
  );
});

test('an OpenAI deployment gets the upload as multipart, with its own model name, and its count is billed', async () => {
  await ctx.tier({
    provider: 'openai',
    model: 'whisper-1',
    prompt: 0,
    completion: 0,
    unitPrices: { audio_second: 0.01 },
  });
  ctx.upstream.handler = (_request, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ text: 'hello', usage: { type: 'duration', seconds: 7 } }));
  };
  const transcript = await ctx.client(key).audio.transcriptions.create({
    model: 'openai/whisper-1',
    file: await toFile(toneWav(9), 'call.wav', { type: 'audio/wav' }),
  });
  assert.equal(transcript.text, 'hello');
  const sent = ctx.upstream.requests[0];
  assert.equal(sent.path, '/v1/audio/transcriptions');
  assert.match(sent.headers['content-type'] as string, /^multipart\/form-data; boundary=/);
  assert.match(sent.body.multipart, /name="model"\r\n\r\nwhisper-1\r\n/);
  assert.match(sent.body.multipart, /filename="call.wav"/);
  // The provider's 7 seconds, under the 9 the file plays (what was held).
  const [row] = await rows();
  assert.deepEqual([row.units, row.cost_cents], [7, 7]);
});

test('usage reports and the month’s statement show a media model’s units beside its cost', async () => {
  const client = ctx.client(key);
  await client.images.generate({ model: 'echo/image-1', prompt: 'a', n: 2, response_format: 'b64_json' });
  await client.images.generate({ model: 'echo/image-1', prompt: 'b', size: '256x256', response_format: 'b64_json' });
  await ctx.app.gateway.settled();
  const stats = await ctx.request('GET', '/v1/teams/usage-stats', { as: owner });
  assert.deepEqual(stats.body.usage_by_model['image-1'], {
    model_name: 'image-1',
    request_count: 2,
    total_tokens: 0,
    total_cost_cents: 9,
    unit: 'image',
    units: 3,
  });
  const month = new Date().toISOString().slice(0, 7);
  const pdf = await ctx.app.inject({
    method: 'GET',
    url: `/v1/teams/${teamId}/statements/${month}/pdf`,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  assert.equal(pdf.statusCode, 200);
  const text = pdfText(pdf.rawPayload);
  assert.match(text, /Tokens or units/);
  assert.match(text, /image-1\s+echo\s+2\s+3 images\s+\$0\.09/);
});

test('the key’s guardrails run on a media request’s text: a secret is refused unbilled, an email redacted', async () => {
  const set = await ctx.request('PUT', TEAM_GUARDRAILS_PATH, {
    as: owner,
    body: { detectors: { secret: 'block', email: 'redact' }, patterns: [] },
  });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  const client = ctx.client(key);
  await assert.rejects(
    client.audio.speech.create({
      model: 'echo/speech-1',
      voice: 'alloy',
      input: 'my key is AKIAZ3MSJV4WWNKWVXMN',
    }),
    (error: { status: number; code: string }) => error.status === 400 && error.code === 'guardrail_violation',
  );
  const images = await client.images.generate({
    model: 'echo/image-1',
    prompt: 'a card for ann@example.com',
    response_format: 'b64_json',
  });
  assert.equal((images as unknown as { revised_prompt: string }).revised_prompt, 'a card for [EMAIL]');
  assert.deepEqual(
    (await rows()).map((row) => [row.endpoint, row.status, row.cost_cents]),
    [['images.generations', 'success', 4]],
  );
});

test('a Google Imagen deployment is called at Google’s OpenAI-compatible endpoint, with its key', async () => {
  await ctx.tier({
    provider: 'google',
    model: 'imagen-4.0-generate-001',
    prompt: 0,
    completion: 0,
    unitPrices: { image: 0.04 },
  });
  ctx.upstream.handler = (_request, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ created: 1, data: [{ b64_json: tinyPng('g').toString('base64') }] }));
  };
  const images = await ctx.client(key).images.generate({
    model: 'google/imagen-4.0-generate-001',
    prompt: 'a fox',
    response_format: 'b64_json',
  });
  assert.equal(images.data?.length, 1);
  const [sent] = ctx.upstream.requests;
  assert.equal(sent.path, '/v1/openai/images/generations');
  assert.equal(sent.headers['x-goog-api-key'], 'sk-upstream-google');
  assert.equal(sent.body.model, 'imagen-4.0-generate-001');
  const [row] = await rows();
  assert.deepEqual(
    [row.endpoint, row.unit, row.units, row.cost_cents],
    ['images.generations', 'image:1024x1024', 1, 4],
  );
});
