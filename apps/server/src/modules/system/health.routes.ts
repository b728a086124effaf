import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDatabaseReachable, type Db } from '../../db/database';

const StatusSchema = z.object({ status: z.string() });
/** The portal's own time: it differs from the machine's when CLOCK_START is set. */
const LivenessSchema = StatusSchema.extend({ now: z.iso.datetime() });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db; now: () => Date }> = async (
  app,
  { db, now },
) => {
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
        summary: 'The database answers; a load balancer may send traffic',
        response: { 200: StatusSchema, 503: StatusSchema },
      },
    },
    async (_request, reply) =>
      (await isDatabaseReachable(db))
        ? { status: 'ready' }
        : reply.status(503).send({ status: 'database unreachable' }),
  );
};
