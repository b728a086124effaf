import { z } from 'zod';
import { MATURITIES } from '@klik/domain';
import { RoleSchema } from './auth.schemas';
import {
  decimalString,
  IdParamSchema,
  InstantSchema,
  YearOfSupplyParamSchema,
  YearOfSupplySchema,
} from './bounded.schemas';
import { ErrorBodySchema } from './errors';

/** Market products: Dutch power base, peak and off-peak, and TTF gas. */
export const MARKET_PRODUCTS = [
  'NL_POWER_BASE',
  'NL_POWER_PEAK',
  'NL_POWER_OFFPEAK',
  'TTF_GAS',
] as const;
export const MarketProductSchema = z.enum(MARKET_PRODUCTS);
export type MarketProduct = z.infer<typeof MarketProductSchema>;

export const MarketSchema = z.enum(['OTC', 'ICE']);
export const MarketMaturitySchema = z.enum(MATURITIES);

/** Where a stored price came from. */
export const PRICE_ORIGINS = ['SIMULATED', 'CSV', 'INGEST'] as const;
export const PriceOriginSchema = z.enum(PRICE_ORIGINS);
export type PriceOrigin = z.infer<typeof PriceOriginSchema>;

/** Prices are stored as NUMERIC(12,4): at most 4 decimals, below the OTC price ceiling. */
export const PRICE_CEILING = '99999999';
const PRICE_PATTERN = /^\d{1,8}(\.\d{1,4})?$/;

/** A price in EUR/MWh as a decimal string: greater than 0, below 99999999, at most 4 decimals. */
export const PriceStringSchema = decimalString(
  z
    .string()
    .regex(PRICE_PATTERN, 'a decimal string with at most 8 digits before and 4 after the point')
    .refine((value) => /[1-9]/.test(value), 'must be greater than 0')
    // Eight whole digits at most, so the whole part is an exact integer here.
    .refine(
      (value) => Number(value.split('.')[0]) < Number(PRICE_CEILING),
      `must be below ${PRICE_CEILING}`,
    ),
);

/** One instrument: product x year of supply x maturity x market. */
export const InstrumentSchema = z.object({
  product: MarketProductSchema,
  yearOfSupply: YearOfSupplySchema,
  maturity: MarketMaturitySchema,
  market: MarketSchema,
});
export type Instrument = z.infer<typeof InstrumentSchema>;

/** A price of one instrument at one instant. */
export const PriceQuoteSchema = InstrumentSchema.extend({
  price: PriceStringSchema,
  at: InstantSchema,
});
export type PriceQuote = z.infer<typeof PriceQuoteSchema>;

/** POST /rest/market/prices: a batch pushed by an external feed, accepted or refused whole. */
export const MAX_INGEST_BATCH = 5000;
export const IngestBatchSchema = z.object({
  prices: z.array(PriceQuoteSchema).min(1).max(MAX_INGEST_BATCH),
});
export type IngestBatch = z.infer<typeof IngestBatchSchema>;

export const IngestResultSchema = z.object({ accepted: z.number().int().nonnegative() });
export type IngestResult = z.infer<typeof IngestResultSchema>;

/** What is wrong with a refused batch: where (e.g. `prices.3.price`) and why. */
export const IngestProblemSchema = z.object({ path: z.string(), message: z.string() });
export const IngestErrorSchema = ErrorBodySchema.extend({ problems: z.array(IngestProblemSchema) });
export type IngestError = z.infer<typeof IngestErrorSchema>;

/** GET /rest/market/prices/{product}/{year}/{maturity}?market=&from=&to= */
export const PriceHistoryQuerySchema = z.object({
  market: MarketSchema.default('OTC'),
  from: InstantSchema.optional(),
  to: InstantSchema.optional(),
});
export const PriceHistoryParamsSchema = z.object({
  product: MarketProductSchema,
  year: YearOfSupplyParamSchema,
  maturity: MarketMaturitySchema,
});
export const PricePointSchema = z.object({ at: z.iso.datetime(), price: z.string() });
export const PriceHistorySchema = z.array(PricePointSchema);
export type PricePoint = z.infer<typeof PricePointSchema>;

/** GET /rest/market/board: the latest price of every instrument and how old it is. */
export const BoardEntrySchema = InstrumentSchema.extend({
  /** Null for an OTC offer without a price yet. */
  price: z.string().nullable(),
  at: z.iso.datetime().nullable(),
  ageSeconds: z.number().int().nonnegative().nullable(),
});
export const MarketBoardSchema = z.array(BoardEntrySchema);
export type BoardEntry = z.infer<typeof BoardEntrySchema>;

/** GET /rest/market/feed: the health of the price feed as one instance sees it. */
export const FeedHealthSchema = z.object({
  /** The configured feed of this instance. */
  source: z.enum(['simulated', 'csv', 'none']),
  /** Whether this instance holds the feed lock and runs the feed. */
  leading: z.boolean(),
  intervalMs: z.number().int().positive(),
  /** The last tick this instance's feed recorded prices in. */
  lastTickAt: z.iso.datetime().nullable(),
  /** The newest stored price from any source and instance. */
  lastPriceAt: z.iso.datetime().nullable(),
  lastPriceOrigin: PriceOriginSchema.nullable(),
});
export type FeedHealth = z.infer<typeof FeedHealthSchema>;

/** PUT /rest/tradingstatus body is TradingStatusSchema. */

/** GET /rest/sessions: the active sessions for the monitor screen. */
export const ActiveSessionSchema = z.object({
  id: z.number().int().positive(),
  username: z.string(),
  name: z.string(),
  role: RoleSchema,
  impersonatedBy: z.string().nullable(),
  readOnly: z.boolean(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  ip: z.string().nullable(),
});
export const ActiveSessionsSchema = z.array(ActiveSessionSchema);
export type ActiveSession = z.infer<typeof ActiveSessionSchema>;
export const SessionIdParamsSchema = z.object({ id: IdParamSchema });

/** REST paths of the live market and the monitor screens. */
export const MARKET_PATHS = {
  ingest: '/rest/market/prices',
  history: '/rest/market/prices/:product/:year/:maturity',
  board: '/rest/market/board',
  feed: '/rest/market/feed',
} as const;
