import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SYSTEM_PATHS } from '@klik/api';
import { z } from 'zod';
import type { ShiftableClock } from '../../kernel/clock';

/**
 * Tests only (CLOCK_TEST_CONTROL, refused under NODE_ENV=production): moves the portal's clock
 * forward, so a browser test sees what time does, e.g. a reset link that has expired. Only
 * forward: a clock going back would reorder what the portal has already written.
 */
export const devClockRoutes: FastifyPluginAsyncZod<{ clock: ShiftableClock }> = async (
  app,
  { clock },
) => {
  app.put(
    SYSTEM_PATHS.devClock,
    {
      schema: {
        tags: ['development'],
        summary: "Tests only: move the portal's clock forward",
        body: z
          .object({
            advanceSeconds: z
              .number()
              .int()
              .min(1)
              .max(7 * 24 * 3600),
          })
          .strict(),
        response: { 200: z.object({ now: z.iso.datetime() }) },
      },
    },
    async (request) => {
      clock.advance(request.body.advanceSeconds * 1000);
      return { now: clock.now().toISOString() };
    },
  );
};
