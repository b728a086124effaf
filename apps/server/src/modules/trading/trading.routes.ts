import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REST, TradingStatusSchema } from '@klik/api';
import type { Db } from '../../db/database';
import { readTradingStatus } from './trading.repository';

export const tradingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
};
