import { http, HttpResponse } from 'msw';
import { server } from '../support/server';
import { makeConnectedStore } from '../support/store';
import { api } from '../../src/store/api';

const ME_URL = 'http://localhost/v1/auth/me';
const TEAM_URL = 'http://localhost/v1/teams/';

function captureRequest(url: string) {
  const captured: { request?: Request } = {};
  server.use(
    http.get(url, ({ request }) => {
      captured.request = request;
      return HttpResponse.json({ id: 'u1', login: 'alice', name: 'Alice', email: 'a@example.com', is_admin: false });
    }),
  );
  return captured;
}

describe('base query', () => {
  it('sends cookies, a JSON content type, and the bearer token from the jwt cookie', async () => {
    const captured = captureRequest(ME_URL);
    document.cookie = 'jwt=header.payload.signature; path=/';
    await makeConnectedStore().dispatch(api.endpoints.getMe.initiate());
    expect(captured.request?.headers.get('authorization')).toBe('Bearer header.payload.signature');
    expect(captured.request?.headers.get('content-type')).toBe('application/json');
    expect(captured.request?.credentials).toBe('include');
  });

  it('sends no Authorization header without a jwt cookie', async () => {
    const captured = captureRequest(ME_URL);
    await makeConnectedStore().dispatch(api.endpoints.getMe.initiate());
    expect(captured.request?.headers.has('authorization')).toBe(false);
  });

  it.each([
    [
      'a JSON error body',
      HttpResponse.json({ code: 'CONFLICT', message: 'Already in a team' }, { status: 409 }),
      'Already in a team',
    ],
    ['a plain text body', new HttpResponse('Bad gateway upstream', { status: 502 }), 'Bad gateway upstream'],
    ['an empty body', new HttpResponse(null, { status: 500 }), 'HTTP error! status: 500'],
  ])('turns a failure with %s into an error carrying its text', async (_case, response, message) => {
    server.use(http.get(TEAM_URL, () => response));
    const result = await makeConnectedStore().dispatch(api.endpoints.getTeam.initiate());
    expect(result.error).toMatchObject({ status: response.status, message });
  });
});

describe('the auth rule', () => {
  it('leaves a failed status check (/auth/me) to the route loaders', async () => {
    server.use(http.get(ME_URL, () => HttpResponse.json({ code: 'NO_TOKEN', message: 'Sign in' }, { status: 401 })));
    const store = makeConnectedStore();
    await store.dispatch(api.endpoints.getMe.initiate());
    expect(store.getState().session.ended).toBe(false);
  });

  it.each([
    [401, { code: 'TOKEN_EXPIRED', message: 'Session expired' }],
    [401, { code: 'NO_TOKEN', message: 'Sign in' }],
    [401, { code: 'INVALID_TOKEN', message: 'Bad token' }],
    [403, { code: 'TOKEN_EXPIRED', message: 'Session expired' }],
    [403, { code: 'INVALID_TOKEN', message: 'Bad token' }],
  ])('%p with %p ends the session', async (status, body) => {
    server.use(http.get(TEAM_URL, () => HttpResponse.json(body, { status })));
    const store = makeConnectedStore();
    await store.dispatch(api.endpoints.getTeam.initiate());
    expect(store.getState().session.ended).toBe(true);
  });

  it.each([401, 403])('%p with an unreadable body ends the session', async (status) => {
    server.use(http.get(TEAM_URL, () => new HttpResponse('<html>proxy login</html>', { status })));
    const store = makeConnectedStore();
    await store.dispatch(api.endpoints.getTeam.initiate());
    expect(store.getState().session.ended).toBe(true);
  });

  it.each([
    [403, { code: 'FORBIDDEN', message: 'Only the team owner can do that' }],
    [404, { code: 'NO_TEAM', message: 'No team' }],
    [500, { code: 'INTERNAL_ERROR', message: 'Internal error' }],
  ])('%p with %p leaves the session alone', async (status, body) => {
    server.use(http.get(TEAM_URL, () => HttpResponse.json(body, { status })));
    const store = makeConnectedStore();
    await store.dispatch(api.endpoints.getTeam.initiate());
    expect(store.getState().session.ended).toBe(false);
  });
});
