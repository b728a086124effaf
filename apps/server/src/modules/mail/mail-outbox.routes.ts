import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MailOutboxPageSchema, MailOutboxQuerySchema, MAIL_PATHS } from '@klik/api';
import type { Db } from '../../db/database';
import type { AuthGuards } from '../../kernel/auth/auth-guards';
import { listMailJobs } from './mail-jobs.repository';

/** Administrators see every notification e-mail and its state (docs/notifications.md). */
export const mailOutboxRoutes: FastifyPluginAsyncZod<{ db: Db; guards: AuthGuards }> = async (
  app,
  { db, guards },
) => {
  app.get(
    MAIL_PATHS.outbox,
    {
      preHandler: guards.requirePermission('mailOutbox.read'),
      schema: {
        tags: ['admin'],
        security: [{ session: [] }],
        summary:
          'The notification e-mails, newest first: waiting, sent, failed, or kept by the development outbox',
        querystring: MailOutboxQuerySchema,
        response: { 200: MailOutboxPageSchema },
      },
    },
    async (request) => listMailJobs(db, request.query),
  );
};
