import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { Gateway } from '../gateway/gateway';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A successful call changes who may spend what: a key revoked or edited, a member removed or capped, a budget. */
    changesSpending?: boolean;
  }
}

/** The route config of such a route. */
export const CHANGES_SPENDING = { changesSpending: true };

/**
 * After such a change every instance takes its credit leases again (gateway.changed; docs/deploy.md#credit-leases),
 * so a revoked key or a lower limit holds from the next request on. Before the reply is sent, and once every instance
 * has said it dropped its leases (credit/fence.ts): a client that waits for the reply and then calls the gateway, on
 * any instance, is already held to the change.
 */
export function registerSpendingChanges(app: FastifyInstance, gateway: Gateway) {
  // On the routes that change spending only: a route with no onSend hook skips that stage (server/app.ts says why).
  const afterChange: onSendHookHandler = (_request, reply, payload, done) => {
    if (reply.statusCode < 300) gateway.changed('keys').then(() => done(null, payload), done);
    else done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    if (!route.config?.changesSpending) return;
    const own = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...own, afterChange];
  });
}
