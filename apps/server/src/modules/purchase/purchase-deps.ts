import type { Config } from '../../kernel/config/config';
import type { Db } from '../../db/database';
import type { FlushEvents } from './click-lifecycle';
import type { SmsGateway } from '../../kernel/one-time-codes/sms-gateway';

export interface PurchaseDeps {
  db: Db;
  now: () => Date;
  flushEvents: FlushEvents;
  sms: SmsGateway;
  settings: Config['purchase'];
  /** TOTP_ENCRYPTION_KEY: opens the users' authenticator secrets. */
  totpKey: Buffer | null;
  log: { error: (details: object, message: string) => void };
}

/**
 * A click a standing order makes for its creator (modules/standing-orders): its quote stands
 * apart from the user's own quotes, its second factor was given when the order was placed, and
 * the order is marked executed in the click's own transaction (onClick throws to undo the click,
 * e.g. when the order was cancelled meanwhile).
 */
export interface StandingOrderOrigin {
  standingOrderId: number;
  onClick?: (trx: Db, clickId: number, at: Date) => Promise<void>;
}
