import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_PATHS,
  AuditFilterQuerySchema,
  AuditIntegritySchema,
  AuditPageSchema,
  AuditQuerySchema,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { AuditLogService } from './audit.service';

const common = { tags: ['administration'], security: [{ session: [] }] };

export const auditRoutes: FastifyPluginAsyncZod<{
  audit: AuditLogService;
  guards: AuthGuards;
  now: () => Date;
}> = async (app, { audit, guards, now }) => {
  app.get(
    ADMIN_PATHS.audit,
    {
      preHandler: guards.requirePermission('audit.read'),
      schema: {
        ...common,
        summary: 'The audit log, filtered by actor, customer, action, outcome and period, paged',
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema },
      },
    },
    async (request) => audit.list(sessionOf(request), request.query),
  );

  app.get(
    ADMIN_PATHS.auditExport,
    {
      preHandler: guards.requirePermission('audit.read'),
      schema: {
        ...common,
        summary: 'The filtered audit log as CSV (RFC 4180), newest first, at most 10 000 rows',
        querystring: AuditFilterQuerySchema,
      },
    },
    async (request, reply) => {
      const csv = await audit.exportCsv(sessionOf(request), request.query, request.ip);
      const day = now().toISOString().slice(0, 10);
      reply.header('content-disposition', `attachment; filename="klik-audit-${day}.csv"`);
      return reply.type('text/csv; charset=utf-8').send(csv);
    },
  );

  app.get(
    ADMIN_PATHS.auditIntegrity,
    {
      preHandler: guards.requirePermission('audit.verify'),
      schema: {
        ...common,
        summary:
          'The hash chains of the audit log and the click ledger: per stream how far intact, where broken',
        response: { 200: AuditIntegritySchema },
      },
    },
    async () => audit.integrity(),
  );
};
