import { asJsonRows, readJsonRows } from '../db/jsonRows';
import type { Queryable } from '../db/types';
import { badRequest } from '../lib/errors';
import { iso, isoOrNull } from '../lib/time';
import {
  REQUEST_LOG_DEFAULT_PAGE,
  type RequestLogDetail,
  type RequestLogEntry,
  type RequestLogFilters,
  type RequestLogKey,
  type RequestLogPage,
  type RequestLogQuery,
  type RequestLogSortField,
} from '../../contract/schemas/requestLog';

/**
 * The request log (docs/governance.md#request-log): one query builder for the page, the entry and the CSV export.
 * Every read is a keyset scan "team, filters, in sort order then id" that migration 9's indexes answer without
 * reading the team's other events, so page 1000 costs what page 1 does.
 */

/** The SQL of each sort; total_tokens is the expression its index is built on, spelled identically. */
const SORT_SQL: Record<RequestLogSortField, string> = {
  created_at: 'e.created_at',
  cost_cents: 'e.cost_cents',
  latency_ms: 'e.latency_ms',
  total_tokens: '(e.prompt_tokens + e.completion_tokens)',
};

type Order = 'asc' | 'desc';
interface Sort {
  field: RequestLogSortField;
  order: Order;
}
/** Where the previous page ended: its last row's sort value (timestamps as PostgreSQL text, to the microsecond) and id. */
interface Keyset {
  value: string | number;
  id: number;
}

const BAD_CURSOR = 'cursor is not one this server gave';
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

function encodeCursor(sort: Sort, after: Keyset): string {
  return Buffer.from(JSON.stringify({ s: sort.field, o: sort.order, v: after.value, i: after.id })).toString(
    'base64url',
  );
}

/** The keyset a cursor names, refused (400) when it is not one of ours or was given for another sort. */
function decodeCursor(cursor: string, sort: Sort): Keyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  const { s, o, v, i } = (parsed ?? {}) as Record<string, unknown>;
  if (s !== sort.field || o !== sort.order) throw badRequest(`${BAD_CURSOR} for this sort (start again from page 1)`);
  const validValue =
    sort.field === 'created_at'
      ? typeof v === 'string' && TIMESTAMP_TEXT.test(v)
      : typeof v === 'number' && Number.isSafeInteger(v);
  if (!validValue || typeof i !== 'number' || !Number.isSafeInteger(i) || i < 0) throw badRequest(BAD_CURSOR);
  return { value: v as string | number, id: i };
}

/** A row as read; only the entry's own read has tool_content. */
interface LogRow extends Omit<RequestLogDetail, 'id' | 'status'> {
  id: number;
  status: RequestLogEntry['status'];
  sort_value: string | number;
}

const SELECT = `SELECT e.id, e.created_at, e.api_key_id, k.name AS key_name, k.key_prefix, e.user_id,
         u.name AS user_name, u.email AS user_email, e.endpoint, e.provider, e.model, e.route_name, e.deployment_id,
         e.status, e.error_code, e.error_message, e.prompt_tokens, e.completion_tokens, e.cached_tokens, e.cost_cents,
         e.latency_ms, e.ttft_ms, e.caller_request_id AS request_id, e.cached_from, e.cache_saved_cents,
         e.guardrails, e.batch_id, e.unit, e.units`;
const FROM = `FROM usage_events e LEFT JOIN api_keys k ON k.id = e.api_key_id LEFT JOIN users u ON u.id = e.user_id`;

async function readRows(q: Queryable, sql: string, params: unknown[]): Promise<LogRow[]> {
  return readJsonRows<LogRow>(q, sql, params);
}

