import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActiveSessionsSchema, MARKET_REST, SessionIdParamsSchema } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import { sessionOf, type AuthGuards } from '../auth/auth-guards';
import type { EventBus } from './event-bus';
import { activeSessions, revokeSessionById } from './realtime.repository';

export interface SessionAdminRoutesOptions {
  db: Db;
  bus: EventBus;
  guards: AuthGuards;
  now: () => Date;
  idleMinutes: number;
}

/** The monitor screen's list of sessions, and ending one by an administrator. */
export const sessionAdminRoutes: FastifyPluginAsyncZod<SessionAdminRoutesOptions> = async (
  app,
  { db, bus, guards, now, idleMinutes },
) => {
  app.get(
    MARKET_REST.sessions,
    {
      preHandler: guards.requirePermission('monitor.read'),
      schema: {
        tags: ['monitor'],
        summary: 'Active sessions (admin and account manager)',
        security: [{ session: [] }],
        response: { 200: ActiveSessionsSchema },
      },
    },
    async () => {
      const rows = await activeSessions(db, now(), idleMinutes);
      return rows.map((row) => ({
        id: row.id,
        username: row.username,
        name: row.name,
        role: row.role,
        impersonatedBy: row.impersonatedBy,
        readOnly: row.read_only,
        createdAt: row.created_at.toISOString(),
        lastUsedAt: row.last_used_at.toISOString(),
        ip: row.ip,
      }));
    },
  );

  app.delete(
    MARKET_REST.sessionPattern,
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
      const auth = sessionOf(request);
      const sessionId = request.params.id;
      const revoked = await revokeSessionById(db, sessionId, now());
      await writeAudit(db, {
        at: now(),
        actor: { id: auth.user.id, username: auth.user.username },
        impersonator: auth.impersonator,
        action: 'terminateSession',
        outcome: revoked ? 'success' : 'failure',
        subject: revoked?.username ?? String(sessionId),
        details: revoked ? { sessionId } : { sessionId, reason: 'no active session' },
        ip: request.ip,
      });
      if (!revoked) throw new AppError('NOT_FOUND');
      try {
        await bus.publish('terminateSession', { sessionIds: [sessionId], reason: 'TERMINATED' });
      } catch (error) {
        // The session is revoked either way: every instance's websocket check closes its sockets
        // within WS_SESSION_CHECK_SECONDS and session caches forget it within seconds.
        request.log.error({ err: error }, 'terminateSession not published');
      }
      return reply.status(204).send(null);
    },
  );
};
