import type { TradingStatus } from '@klik/api';
import type { Db } from '../../db/database';
import { actorOf, writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { enqueueEvent } from '../../kernel/events/event-outbox';
import { readTradingStatus, writeTradingStatus } from '../../kernel/trading/trading-status';
import { enqueueWebhook } from '../../kernel/webhooks/enqueue-webhook';
import { notify } from '../notifications/notify';

export interface TradingDeps {
  db: Db;
  now: () => Date;
  /** Publishes the committed events (never throws; see event-outbox.ts). */
  flushEvents: () => Promise<void>;
}

/** Pausing and resuming clicking for every customer (docs/market.md). */
export class TradingService {
  constructor(private readonly deps: TradingDeps) {}

  status(): Promise<TradingStatus> {
    return readTradingStatus(this.deps.db);
  }

  async setStatus(
    auth: AuthContext,
    pauzeActive: boolean,
    ip: string | null,
  ): Promise<TradingStatus> {
    const { db, now, flushEvents } = this.deps;
    const at = now();
    // Stored, audited and announced in one transaction: a pause that is stored is a success,
    // and its tradingStatusUpdate reaches every browser, later if the bus is down right now.
    await db.transaction().execute(async (trx) => {
      const { previous } = await writeTradingStatus(trx, pauzeActive, auth.user.id, at);
      await writeAudit(trx, {
        at,
        ...actorOf(auth),
        action: 'setTradingStatus',
        outcome: 'success',
        subject: pauzeActive ? 'paused' : 'resumed',
        details: { pauzeActive, previous },
        ip,
      });
      await enqueueEvent(trx, 'tradingStatusUpdate', { pauzeActive });
      // Pausing an already paused portal tells nobody anything new.
      if (previous !== pauzeActive) {
        await notify(trx, {
          kind: pauzeActive ? 'TRADING_PAUSED' : 'TRADING_RESUMED',
          to: { everyone: true },
          at,
        });
        // Every customer's endpoints subscribed to it hear it (one message for all of them).
        await enqueueWebhook(trx, {
          customerId: null,
          type: pauzeActive ? 'trading.paused' : 'trading.resumed',
          data: { paused: pauzeActive, at: at.toISOString() },
          at,
        });
      }
    });
    await flushEvents();
    return { pauzeActive };
  }
}
