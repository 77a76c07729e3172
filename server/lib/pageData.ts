import type { FastifyInstance } from 'fastify';
import { firstQueryPlan, type FirstQuery } from '../../contract/firstQueries';

/** One first query of a page with the server's answer, as the page carries it (src/store/pageData.ts reads it). */
export interface PageAnswer extends FirstQuery {
  body: unknown;
}

/**
 * An answer bigger than this is left for the app to fetch: the HTML is not where a long list belongs. No planned query
 * should come near it (contract/firstQueries.ts plans no unbounded list); it is a safety net.
 */
export const MAX_ANSWER_BYTES = 256 * 1024;

/**
 * Runs the first queries of `route` (contract/firstQueries.ts) as the user of `cookie` and returns the answers that
 * succeeded. Each query goes through the API itself (fastify's inject), with the same authentication, checks and
 * rate limit as if the browser had sent it; one that fails is left out, and the app then asks for it and shows the
 * error as usual. Nothing here may stop the page being served: any failure gives no answers.
 */
export async function pageAnswers(
  app: FastifyInstance,
  route: string,
  { cookie, today = new Date() }: { cookie: string; today?: Date },
): Promise<PageAnswer[]> {
  const plan = firstQueryPlan(route);
  if (!plan) return [];
  // Answers are kept in the order the plan asked for them, not the order they came back in (a plan runs its queries
  // side by side), so the same data always makes the same page.
  const answers: (PageAnswer | undefined)[] = [];
  const load = async (query: FirstQuery): Promise<unknown> => {
    const slot = answers.push(undefined) - 1;
    const response = await app.inject({
      method: 'GET',
      url: query.path,
      headers: { cookie, accept: 'application/json' },
    });
    if (response.statusCode !== 200) return null;
    const body: unknown = response.json();
    if (Buffer.byteLength(response.payload) <= MAX_ANSWER_BYTES) answers[slot] = { ...query, body };
    return body;
  };
  try {
    await plan(load, { today });
    return answers.filter((answer): answer is PageAnswer => answer !== undefined);
  } catch (error) {
    app.log.warn({ err: error, route }, 'page data: the first queries failed; the page is served without them');
    return [];
  }
}
