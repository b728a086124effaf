import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FeedHealthSchema,
  IngestBatchSchema,
  IngestErrorSchema,
  IngestResultSchema,
  LOCALE_HEADER,
  MARKET_REST,
  MarketBoardSchema,
  PriceHistoryParamsSchema,
  PriceHistoryQuerySchema,
  PriceHistorySchema,
  type IngestError,
  type PriceQuote,
} from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../http/app-error';
import { errorMessage, localeFromHeader } from '../../i18n/server-messages';
import { writeAudit } from '../audit/audit.repository';
import type { AuthGuards } from '../auth/auth-guards';
import type { FeedRunner } from './feed-runner';
import { hasIngestKey } from './ingest-key';
import { marketBoard, priceHistory } from './market.repository';
import type { PriceRecorder } from './price-recorder';

export interface MarketRoutesOptions {
  db: Db;
  guards: AuthGuards;
  recorder: PriceRecorder;
  feed: FeedRunner;
  now: () => Date;
  /** Null: the ingest endpoint does not exist. */
  ingestKey: string | null;
}

/** A pushed price may be a little ahead of our clock, never minutes. */
const MAX_FUTURE_MS = 5 * 60_000;
/** The charts' default range and the most points one answer holds. */
const DEFAULT_HISTORY_DAYS = 31;
const MAX_HISTORY_POINTS = 5000;

type Problem = IngestError['problems'][number];

function problemsOf(body: unknown, now: Date): { quotes: PriceQuote[]; problems: Problem[] } {
  const parsed = IngestBatchSchema.safeParse(body);
  if (!parsed.success) {
    return {
      quotes: [],
      problems: parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.') || 'body',
        message: issue.message,
      })),
    };
  }
  const problems: Problem[] = [];
  parsed.data.prices.forEach((quote, index) => {
    if (Date.parse(quote.at) > now.getTime() + MAX_FUTURE_MS) {
      problems.push({ path: `prices.${index}.at`, message: 'lies more than 5 minutes ahead' });
    }
  });
  return { quotes: parsed.data.prices, problems };
}

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
  { db, guards, recorder, feed, now, ingestKey },
) => {
  if (ingestKey !== null) {
    app.post(
      MARKET_REST.ingest,
      {
        // The key is checked before the body is even parsed.
        onRequest: async (request) => {
          if (!hasIngestKey(request.headers.authorization, ingestKey)) {
            await writeAudit(db, {
              at: now(),
              action: 'marketIngest',
              outcome: 'refused',
              details: { reason: 'wrong or missing key' },
              ip: request.ip,
            });
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
        const { quotes, problems } = problemsOf(request.body, now());
        if (problems.length > 0) {
          await writeAudit(db, {
            at: now(),
            action: 'marketIngest',
            outcome: 'failure',
            details: { problems: problems.slice(0, 20), problemCount: problems.length },
            ip: request.ip,
          });
          return refuseBatch(request, reply, problems);
        }
        const accepted = await recorder.record(quotes, 'INGEST');
        await writeAudit(db, {
          at: now(),
          action: 'marketIngest',
          outcome: 'success',
          details: { accepted },
          ip: request.ip,
        });
        return { accepted };
      },
    );
  }

  app.get(
    MARKET_REST.historyPattern,
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
      const { market, from, to } = request.query;
      const until = to === undefined ? now() : new Date(to);
      const since =
        from === undefined
          ? new Date(until.getTime() - DEFAULT_HISTORY_DAYS * 86_400_000)
          : new Date(from);
      if (since.getTime() > until.getTime()) throw new AppError('VALIDATION_FAILED');
      return priceHistory(
        db,
        { product, yearOfSupply: year, maturity, market },
        { from: since, to: until },
        MAX_HISTORY_POINTS,
      );
    },
  );

  app.get(
    MARKET_REST.board,
    {
      preHandler: guards.requirePermission('monitor.read'),
      schema: {
        tags: ['market'],
        summary: 'Latest price of every offered instrument with its age (monitorprices)',
        security: [{ session: [] }],
        response: { 200: MarketBoardSchema },
      },
    },
    async () => marketBoard(db, now()),
  );

  app.get(
    MARKET_REST.feed,
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
