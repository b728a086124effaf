import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DevMailQuerySchema, DevMailSchema, MAIL_PATHS } from '@klik/api';
import type { DevMailOutbox } from './mail-sender';

/** Development and browser tests only (MAIL_DEV_OUTBOX, refused with NODE_ENV=production). */
export const devMailRoutes: FastifyPluginAsyncZod<{ outbox: DevMailOutbox }> = async (
  app,
  { outbox },
) => {
  app.get(
    MAIL_PATHS.devOutbox,
    {
      schema: {
        tags: ['development'],
        summary: 'Development only: the e-mails the development outbox kept, newest last',
        querystring: DevMailQuerySchema,
        response: { 200: z.array(DevMailSchema) },
      },
    },
    async (request) => outbox.outbox(request.query.to),
  );
};
