import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLICK_CONFIRMATION_PATHS,
  ClickConfirmationParamsSchema,
  ClickConfirmationQuerySchema,
  LOCALE_HEADER,
} from '@klik/api';
import type { Db } from '../../db/database';
import { localeFromHeader } from '../../kernel/i18n/server-messages';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import { confirmationForReader } from './click-confirmation.service';

export const clickConfirmationRoutes: FastifyPluginAsyncZod<{
  db: Db;
  guards: AuthGuards;
  /** The portal's title (KLIK_TITLE) at the head of every confirmation. */
  title: string;
}> = async (app, { db, guards, title }) => {
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
      reply.header('content-disposition', `attachment; filename="${file.filename}"`);
      return reply.type(file.contentType).send(Buffer.from(file.bytes));
    },
  );
};
