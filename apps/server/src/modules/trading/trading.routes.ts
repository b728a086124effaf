import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REST, TradingStatusSchema } from '@klik/api';
import type { Db } from '../../db/database';
import { writeAudit } from '../audit/audit.repository';
import { sessionOf, type AuthGuards } from '../auth/auth-guards';
import { notify } from '../notifications/notify';
import { enqueueEvent } from '../realtime/event-outbox';
import { readTradingStatus, writeTradingStatus } from './trading.repository';

export interface TradingRoutesOptions {
  db: Db;
  guards: AuthGuards;
  /** Publishes the committed events (never throws; see event-outbox.ts). */
  flushEvents: () => Promise<void>;
  now: () => Date;
}

export const tradingRoutes: FastifyPluginAsyncZod<TradingRoutesOptions> = async (
  app,
  { db, guards, flushEvents, now },
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
      preHandler: guards.requirePermission('trading.pause'),
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
      // Stored, audited and announced in one transaction: a pause that is stored is a success,
      // and its tradingStatusUpdate reaches every browser, later if the bus is down right now.
      await db.transaction().execute(async (trx) => {
        const { previous } = await writeTradingStatus(trx, pauzeActive, auth.user.id, at);
        await writeAudit(trx, {
          at,
          actor: { id: auth.user.id, username: auth.user.username },
          impersonator: auth.impersonator,
          action: 'setTradingStatus',
          outcome: 'success',
          subject: pauzeActive ? 'paused' : 'resumed',
          details: { pauzeActive, previous },
          ip: request.ip,
        });
        await enqueueEvent(trx, 'tradingStatusUpdate', { pauzeActive });
        // Pausing an already paused portal tells nobody anything new.
        if (previous !== pauzeActive) {
          await notify(trx, {
            kind: pauzeActive ? 'TRADING_PAUSED' : 'TRADING_RESUMED',
            to: { everyone: true },
            at,
          });
        }
      });
      await flushEvents();
      return { pauzeActive };
    },
  );
};
