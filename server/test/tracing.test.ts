import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createGatewayContext, type GatewayTestContext } from './gatewayHelpers';
import { sendStream, words } from './fakeUpstream';
import { CLIENT, SERVER, STATUS_ERROR, startReceiver, type OtlpSpan } from './otlpReceiver';
import { DEMO_SERVER_URL } from '../mcp/demoServer';

/**
 * Traces (docs/operations.md#traces): an OTLP/HTTP receiver started here gets the spans of a streamed call whose
 * route falls back, continuing the client's trace and passed on to the provider; with tracing off, no OpenTelemetry
 * SDK or exporter module is even loaded.
 */

const attributes = (span: OtlpSpan) =>
  Object.fromEntries(
    span.attributes.map(({ key, value }) => [
      key,
      value.stringValue ??
        (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue)),
    ]),
  );

/**
 * OpenTelemetry's SDK, exporter and conventions as loaded in this process; not its API package, which prom-client
 * requires when it is installed (for exemplars) and which does nothing by itself.
 */
const otelLoaded = () =>
  Object.keys(require.cache).filter(
    (file) => file.includes('@opentelemetry/') && !file.includes('@opentelemetry/api/'),
  );

async function prepare(ctx: GatewayTestContext) {
  const owner = await ctx.user('owner');
  const teamId = await ctx.team(owner, 'Acme', 0);
  await ctx.topUp(teamId, 100_000);
  const key = await ctx.key(owner);
  await ctx.tier({ provider: 'openai', model: 'good', prompt: 1_000, completion: 2_000 });
  await ctx.tier({ provider: 'openai', model: 'broken', prompt: 1_000, completion: 2_000 });
  await ctx.route('team/smart', [
    { model: 'broken', rank: 1 },
    { model: 'good', rank: 2 },
  ]);
  ctx.upstream.handler = (request, res) => {
    if (request.body.model === 'broken') {
      res.writeHead(503, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { message: 'down', type: 'server_error' } }));
    }
    return sendStream(res, request.body.model, words('one two three'), { prompt_tokens: 12, completion_tokens: 3 });
  };
  return key;
}

const streamed = { stream: true, stream_options: { include_usage: true } };

test('with tracing off (the default) no OpenTelemetry SDK or exporter module is loaded, and the provider gets no traceparent', async () => {
  const ctx = await createGatewayContext({}, ['openai']);
  try {
    const key = await prepare(ctx);
    const res = await ctx.chat(key, { model: 'team/smart', messages: [{ role: 'user', content: 'hi' }], ...streamed });
    assert.equal(res.status, 200);
    await res.text();
    assert.deepEqual(otelLoaded(), []);
    assert.ok(ctx.upstream.requests.every((request) => request.headers.traceparent === undefined));
  } finally {
    await ctx.close();
  }
});

test('a streamed call with a fallback: the request span continues the client`s trace, with its admission, both tries and its settlement beneath', async () => {
  const receiver = await startReceiver();
  const ctx = await createGatewayContext({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }, ['openai']);
  const clientTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
  const clientSpan = '00f067aa0ba902b7';
  try {
    const key = await prepare(ctx);
    const res = await ctx.chat(
      key,
      { model: 'team/smart', messages: [{ role: 'user', content: 'a secret prompt' }], max_tokens: 50, ...streamed },
      { traceparent: `00-${clientTrace}-${clientSpan}-01` },
    );
    assert.equal(res.status, 200);
    assert.match(await res.text(), /three/);
    await ctx.app.gateway.settled();
  } finally {
    // Closing the app sends every span still batched.
    await ctx.close();
    await receiver.close();
  }
  assert.ok(otelLoaded().some((file) => file.includes('exporter-trace-otlp-http')));
  assert.ok(
    receiver.paths.every((path) => path.startsWith('POST /v1/traces application/json')),
    receiver.paths.join(),
  );

  const [request, ...others] = receiver.spans.filter((span) => span.kind === SERVER);
  assert.equal(others.length, 0);
  assert.equal(request.name, 'chat team/smart');
  assert.equal(request.traceId, clientTrace);
  assert.equal(request.parentSpanId, clientSpan);
  assert.deepEqual(
    {
      ...attributes(request),
    },
    {
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'team/smart',
      'gen_ai.request.stream': true,
      'gen_ai.request.max_tokens': 50,
      'gateway.endpoint': 'chat.completions',
      'gen_ai.system': 'openai',
      'gen_ai.provider.name': 'openai',
      'gen_ai.response.model': 'good',
      'gen_ai.usage.input_tokens': 12,
      'gen_ai.usage.output_tokens': 3,
      'gen_ai.usage.cache_read.input_tokens': 0,
      'gen_ai.response.time_to_first_chunk': attributes(request)['gen_ai.response.time_to_first_chunk'],
      'gateway.ending': 'finished',
    },
  );
  assert.equal(typeof attributes(request)['gen_ai.response.time_to_first_chunk'], 'number');
  assert.ok(!JSON.stringify(receiver.spans).includes('a secret prompt'), 'no prompt text unless turned on');

  const children = receiver.spans.filter((span) => span.parentSpanId === request.spanId);
  assert.ok(children.every((span) => span.traceId === clientTrace));
  assert.deepEqual(children.map((span) => span.name).sort(), [
    'chat broken',
    'chat good',
    'gateway.admission',
    'gateway.settlement',
  ]);
  const tries = children.filter((span) => span.kind === CLIENT);
  const [broken, good] = tries.sort(
    (a, b) => Number(attributes(a)['gateway.attempt']) - Number(attributes(b)['gateway.attempt']),
  );
  assert.deepEqual(attributes(broken), {
    'gen_ai.operation.name': 'chat',
    'gen_ai.system': 'openai',
    'gen_ai.provider.name': 'openai',
    'gen_ai.request.model': 'broken',
    'gateway.attempt': 1,
    'gateway.outcome': 'failed',
  });
  assert.equal(broken.status?.code, STATUS_ERROR);
  assert.equal(attributes(good)['gateway.outcome'], 'answered');
  assert.equal(attributes(good)['gateway.attempt'], 2);

  // Each try's own span is the provider's parent (W3C traceparent on the upstream request).
  assert.deepEqual(
    ctx.upstream.requests.map((sent) => sent.headers.traceparent),
    [`00-${clientTrace}-${broken.spanId}-01`, `00-${clientTrace}-${good.spanId}-01`],
  );
});

