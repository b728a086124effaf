import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseReachable, type Db } from '../../db/database';
import type { EventBus } from '../../kernel/events/event-bus';

const StatusSchema = z.object({ status: z.string() });
/** The portal's own time: it differs from the machine's when CLOCK_START is set. */
const LivenessSchema = StatusSchema.extend({ now: z.iso.datetime() });
const PartSchema = z.enum(['up', 'down']);
/** Which part is down, so a load balancer (and whoever reads its log) knows why. */
const ReadinessSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: PartSchema,
  bus: PartSchema,
});

export const healthRoutes: FastifyPluginAsyncZod<{
  db: Db;
  bus: EventBus;
  now: () => Date;
}> = async (app, { db, bus, now }) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The process is up',
        response: { 200: LivenessSchema },
      },
    },
    async () => ({ status: 'ok', now: now().toISOString() }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'The database and the event bus answer; a load balancer may send traffic',
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      const database = (await isDatabaseReachable(db)) ? 'up' : 'down';
      const events = bus.connected() ? 'up' : 'down';
      const ready = database === 'up' && events === 'up';
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'unavailable', database, bus: events });
    },
  );
};
