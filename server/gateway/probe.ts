import type { FastifyRequest } from 'fastify';
import type { Bill } from '../credit/bill';
import type { GatewayCall } from '../formats/types';

/**
 * What watches each gateway request without changing it: the metrics (server/metrics) and the traces
 * (server/tracing). The pipeline tells it each step; app.ts decides which watch, and with neither on every call is a
 * no-op on a shared object.
 */
export interface GatewayProbe {
  start(call: GatewayCall, request: FastifyRequest): RequestProbe;
  /** A tool call through the MCP gateway (docs/mcp.md), once it is allowed: what marks its end. */
  tool(call: ToolCallWatched): ToolProbe;
}

export interface ToolCallWatched {
  /** The registered server's name (a bounded label) and the tool's own name. */
  server: string;
  tool: string;
  /** The client's headers (a trace continues its W3C traceparent). */
  headers: FastifyRequest['headers'];
}

export interface ToolProbe {
  /** Answered by its server; refused by the gateway (a room, a rate); or failed on the way (`error` says why). */
  end(outcome: 'answered' | 'refused' | 'failed', error?: unknown): void;
}

export interface RequestProbe {
  /**
   * The prompt as it is sent on, once it passed the key's guardrails (redacted where they redact): the only body a
   * watcher may record (docs/guardrails.md#nothing-found-is-written-anywhere). Not called for a prompt they block.
   */
  prompt(body: GatewayCall['body']): void;
  /** The credit hold is being taken: returns what marks its end, admitted or refused. */
  admission(): (admitted: boolean) => void;
  /**
   * A try of one deployment: the headers it is sent with besides its own (the trace context, W3C traceparent), and
   * what marks its end.
   */
  attempt(deployment: { provider: string; model: string }, attempt: number): AttemptProbe;
  /** The request's bill, watched: its usage when answered, its settlement once written. */
  bill(open: (written: (() => void) | undefined) => Bill): Bill;
  /** The request is over: answered (`error` undefined) or refused or failed with `error`. */
  end(error?: unknown): void;
}

export interface AttemptProbe {
  headers: Record<string, string> | null;
  /**
   * Told the answer as the client receives it (the JSON body, or each piece of the stream) when a watcher records it
   * (a trace capturing message content); null when none does, so the relay passes nothing.
   */
  output: ((text: string) => void) | null;
  end(outcome: 'answered' | 'failed' | 'client_gone'): void;
}

const noAttempt: AttemptProbe = { headers: null, output: null, end: () => undefined };
const noAdmission = () => undefined;
const noRequest: RequestProbe = {
  prompt: () => undefined,
  admission: () => noAdmission,
  attempt: () => noAttempt,
  bill: (open) => open(undefined),
  end: () => undefined,
};

const noTool: ToolProbe = { end: () => undefined };

export const noProbe: GatewayProbe = { start: () => noRequest, tool: () => noTool };

/** Several probes as one (metrics and traces both on); none is the no-op, one is itself. */
export function combineProbes(probes: GatewayProbe[]): GatewayProbe {
  if (probes.length === 0) return noProbe;
  if (probes.length === 1) return probes[0];
  return {
    tool(call) {
      const watching = probes.map((probe) => probe.tool(call));
      return { end: (outcome, error) => watching.forEach((watch) => watch.end(outcome, error)) };
    },
    start(call, request) {
      const watching = probes.map((probe) => probe.start(call, request));
      return {
        prompt: (body) => watching.forEach((watch) => watch.prompt(body)),
        admission() {
          const ends = watching.map((watch) => watch.admission());
          return (admitted) => ends.forEach((end) => end(admitted));
        },
        attempt(deployment, attempt) {
          const tries = watching.map((watch) => watch.attempt(deployment, attempt));
          const headers = Object.assign({}, ...tries.map((one) => one.headers ?? {}));
          const outputs = tries.flatMap((one) => (one.output ? [one.output] : []));
          const output = outputs.length ? (text: string) => outputs.forEach((told) => told(text)) : null;
          return { headers, output, end: (outcome) => tries.forEach((one) => one.end(outcome)) };
        },
        bill(open) {
          // Each probe wraps the bill of the one before; every one's `written` is called.
          return watching.reduce<(written: (() => void) | undefined) => Bill>(
            (inner, watch) => (written) =>
              watch.bill((mine) =>
                inner(
                  written && mine
                    ? () => {
                        mine();
                        written();
                      }
                    : (mine ?? written),
                ),
              ),
            open,
          )(undefined);
        },
        end(error) {
          for (const watch of watching) watch.end(error);
        },
      };
    },
  };
}
