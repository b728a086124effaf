import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { TradingStatusSchema, TRADING_PATHS } from '@klik/api';
import { sessionOf, type AuthGuards } from '../../kernel/auth/auth-guards';
import type { TradingService } from './trading.service';

export interface TradingRoutesOptions {
  trading: TradingService;
  guards: AuthGuards;
}

export const tradingRoutes: FastifyPluginAsyncZod<TradingRoutesOptions> = async (
  app,
  { trading, guards },
) => {
  app.get(
    TRADING_PATHS.status,
    {
      schema: {
        tags: ['trading'],
        summary: 'Whether clicking is paused (asked on start-up, before sign-in)',
        response: { 200: TradingStatusSchema },
      },
    },
    async () => trading.status(),
  );

  app.put(
    TRADING_PATHS.status,
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
    async (request) => trading.setStatus(sessionOf(request), request.body.pauzeActive, request.ip),
  );
};
