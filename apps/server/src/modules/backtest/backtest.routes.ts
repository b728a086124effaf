import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BACKTEST_PATHS,
  BacktestExportQuerySchema,
  BacktestParamsSchema,
  BacktestQuerySchema,
  BacktestSchema,
  RankingQuerySchema,
  RankingSchema,
} from '@klik/api';
import type { AuthGuards } from '../../kernel/auth/auth-guards';
import { sessionOf } from '../../kernel/auth/auth-guards';
import { backtestCsv, backtestPdf, backtestXlsx } from './backtest-export';
import type { BacktestService } from './backtest.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A contract year replayed with strategies, as data or a file, and the ranking of the customers
 * a user serves (docs/backtest.md); reads only, so nothing is audited (as the risk export).
 */
export const backtestRoutes: FastifyPluginAsyncZod<{
  backtest: BacktestService;
  guards: AuthGuards;
  now: () => Date;
  title: string;
}> = async (app, { backtest, guards, now, title }) => {
  const common = { tags: ['backtest'], security: [{ session: [] }] };

  // Registered before the customer's path so "ranking" is never read as a customer id.
  app.get(
    BACKTEST_PATHS.ranking,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'The customers the user serves ranked by how their clicks did against the market',
        querystring: RankingQuerySchema,
        response: { 200: RankingSchema },
      },
    },
    async (request) => backtest.ranking(sessionOf(request), request.query),
  );

  app.get(
    BACKTEST_PATHS.replay,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: "One contract year's actual clicks and hedge strategies replayed on price history",
        params: BacktestParamsSchema,
        querystring: BacktestQuerySchema,
        response: { 200: BacktestSchema },
      },
    },
    async (request) =>
      backtest.replay(sessionOf(request), request.params.customerId, request.query),
  );

  app.get(
    BACKTEST_PATHS.export,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'The same replay as CSV (RFC 4180), XLSX or a one-page PDF',
        params: BacktestParamsSchema,
        querystring: BacktestExportQuerySchema,
      },
    },
    async (request, reply) => {
      const auth = sessionOf(request);
      const { customerId } = request.params;
      const { format, locale: asked, ...query } = request.query;
      const { backtest: replayed, customerName } = await backtest.replayForExport(
        auth,
        customerId,
        query,
      );
      const locale = asked ?? auth.user.locale;
      const day = now().toISOString().slice(0, 10);
      const name = `klik-backtest-${customerId}-${replayed.contractId}-${replayed.yearOfSupply}-${day}.${format}`;
      reply.header(
        'content-disposition',
        `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`,
      );
      if (format === 'csv') {
        return reply.type('text/csv; charset=utf-8').send(backtestCsv(replayed, locale));
      }
      if (format === 'xlsx') {
        return reply.type(XLSX_TYPE).send(await backtestXlsx(replayed, locale));
      }
      const bytes = await backtestPdf(replayed, { customerName }, locale, title);
      return reply.type('application/pdf').send(Buffer.from(bytes));
    },
  );
};
