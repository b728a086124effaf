import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REST, TradingStatusSchema } from '@klik/api';
import type { Db } from '../../db/database';
import { writeAudit } from '../audit/audit.repository';
import { sessionOf, type AuthGuards } from '../auth/auth-guards';
import type { EventBus } from '../realtime/event-bus';
import { readTradingStatus, writeTradingStatus } from './trading.repository';

export interface TradingRoutesOptions {
  db: Db;
  guards: AuthGuards;
  bus: EventBus;
  now: () => Date;
}

export const tradingRoutes: FastifyPluginAsyncZod<TradingRoutesOptions> = async (
  app,
  { db, guards, bus, now },
) => {
  app.get(
    REST.tradingStatus,
    {
      schema: {
        tags: ['trading'],
        summary: 'Whether clicking is paused (asked on start-up, before sign-in)',
        response: { 200: TradingStatusSchema },
      },
    },
    async () => readTradingStatus(db),
  );

  app.put(
    REST.tradingStatus,
    {
      preHandler: guards.requireRole('admin', 'accountmanager'),
      schema: {
        tags: ['trading'],
        summary: 'Pause or resume clicking for every customer (admin and account manager)',
        security: [{ session: [] }],
        body: TradingStatusSchema,
        response: { 200: TradingStatusSchema },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      const { pauzeActive } = request.body;
      const at = now();
      const { previous } = await writeTradingStatus(db, pauzeActive, auth.user.id, at);
      await writeAudit(db, {
        at,
        actor: { id: auth.user.id, username: auth.user.username },
        impersonator: auth.impersonator,
        action: 'setTradingStatus',
        outcome: 'success',
        subject: pauzeActive ? 'paused' : 'resumed',
        details: { pauzeActive, previous },
        ip: request.ip,
      });
      // Every browser hears it at once, on every instance.
      await bus.publish('tradingStatusUpdate', { pauzeActive });
      return { pauzeActive };
    },
  );
};
