import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TPI_PATHS,
  TpiCustomerDataSchema,
  TpiExportQuerySchema,
  TpiUserListSchema,
  TpiCustomerParamsSchema,
  TpiPageSchema,
  TpiQuerySchema,
} from '@klik/api';
import type { AuthGuards } from '../../kernel/auth/auth-guards';
import { sessionOf } from '../../kernel/auth/auth-guards';
import { tpiCsv, tpiXlsx } from './tpi-export';
import type { TpiService } from './tpi.service';

// A plain reply: its send takes JSON already written, which the typed reply would refuse.
function sendWritten(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The TPI consultant's data calls (docs/tpi.md); reads only, so nothing is audited. */
export const tpiRoutes: FastifyPluginAsyncZod<{
  tpi: TpiService;
  guards: AuthGuards;
  /** The day in an export's file name. */
  now: () => Date;
}> = async (app, { tpi, guards, now }) => {
  const common = { tags: ['tpi'], security: [{ session: [] }] };

  app.get(
    TPI_PATHS.all,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: "TPI data of the consultant's customers, a page of customers at a time",
        querystring: TpiQuerySchema,
        response: { 200: TpiPageSchema },
      },
    },
    // Sent as written: checking 200 customers' answer against the schema on every request
    // would cost more than computing it (bench/tpi); the tests parse every answer with it.
    async (request, reply) =>
      sendWritten(reply, JSON.stringify(await tpi.page(sessionOf(request), request.query))),
  );

  app.get(
    TPI_PATHS.customer,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'TPI data of one customer of the consultant',
        params: TpiCustomerParamsSchema,
        response: { 200: TpiCustomerDataSchema },
      },
    },
    async (request) => tpi.customer(sessionOf(request), request.params.customerId),
  );

  // A static path: Fastify matches it before /rest/tpi/:customerId.
  app.get(
    TPI_PATHS.export,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary:
          "The cockpit's lines with its filters and order, and each customer's risk figures, as CSV (RFC 4180) or XLSX",
        querystring: TpiExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const { views, risks } = await tpi.cockpit(sessionOf(request), filter);
      const name = `klik-tpi-${now().toISOString().slice(0, 10)}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'csv') {
        return reply.type('text/csv; charset=utf-8').send(tpiCsv(views, risks));
      }
      return reply.type(XLSX_TYPE).send(await tpiXlsx(views, risks));
    },
  );

  app.get(
    TPI_PATHS.users,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'The customer users a TPI consultant may sign in as, by name',
        params: TpiCustomerParamsSchema,
        response: { 200: TpiUserListSchema },
      },
    },
    async (request) => tpi.users(sessionOf(request), request.params.customerId),
  );
};
