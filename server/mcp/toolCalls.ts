import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { GatewayProbe } from '../gateway/probe';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Credit } from '../credit/credit';
import { NO_MEASURE } from '../credit/holds';
import type { KeyOwner } from '../credit/admission';
import type { Billed, PricedCall } from '../credit/bill';
import type { GuardrailPolicies } from '../guardrails/policyStore';
import { refusal } from '../gateway/refusals';
import { TOOL_CALL_ENDPOINT } from '../../contract/schemas/requestLog';
import { mayCallTool, mayUseServer, toolPriceCents, type KeyToolAccess } from './access';
import { capturedCall } from './capture';
import { refusedCall, toolNotAllowed, unknownTool, ToolCallError } from './mcpErrors';
import type { McpServerRecord } from './servers';
import { gatewayToolName, splitToolName } from './toolNames';
import type { McpUpstreams } from './upstreams';

/**
 * What the gateway's MCP endpoint does for one key (docs/mcp.md): lists the tools it may call, each named with its
 * server's prefix, and calls one, admitted against the same rooms as a model call (credit, budget, key limit, member
 * cap, the key's rate) at its price, and billed exactly once: its price when the server answered, nothing when it did
 * not (docs/mcp.md#metering). Every call is a row of the request log.
 */
export interface ToolCallParts {
  credit: Pick<Credit, 'admit' | 'openPricedBill'>;
  /** What watches each call (metrics, traces: gateway/probe.ts). */
  probe: Pick<GatewayProbe, 'tool'>;
  upstreams: Pick<McpUpstreams, 'tools' | 'call'>;
  /** Each key's guardrails, applied to what a team that captures content keeps (capture.ts). */
  guardrails: Pick<GuardrailPolicies, 'forKey'>;
  log: FastifyBaseLogger;
}

/** The key and what it may reach, read once per MCP request. */
export interface ToolCaller {
  keyHash: string;
  owner: KeyOwner;
  servers: McpServerRecord[];
  access: KeyToolAccess;
  /** Whether the team keeps its calls' arguments and results (docs/mcp.md#content-capture). */
  captureContent: boolean;
  /** The x-request-id the client gets, on the call's row of the request log. */
  requestId: string;
  /** The client's headers, for what watches the call (a trace's parent). */
  headers: FastifyRequest['headers'];
}

/** The request log's provider of a tool call (usage_events.provider; its endpoint: TOOL_CALL_ENDPOINT). */
export const TOOL_CALL_PROVIDER = 'mcp';

/**
 * Every tool the key may call, from every server it may use, as the servers describe them, named with the server's
 * prefix. A server that cannot be asked now is left out (and logged), so one server down never empties the list.
 */
export async function listTools(parts: ToolCallParts, caller: ToolCaller): Promise<Tool[]> {
  const usable = caller.servers.filter((server) => mayUseServer(caller.access, server.id));
  const lists = await Promise.all(
    usable.map(async (server) => {
      try {
        const tools = await parts.upstreams.tools(server);
        return tools
          .filter((tool) => mayCallTool(caller.access, server.id, tool.name))
          .map((tool) => ({ ...tool, name: gatewayToolName(server.name, tool.name) }));
      } catch (error) {
        parts.log.warn({ err: error, server: server.name }, 'an MCP server could not list its tools');
        return [];
      }
    }),
  );
  return lists.flat();
}

const billedAs = (server: McpServerRecord, name: string): Billed => ({
  deployment: { id: `direct:${TOOL_CALL_PROVIDER}/${server.name}`, provider: TOOL_CALL_PROVIDER, model: name },
  tiers: [],
});

/** Calls a tool by its gateway name for the key, or throws the ToolCallError its client reads. */
export async function callTool(
  parts: ToolCallParts,
  caller: ToolCaller,
  name: string,
  args: Record<string, unknown> | undefined,
  signal?: AbortSignal,
): Promise<CallToolResult> {
  const started = performance.now();
  const named = splitToolName(name);
  const server = named && caller.servers.find((candidate) => candidate.name === named.server);
  if (!named || !server) throw unknownTool(name);
  if (!mayCallTool(caller.access, server.id, named.tool)) throw toolNotAllowed(name);
  const priceCents = toolPriceCents(server, named.tool);
  const watch = parts.probe.tool({ server: server.name, tool: named.tool, headers: caller.headers });
  const admission = await parts.credit.admit(caller.keyHash, {
    amountCents: priceCents,
    leastCents: priceCents,
    tokens: 0,
    models: null,
  });
  if (!admission.ok) {
    const refused = refusedCall(refusal(admission, name, () => ({ what: `A call of ${name}`, flatCents: priceCents })));
    watch.end('refused', refused);
    throw refused;
  }
  const candidate = billedAs(server, name);
  const bill = parts.credit.openPricedBill({
    endpoint: TOOL_CALL_ENDPOINT,
    routeName: null,
    measure: NO_MEASURE,
    admission,
    started,
    firstCandidate: candidate,
    log: parts.log,
    callerRequestId: caller.requestId,
  });
  try {
    const result = await parts.upstreams.call(server, named.tool, args, signal);
    bill.priced({ candidate, priceCents, ...(await kept(parts, caller, args, result)) });
    watch.end('answered');
    return result;
  } catch (error) {
    const failure =
      error instanceof ToolCallError
        ? { code: String(error.data?.code ?? error.code), message: error.message }
        : { code: 'tool_call_failed', message: error instanceof Error ? error.message : String(error) };
    bill.priced({ candidate, priceCents, failure, ...(await kept(parts, caller, args, undefined)) });
    watch.end('failed', error);
    throw error;
  }
}

/**
 * What the request log keeps of the call, when its team captures content. Keeping it never fails the call: a
 * guardrail that cannot run leaves the content out (and says so in the log), never unguarded.
 */
async function kept(
  parts: Pick<ToolCallParts, 'guardrails' | 'log'>,
  caller: Pick<ToolCaller, 'captureContent' | 'keyHash'>,
  args: Record<string, unknown> | undefined,
  result: unknown,
): Promise<Pick<PricedCall, 'content' | 'guardrails'>> {
  if (!caller.captureContent) return {};
  try {
    return await capturedCall(await parts.guardrails.forKey(caller.keyHash), args, result);
  } catch (error) {
    parts.log.error({ err: error }, 'the content of a tool call could not be kept');
    return {};
  }
}
