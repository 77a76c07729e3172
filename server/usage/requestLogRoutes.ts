import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { csvFileName, sendCsv } from '../lib/csvStream';
import { notFound } from '../lib/errors';
import { requestLogBatches, requestLogEntry, requestLogKeys, requestLogPage } from './requestLog';
import { requireTeam } from '../teams/teams';
import { IdParams, errors } from '../../contract/schemas/common';
import {
  REQUEST_LOG_CSV_COLUMNS,
  RequestLogDetail,
  RequestLogKey,
  RequestLogPage,
  RequestLogQuery,
} from '../../contract/schemas/requestLog';
import { REQUEST_LOG_CSV_PATH, REQUEST_LOG_KEYS_PATH, REQUEST_LOG_PATH } from '../../contract/apiPaths';

/** Rows per statement of the export: big enough to amortise a round trip, small enough to keep memory flat. */
export const CSV_BATCH_ROWS = 5_000;

/** The export takes the page's filters and sort, but no cursor or limit: it is always the whole result. */
const RequestLogExportQuery = Type.Omit(RequestLogQuery, ['cursor', 'limit']);

/** The team's request log (docs/governance.md#request-log): any member of the team sees all of it. */
export function requestLogRoutes(app: FastifyInstance, { db, guards }: Deps) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const auth = { onRequest: guards.authenticate };

  api.get(
    REQUEST_LOG_PATH,
    { ...auth, schema: { querystring: RequestLogQuery, response: { 200: RequestLogPage, ...errors(400, 401, 404) } } },
    async (request) => requestLogPage(db, requireTeam(request.membership).teamId, request.query),
  );

  api.get(
    REQUEST_LOG_KEYS_PATH,
    { ...auth, schema: { response: { 200: Type.Array(RequestLogKey), ...errors(401, 404) } } },
    async (request) => requestLogKeys(db, requireTeam(request.membership).teamId),
  );

  api.get(
    `${REQUEST_LOG_PATH}/:id`,
    { ...auth, schema: { params: IdParams, response: { 200: RequestLogDetail, ...errors(401, 404) } } },
    async (request) => {
      const entry = await requestLogEntry(db, requireTeam(request.membership).teamId, request.params.id);
      if (!entry) throw notFound('Request not found');
      return entry;
    },
  );

  api.get(
    REQUEST_LOG_CSV_PATH,
    {
      ...auth,
      schema: {
        querystring: RequestLogExportQuery,
        response: {
          200: Type.Unsafe<Readable>({ type: 'string', description: 'text/csv, RFC 4180, streamed' }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const { teamId } = requireTeam(request.membership);
      const { query } = request;
      return sendCsv(
        reply,
        csvFileName('requests', query),
        REQUEST_LOG_CSV_COLUMNS,
        requestLogBatches(db, teamId, query, CSV_BATCH_ROWS),
      );
    },
  );
}
