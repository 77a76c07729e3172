/**
 * OpenTelemetry traces of the gateway's requests, over OTLP/HTTP (docs/operations.md#traces). Off unless
 * OTEL_EXPORTER_OTLP_ENDPOINT is set: app.ts calls startTracing only then, and every OpenTelemetry module is imported
 * here, when it is called (this file's static imports are types), so a gateway without tracing loads none of them.
 *
 * One span per request (kind server, the GenAI semantic conventions: gen_ai.operation.name, gen_ai.request.model,
 * gen_ai.usage.input_tokens, …), continuing the client's W3C traceparent; children for the credit admission, each
 * upstream try (kind client, whose own traceparent goes to the provider) and the settlement (from the bill to its
 * batch written). No prompt or completion text unless OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT is true; then the
 * request span carries the messages (gen_ai.input.messages) and the answer's text as its client received it
 * (gen_ai.output.messages, at most OUTPUT_CAPTURE_CHARS of the answer read).
 */
import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';
import type { TracingConfig } from './settings';
import type { GatewayCall } from '../formats/types';
import type { GatewayProbe, RequestProbe } from '../gateway/probe';
import { outputText } from './outputText';

/** How much of an answer (its JSON or its stream, as the client got it) is read for its text: a span stays bounded. */
const OUTPUT_CAPTURE_CHARS = 256 * 1024;

export interface Tracing {
  probe: GatewayProbe;
  /** Sends every finished span and stops (app.ts, on close). */
  close(): Promise<void>;
}

