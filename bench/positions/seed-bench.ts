import Decimal from 'decimal.js';
import { clickTypeAllows, MATURITIES, type ClickType, type MarketOption } from '@klik/domain';
import type { Db } from '../../apps/server/src/db/database';
import { demoOffers, DEMO_YEARS } from '../../apps/server/src/demo/seed-demo-contracts';
import { hashPassword } from '../../apps/server/src/kernel/passwords/password-hasher';
import { recordClick } from '../../apps/server/src/demo/record-click';

const CLICK_TYPES: readonly ClickType[] = [null, 'ALL', 'YEAR', 'QUARTER', 'MONTH'];
const OPTIONS: readonly MarketOption[] = ['OTC_ONLY', 'PRE_EOD', 'PRE_EOD_AND_OVERNIGHT'];

export const BENCH_USER = { username: 'bench-customer', password: 'Bench-positions-1' };

/**
 * One customer with one dashboard of `contracts` contracts (power and gas alternating, every click
 * type and market option), each with three years of supply, offers for every maturity, and a few
 * completed clicks per year so volumes, averages and percentages are all non-trivial.
 */
export async function seedBenchDashboard(db: Db, contracts: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const customer = await trx
      .insertInto('customers')
      .values({ name: 'Benchmark Energie B.V.' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const dashboard = await trx
      .insertInto('dashboards')
      .values({ customer_id: customer.id, name: 'Alle contracten', position: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        username: BENCH_USER.username,
        name: 'Benchmark',
        password_hash: await hashPassword(BENCH_USER.password),
        role: 'customer',
        locale: 'nl',
        email: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_customers')
      .values({ user_id: user.id, customer_id: customer.id })
      .execute();
    let step = 0;
    await trx
      .insertInto('market_offers')
      .values(demoOffers(() => ((step = (step * 16807 + 7) % 2147483647) % 1000) / 1000))
      .execute();

    for (let i = 0; i < contracts; i += 1) {
      const commodity = i % 2 === 0 ? 'Power' : 'Gas';
      const clickType = CLICK_TYPES[i % CLICK_TYPES.length] ?? null;
      const { id } = await trx
        .insertInto('contracts')
        .values({
          contract_id: `KL-B${String(i + 1).padStart(5, '0')}`,
          customer_id: customer.id,
          commodity,
          product: commodity === 'Gas' ? 'Gas TTF' : 'Stroom Peak/Off-peak NL',
          click_type: clickType,
          click_option: OPTIONS[i % OPTIONS.length] ?? 'PRE_EOD',
          mark_up: (1.5 + (i % 9) * 0.25).toFixed(2),
          transaction_fee: (0.1 + (i % 5) * 0.1).toFixed(2),
          contracted_volume: 36_000,
          max_clicks_per_year: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const parts = commodity === 'Gas' ? (['Gas'] as const) : (['Peak', 'OffPeak'] as const);
      await trx
        .insertInto('position_months')
        .values(
          DEMO_YEARS.flatMap((year) =>
            parts.flatMap((part) =>
              Array.from({ length: 12 }, (_, m) => ({
                contract_id: id,
                part,
                year_of_supply: year,
                month: m + 1,
                total_volume: new Decimal(300 + ((i * 37 + m * 11) % 500)).toFixed(3),
              })),
            ),
          ),
        )
        .execute();
      await trx
        .insertInto('dashboard_contracts')
        .values({ dashboard_id: dashboard.id, contract_id: id, customer_id: customer.id })
        .execute();
      for (const year of DEMO_YEARS) {
        const allowed = MATURITIES.filter((maturity) => clickTypeAllows(clickType, maturity));
        for (const [k, maturity] of [allowed[0], allowed[allowed.length - 1]].entries()) {
          if (maturity === undefined) continue;
          await recordClick(trx, {
            contractRowId: id,
            yearOfSupply: year,
            maturity,
            status: 'COMPLETED',
            auto: k === 1,
            market: 'OTC',
            createdAt: new Date(Date.UTC(year - 1, 5 + k, 10, 10)),
            completedAt: new Date(Date.UTC(year - 1, 5 + k, 10, 10)),
            createdBy: null,
            parts: parts.map((part) => ({
              part,
              volume: String(10 + k * 5 + (i % 7)),
              price: (40 + i + k).toFixed(4),
            })),
          });
        }
      }
    }
    return dashboard.id;
  });
}
