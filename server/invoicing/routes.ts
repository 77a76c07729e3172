import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Deps } from '../deps';
import { buyerOf, getBillingDetails, saveBillingDetails } from './billingDetails';
import { findDocument, sellerOf } from './documents';
import type * as InvoicePdf from './pdf/invoicePdf';
import type * as StatementPdf from './pdf/statementPdf';
import { buildStatement } from './statement';
import { forbidden, notFound } from '../lib/errors';
import { auditContext } from '../plugins/auth';
import { errors } from '../../contract/schemas/common';
import { TeamParams } from '../../contract/schemas/billing';
import {
  BillingDetails,
  BillingDetailsBody,
  DocumentParams,
  StatementParams,
} from '../../contract/schemas/billingDetails';

/**
 * The PDF renderers, loaded with the first document asked for rather than at every start: pdfkit and fontkit took a
 * fifth of a second of each (docs/testing.md, "The server suite"), and most starts never render one.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const invoicePdf = () => require('./pdf/invoicePdf') as typeof InvoicePdf;
const statementPdf = () => require('./pdf/statementPdf') as typeof StatementPdf;
/* eslint-enable @typescript-eslint/no-require-imports */

/** A PDF answer, saved under `filename` by the browser. */
function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

const Pdf = Type.Unsafe<Buffer>({ type: 'string', description: 'application/pdf' });

/** The team's billing details, its invoices and credit notes, and its monthly statements (docs/payments.md#invoices). */
export function invoicingRoutes(app: FastifyInstance, deps: Deps) {
  const { db, guards, config } = deps;
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const member = { onRequest: guards.requireTeamAccess };

  api.get(
    '/v1/teams/:teamId/billing-details',
    { ...member, schema: { params: TeamParams, response: { 200: BillingDetails, ...errors(401, 403) } } },
    async (request) => getBillingDetails(db, request.params.teamId),
  );

  api.put(
    '/v1/teams/:teamId/billing-details',
    {
      ...member,
      schema: {
        params: TeamParams,
        body: BillingDetailsBody,
        response: { 200: BillingDetails, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      if (request.membership?.role !== 'owner') throw forbidden('Only the team owner can change the billing details');
      const { legal_name, address, tax_id = '' } = request.body;
      return saveBillingDetails(db, request.params.teamId, auditContext(request), { legal_name, address, tax_id });
    },
  );

  api.get(
    '/v1/teams/:teamId/documents/:number/pdf',
    { ...member, schema: { params: DocumentParams, response: { 200: Pdf, ...errors(400, 401, 403, 404) } } },
    async (request, reply) => {
      const document = await findDocument(db, request.params.teamId, request.params.number);
      if (!document) throw notFound('No invoice or credit note of this team has that number');
      return sendPdf(reply, `${document.number}.pdf`, await invoicePdf().renderDocumentPdf(document));
    },
  );

  api.get(
    '/v1/teams/:teamId/statements/:month/pdf',
    { ...member, schema: { params: StatementParams, response: { 200: Pdf, ...errors(400, 401, 403) } } },
    async (request, reply) => {
      const { teamId, month } = request.params;
      const now = new Date();
      const statement = await buildStatement(db, teamId, month, now);
      const pdf = await statementPdf().renderStatementPdf(
        statement,
        sellerOf(config.operator),
        await buyerOf(db, teamId),
        now,
      );
      return sendPdf(reply, `statement-${month}.pdf`, pdf);
    },
  );
}