export async function startTracing(config: TracingConfig): Promise<Tracing> {
  const [api, core, { NodeTracerProvider }, { BatchSpanProcessor }, { OTLPTraceExporter }, resources, semconv, gen] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/core'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/semantic-conventions'),
      import('@opentelemetry/semantic-conventions/incubating'),
    ]);
  const provider = new NodeTracerProvider({
    resource: resources.resourceFromAttributes({ [semconv.ATTR_SERVICE_NAME]: config.serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: config.tracesUrl }))],
  });
  // Not registered globally: each app has its own (tests build several), and the spans name their parents.
  const tracer: Tracer = provider.getTracer('ai-model-gateway');
  const propagator = new core.W3CTraceContextPropagator();
  const { SpanKind, SpanStatusCode, ROOT_CONTEXT, trace, defaultTextMapGetter, defaultTextMapSetter } = api;

  const operationOf = (call: GatewayCall) => (call.endpoint === 'embeddings' ? 'embeddings' : 'chat');

  function requestAttributes(call: GatewayCall): Attributes {
    const { body } = call;
    const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
    const maxTokens = number(body.max_tokens) ?? number(body.max_completion_tokens) ?? number(body.max_output_tokens);
    return {
      [gen.ATTR_GEN_AI_OPERATION_NAME]: operationOf(call),
      [gen.ATTR_GEN_AI_REQUEST_MODEL]: body.model,
      [gen.ATTR_GEN_AI_REQUEST_STREAM]: body.stream === true,
      ...(maxTokens !== undefined && { [gen.ATTR_GEN_AI_REQUEST_MAX_TOKENS]: maxTokens }),
      ...(number(body.temperature) !== undefined && {
        [gen.ATTR_GEN_AI_REQUEST_TEMPERATURE]: number(body.temperature),
      }),
      ...(number(body.top_p) !== undefined && { [gen.ATTR_GEN_AI_REQUEST_TOP_P]: number(body.top_p) }),
      'gateway.endpoint': call.endpoint,
    };
  }

  /** The prompt's content, when captured: as sent on, after the guardrails (never the body the client sent). */
  const contentAttributes = (body: GatewayCall['body']): Attributes => ({
    [gen.ATTR_GEN_AI_INPUT_MESSAGES]: JSON.stringify(body.messages ?? body.input ?? null),
    ...(typeof body.system === 'string' && { [gen.ATTR_GEN_AI_SYSTEM_INSTRUCTIONS]: body.system }),
  });

  const failedWith = (span: Span, error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    span.setAttribute(semconv.ATTR_ERROR_TYPE, typeof code === 'string' ? code : 'error');
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
  };

  const probe: GatewayProbe = {
    // A tool call (docs/mcp.md): one span of its own, execute_tool as the GenAI conventions name it.
    tool({ server, tool, headers }) {
      const parent = propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
      const name = `${server}__${tool}`;
      const span = tracer.startSpan(
        `execute_tool ${name}`,
        {
          kind: SpanKind.SERVER,
          attributes: {
            [gen.ATTR_GEN_AI_OPERATION_NAME]: 'execute_tool',
            [gen.ATTR_GEN_AI_TOOL_NAME]: name,
            'mcp.server': server,
            'gateway.endpoint': 'tools/call',
          },
        },
        parent,
      );
      return {
        end(outcome, error) {
          span.setAttribute('gateway.outcome', outcome);
          if (error !== undefined) failedWith(span, error);
          span.end();
        },
      };
    },
    start(call, request): RequestProbe {
      const parent = propagator.extract(ROOT_CONTEXT, request.headers, defaultTextMapGetter);
      const span = tracer.startSpan(
        `${operationOf(call)} ${call.body.model}`,
        { kind: SpanKind.SERVER, attributes: requestAttributes(call) },
        parent,
      );
      const within: Context = trace.setSpan(parent, span);
      const child = (name: string, kind = SpanKind.INTERNAL, attributes: Attributes = {}) =>
        tracer.startSpan(name, { kind, attributes }, within);
      // The answer as the client received it, when content is captured (only the try that answers writes any).
      let output = '';
      const capture = config.captureContent
        ? (text: string) => {
            if (output.length < OUTPUT_CAPTURE_CHARS) output += text;
          }
        : null;
      return {
        prompt(body) {
          if (config.captureContent) span.setAttributes(contentAttributes(body));
        },
        admission() {
          const admission = child('gateway.admission');
          return (admitted) => {
            admission.setAttribute('gateway.admitted', admitted);
            if (!admitted) admission.setStatus({ code: SpanStatusCode.ERROR, message: 'refused' });
            admission.end();
          };
        },
        attempt(deployment, attempt) {
          const tried = child(`${operationOf(call)} ${deployment.model}`, SpanKind.CLIENT, {
            [gen.ATTR_GEN_AI_OPERATION_NAME]: operationOf(call),
            [gen.ATTR_GEN_AI_SYSTEM]: deployment.provider,
            [gen.ATTR_GEN_AI_PROVIDER_NAME]: deployment.provider,
            [gen.ATTR_GEN_AI_REQUEST_MODEL]: deployment.model,
            'gateway.attempt': attempt,
          });
          const headers: Record<string, string> = {};
          propagator.inject(trace.setSpan(within, tried), headers, defaultTextMapSetter);
          return {
            headers,
            output: capture,
            end(outcome) {
              tried.setAttribute('gateway.outcome', outcome);
              if (outcome !== 'answered') tried.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
              tried.end();
            },
          };
        },
        bill(open) {
          let settlement: Span | null = null;
          const bill = open(() => settlement?.end());
          // The first of answered or final is the bill (the pipeline's closing final is then a no-op).
          const settling = () => (settlement ??= child('gateway.settlement'));
          return {
            answered(answer) {
              const { deployment } = answer.candidate;
              span.setAttributes({
                [gen.ATTR_GEN_AI_SYSTEM]: deployment.provider,
                [gen.ATTR_GEN_AI_PROVIDER_NAME]: deployment.provider,
                [gen.ATTR_GEN_AI_RESPONSE_MODEL]: deployment.model,
                ...(answer.usage && {
                  [gen.ATTR_GEN_AI_USAGE_INPUT_TOKENS]: answer.usage.promptTokens,
                  [gen.ATTR_GEN_AI_USAGE_OUTPUT_TOKENS]: answer.usage.completionTokens,
                  [gen.ATTR_GEN_AI_USAGE_CACHE_READ_INPUT_TOKENS]: answer.usage.cachedTokens,
                }),
                ...(answer.ttftMs !== null && { [gen.ATTR_GEN_AI_RESPONSE_TIME_TO_FIRST_CHUNK]: answer.ttftMs / 1000 }),
                'gateway.ending': answer.ending,
              });
              settling();
              return bill.answered(answer);
            },
            cached(hit) {
              span.setAttributes({
                [gen.ATTR_GEN_AI_PROVIDER_NAME]: hit.candidate.deployment.provider,
                [gen.ATTR_GEN_AI_RESPONSE_MODEL]: hit.candidate.deployment.model,
                'gateway.cache': 'hit',
              });
              settling();
              bill.cached(hit);
            },
            final(outcome) {
              settling();
              bill.final(outcome);
            },
            failedTry: (failure) => bill.failedTry(failure),
          };
        },
        end(error) {
          if (error !== undefined) failedWith(span, error);
          if (output) {
            const content = outputText(call.endpoint, output).slice(0, OUTPUT_CAPTURE_CHARS);
            span.setAttribute(
              gen.ATTR_GEN_AI_OUTPUT_MESSAGES,
              JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content }] }]),
            );
          }
          span.end();
        },
      };
    },
  };

  return { probe, close: () => provider.shutdown() };
}
