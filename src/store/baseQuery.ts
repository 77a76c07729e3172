import { fetchBaseQuery, type BaseQueryFn, type FetchArgs } from '@reduxjs/toolkit/query/react';
import { apiBaseUrl } from '../config';
import { applyAuthHeaders } from './authHeaders';
import { isSessionError, toApiError, type ApiError } from '../lib/apiError';
import { sessionEnded } from '../slices/sessionSlice';
import { takePageAnswer } from './pageData';

// The body is read as text so a failure can carry it verbatim (docs/rules.md#sessions-and-sign-in); successes are
// parsed as JSON when they are.
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) return text;
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const rawBaseQuery = fetchBaseQuery({
  // Resolved per request: the default build talks to its own origin.
  baseUrl: '',
  credentials: 'include',
  responseHandler: readBody,
  prepareHeaders: applyAuthHeaders,
});

export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, ApiError> = async (args, api, extraOptions) => {
  const request = typeof args === 'string' ? { url: args } : args;
  // A first query the server already answered in the page (pageData.ts).
  if ((request.method ?? 'GET').toUpperCase() === 'GET') {
    const answer = takePageAnswer(request.url, request.params, api.endpoint);
    if (answer) return { data: answer.body };
  }
  const result = await rawBaseQuery({ ...request, url: `${apiBaseUrl()}${request.url}` }, api, extraOptions);
  if (!result.error) return { data: result.data, meta: result.meta };

  const { status, data } = result.error;
  if (typeof status !== 'number') {
    const reason = 'error' in result.error ? result.error.error : 'Network error';
    return { error: { status: 0, text: '', message: reason } };
  }
  const error = toApiError(status, typeof data === 'string' ? data : JSON.stringify(data ?? ''));
  // The status check itself (getMe) is answered by the route loaders: a visitor who never signed in is not told
  // that a session ended.
  if (isSessionError(error) && api.endpoint !== 'getMe') api.dispatch(sessionEnded());
  return { error, meta: result.meta };
};
