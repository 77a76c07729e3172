// The MSW server every frontend test uses (started in setup.ts). Override a call in one test with
// `server.use(http.get(`${API_ORIGIN}/v1/...`, () => HttpResponse.json(...)))`; setup.ts resets overrides after each test.
import { setupServer } from 'msw/node';
import { handlers } from './handlers';

export const server = setupServer(...handlers);
