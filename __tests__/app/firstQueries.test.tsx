import { screen, waitFor } from '@testing-library/react';
import { fakeDb, type RecordedRequest } from '../support/fakeBackend';
import { renderRoute } from '../support/render';
import { servePageScript } from '../support/pageScript';
import { firstQueryPlan, routesWithFirstQueries, type FirstQuery } from '../../contract/firstQueries';
import { api } from '../../src/store/api';
import type { AppStore } from '../../src/store/store';

// contract/firstQueries.ts names, per route, the queries a page makes on its first render; the server answers them in
// the page (server/lib/pageData.ts) and the app loads the answers before rendering (src/store/pageData.ts). These
// tests hold each plan to what its page really asks for, over the fake backend.

interface Answered extends FirstQuery {
  body: unknown;
}

/** The one GET a page's first render makes that no plan includes: the session check, which the page answers apart. */
const NOT_PLANNED = ['/v1/auth/me'];

/** Runs a route's plan against the fake backend, as the server runs it against the API. */
async function runPlan(route: string): Promise<Answered[]> {
  const answers: Answered[] = [];
  await firstQueryPlan(route)!(
    async (query) => {
      const response = await fetch(`${window.location.origin}${query.path}`, { credentials: 'include' });
      if (!response.ok) return null;
      const body: unknown = await response.json();
      answers.push({ ...query, body });
      return body;
    },
    { today: new Date() },
  );
  return answers;
}

const requestPath = (request: RecordedRequest) => {
  const query = new URLSearchParams(request.query).toString();
  return query ? `${request.path}?${query}` : request.path;
};

const isCached = (store: AppStore, { endpoint, arg }: FirstQuery) => {
  // The API slice joins the store when the first route loads (store.ts).
  if (!('api' in store.getState())) return false;
  const select = (
    api.endpoints as unknown as Record<string, { select: (arg: unknown) => (state: unknown) => { status: string } }>
  )[endpoint].select(arg);
  return select(store.getState()).status === 'fulfilled';
};

const servePageData = (json: string) => servePageScript('page-data', json);

afterEach(() => document.getElementById('page-data')?.remove());

describe.each(routesWithFirstQueries())('the first queries of %s', (route) => {
  it('are exactly the queries the page makes, under the same cache keys and paths', async () => {
    const planned = await runPlan(route);
    expect(planned.length).toBeGreaterThan(0);
    fakeDb.requests = [];

    const { store } = renderRoute(route);
    for (const query of planned) await waitFor(() => expect(isCached(store, query)).toBe(true));
    const requested = fakeDb.requests.filter((request) => request.method === 'GET').map(requestPath);
    expect(requested).toEqual(expect.arrayContaining(planned.map((query) => query.path)));
    const unplanned = requested.filter(
      (path) => !planned.some((query) => query.path === path) && !NOT_PLANNED.some((part) => path.includes(part)),
    );
    expect(unplanned).toEqual([]);
  }, 20_000);

  it('are not requested again when the page carries their answers', async () => {
    const planned = await runPlan(route);
    servePageData(JSON.stringify({ queries: planned }));
    fakeDb.requests = [];

    const { store } = renderRoute(route);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    for (const query of planned) expect(isCached(store, query)).toBe(true);
    const requested = fakeDb.requests.filter((request) => request.method === 'GET').map(requestPath);
    expect(requested.filter((path) => planned.some((query) => query.path === path))).toEqual([]);
    // Used once: the element is gone, so a later load of the app asks the API.
    expect(document.getElementById('page-data')).toBeNull();
  }, 20_000);
});

describe('page data the app cannot use', () => {
  it.each([
    ['not JSON', '{'],
    ['no queries', '{"hello":1}'],
    [
      'a mutation',
      JSON.stringify({ queries: [{ endpoint: 'createApiKey', arg: {}, path: '/v1/api-keys/', body: {} }] }),
    ],
    ['an unknown endpoint', JSON.stringify({ queries: [{ endpoint: 'nope', arg: null, path: '/v1/nope', body: {} }] })],
  ])('is ignored when it is %s, and the page asks the API', async (_case, json) => {
    servePageData(json);
    fakeDb.requests = [];
    renderRoute('/api-keys');
    await waitFor(() => expect(fakeDb.requestsTo('GET', '/v1/api-keys/')).toHaveLength(1));
    expect(fakeDb.requestsTo('POST', '/v1/api-keys')).toHaveLength(0);
  });

  it('answers only the path it was given: a page asking with other arguments goes to the API', async () => {
    const [answer] = await runPlan('/usage-reports');
    servePageData(JSON.stringify({ queries: [{ ...answer, path: `${answer.path}&other=1` }] }));
    fakeDb.requests = [];
    renderRoute('/usage-reports');
    await waitFor(() => expect(fakeDb.requestsTo('GET', '/v1/teams/usage-stats')).toHaveLength(1));
  });
});
