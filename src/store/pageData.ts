import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { withParams } from '../../contract/apiPaths';
import type { FirstQuery } from '../../contract/firstQueries';

/**
 * The answers to the page's first queries that the server put in index.html (server/lib/pageData.ts; which queries:
 * contract/firstQueries.ts). `loadPageData` runs those queries once, before the first render, with the base query
 * answering them from the page instead of the network (takePageAnswer), so each goes through its endpoint as usual
 * (transformResponse, tags) and the page renders with its data at once. They describe the moment the page was
 * served: each answer is used once, by the endpoint it names, and every later query asks the API. An answer for an
 * endpoint a later chunk adds to the slice (injectEndpoints: the Tools section's) waits for its first query, for
 * LATE_ANSWER_MS at most.
 */
interface PageAnswer extends FirstQuery {
  body: unknown;
}

const ELEMENT_ID = 'page-data';

/**
 * The page's answers by path, each used once and only by the endpoint it names. What no query took when the page
 * loaded (an endpoint a later chunk injects) waits LATE_ANSWER_MS for its first query, then is dropped.
 */
const answers = new Map<string, PageAnswer>();
const LATE_ANSWER_MS = 10_000;

function isAnswer(value: unknown): value is PageAnswer {
  const answer = value as Partial<PageAnswer> | null;
  return typeof answer?.endpoint === 'string' && typeof answer.path === 'string' && 'body' in answer;
}

/** The answers in the page, once (the element is removed). Malformed content gives none. */
function takeAnswers(): PageAnswer[] {
  const node = document.getElementById(ELEMENT_ID);
  node?.remove();
  if (!node?.textContent) return [];
  try {
    const queries = (JSON.parse(node.textContent) as { queries?: unknown }).queries;
    return Array.isArray(queries) ? queries.filter(isAnswer) : [];
  } catch {
    return [];
  }
}

/**
 * For the base query: the page's answer to GET `url` with `params`, if one is waiting; each is used once. Every GET
 * asks, so the path is only built while answers wait (the first load, and LATE_ANSWER_MS after it).
 */
export function takePageAnswer(
  url: string,
  params: Record<string, string | number | boolean | undefined> = {},
  endpoint?: string,
) {
  const answer = answers.size > 0 ? answers.get(withParams(url, params)) : undefined;
  if (answer?.endpoint !== endpoint || !answer) return null;
  answers.delete(answer.path);
  return answer;
}

type StartQuery = (arg: unknown, options: { subscribe: boolean }) => UnknownAction;

/** A query endpoint's initiate (a mutation's takes other options and must never run from here). */
function queryInitiate(endpoints: Record<string, object>, name: string): StartQuery | null {
  const endpoint = Object.hasOwn(endpoints, name) ? (endpoints[name] as { initiate?: unknown }) : null;
  return endpoint && 'useQuery' in endpoint && typeof endpoint.initiate === 'function'
    ? (endpoint.initiate as StartQuery)
    : null;
}

/**
 * Runs the page's first queries from its answers, for the cache. Unsubscribed: a page that mounts uses them, and an
 * entry nobody uses is dropped after the endpoint's keepUnusedDataFor like any other.
 */
export async function loadPageData(
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>,
  endpoints: Record<string, object>,
): Promise<void> {
  const taken = takeAnswers();
  if (taken.length === 0) return;
  for (const answer of taken) answers.set(answer.path, answer);
  await Promise.all(
    taken.map((answer) => {
      const initiate = queryInitiate(endpoints, answer.endpoint);
      return initiate ? dispatch(initiate(answer.arg, { subscribe: false })) : undefined;
    }),
  );
  setTimeout(() => answers.clear(), LATE_ANSWER_MS);
}
