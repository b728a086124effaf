import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClickCounterSchema,
  ClickExportQuerySchema,
  ClickFilterQuerySchema,
  ClickListSchema,
  CLICKS_PATHS,
  CustomerParamsSchema,
  ResultsSchema,
} from '@klik/api';
import type { Db } from '../../db/database';
import { sessionOf, type AuthGuards } from '../auth/auth-guards';
import { clicksCsv, clicksXlsx } from './click-export';
import { ClicksService } from './clicks.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const clicksRoutes: FastifyPluginAsyncZod<{
  db: Db;
  guards: AuthGuards;
  now: () => Date;
}> = async (app, { db, guards, now }) => {
  const clicks = new ClicksService({ db, now });
  const common = { tags: ['clicks'], security: [{ session: [] }] };

  app.get(
    CLICKS_PATHS.listPattern,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Every click of a customer, newest first, with optional filters',
        params: CustomerParamsSchema,
        querystring: ClickFilterQuerySchema,
        response: { 200: ClickListSchema },
      },
    },
    async (request) => ({
      data: await clicks.history(sessionOf(request), request.params.customerId, request.query),
    }),
  );

  app.get(
    CLICKS_PATHS.exportPattern,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: "The click overview's rows as CSV (RFC 4180) or XLSX, one row per click part",
        params: CustomerParamsSchema,
        querystring: ClickExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      const rows = await clicks.history(sessionOf(request), request.params.customerId, filter);
      const day = now().toISOString().slice(0, 10);
      const name = `klik-clicks-${request.params.customerId}-${day}.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (format === 'csv') {
        return reply.type('text/csv; charset=utf-8').send(clicksCsv(rows));
      }
      return reply.type(XLSX_TYPE).send(await clicksXlsx(rows));
    },
  );

  app.get(
    CLICKS_PATHS.counterPattern,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Clicks used and left per contract and year, where the contract limits them',
        params: CustomerParamsSchema,
        response: { 200: ClickCounterSchema },
      },
    },
    async (request) => ({
      data: await clicks.counter(sessionOf(request), request.params.customerId),
    }),
  );

  app.get(
    CLICKS_PATHS.resultsPattern,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Per contract and year: share fixed, weighted average click price, fixes, market',
        params: CustomerParamsSchema,
        response: { 200: ResultsSchema },
      },
    },
    async (request) => ({
      data: await clicks.results(sessionOf(request), request.params.customerId),
    }),
  );
};
