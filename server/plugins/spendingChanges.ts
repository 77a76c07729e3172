import type { FastifyInstance } from 'fastify';
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
 * so a revoked key or a lower limit holds from the next request on. Before the reply is sent: a client that waits for
 * the reply and then calls the gateway is already refused.
 */
export function registerSpendingChanges(app: FastifyInstance, gateway: Gateway) {
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config.changesSpending && reply.statusCode < 300) {
      // Not awaited: this instance forgets its leases at once; the notice to the others follows.
      void gateway.changed('keys');
    }
  });
}
