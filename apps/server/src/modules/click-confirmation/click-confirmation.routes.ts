import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLICK_CONFIRMATION_PATHS,
  ClickConfirmationParamsSchema,
  ClickConfirmationQuerySchema,
  ClickStatementParamsSchema,
  ClickStatementQuerySchema,
  LOCALE_HEADER,
} from '@klik/api';
import type { Db } from '../../db/database';
import { localeFromHeader } from '../../kernel/i18n/server-messages';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import { confirmationForReader } from './click-confirmation.service';
import { statementForReader } from './click-statement';

/** A document as a download under its own name. */
function sendFile(
  reply: FastifyReply,
  file: { filename: string; contentType: string; bytes: Uint8Array },
): FastifyReply {
  reply.header('content-disposition', `attachment; filename="${file.filename}"`);
  return reply.type(file.contentType).send(Buffer.from(file.bytes));
}

export const clickConfirmationRoutes: FastifyPluginAsyncZod<{
  db: Db;
  guards: AuthGuards;
  /** The portal's title (KLIK_TITLE) at the head of every confirmation. */
  title: string;
  now: () => Date;
}> = async (app, { db, guards, title, now }) => {
  app.get(
    CLICK_CONFIRMATION_PATHS.confirmation,
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['clicks'],
        security: [{ session: [] }],
        summary:
          'The PDF confirmation of a completed click (409 CLICK_NOT_COMPLETED before), in nl or en',
        params: ClickConfirmationParamsSchema,
        querystring: ClickConfirmationQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await confirmationForReader(db, sessionOf(request), {
        ...request.params,
        locale: request.query.locale ?? localeFromHeader(request.headers[LOCALE_HEADER]),
        title,
      });
      return sendFile(reply, file);
    },
  );

  app.get(
    CLICK_CONFIRMATION_PATHS.statement,
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['clicks'],
        security: [{ session: [] }],
        summary:
          "A customer's clicks over a period for an auditor, from the click ledger, with the chain's hash at the period's end (PDF or CSV, nl or en)",
        params: ClickStatementParamsSchema,
        querystring: ClickStatementQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await statementForReader(db, sessionOf(request), {
        customerId: request.params.customerId,
        from: request.query.from,
        to: request.query.to,
        format: request.query.format,
        locale: request.query.locale ?? localeFromHeader(request.headers[LOCALE_HEADER]),
        title,
        now: now(),
      });
      return sendFile(reply, file);
    },
  );
};
