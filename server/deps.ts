import type { Alerts } from './alerts/alerts';
import type { Config } from './config';
import type { Db } from './db/types';
import type { Gateway } from './gateway/gateway';
import type { Mailer } from './mail/mailer';
import type { McpUpstreams } from './mcp/upstreams';
import type { Guards } from './plugins/auth';
import type { PaymentProvider } from './payments/provider';
import type { Sessions } from './sessions/sessions';

/** What route modules need; built once in app.ts. */
export interface Deps {
  config: Config & { jwtSecret: string };
  db: Db;
  sessions: Sessions;
  guards: Guards;
  paymentProvider: PaymentProvider;
  /** Per-route rate limit settings, or undefined when rate limiting is off. */
  rateLimit: { max: number; timeWindow: number } | undefined;
  gateway: Gateway;
  /** The gateway as an MCP client of the registered servers (docs/mcp.md). */
  mcp: McpUpstreams;
  alerts: Alerts;
  mailer: Mailer;
  lifecycle: Lifecycle;
}

/** Set by main.ts on SIGTERM: /readyz then answers 503 so a load balancer stops sending before the server closes. */
export interface Lifecycle {
  draining: boolean;
}
