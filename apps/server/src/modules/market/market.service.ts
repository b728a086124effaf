import {
  IngestBatchSchema,
  type BoardEntry,
  type IngestError,
  type Instrument,
  type PricePoint,
  type PriceQuote,
} from '@klik/api';
import type { Db } from '../../db/database';
import { writeAudit } from '../../kernel/audit/audit-log';
import { AppError } from '../../kernel/http/app-error';
import { marketBoard, priceHistory } from './market.repository';
import type { PriceRecorder } from './price-recorder';

export interface MarketServiceDeps {
  db: Db;
  recorder: PriceRecorder;
  now: () => Date;
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

/**
 * Prices from other modules' point of view (the click results chart): the recorded history of
 * one instrument in a range, oldest first, at most `limit` points.
 */
export function priceHistoryOf(
  db: Db,
  instrument: Instrument,
  range: { from: Date; to: Date },
  limit: number,
): Promise<PricePoint[]> {
  return priceHistory(db, instrument, range, limit);
}

/** The market's calls (docs/market.md): pushed prices, the history and the board. */
export class MarketService {
  constructor(private readonly deps: MarketServiceDeps) {}

  /** A push without the right key: audited, then answered 401 by the caller. */
  async refuseIngest(ip: string | null): Promise<void> {
    await writeAudit(this.deps.db, {
      at: this.deps.now(),
      action: 'marketIngest',
      outcome: 'refused',
      details: { reason: 'wrong or missing key' },
      ip,
    });
  }

  /** A pushed batch, all or nothing: its problems (audited as a failure) or how many were kept. */
  async ingest(
    body: unknown,
    ip: string | null,
  ): Promise<{ accepted: number } | { problems: Problem[] }> {
    const { db, recorder, now } = this.deps;
    const { quotes, problems } = problemsOf(body, now());
    if (problems.length > 0) {
      await writeAudit(db, {
        at: now(),
        action: 'marketIngest',
        outcome: 'failure',
        details: { problems: problems.slice(0, 20), problemCount: problems.length },
        ip,
      });
      return { problems };
    }
    const accepted = await recorder.record(quotes, 'INGEST');
    await writeAudit(db, {
      at: now(),
      action: 'marketIngest',
      outcome: 'success',
      details: { accepted },
      ip,
    });
    return { accepted };
  }

  /** One instrument's history; without a range the last 31 days up to now. */
  history(instrument: Instrument, range: { from?: string; to?: string }): Promise<PricePoint[]> {
    const until = range.to === undefined ? this.deps.now() : new Date(range.to);
    const since =
      range.from === undefined
        ? new Date(until.getTime() - DEFAULT_HISTORY_DAYS * 86_400_000)
        : new Date(range.from);
    if (since.getTime() > until.getTime()) throw new AppError('VALIDATION_FAILED');
    return priceHistory(this.deps.db, instrument, { from: since, to: until }, MAX_HISTORY_POINTS);
  }

  board(): Promise<BoardEntry[]> {
    return marketBoard(this.deps.db, this.deps.now());
  }
}
