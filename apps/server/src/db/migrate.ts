import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './database';
import * as foundation from './migrations/0001-foundation';
import * as positions from './migrations/0002-positions';
import * as market from './migrations/0003-market';
import * as purchase from './migrations/0004-purchase';
import * as loginThrottle from './migrations/0005-login-throttle';
import * as eventOutbox from './migrations/0006-event-outbox';
import * as administration from './migrations/0007-administration';
import * as passwordReset from './migrations/0009-password-reset';
import * as singleSignOn from './migrations/0008-single-sign-on';
import * as mobileVerification from './migrations/0010-mobile-verification';
import * as secondFactor from './migrations/0011-second-factor';
import * as notificationCentre from './migrations/0012-notification-centre';
import * as notificationMail from './migrations/0013-notification-mail';
import * as margins from './migrations/0016-margins';
import * as deadlineReminders from './migrations/0017-deadline-reminders';
import * as contracts from './migrations/0018-contracts';
import * as priceWatch from './migrations/0019-price-watch';
import * as budgets from './migrations/0020-budgets';
import * as priceAlerts from './migrations/0021-price-alerts';
import * as deadlineCalendar from './migrations/0022-deadline-calendar';
import * as standingOrders from './migrations/0023-standing-orders';
import * as tamperEvidentTrail from './migrations/0024-tamper-evident-trail';
import * as apiClients from './migrations/0025-api-clients';
import * as webhooks from './migrations/0026-webhooks';
import * as priceHistory from './migrations/0027-price-history';

// Listed explicitly so a bundled or packaged server never depends on reading a folder.
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-positions': positions,
  '0003-market': market,
  '0004-purchase': purchase,
  '0005-login-throttle': loginThrottle,
  '0006-event-outbox': eventOutbox,
  '0007-administration': administration,
  '0008-single-sign-on': singleSignOn,
  '0009-password-reset': passwordReset,
  '0010-mobile-verification': mobileVerification,
  '0011-second-factor': secondFactor,
  '0012-notification-centre': notificationCentre,
  '0013-notification-mail': notificationMail,
  '0016-margins': margins,
  '0017-deadline-reminders': deadlineReminders,
  '0018-contracts': contracts,
  '0019-price-watch': priceWatch,
  '0020-budgets': budgets,
  '0021-price-alerts': priceAlerts,
  '0022-deadline-calendar': deadlineCalendar,
  '0023-standing-orders': standingOrders,
  '0024-tamper-evident-trail': tamperEvidentTrail,
  '0025-api-clients': apiClients,
  '0026-webhooks': webhooks,
  '0027-price-history': priceHistory,
};

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(MIGRATIONS),
};

/** Brings the schema to a named migration (tests of a migration: the rows it finds). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, provider });
  const { error } = await migrator.migrateTo(name);
  if (error) throw new Error(`Database migration to ${name} failed`, { cause: error });
}

/** Brings the schema to the latest version; several instances may call this at once. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  // The migrator only touches its own tables and whatever each migration does.
  const migrator = new Migrator({ db: db as unknown as Kysely<unknown>, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` in ${failed.migrationName}` : '';
    throw new Error(`Database migration failed${name}`, { cause: error });
  }
  return (results ?? []).map((result) => result.migrationName);
}
