import { sql } from 'kysely';
import type {
  PriceAlertDraft,
  PriceAlertOptions,
  PriceAlertStatus,
  PriceAlertView,
} from '@klik/api';
import { fromDec, toDec, type Maturity } from '@klik/domain';
import type { Db } from '../../db/database';

/** An alert row as the service and the watcher read it (decimals as plain strings). */
export interface StoredAlert {
  id: number;
  version: number;
  customerId: number;
  contract: number;
  contractId: string;
  commodity: 'Power' | 'Gas';
  product: string;
  part: 'Gas' | 'Peak' | 'OffPeak';
  yearOfSupply: number;
  maturity: Maturity;
  market: 'OTC' | 'ICE';
  direction: 'EQUAL_OR_LOWER' | 'EQUAL_OR_HIGHER';
  price: string;
  expiresOn: string;
  lastMet: boolean | null;
  lastPriceId: string | null;
  lastFiredAt: Date | null;
  lastFiredPrice: string | null;
  createdAt: Date;
}

interface AlertRow {
  id: number;
  version: number;
  customer_id: number;
  contract: number;
  contract_code: string;
  commodity: 'Power' | 'Gas';
  product: string;
  part: 'Gas' | 'Peak' | 'OffPeak';
  year_of_supply: number;
  maturity: Maturity;
  market: 'OTC' | 'ICE';
  direction: 'EQUAL_OR_LOWER' | 'EQUAL_OR_HIGHER';
  price: string;
  expires_on: string;
  last_met: boolean | null;
  last_price_id: string | null;
  last_fired_at: Date | string | null;
  last_fired_price: string | null;
  created_at: Date | string;
}

const ALERT_COLUMNS = sql`a.id, a.version, a.customer_id, a.contract_id as contract,
  c.contract_id as contract_code, c.commodity, c.product, a.part, a.year_of_supply, a.maturity,
  a.market, a.direction, a.price::text as price, a.expires_on::text as expires_on, a.last_met,
  a.last_price_id::text as last_price_id, a.last_fired_at, a.last_fired_price::text as last_fired_price,
  a.created_at`;

/** A price as the API shows it: plainly, without trailing zeros ("80.5", not "80.5000"). */
export function plainPrice(value: string): string {
  return fromDec(toDec(value));
}

function alertOf(row: AlertRow): StoredAlert {
  return {
    id: row.id,
    version: row.version,
    customerId: row.customer_id,
    contract: row.contract,
    contractId: row.contract_code,
    commodity: row.commodity,
    product: row.product,
    part: row.part,
    yearOfSupply: row.year_of_supply,
    maturity: row.maturity,
    market: row.market,
    direction: row.direction,
    price: plainPrice(row.price),
    expiresOn: row.expires_on,
    lastMet: row.last_met,
    lastPriceId: row.last_price_id,
    lastFiredAt: row.last_fired_at === null ? null : new Date(row.last_fired_at),
    lastFiredPrice: row.last_fired_price === null ? null : plainPrice(row.last_fired_price),
    createdAt: new Date(row.created_at),
  };
}

/** One alert of a customer, locked for a change when `lock`; undefined when there is none. */
export async function findAlert(
  db: Db,
  customerId: number,
  alertId: number,
  lock = false,
): Promise<StoredAlert | undefined> {
  const result = await sql<AlertRow>`select ${ALERT_COLUMNS}
    from price_alerts a join contracts c on c.id = a.contract_id
    where a.id = ${alertId} and a.customer_id = ${customerId}
    ${lock ? sql`for update of a` : sql``}`.execute(db);
  const row = result.rows[0];
  return row ? alertOf(row) : undefined;
}

/** The recipients of alerts, by alert, by name. */
export async function recipientsOf(
  db: Db,
  alertIds: readonly number[],
): Promise<Map<number, { id: number; name: string }[]>> {
  const byAlert = new Map<number, { id: number; name: string }[]>();
  if (alertIds.length === 0) return byAlert;
  const rows = await db
    .selectFrom('price_alert_recipients as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.alert_id', 'u.id', 'u.name'])
    .where('r.alert_id', 'in', [...alertIds])
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
  for (const row of rows) {
    const list = byAlert.get(row.alert_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byAlert.set(row.alert_id, list);
  }
  return byAlert;
}

