import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ClickCounterSchema,
  ClickExportQuerySchema,
  ClickFilterQuerySchema,
  ClickListSchema,
  CustomerParamsSchema,
  ResultsSchema,
  CLICK_PATHS,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import { clicksCsv, clicksXlsx } from './click-export';
import type { ClicksService } from './clicks.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const clicksRoutes: FastifyPluginAsyncZod<{
  clicks: ClicksService;
  guards: AuthGuards;
  /** The day in an export's file name. */
  now: () => Date;
}> = async (app, { clicks, guards, now }) => {
  const common = { tags: ['clicks'], security: [{ session: [] }] };

  app.get(
    CLICK_PATHS.list,
    {
      preHandler: guards.requireAuth,
      config: { apiScope: 'clicks:read' },
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
    CLICK_PATHS.export,
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
    CLICK_PATHS.counter,
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
    CLICK_PATHS.results,
    {
      preHandler: guards.requireAuth,
      config: { apiScope: 'clicks:read' },
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
