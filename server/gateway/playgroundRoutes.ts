import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { sendGatewayError } from './errors';
import { serveGatewayCall } from './pipeline';
import { isUuid, notFound } from '../lib/errors';
import { currentUser } from '../plugins/auth';
import { requireTeam } from '../teams/teams';
import { PLAYGROUND_KEY_NOT_FOUND, PlaygroundChatBody } from '../../contract/schemas/playground';
import { PLAYGROUND_CHAT_PATH } from '../../contract/apiPaths';

/**
 * The playground (docs/gateway.md#the-playground). Secrets are never stored, so the signed-in member speaks on behalf
 * of one of their own keys, found by id: the gateway's pipeline is given the key's stored hash, as a request carrying
 * the secret would give it, so the key's limits and allow-list, the member's cap and the team's credit apply, and the
 * call is billed and logged against the key like any other. The answer is the chat completions stream.
 */
export async function playgroundRoutes(app: FastifyInstance, { db, guards, gateway }: Deps) {
  await app.register(async (scope) => {
    // A refusal reads as the gateway's own (OpenAI's envelope), which the page shows as it would show an SDK's.
    scope.setErrorHandler(sendGatewayError);
    const api = scope.withTypeProvider<TypeBoxTypeProvider>();
    api.post(
      PLAYGROUND_CHAT_PATH,
      { onRequest: guards.authenticate, schema: { body: PlaygroundChatBody } },
      async (request, reply) => {
        const { teamId } = requireTeam(request.membership);
        const { key_id, model, messages, max_tokens } = request.body;
        const [key] = isUuid(key_id)
          ? await db.query<{ key_hash: string }>(
              `SELECT key_hash FROM api_keys WHERE id = $1 AND team_id = $2 AND user_id = $3 AND deleted_at IS NULL`,
              [key_id, teamId, currentUser(request).id],
            )
          : [];
        if (!key) throw notFound(PLAYGROUND_KEY_NOT_FOUND);
        return serveGatewayCall(
          gateway,
          {
            endpoint: 'chat.completions',
            keyHash: key.key_hash,
            body: {
              model,
              messages,
              ...(max_tokens ? { max_tokens } : {}),
              stream: true,
              stream_options: { include_usage: true },
            },
            options: { created: Math.floor(Date.now() / 1000) },
          },
          request,
          reply,
        );
      },
    );
  });
}
