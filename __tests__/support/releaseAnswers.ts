import { http, HttpResponse } from 'msw';
import answersOfRelease from '../fixtures/previousRelease.json';
import { ACME_TEAM_ID } from './fakeBackend/seed';
import { API_ORIGIN } from './handlers';
import { server } from './server';

type Recorded = Record<string, { status: number; body: unknown }>;
/** The previous release's answers, recorded from its demo server (npm run record:release). */
export const RELEASE = answersOfRelease as { commit: string; answers: Record<string, Recorded> };

/** '/v1/teams/:teamId/credits/balance' as a pattern of whole paths. */
const pathPattern = (route: string) =>
  new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`);

/** Answers every API call as the recorded release answered `login`; a route it did not have answers 404. */
export function serveRelease(login: string) {
  const recorded = Object.entries(RELEASE.answers[login]).map(([route, answer]) => {
    const [method, path] = route.split(' ');
    return { method, pattern: pathPattern(path), answer };
  });
  server.use(
    http.all(`${API_ORIGIN}/v1/*`, ({ request }) => {
      const { pathname } = new URL(request.url);
      const found = recorded.find(({ method, pattern }) => method === request.method && pattern.test(pathname));
      if (found) return HttpResponse.json(found.answer.body as object, { status: found.answer.status });
      return HttpResponse.json(
        { code: 'NOT_FOUND', message: `Route ${request.method}:${pathname} not found` },
        { status: 404 },
      );
    }),
  );
}

/** A page's path with the recorded team's id in place of the fake's (Admin → Teams → a team). */
export const releasePath = (path: string) =>
  path.replace(ACME_TEAM_ID, (RELEASE.answers.alice['GET /v1/teams/'].body as { id: string }).id);
