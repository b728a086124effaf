import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeadlineAllQuerySchema,
  DeadlineCalendarCreatedSchema,
  DeadlineCalendarFeedParamsSchema,
  DeadlineCalendarSchema,
  DeadlineCustomerParamsSchema,
  DeadlinePageSchema,
  DeadlineQuerySchema,
  DEADLINE_PATHS,
} from '@klik/api';
import type { AuthGuards } from '../../kernel/auth/auth-guards';
import { sessionOf } from '../../kernel/auth/auth-guards';
import { requestInfo } from '../auth/auth.routes';
import type { DeadlineCalendarService } from './deadline-calendar.service';
import type { DeadlinesService } from './deadlines.service';

/** Feed requests per address per minute: calendars poll hourly, so this is far above need. */
export const FEED_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

/** The deadline overview and the user's calendar feed (docs/deadlines.md). */
export const deadlinesRoutes: FastifyPluginAsyncZod<{
  deadlines: DeadlinesService;
  calendar: DeadlineCalendarService;
  guards: AuthGuards;
}> = async (app, { deadlines, calendar, guards }) => {
  const common = { tags: ['deadlines'], security: [{ session: [] }] };

  app.get(
    DEADLINE_PATHS.customer,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: "A customer's positions that can still be clicked, soonest deadline first",
        params: DeadlineCustomerParamsSchema,
        querystring: DeadlineQuerySchema,
        response: { 200: DeadlinePageSchema },
      },
    },
    async (request) =>
      deadlines.customer(sessionOf(request), request.params.customerId, request.query),
  );

  app.get(
    DEADLINE_PATHS.all,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: "A TPI consultant's deadlines across their customers, soonest first",
        querystring: DeadlineAllQuerySchema,
        response: { 200: DeadlinePageSchema },
      },
    },
    async (request) => deadlines.all(sessionOf(request), request.query),
  );

  app.get(
    DEADLINE_PATHS.calendar,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Whether the signed-in user has a deadline calendar feed',
        response: { 200: DeadlineCalendarSchema },
      },
    },
    async (request) => calendar.status(sessionOf(request)),
  );

  app.post(
    DEADLINE_PATHS.calendar,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Make (or renew, revoking the old URL) the deadline calendar feed; its URL once',
        response: { 201: DeadlineCalendarCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await calendar.create(sessionOf(request), requestInfo(request))),
  );

  app.delete(
    DEADLINE_PATHS.calendar,
    {
      preHandler: guards.requireAuth,
      schema: {
        ...common,
        summary: 'Revoke the deadline calendar feed',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await calendar.revoke(sessionOf(request), requestInfo(request));
      return reply.status(204).send(null);
    },
  );

  // Without a session, so in a scope of its own with a per-address rate limit.
  await app.register(async (feed) => {
    await feed.register(fastifyRateLimit, FEED_RATE_LIMIT);
    feed.withTypeProvider<ZodTypeProvider>().get(
      DEADLINE_PATHS.calendarFeed,
      {
        schema: {
          tags: ['deadlines'],
          summary:
            'The deadline calendar (iCalendar) at its secret URL; 404 for any token that is not a live one',
          params: DeadlineCalendarFeedParamsSchema,
        },
      },
      async (request, reply) => {
        const ics = await calendar.feed(request.params.file);
        return reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="klik-deadlines.ics"')
          .send(ics);
      },
    );
  });
};
