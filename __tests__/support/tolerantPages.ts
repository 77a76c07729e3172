// The tolerant reader's page tests (docs/api-contract.md, "Fields beyond the spec"), one file per kind of answer and
// group of pages so that each file stays well inside its time budget (docs/testing.md, "Test times").
import { screen } from '@testing-library/react';
import { PAGE_ROUTES } from '../../contract/routes';
import { optionalPaths, specOnly, withoutPath } from '../../contract/schemas/extension';
import { fakeDb, seededRandom } from './fakeBackend';
import { ACME_TEAM_ID } from './fakeBackend/seed';
import { pageSettled, trackInFlight } from './pageSettled';
import { releasePath, RELEASE, serveRelease } from './releaseAnswers';
import { renderRoute } from './render';

/** Each signed-in page at a path that shows it, with who sees it: an administrator on /admin, alice elsewhere. */
const SIGNED_IN_PAGES = PAGE_ROUTES.filter((route) => route.loader === 'requireUser').map((route) => ({
  path: route.path === '*' ? '/no-such-page' : route.path.replace(':teamId', ACME_TEAM_ID),
  login: route.path.startsWith('/admin') ? 'admin' : 'alice',
}));
export type PageGroup = 'team' | 'admin';
const pagesOf = (group: PageGroup) =>
  SIGNED_IN_PAGES.filter(({ login }) => (group === 'admin') === (login === 'admin'));

/** What a page, or a part of one, shows when it failed to render (RouteErrorPage, WidgetBoundary). */
const CRASHED = /Something went wrong|could not be shown/;

/** Renders the app at `path` signed in as `login` and waits until every answer it asked for has been rendered. */
export async function renderSettled(path: string, login: string) {
  fakeDb.signInAs(login);
  const inFlight = trackInFlight();
  const view = renderRoute(path);
  await pageSettled(inFlight);
  return view;
}

function expectNoCrash(detail = '') {
  const crashed = screen.queryByText(CRASHED);
  if (crashed) throw new Error(`${crashed.textContent}${detail}`);
  expect(screen.getByRole('heading', { level: 1 })).not.toHaveTextContent('Something went wrong');
}

/** Every page of the group from answers that hold only the fields the product spec names. */
export function testSpecFieldsOnly(group: PageGroup) {
  describe(`the ${group} pages from answers of the spec fields alone`, () => {
    it.each(pagesOf(group))('$path ($login)', async ({ path, login }) => {
      fakeDb.answerShaper = (_route, schema, body) => specOnly(schema, body);
      await renderSettled(path, login);
      expectNoCrash();
    });
  });
}

/**
 * Property: for any page and any answer it reads, taking out any one optional field the answer holds crashes nothing.
 * Each case drops, from every answer the page reads, one optional field chosen by its seed; PROPERTY_RUNS (default 1)
 * seeds per page; a failure names the seed and the fields.
 */
export function testOptionalFieldsMissing(group: PageGroup) {
  const runs = Number(process.env.PROPERTY_RUNS ?? 1);
  const pages = pagesOf(group);
  const offset = group === 'admin' ? 1000 : 0;
  const cases = pages.flatMap((page, index) =>
    Array.from({ length: runs }, (_, run) => ({ ...page, seed: offset + index + 1 + run * pages.length })),
  );
  describe(`the ${group} pages with any one optional field missing from each answer`, () => {
    it.each(cases)('$path ($login), seed $seed', async ({ path, login, seed }) => {
      const next = seededRandom(seed);
      const dropped = new Map<string, string>();
      fakeDb.answerShaper = (route, schema, body) => {
        const paths = optionalPaths(schema, body);
        if (paths.length === 0) return body;
        const target = paths[Math.floor(next() * paths.length)];
        dropped.set(route, target.join('.'));
        return withoutPath(body, target);
      };
      await renderSettled(path, login);
      expectNoCrash(` (seed ${seed}, without ${[...dropped].map(([route, field]) => `${route} ${field}`).join('; ')})`);
    });
  });
}

/** Every page of the group against the previous release's recorded answers (./releaseAnswers.ts). */
export function testPreviousRelease(group: PageGroup) {
  describe(`the ${group} pages against the previous release (${RELEASE.commit.slice(0, 7)})`, () => {
    it.each(pagesOf(group))('$path ($login)', async ({ path, login }) => {
      serveRelease(login);
      await renderSettled(releasePath(path), login);
      expectNoCrash();
    });
  });
}
