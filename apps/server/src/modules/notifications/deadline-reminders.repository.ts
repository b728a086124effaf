import { sql } from 'kysely';
import { MATURITIES, monthsOf, type ClickType, type LocalDate } from '@klik/domain';
import type { Db } from '../../db/database';

/*
 * The SQL of the deadline reminders (deadline-reminders.ts, docs/notifications.md): the open
 * positions they look at, and the table of reminders sent.
 */

/** A position with open volume as the database answers it, before its rule and maturity are read. */
export interface OpenPositionRow {
  id: number;
  contract_id: string;
  customer_id: number;
  click_type: ClickType;
  deadline_rule: unknown;
  year_of_supply: number;
  maturity: string;
  open_volume: string;
}

// Which months make up each maturity, from the domain, as an SQL VALUES list.
const MATURITY_MONTHS = sql.join(
  MATURITIES.flatMap((maturity) =>
    monthsOf(maturity).map((month) => sql`(${sql.lit(maturity)}, ${sql.lit(month)})`),
  ),
);

/**
 * Every position (contract, year of supply, maturity) of an active customer with open volume in
 * the given years: per part its total minus clicked (never below zero), summed over the parts.
 * Pending and in-progress clicks already hold their volume in the ledger, so they count as clicked.
 */
export async function findOpenPositionRows(
  db: Db,
  years: readonly number[],
): Promise<OpenPositionRow[]> {
  const result = await sql<OpenPositionRow>`
    with maturity_months (maturity, month) as (values ${MATURITY_MONTHS}),
    per_part as (
      select pm.contract_id, pm.year_of_supply, mm.maturity, pm.part,
        greatest(sum(pm.total_volume) - sum(pm.clicked_volume), 0) as open_volume
      from position_months pm
      join maturity_months mm on mm.month = pm.month
      where pm.year_of_supply in (${sql.join(years)})
      group by pm.contract_id, pm.year_of_supply, mm.maturity, pm.part
    )
    select c.id, c.contract_id, c.customer_id, c.click_type,
      -- Read through the row, so a database from before contracts.deadline_rule (0018) answers
      -- null, which is the default rule.
      to_jsonb(c) -> 'deadline_rule' as deadline_rule,
      p.year_of_supply, p.maturity, sum(p.open_volume) as open_volume
    from per_part p
    join contracts c on c.id = p.contract_id
    join customers cu on cu.id = c.customer_id and cu.active
    group by c.id, p.year_of_supply, p.maturity
    having sum(p.open_volume) > 0
    order by c.id, p.year_of_supply, p.maturity`.execute(db);
  return result.rows;
}

/**
 * Records that a position's reminder for this deadline went out. Its key (contract, year,
 * maturity, deadline) is unique: answers false, recording nothing, when it was sent before.
 */
export async function recordReminderOnce(
  trx: Db,
  reminder: { contractRowId: number; yearOfSupply: number; maturity: string; deadline: LocalDate },
  at: Date,
): Promise<boolean> {
  const recorded = await sql<{ contract_id: number }>`
      insert into deadline_reminders (contract_id, year_of_supply, maturity, deadline, sent_at)
      values (${reminder.contractRowId}, ${reminder.yearOfSupply}, ${reminder.maturity},
        ${reminder.deadline}::date, ${at})
      on conflict do nothing
      returning contract_id`.execute(trx);
  return recorded.rows.length > 0;
}