test('with OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT the request span carries the messages and the answer; metrics on beside; a tool call', async () => {
  const receiver = await startReceiver();
  const metricsToken = 'metrics-token-beside-the-traces';
  const ctx = await createGatewayContext(
    {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true',
      METRICS_TOKEN: metricsToken,
    },
    ['openai'],
  );
  let metrics: string;
  try {
    const key = await prepare(ctx);
    const res = await ctx.chat(key, {
      model: 'openai/good',
      messages: [{ role: 'user', content: 'a prompt' }],
      ...streamed,
    });
    await res.text();
    // A tool call through the MCP gateway (docs/mcp.md), continuing a client's trace: a span and a histogram of its own.
    await ctx.db.query(
      `INSERT INTO mcp_servers (name, url, transport, price_cents) VALUES ('demo', $1, 'builtin', 1)`,
      [DEMO_SERVER_URL],
    );
    await ctx.db.query(`UPDATE teams SET mcp_default_access = 'all'`);
    const called = await ctx.post(
      '/mcp',
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'demo__echo', arguments: { text: 'x' } } },
      {
        authorization: `Bearer ${key}`,
        accept: 'application/json, text/event-stream',
        traceparent: `00-${TOOL_TRACE}-${TOOL_PARENT}-01`,
      },
    );
    assert.equal(called.status, 200, await called.text());
    await ctx.app.gateway.settled();
    const scraped = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    metrics = scraped.body;
  } finally {
    await ctx.close();
    await receiver.close();
  }
  // Both watch the same request (probe.ts combines them): the counter and the settlement span both saw its bill.
  assert.match(metrics, /^gateway_requests_total\{[^}]*model="good"[^}]*status="success"[^}]*\} 1$/m);
  assert.ok(receiver.spans.some((span) => span.name === 'gateway.settlement'));
  const request = receiver.spans.find((span) => span.kind === SERVER)!;
  assert.equal(attributes(request)['gen_ai.input.messages'], JSON.stringify([{ role: 'user', content: 'a prompt' }]));
  // The streamed answer's text, as the client read it from the chunks (outputText.ts).
  assert.equal(
    attributes(request)['gen_ai.output.messages'],
    JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'one two three' }] }]),
  );
  // A call by the model's own name: no client traceparent, so a trace of its own.
  assert.equal(request.parentSpanId ?? '', '');
  // The tool call: counted from its bill as every request, timed by server, and a span in the client's trace.
  assert.match(metrics, /^gateway_requests_total\{[^}]*model="demo__echo"[^}]*endpoint="tools\/call"[^}]*\} 1$/m);
  assert.match(metrics, /^gateway_tool_call_seconds_count\{server="demo",outcome="answered"\} 1$/m);
  const tool = receiver.spans.find((span) => span.name === 'execute_tool demo__echo');
  assert.ok(tool, receiver.spans.map((span) => span.name).join(', '));
  assert.equal(tool.traceId, TOOL_TRACE);
  assert.equal(tool.parentSpanId, TOOL_PARENT);
  assert.deepEqual(
    [attributes(tool)['gen_ai.operation.name'], attributes(tool)['gen_ai.tool.name'], attributes(tool)['mcp.server']],
    ['execute_tool', 'demo__echo', 'demo'],
  );
});

const TOOL_TRACE = '5bf92f3577b34da6a3ce929d0e0e4737';
const TOOL_PARENT = '10f067aa0ba902b8';
