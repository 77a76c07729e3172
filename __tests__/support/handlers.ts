// Every call of docs/api-contract.md as an MSW handler over the in-memory fakeDb (fakeBackend.ts).
// Each handler logs its request in fakeDb.requests; fakeDb.failNext(...) makes matching requests fail on purpose.
import type { HttpHandler } from 'msw';
import { accountRoutes } from './handlers/accountRoutes';
import { adminRoutes } from './handlers/adminRoutes';
import { adminConsoleRoutes } from './handlers/adminConsoleRoutes';
import { analyticsRoutes } from './handlers/analyticsRoutes';
import { modelRoutes, playgroundRoutes } from './handlers/modelRoutes';
import { billingRoutes } from './handlers/billingRoutes';
import { routingRoutes } from './handlers/routingRoutes';
import { requestLogRoutes } from './handlers/requestLogRoutes';
import { teamRoutes } from './handlers/teamRoutes';
import { alertRoutes } from './handlers/alertRoutes';
import { auditRoutes } from './handlers/auditRoutes';
import { guardrailRoutes } from './handlers/guardrailRoutes';
import { toolRoutes } from './handlers/toolRoutes';

export { API_ORIGIN } from './handlers/http';
export { COUPON_CODE_ALPHABET } from './handlers/adminRoutes';

export const handlers: HttpHandler[] = [
  ...accountRoutes,
  ...teamRoutes,
  ...billingRoutes,
  ...adminRoutes,
  ...adminConsoleRoutes,
  ...analyticsRoutes,
  ...modelRoutes,
  ...playgroundRoutes,
  ...routingRoutes,
  ...requestLogRoutes,
  ...alertRoutes,
  ...auditRoutes,
  ...guardrailRoutes,
  ...toolRoutes,
];
