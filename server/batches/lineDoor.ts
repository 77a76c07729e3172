/**
 * Where a batch's line is answered (docs/batches.md#how-lines-run): the gateway's own pipeline, through an internal
 * door per endpoint that only this process can use, so a line is validated, routed, guarded, retried, relayed and
 * measured exactly as the same request sent alone. What differs is given to the pipeline as parts: the route at the
 * batch price (batchPrices.ts), the admission (the line's share of the batch's hold, never a new hold), and the bill,
 * which is not queued for the settler but handed back to the runner, which writes it with the line's result in one
 * transaction (runner.ts): a line is billed exactly when its result is kept.
 */
import type { FastifyInstance, FastifyRequest, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import type { Gateway } from '../gateway/gateway';
import type { Admission } from '../credit/admission';
import { billOf } from '../credit/bill';
import type { UsageEvent } from '../credit/writeBills';
import { serveGatewayCall, type PipelineParts } from '../gateway/pipeline';
import { sendGatewayError, unknownUrl } from '../gateway/errors';
import { randomToken } from '../lib/random';
import { moderatorThrough } from '../guardrails/moderator';
import { GATEWAY_ENDPOINTS } from '../../contract/endpoints';
import { ChatBody, EmbeddingsBody, ModerationsBody, ResponsesBody } from '../gateway/schemas';
import { atBatchPrices } from './batchPrices';
import type { BatchEndpoint } from './batchInput';

const LINE_PREFIX = '/internal/batch-line';
const LINE_HEADER = 'x-batch-line';
const MODERATE_PATH = `${LINE_PREFIX}/moderation-check`;
/** The doors' own body schemas: a line is refused for what the door would refuse. */
const BODIES: Record<BatchEndpoint, TSchema> = {
  'chat.completions': ChatBody,
  responses: ResponsesBody,
  embeddings: EmbeddingsBody,
  moderations: ModerationsBody,
};

export interface LineRun {
  batchId: string;
  keyHash: string;
  endpoint: BatchEndpoint;
  body: Record<string, unknown>;
  /** The line's share of the batch's hold, on the batch's lease, with the line's own request id. */
  admission: Extract<Admission, { ok: true }>;
}

export interface LineAnswer {
  statusCode: number;
  /** The door's answer: the response body, or its error envelope. */
  body: unknown;
  /** The x-request-id the request log finds the line's bills by. */
  requestId: string;
  bills: UsageEvent[];
}

interface Running {
  run: LineRun;
  bills: UsageEvent[];
}

export function createLineDoors(app: FastifyInstance, gateway: Gateway) {
  /** Lines being answered, by a random name only this process knows (sent in LINE_HEADER). */
  const running = new Map<string, Running>();

  function partsFor(line: Running): PipelineParts {
    const { catalog } = gateway;
    return {
      ...gateway,
      catalog: {
        authenticate: catalog.authenticate,
        unknownModel: catalog.unknownModel,
        pricing: catalog.pricing,
        route: async (model: string) => {
          const resolved = await catalog.route(model);
          return resolved && atBatchPrices(resolved);
        },
      },
      credit: {
        admit: async () => line.run.admission,
        openBill: (context) =>
          billOf(
            {
              add(event, { written } = { closes: true }) {
                line.bills.push({ ...event, batchId: line.run.batchId });
                written?.();
              },
            },
            context,
          ),
      },
    };
  }

  const lineOf = (request: FastifyRequest) => {
    const name = request.headers[LINE_HEADER];
    const line = typeof name === 'string' ? running.get(name) : undefined;
    if (!line) throw unknownUrl(request.method, request.url, []);
    return { name: name as string, line };
  };

  async function serveLine(request: FastifyRequest, reply: FastifyReply) {
    const { name, line } = lineOf(request);
    return serveGatewayCall(
      partsFor(line),
      {
        endpoint: line.run.endpoint,
        keyHash: line.run.keyHash,
        body: request.body as Record<string, unknown> & { model: string },
        options: { created: Math.floor(Date.now() / 1000) },
        // The key's moderation check (docs/guardrails.md#moderation), as for a request sent alone: its own moderations
        // request as the key, admitted and billed at the full price, not out of the batch's hold.
        moderate: moderatorThrough(
          (body) => app.inject({ method: 'POST', url: MODERATE_PATH, headers: { [LINE_HEADER]: name }, payload: body }),
          request.log,
        ),
      },
      request,
      reply,
    );
  }

  /** A line's moderation check: the moderations door as the batch's key, by its hash. */
  async function moderateLine(request: FastifyRequest, reply: FastifyReply) {
    const { line } = lineOf(request);
    const body = request.body as Record<string, unknown> & { model: string };
    const options = { created: Math.floor(Date.now() / 1000) };
    return serveGatewayCall(
      gateway,
      { endpoint: 'moderations', keyHash: line.run.keyHash, body, options },
      request,
      reply,
    );
  }

  return {
    /** The internal doors, in a scope whose errors are OpenAI's envelope, as the public doors' are. */
    async register() {
      await app.register(async (scope) => {
        scope.setErrorHandler(sendGatewayError);
        const api = scope.withTypeProvider<TypeBoxTypeProvider>();
        for (const [endpoint, body] of Object.entries(BODIES)) {
          const path = GATEWAY_ENDPOINTS[endpoint as BatchEndpoint].path;
          api.post(`${LINE_PREFIX}${path}`, { bodyLimit: 10 * 1024 * 1024, schema: { body } }, serveLine);
        }
        api.post(MODERATE_PATH, { bodyLimit: 10 * 1024 * 1024, schema: { body: ModerationsBody } }, moderateLine);
      });
    },
    /** Answers one line through its endpoint's door; its bills come back with the answer, unwritten. */
    async answer(run: LineRun): Promise<LineAnswer> {
      const name = randomToken(18);
      const line: Running = { run, bills: [] };
      running.set(name, line);
      try {
        const response = await app.inject({
          method: 'POST',
          url: `${LINE_PREFIX}${GATEWAY_ENDPOINTS[run.endpoint].path}`,
          headers: { [LINE_HEADER]: name, 'content-type': 'application/json' },
          payload: JSON.stringify(run.body),
        });
        let body: unknown = null;
        try {
          body = response.json();
        } catch {
          body = { error: { message: response.body, type: 'api_error', code: null, param: null } };
        }
        return {
          statusCode: response.statusCode,
          body,
          requestId: String(response.headers['x-request-id'] ?? ''),
          bills: line.bills,
        };
      } finally {
        running.delete(name);
      }
    },
  };
}

export type LineDoors = ReturnType<typeof createLineDoors>;
