import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { bearerKey } from '../gateway/callerKey';
import { GatewayError } from '../formats/gatewayError';
import { serveMcp } from './endpoint';
import { GATEWAY_REFUSED } from './mcpErrors';
import { hashApiKey } from '../keys/apiKeys';
import { gatewayRateLimit } from '../gateway/routes';

/** Where MCP clients reach the gateway (docs/mcp.md): `claude mcp add --transport http gateway http://host/mcp …`. */
export const MCP_PATH = '/mcp';

/** A JSON-RPC error outside any request (the key, the rate): the protocol's envelope, with the gateway's code in data. */
const jsonRpcError = (message: string, data: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  error: { code: GATEWAY_REFUSED, message, data },
  id: null,
});

function sendMcpError(error: FastifyError | GatewayError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof GatewayError) {
    // A key that does not work: 401 with a challenge, as the protocol's authorization section has it.
    if (error.statusCode === 401) reply.header('www-authenticate', 'Bearer realm="AI Model Gateway"');
    for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
    return reply
      .code(error.statusCode)
      .send(jsonRpcError(error.message, { code: error.code, type: error.type, status: error.statusCode }));
  }
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'the MCP endpoint failed');
  const message = status === 500 ? 'The gateway failed to answer this MCP request.' : error.message;
  return reply.code(status).send(jsonRpcError(message, { status }));
}

export async function mcpRoutes(app: FastifyInstance, deps: Deps) {
  const { gateway, db } = deps;
  const parts = {
    db,
    catalog: gateway.catalog,
    credit: gateway.credit,
    probe: gateway.probe,
    upstreams: deps.mcp,
    guardrails: gateway.guardrails,
  };
  await app.register(async (scope) => {
    scope.setErrorHandler(sendMcpError);
    const config = { apiKeyAuth: true, rateLimit: gatewayRateLimit(deps) };
    scope.post(MCP_PATH, { config, bodyLimit: 4 * 1024 * 1024 }, (request, reply) =>
      serveMcp(parts, hashApiKey(bearerKey(request)), request, reply),
    );
    // Stateless: no stream of the server's own messages to open, and no session to end (the protocol's answer
    // for a server that offers neither is 405).
    const notOffered = async (_request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send(jsonRpcError('This MCP endpoint is stateless: send each message as a POST.', { status: 405 }));
    // Not API-key routes: an unknown URL's refusal lists what the gateway serves, and these serve nothing.
    scope.get(MCP_PATH, { config: { rateLimit: config.rateLimit } }, notOffered);
    scope.delete(MCP_PATH, { config: { rateLimit: config.rateLimit } }, notOffered);
  });
}
