import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BACKTEST_PATHS,
  HISTORY_IMPORT_MAX_BYTES,
  HistoryCoverageSchema,
  HistoryImportQuerySchema,
  HistoryImportRefusedSchema,
  HistoryImportReportSchema,
  LOCALE_HEADER,
} from '@klik/api';
import { errorMessage, localeFromHeader } from '../../kernel/i18n/server-messages';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { HistoryService } from './history.service';

/*
 * The price history (docs/backtest.md, "Price history"). POST .../history/import[?dryRun=true]
 * takes the file as the raw body (text/csv or application/octet-stream), so an exchange export can
 * be sent with one curl call; GET .../history answers what is kept.
 */
export const historyRoutes: FastifyPluginAsyncZod<{
  history: HistoryService;
  guards: AuthGuards;
}> = async (app, { history, guards }) => {
  app.addContentTypeParser(
    ['text/csv', 'text/plain', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: HISTORY_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const common = { tags: ['backtest'], security: [{ session: [] }] };

  app.post(
    BACKTEST_PATHS.historyImport,
    {
      preHandler: guards.requirePermission('priceHistory.import'),
      bodyLimit: HISTORY_IMPORT_MAX_BYTES,
      schema: {
        ...common,
        summary:
          'Import daily settlement prices from CSV: dryRun=true answers what would change; otherwise all or nothing',
        querystring: HistoryImportQuerySchema,
        response: { 200: HistoryImportReportSchema, 422: HistoryImportRefusedSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      const report = await history.importCsv(
        sessionOf(request),
        bytes,
        request.query.dryRun,
        request.ip,
      );
      if (report.dryRun || report.imported) return report;
      const locale = localeFromHeader(request.headers[LOCALE_HEADER]);
      return reply.status(422).send({
        code: 'VALIDATION_FAILED',
        message: errorMessage(locale, 'VALIDATION_FAILED'),
        report,
      });
    },
  );

  app.get(
    BACKTEST_PATHS.historyCoverage,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary:
          'What price history is kept: per product, market, year of supply and source the first and last day',
        response: { 200: HistoryCoverageSchema },
      },
    },
    async () => history.coverage(),
  );
};
