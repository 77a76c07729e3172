// Tracing's settings (docs/operations.md#traces), read by server/config.ts with every other room's.
import type { EnvReader } from '../lib/envReader';

export interface TracingConfig {
  /** Where spans are POSTed (OTLP/HTTP JSON): OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or the base endpoint + /v1/traces. */
  tracesUrl: string;
  serviceName: string;
  /** Prompts (and the request's messages) on the spans: off unless the operator turns it on. */
  captureContent: boolean;
}

/** OTEL_*: on when a collector's URL is set; null, the default: off, nothing loaded. */
export function readTracingSettings({ str, url, bool }: EnvReader): TracingConfig | null {
  const otlpBase = url('OTEL_EXPORTER_OTLP_ENDPOINT', null);
  const tracesUrl = url('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', null) ?? (otlpBase && `${otlpBase}/v1/traces`);
  return tracesUrl
    ? {
        tracesUrl,
        serviceName: str('OTEL_SERVICE_NAME') ?? 'ai-model-gateway',
        captureContent: bool('OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT', false) ?? false,
      }
    : null;
}
