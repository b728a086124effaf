import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANNOUNCEMENT_ATTACHMENT_MAX_BYTES,
  AnnouncementPageSchema,
  AnnouncementSchema,
  PageQuerySchema,
  PublishAnnouncementBodySchema,
  NOTIFICATION_PATHS,
} from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { AnnouncementsService } from './announcements.service';

const common = { tags: ['administration'], security: [{ session: [] }] };

// Two files of at most 10 MB each in base64 (4/3 of their size) and the texts.
const BODY_LIMIT = Math.ceil((2 * ANNOUNCEMENT_ATTACHMENT_MAX_BYTES * 4) / 3) + 256 * 1024;

export const announcementsRoutes: FastifyPluginAsyncZod<{
  announcements: AnnouncementsService;
  guards: AuthGuards;
}> = async (app, { announcements, guards }) => {
  app.get(
    NOTIFICATION_PATHS.announcements,
    {
      preHandler: guards.requirePermission('announcements.publish'),
      schema: {
        ...common,
        summary: 'Published announcements, newest first',
        querystring: PageQuerySchema,
        response: { 200: AnnouncementPageSchema },
      },
    },
    async (request) => announcements.list(request.query),
  );

  app.post(
    NOTIFICATION_PATHS.announcements,
    {
      preHandler: guards.requirePermission('announcements.publish'),
      bodyLimit: BODY_LIMIT,
      schema: {
        ...common,
        summary:
          'Publish an announcement (nl and en, a file per language) to every user or chosen customers',
        body: PublishAnnouncementBodySchema,
        response: { 201: AnnouncementSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await announcements.publish(sessionOf(request), request.body, request.ip)),
  );
};
