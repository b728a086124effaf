import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FeedHealthSchema,
  IngestBatchSchema,
  IngestErrorSchema,
  IngestResultSchema,
  LOCALE_HEADER,
  MarketBoardSchema,
  PriceHistoryParamsSchema,
  PriceHistoryQuerySchema,
  PriceHistorySchema,
  type IngestError,
  MARKET_PATHS,
} from '@klik/api';
import { AppError } from '../../kernel/http/app-error';
import { errorMessage, localeFromHeader } from '../../kernel/i18n/server-messages';
import type { AuthGuards } from '../../kernel/auth/auth-guards';
import type { FeedRunner } from './feed-runner';
import { hasIngestKey } from './ingest-key';
import type { MarketService } from './market.service';

export interface MarketRoutesOptions {
  guards: AuthGuards;
  market: MarketService;
  feed: FeedRunner;
  /** Null: the ingest endpoint does not exist. */
  ingestKey: string | null;
}

type Problem = IngestError['problems'][number];

function refuseBatch(request: FastifyRequest, reply: FastifyReply, problems: Problem[]) {
  const locale = localeFromHeader(request.headers[LOCALE_HEADER]);
  const body: IngestError = {
    code: 'VALIDATION_FAILED',
    message: errorMessage(locale, 'VALIDATION_FAILED'),
    problems,
  };
  return reply.status(400).send(body);
}

export const marketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (
  app,
  { guards, market, feed, ingestKey },
) => {
  if (ingestKey !== null) {
    app.post(
      MARKET_PATHS.ingest,
      {
        // The key is checked before the body is even parsed.
        onRequest: async (request) => {
          if (!hasIngestKey(request.headers.authorization, ingestKey)) {
            await market.refuseIngest(request.ip);
            throw new AppError('UNAUTHENTICATED');
          }
        },
        // Problems are listed by the handler, not thrown by the validator.
        attachValidation: true,
        // A body that is not JSON at all is refused before the handler; its 400 lists that
        // problem too, as the 400 schema promises (a plain error body would not serialize).
        errorHandler: (error, request, reply) => {
          if (error.statusCode === 400 && !(error instanceof AppError)) {
            return refuseBatch(request, reply, [{ path: 'body', message: 'not a JSON document' }]);
          }
          return app.errorHandler(error, request, reply);
        },
        schema: {
          tags: ['market'],
          summary:
            'Push a batch of prices (Authorization: Bearer MARKET_INGEST_KEY); all or nothing',
          body: IngestBatchSchema,
          response: { 200: IngestResultSchema, 400: IngestErrorSchema },
        },
      },
      async (request, reply) => {
        const result = await market.ingest(request.body, request.ip);
        if ('problems' in result) return refuseBatch(request, reply, result.problems);
        return result;
      },
    );
  }

  app.get(
    MARKET_PATHS.history,
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['market'],
        summary: 'Price history of one product, year and maturity on one market (oldest first)',
        security: [{ session: [] }],
        params: PriceHistoryParamsSchema,
        querystring: PriceHistoryQuerySchema,
        response: { 200: PriceHistorySchema },
      },
    },
    async (request) => {
      const { product, year, maturity } = request.params;
      const { market: on, from, to } = request.query;
      return market.history({ product, yearOfSupply: year, maturity, market: on }, { from, to });
    },
  );

  app.get(
    MARKET_PATHS.board,
    {
      preHandler: guards.requirePermission('monitor.read'),
      schema: {
        tags: ['market'],
        summary: 'Latest price of every offered instrument with its age (monitorprices)',
        security: [{ session: [] }],
        response: { 200: MarketBoardSchema },
      },
    },
    async () => market.board(),
  );

  app.get(
    MARKET_PATHS.feed,
    {
      preHandler: guards.requirePermission('monitor.read'),
      schema: {
        tags: ['market'],
        summary: "The price feed's health as this instance sees it",
        security: [{ session: [] }],
        response: { 200: FeedHealthSchema },
      },
    },
    async () => feed.health(),
  );
};
