import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTRACT_IMPORT_MAX_BYTES,
  CONTRACT_IMPORT_MEDIA_TYPES,
  ContractImportQuerySchema,
  ContractImportRefusedSchema,
  ContractImportReportSchema,
  LOCALE_HEADER,
  CONTRACT_PATHS,
} from '@klik/api';
import { errorMessage, localeFromHeader } from '../../kernel/i18n/server-messages';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { ContractImportService } from './import.service';

/*
 * POST /rest/admin/contracts/import[?dryRun=true]: the file is the raw body (text/csv, the XLSX
 * media type or application/octet-stream; the format is told from the bytes), so the supplier's
 * own systems can send it with one curl call.
 */
export const contractImportRoutes: FastifyPluginAsyncZod<{
  imports: ContractImportService;
  guards: AuthGuards;
}> = async (app, { imports, guards }) => {
  app.addContentTypeParser(
    [CONTRACT_IMPORT_MEDIA_TYPES.csv, CONTRACT_IMPORT_MEDIA_TYPES.xlsx, 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: CONTRACT_IMPORT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    CONTRACT_PATHS.import,
    {
      preHandler: guards.requirePermission('contracts.import'),
      bodyLimit: CONTRACT_IMPORT_MAX_BYTES,
      schema: {
        tags: ['administration'],
        security: [{ session: [] }],
        summary:
          'Import contracts and volumes from CSV or XLSX: dryRun=true answers what would change; otherwise all or nothing',
        querystring: ContractImportQuerySchema,
        response: { 200: ContractImportReportSchema, 422: ContractImportRefusedSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const bytes = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
      const report = await imports.run(sessionOf(request), bytes, request.query.dryRun, request.ip);
      if (report.dryRun || report.imported) return report;
      const locale = localeFromHeader(request.headers[LOCALE_HEADER]);
      return reply.status(422).send({
        code: 'VALIDATION_FAILED',
        message: errorMessage(locale, 'VALIDATION_FAILED'),
        report,
      });
    },
  );
};
