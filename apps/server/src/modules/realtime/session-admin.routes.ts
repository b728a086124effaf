import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActiveSessionsSchema, SessionIdParamsSchema, REALTIME_PATHS } from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { SessionAdminService } from './session-admin.service';

export interface SessionAdminRoutesOptions {
  sessions: SessionAdminService;
  guards: AuthGuards;
}

/** The monitor screen's list of sessions, and ending one by an administrator. */
export const sessionAdminRoutes: FastifyPluginAsyncZod<SessionAdminRoutesOptions> = async (
  app,
  { sessions, guards },
) => {
  app.get(
    REALTIME_PATHS.sessions,
    {
      preHandler: guards.requirePermission('monitor.read'),
      schema: {
        tags: ['monitor'],
        summary: 'Active sessions (admin and account manager)',
        security: [{ session: [] }],
        response: { 200: ActiveSessionsSchema },
      },
    },
    async () => sessions.list(),
  );

  app.delete(
    REALTIME_PATHS.session,
    {
      preHandler: guards.requirePermission('sessions.terminate'),
      schema: {
        tags: ['monitor'],
        summary: 'End a session: it is revoked and its websockets get terminateSession (admin)',
        security: [{ session: [] }],
        params: SessionIdParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await sessions.terminate(sessionOf(request), request.params.id, request.ip);
      return reply.status(204).send(null);
    },
  );
};
