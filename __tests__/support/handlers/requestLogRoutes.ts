// The request log (docs/governance.md#request-log): the page with its filters, sort and keyset cursor, one entry, and
// the CSV export, over fakeDb.state.requests, as server/usage/requestLogRoutes.ts answers them.
import { HttpResponse } from 'msw';
import { fakeDb } from '../fakeBackend';
import type { FakeRequest } from '../fakeBackend/state';
import { json, notFound, ownTeam, queryInt, route, validationError } from './http';
import {
  REQUEST_LOG_CSV_COLUMNS,
  REQUEST_LOG_DEFAULT_PAGE,
  REQUEST_LOG_MAX_PAGE,
  REQUEST_LOG_SORT_FIELDS,
  REQUEST_STATUSES,
  type RequestLogDetail,
  type RequestLogEntry,
  type RequestLogSortField,
} from '../../../contract/schemas/requestLog';
import { REQUEST_LOG_CSV_PATH, REQUEST_LOG_KEYS_PATH, REQUEST_LOG_PATH } from '../../../contract/apiPaths';

const CURSOR_ERROR = 'cursor is not one this server gave';

function isoParam(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  const time = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(time)) {
    throw validationError(`${name} must be an ISO 8601 date and time.`);
  }
  return time;
}

function oneOf<T extends string>(query: URLSearchParams, name: string, values: readonly T[], message: string) {
  const value = query.get(name);
  if (value === null) return undefined;
  const found = values.find((candidate) => candidate === value);
  if (!found) throw validationError(message);
  return found;
}

/** The rows of the signed-in user's team that pass the filters (the seed's ids are names, not the server's UUIDs). */
function filtered(query: URLSearchParams): FakeRequest[] {
  const { team } = ownTeam();
  const from = isoParam(query, 'from');
  const to = isoParam(query, 'to');
  const keyId = query.get('api_key_id');
  const userId = query.get('user_id');
  const model = query.get('model');
  if (model !== null && (model.length < 1 || model.length > 200)) {
    throw validationError('model must be 1-200 characters');
  }
  const status = oneOf(query, 'status', REQUEST_STATUSES, `status must be one of ${REQUEST_STATUSES.join(', ')}`);
  const requestId = query.get('request_id');
  if (requestId !== null && (requestId.length < 1 || requestId.length > 200)) {
    throw validationError('request_id must be 1-200 characters');
  }
  const minCost = query.get('min_cost_cents');
  if (minCost !== null && !/^\d+$/.test(minCost)) {
    throw validationError('min_cost_cents must be a whole number of cents from 0');
  }
  return fakeDb.state.requests.filter((row) => {
    const time = Date.parse(row.created_at);
    return (
      row.team_id === team.id &&
      (from === undefined || time >= from) &&
      (to === undefined || time < to) &&
      (keyId === null || row.api_key_id === keyId) &&
      (userId === null || row.user_id === userId) &&
      (model === null || row.model === model) &&
      (status === undefined || row.status === status) &&
      (minCost === null || row.cost_cents >= Number(minCost)) &&
      (requestId === null || row.request_id === requestId.trim())
    );
  });
}

const sortValue = (row: RequestLogEntry, sort: RequestLogSortField): number =>
  sort === 'created_at'
    ? Date.parse(row.created_at)
    : sort === 'total_tokens'
      ? row.prompt_tokens + row.completion_tokens
      : row[sort];

interface Cursor {
  sort: RequestLogSortField;
  order: 'asc' | 'desc';
  value: number;
  id: string;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string, sort: RequestLogSortField, order: 'asc' | 'desc'): Cursor {
  let cursor: Partial<Cursor>;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString()) as Partial<Cursor>;
  } catch {
    throw validationError(CURSOR_ERROR);
  }
  if (cursor.sort !== sort || cursor.order !== order || typeof cursor.value !== 'number' || !cursor.id) {
    throw validationError(CURSOR_ERROR);
  }
  return cursor as Cursor;
}

/** Sorted by the sort field, then by id in the same direction: a total order, so a keyset page is exact. */
function sorted(rows: FakeRequest[], sort: RequestLogSortField, order: 'asc' | 'desc'): FakeRequest[] {
  const sign = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * (sortValue(a, sort) - sortValue(b, sort) || a.id.localeCompare(b.id)));
}

/** A row of a page: never a tool call's content, which only the entry's own route gives (wireEntry). */
const wire = ({ team_id: _team, tool_content: _content, ...entry }: FakeRequest): RequestLogEntry => entry;
const wireEntry = ({ team_id: _team, tool_content = null, ...entry }: FakeRequest): RequestLogDetail => ({
  ...entry,
  tool_content,
});

const getPage = route('get', REQUEST_LOG_PATH, ({ query }) => {
  const sort =
    oneOf(query, 'sort', REQUEST_LOG_SORT_FIELDS, `sort must be one of ${REQUEST_LOG_SORT_FIELDS.join(', ')}`) ??
    'created_at';
  const order = oneOf(query, 'order', ['asc', 'desc'] as const, 'order must be asc or desc') ?? 'desc';
  const limit = query.has('limit')
    ? queryInt(query, 'limit', REQUEST_LOG_DEFAULT_PAGE, 1, REQUEST_LOG_MAX_PAGE)
    : REQUEST_LOG_DEFAULT_PAGE;
  const cursorText = query.get('cursor');
  const cursor = cursorText === null ? null : decodeCursor(cursorText, sort, order);
  const sign = order === 'asc' ? 1 : -1;
  const rows = sorted(filtered(query), sort, order).filter(
    (row) => !cursor || sign * (sortValue(row, sort) - cursor.value || row.id.localeCompare(cursor.id)) > 0,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return json({
    rows: page.map(wire),
    next_cursor:
      rows.length > limit && last ? encodeCursor({ sort, order, value: sortValue(last, sort), id: last.id }) : null,
  });
});

/** Like usage/requestLog.ts requestLogKeys: the live keys newest first, then the revoked ones. */
const getKeys = route('get', REQUEST_LOG_KEYS_PATH, () => {
  const { team } = ownTeam();
  const live = fakeDb.state.apiKeys
    .filter((key) => key.team_id === team.id)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map(({ id, name, key_prefix, is_active }) => ({ id, name, key_prefix, is_active, revoked_at: null }));
  const revoked = fakeDb.state.revokedKeys
    .filter((key) => key.team_id === team.id)
    .map(({ team_id: _team, ...key }) => key);
  return json([...live, ...revoked]);
});

const getEntry = route('get', `${REQUEST_LOG_PATH}/:id`, ({ params }) => {
  const { team } = ownTeam();
  const row = fakeDb.state.requests.find((request) => request.id === params.id && request.team_id === team.id);
  if (!row) throw notFound('Request not found');
  return json(wireEntry(row));
});

const csvCell = (value: unknown): string => {
  const text = value === null || value === undefined ? '' : String(value);
  const guarded = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
};

const getCsv = route('get', REQUEST_LOG_CSV_PATH, ({ query }) => {
  const rows = sorted(filtered(query), 'created_at', 'desc');
  const lines = [
    REQUEST_LOG_CSV_COLUMNS.join(','),
    ...rows.map((row) => REQUEST_LOG_CSV_COLUMNS.map((column) => csvCell(row[column])).join(',')),
  ];
  return new HttpResponse(`${lines.join('\r\n')}\r\n`, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="requests.csv"',
    },
  });
});

// The key list before the entry: its path would otherwise read as the entry whose id is 'keys'.
export const requestLogRoutes = [getCsv, getPage, getKeys, getEntry];