export function viewOf(
  alert: StoredAlert,
  recipients: { id: number; name: string }[],
  today: string,
): PriceAlertView {
  return {
    id: alert.id,
    version: alert.version,
    contract: alert.contract,
    contractId: alert.contractId,
    commodity: alert.commodity,
    part: alert.part,
    yearOfSupply: alert.yearOfSupply,
    maturity: alert.maturity,
    market: alert.market,
    direction: alert.direction,
    price: alert.price,
    recipients,
    expiresOn: alert.expiresOn,
    status: alert.expiresOn < today ? 'EXPIRED' : 'ACTIVE',
    met: alert.lastMet,
    lastFiredAt: alert.lastFiredAt?.toISOString() ?? null,
    lastFiredPrice: alert.lastFiredPrice,
    createdAt: alert.createdAt.toISOString(),
  };
}

/** A page of a customer's alerts, filtered on the server; `today` decides active or expired. */
export async function listAlerts(
  db: Db,
  customerId: number,
  filter: { page: number; size: number; contract?: number; status?: PriceAlertStatus },
  today: string,
): Promise<{ rows: StoredAlert[]; total: number }> {
  const where = sql.join(
    [
      sql`a.customer_id = ${customerId}`,
      ...(filter.contract === undefined ? [] : [sql`a.contract_id = ${filter.contract}`]),
      ...(filter.status === 'ACTIVE' ? [sql`a.expires_on >= ${today}::date`] : []),
      ...(filter.status === 'EXPIRED' ? [sql`a.expires_on < ${today}::date`] : []),
    ],
    sql` and `,
  );
  const total = await sql<{ total: number }>`select count(*)::int as total
    from price_alerts a where ${where}`.execute(db);
  const rows = await sql<AlertRow>`select ${ALERT_COLUMNS}
    from price_alerts a join contracts c on c.id = a.contract_id
    where ${where}
    order by a.expires_on < ${today}::date, c.contract_id, a.year_of_supply, a.maturity, a.id
    limit ${filter.size} offset ${filter.page * filter.size}`.execute(db);
  return { rows: rows.rows.map(alertOf), total: total.rows[0]?.total ?? 0 };
}

/** The alerts that may fire on prices of these years at `today`: not expired. */
export async function liveAlertsForYears(
  db: Db,
  years: readonly number[],
  today: string,
): Promise<StoredAlert[]> {
  if (years.length === 0) return [];
  const result = await sql<AlertRow>`select ${ALERT_COLUMNS}
    from price_alerts a join contracts c on c.id = a.contract_id
      join customers cu on cu.id = c.customer_id and cu.active
    where a.year_of_supply in (${sql.join([...new Set(years)])})
      and a.expires_on >= ${today}::date
    order by a.id`.execute(db);
  return result.rows.map(alertOf);
}

/** The customer's contracts with their years of supply, for the form. */
export async function contractChoices(
  db: Db,
  customerId: number,
): Promise<PriceAlertOptions['contracts']> {
  const result = await sql<{
    id: number;
    contract_id: string;
    commodity: 'Power' | 'Gas';
    years: number[] | null;
  }>`select c.id, c.contract_id, c.commodity,
      (select array_agg(distinct pm.year_of_supply order by pm.year_of_supply)
        from position_months pm where pm.contract_id = c.id) as years
    from contracts c where c.customer_id = ${customerId}
    order by c.contract_id`.execute(db);
  return result.rows.map((row) => ({
    id: row.id,
    contractId: row.contract_id,
    commodity: row.commodity,
    yearsOfSupply: (row.years ?? []).map(Number),
  }));
}