/** The filters as SQL conditions with their parameters; the team scope is always the first. */
function whereOf(teamId: string, filters: RequestLogFilters) {
  const params: unknown[] = [teamId];
  const conditions = ['e.team_id = $1'];
  const add = (sql: (placeholder: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (filters.from !== undefined) add((p) => `e.created_at >= ${p}::timestamptz`, filters.from);
  if (filters.to !== undefined) add((p) => `e.created_at < ${p}::timestamptz`, filters.to);
  if (filters.api_key_id !== undefined) add((p) => `e.api_key_id = ${p}::uuid`, filters.api_key_id);
  if (filters.user_id !== undefined) add((p) => `e.user_id = ${p}::uuid`, filters.user_id);
  if (filters.model !== undefined) add((p) => `e.model = ${p}`, filters.model);
  if (filters.status !== undefined) add((p) => `e.status = ${p}`, filters.status);
  if (filters.min_cost_cents !== undefined) add((p) => `e.cost_cents >= ${p}::bigint`, filters.min_cost_cents);
  if (filters.request_id !== undefined) add((p) => `e.caller_request_id = ${p}`, filters.request_id.trim());
  return { params, conditions };
}

/** The SQL text and parameters of one page (`limit` rows at most) after the keyset `after`. */
function pageSql(teamId: string, filters: RequestLogFilters, sort: Sort, after: Keyset | null, limit: number) {
  const { params, conditions } = whereOf(teamId, filters);
  const sortSql = SORT_SQL[sort.field];
  if (after) {
    params.push(after.value, after.id);
    const valueType = sort.field === 'created_at' ? 'timestamptz' : 'bigint';
    const comparison = sort.order === 'desc' ? '<' : '>';
    conditions.push(
      `(${sortSql}, e.id) ${comparison} ($${params.length - 1}::${valueType}, $${params.length}::bigint)`,
    );
  }
  params.push(limit);
  const direction = sort.order === 'desc' ? 'DESC' : 'ASC';
  const sortValue = sort.field === 'created_at' ? 'e.created_at::text' : sortSql;
  return {
    sql: asJsonRows(`${SELECT}, ${sortValue} AS sort_value ${FROM} WHERE ${conditions.join(' AND ')}
          ORDER BY ${sortSql} ${direction}, e.id ${direction} LIMIT $${params.length}`),
    params,
  };
}

function toEntry({ sort_value: _sortValue, id, created_at, tool_content, ...row }: LogRow): RequestLogDetail {
  // A tool call's kept content, only where there is some: an entry is otherwise its row of the page.
  return { ...row, id: String(id), created_at: iso(created_at), ...(tool_content ? { tool_content } : {}) };
}

const sortOf = (query: Pick<RequestLogQuery, 'sort' | 'order'>): Sort => ({
  field: query.sort ?? 'created_at',
  order: query.order ?? 'desc',
});

/** A page fetched with one row more than `limit`: the rows to show, and the keyset after them if there are more. */
function cut(rows: LogRow[], limit: number) {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: rows.length > limit ? { value: last.sort_value, id: last.id } : null };
}

/** The statement of one page exactly as requestLogPage runs it (the benchmark EXPLAINs it), with its sort and size. */
export function pageQuery(teamId: string, query: RequestLogQuery) {
  const sort = sortOf(query);
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor, sort);
  const limit = query.limit ?? REQUEST_LOG_DEFAULT_PAGE;
  // One row past the page says whether there is a next one.
  return { sort, limit, ...pageSql(teamId, query, sort, after, limit + 1) };
}

/** One page of the team's log; `next_cursor` is null on the last page. */
export async function requestLogPage(q: Queryable, teamId: string, query: RequestLogQuery): Promise<RequestLogPage> {
  const { sort, limit, sql, params } = pageQuery(teamId, query);
  const page = cut(await readRows(q, sql, params), limit);
  return { rows: page.rows.map(toEntry), next_cursor: page.next && encodeCursor(sort, page.next) };
}

/** Every key of the team, revoked ones too, the live ones first and newest first (RequestLogKey). */
export async function requestLogKeys(q: Queryable, teamId: string): Promise<RequestLogKey[]> {
  const rows = await q.query<Omit<RequestLogKey, 'revoked_at'> & { revoked_at: Date | null }>(
    `SELECT id, name, key_prefix, is_active, deleted_at AS revoked_at FROM api_keys WHERE team_id = $1
      ORDER BY deleted_at IS NOT NULL, created_at DESC, id`,
    [teamId],
  );
  return rows.map((row) => ({ ...row, revoked_at: isoOrNull(row.revoked_at) }));
}

/** One event of the team's log, or null for an unknown id or another team's event. */
export async function requestLogEntry(q: Queryable, teamId: string, eventId: string): Promise<RequestLogDetail | null> {
  // Anything but a bigint cannot be an event id; refused here so PostgreSQL never sees it.
  if (!/^\d{1,18}$/.test(eventId)) return null;
  // The one read that carries a tool call's kept content (docs/mcp.md#content-capture): pages never do.
  const [row] = await readRows(
    q,
    asJsonRows(`${SELECT}, e.tool_content, NULL AS sort_value ${FROM} WHERE e.team_id = $1 AND e.id = $2`),
    [teamId, eventId],
  );
  return row ? toEntry(row) : null;
}

/**
 * The whole filtered log in the query's order, one keyset batch at a time (the CSV export): each batch is its own
 * short statement, so a long export holds no snapshot or lock open, and the caller stops by not asking for more.
 */
export async function* requestLogBatches(
  q: Queryable,
  teamId: string,
  query: RequestLogFilters & Pick<RequestLogQuery, 'sort' | 'order'>,
  batchSize: number,
): AsyncGenerator<RequestLogEntry[]> {
  const sort = sortOf(query);
  let after: Keyset | null = null;
  do {
    const { sql, params } = pageSql(teamId, query, sort, after, batchSize + 1);
    const page = cut(await readRows(q, sql, params), batchSize);
    if (page.rows.length > 0) yield page.rows.map(toEntry);
    after = page.next;
  } while (after);
}
