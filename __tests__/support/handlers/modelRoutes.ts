// GET /v1/dashboard/models: the models the signed-in member's team can call (docs/gateway.md#the-models-page), from
// the fake's active pricing tiers and model routes, with the member's keys whose allow-list lets them call each.
import { DASHBOARD_MODELS_PATH, PLAYGROUND_CHAT_PATH } from '../../../contract/apiPaths';
import { PLAYGROUND_KEY_NOT_FOUND, PlaygroundChatBody } from '../../../contract/schemas/playground';
import { ENDPOINT_NAMES } from '../../../contract/endpoints';
import type { CatalogModel } from '../../../contract/schemas/models';
import { fakeDb } from '../fakeBackend';
import { isTierActive } from '../fakeBackend/views';
import { checkBody, json, notFound, ownTeam, route, signedInUser } from './http';

/** Providers the fake's gateway has a key for; the others' models are listed as not reachable. */
const CONFIGURED = new Set(['openai', 'anthropic', 'echo']);
const EVERY_DOOR = ['chat.completions', 'messages', 'generateContent'];

export const modelRoutes = [
  route('get', DASHBOARD_MODELS_PATH, () => {
    // As the server: without a team, the same models with no keys.
    const user = signedInUser();
    const now = fakeDb.now();
    const keys = fakeDb.state.apiKeys.filter(
      (k) => user.team_id !== null && k.team_id === user.team_id && k.user_id === user.id && k.is_active,
    );
    const mayCall = (id: string) =>
      keys
        .filter((k) => k.allowed_models.length === 0 || k.allowed_models.some((m) => m === id || id.endsWith(`/${m}`)))
        .map((k) => k.id);
    const byModel = new Map<string, CatalogModel>();
    for (const tier of fakeDb.state.pricing.filter((t) => isTierActive(t, now))) {
      const id = `${tier.provider}/${tier.model}`;
      const model = byModel.get(id) ?? {
        id,
        kind: 'model' as const,
        provider: tier.provider,
        tiers: [],
        endpoints: tier.provider === 'openai' ? [...ENDPOINT_NAMES] : EVERY_DOOR,
        supports_caching: false,
        reachable: CONFIGURED.has(tier.provider),
        key_ids: mayCall(id),
      };
      model.tiers.push({
        min_tokens: tier.min_tokens,
        max_tokens: tier.max_tokens,
        prompt_cost_per_1m: tier.prompt_cost_per_1m,
        completion_cost_per_1m: tier.completion_cost_per_1m,
        cache_read_cost_per_1m: tier.cache_read_cost_per_1m,
        cache_create_cost_per_1m: tier.cache_create_cost_per_1m,
      });
      model.supports_caching ||= tier.supports_caching;
      byModel.set(id, model);
    }
    const routes: CatalogModel[] = fakeDb.state.modelRoutes
      .filter((r) => r.enabled)
      .map((r) => ({
        id: r.name,
        kind: 'route',
        provider: null,
        tiers: [],
        endpoints: EVERY_DOOR,
        supports_caching: false,
        reachable: true,
        key_ids: mayCall(r.name),
      }));
    const models = [...byModel.values()].sort((a, b) => a.id.localeCompare(b.id));
    for (const model of models) model.tiers.sort((a, b) => a.min_tokens - b.min_tokens);
    return json({ models: [...models, ...routes] });
  }),
];

/**
 * POST /v1/playground/chat: the answer echoes the last message as the gateway's chat completions stream, in three
 * chunks and a usage chunk, and the call lands in the request log against the chosen key (as the server bills it).
 */
export const playgroundRoutes = [
  route('post', PLAYGROUND_CHAT_PATH, ({ body }) => {
    const { user, team } = ownTeam();
    const input = checkBody(PlaygroundChatBody, body) as unknown as PlaygroundChatBody;
    const key = fakeDb.state.apiKeys.find((k) => k.id === input.key_id && k.user_id === user.id);
    if (!key) throw notFound(PLAYGROUND_KEY_NOT_FOUND);
    const text = `You said: ${input.messages.at(-1)!.content}`;
    const [model, ...rest] = input.model.split('/');
    fakeDb.state.requests.push({
      team_id: team.id,
      id: fakeDb.nextId('req'),
      created_at: fakeDb.now().toISOString(),
      api_key_id: key.id,
      key_name: key.name,
      key_prefix: key.key_prefix,
      user_id: user.id,
      user_name: user.name,
      user_email: user.email,
      endpoint: 'chat/completions',
      provider: model,
      model: rest.join('/'),
      route_name: null,
      deployment_id: null,
      status: 'success',
      error_code: null,
      error_message: null,
      prompt_tokens: 6,
      completion_tokens: 9,
      cached_tokens: 0,
      cost_cents: 4,
      latency_ms: 120,
      ttft_ms: 40,
      request_id: crypto.randomUUID(),
    });
    const chunk = (delta: object, usage: object | null = null) =>
      `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: usage ? [] : [{ index: 0, delta }], usage })}\n\n`;
    const pieces = [text.slice(0, 4), text.slice(4, 10), text.slice(10)];
    const events = [
      ...pieces.map((piece) => chunk({ content: piece })),
      chunk({}, { prompt_tokens: 6, completion_tokens: 9 }),
      'data: [DONE]\n\n',
    ];
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const event of events) controller.enqueue(encoder.encode(event));
        controller.close();
      },
    });
    return new Response(stream, { headers: { 'content-type': 'text/event-stream' } });
  }),
];