/** Who may receive the customer's alerts: its active users on the customer's side. */
export async function recipientChoices(
  db: Db,
  customerId: number,
): Promise<{ id: number; name: string }[]> {
  return db
    .selectFrom('users as u')
    .innerJoin('user_customers as uc', 'uc.user_id', 'u.id')
    .select(['u.id', 'u.name'])
    .where('uc.customer_id', '=', customerId)
    .where('u.disabled', '=', false)
    .where('u.role', 'in', ['customer', 'consultant'])
    .orderBy('u.name')
    .orderBy('u.id')
    .execute();
}

/** What an alert watches and until when, as its row keeps it. */
function definitionColumns(draft: PriceAlertDraft, part: StoredAlert['part']) {
  return {
    contract_id: draft.contract,
    part,
    year_of_supply: draft.yearOfSupply,
    maturity: draft.maturity,
    market: draft.market as 'OTC' | 'ICE',
    direction: draft.direction as 'EQUAL_OR_LOWER' | 'EQUAL_OR_HIGHER',
    price: draft.price,
    expires_on: draft.expiresOn,
  };
}

/** Stores a new alert, not yet met nor fired, at version 1; answers its id. */
export async function insertAlert(
  trx: Db,
  alert: { customerId: number; draft: PriceAlertDraft; part: StoredAlert['part'] },
  by: { userId: number | null; at: Date },
): Promise<number> {
  const { id } = await trx
    .insertInto('price_alerts')
    .values({
      customer_id: alert.customerId,
      ...definitionColumns(alert.draft, alert.part),
      last_met: null,
      last_price_id: null,
      last_fired_at: null,
      last_fired_price: null,
      created_at: by.at,
      created_by: by.userId,
      updated_at: by.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Replaces an alert's definition as `version`; `restart` forgets its last price, so it is judged
 * afresh at the next one.
 */
export async function updateAlert(
  trx: Db,
  alertId: number,
  change: {
    draft: PriceAlertDraft;
    part: StoredAlert['part'];
    version: number;
    restart: boolean;
    at: Date;
  },
): Promise<void> {
  await trx
    .updateTable('price_alerts')
    .set({
      ...definitionColumns(change.draft, change.part),
      version: change.version,
      updated_at: change.at,
      ...(change.restart ? { last_met: null, last_price_id: null } : {}),
    })
    .where('id', '=', alertId)
    .execute();
}

export async function deleteAlert(trx: Db, alertId: number): Promise<void> {
  await trx.deleteFrom('price_alerts').where('id', '=', alertId).execute();
}

export async function replaceRecipients(
  db: Db,
  alertId: number,
  userIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('price_alert_recipients').where('alert_id', '=', alertId).execute();
  await db
    .insertInto('price_alert_recipients')
    .values([...new Set(userIds)].map((userId) => ({ alert_id: alertId, user_id: userId })))
    .execute();
}

/**
 * Writes where the watcher left an alert, on the version it read only: an edit in the meantime
 * started the alert afresh and wins. Answers whether it was written.
 */
export async function recordAlertOutcome(
  db: Db,
  alert: { id: number; version: number },
  outcome: {
    lastMet: boolean | null;
    lastPriceId: string | null;
    lastFired: { at: Date; price: string } | null;
  },
): Promise<boolean> {
  const { lastFired } = outcome;
  const updated = await db
    .updateTable('price_alerts')
    .set({
      last_met: outcome.lastMet,
      last_price_id: outcome.lastPriceId,
      ...(lastFired ? { last_fired_at: lastFired.at, last_fired_price: lastFired.price } : {}),
    })
    .where('id', '=', alert.id)
    .where('version', '=', alert.version)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The alert's recipients who are still users of its customer. */
export async function alertRecipients(
  db: Db,
  alert: { id: number; customerId: number },
): Promise<number[]> {
  const recipients = await sql<{ user_id: number }>`select r.user_id
    from price_alert_recipients r
    join user_customers uc on uc.user_id = r.user_id and uc.customer_id = ${alert.customerId}
    where r.alert_id = ${alert.id}`.execute(db);
  return recipients.rows.map((row) => row.user_id);
}
