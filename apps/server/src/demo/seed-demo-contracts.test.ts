import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContractDataListSchema, ContractSummaryListSchema, type ContractData } from '@klik/api';
import { toDec } from '@klik/domain';
import { bearer, buildTestApp, login, type TestApp } from '../../test/test-app';
import { TestClock } from '../../test/test-clock';
import { createTestDatabase } from '../../test/test-database';
import { DEMO_PASSWORD, seedDemo } from './seed-demo';

let t: TestApp;

beforeAll(async () => {
  // Friday 2026-11-20 11:00 Amsterdam: the window is open.
  t = await buildTestApp({ clock: new TestClock(new Date('2026-11-20T10:00:00Z')) });
  expect(await seedDemo(t.db)).toBe(true);
});

afterAll(async () => {
  await t.close();
});

function reasons(contracts: readonly ContractData[]): Set<string> {
  const found = new Set<string>();
  for (const contract of contracts) {
    const { yearStatuses, quarterStatuses, monthStatuses } = contract.statusPerContract;
    for (const status of [...yearStatuses, ...quarterStatuses, ...monthStatuses]) {
      found.add(status.clickable ? 'clickable' : (status.disableClickReason ?? 'none'));
    }
  }
  return found;
}

describe('demo contracts', () => {
  it('cover power and gas, 2026-2028, every click type and every market option', async () => {
    const contracts = await t.db.selectFrom('contracts').selectAll().execute();
    expect(contracts.length).toBeGreaterThanOrEqual(20);
    expect(new Set(contracts.map((c) => c.commodity))).toEqual(new Set(['Power', 'Gas']));
    expect(new Set(contracts.map((c) => c.click_type))).toEqual(
      new Set([null, 'ALL', 'YEAR', 'QUARTER', 'MONTH']),
    );
    expect(new Set(contracts.map((c) => c.click_option))).toEqual(
      new Set(['OTC_ONLY', 'PRE_EOD', 'PRE_EOD_AND_OVERNIGHT']),
    );
    for (const contract of contracts) {
      expect(toDec(contract.mark_up).gte('1.5') && toDec(contract.mark_up).lte('3.5')).toBe(true);
      expect(
        toDec(contract.transaction_fee).gte('0.1') && toDec(contract.transaction_fee).lte('0.5'),
      ).toBe(true);
    }
    const customers = await t.db.selectFrom('customers').select('id').execute();
    for (const customer of customers) {
      expect(contracts.filter((c) => c.customer_id === customer.id).length).toBeGreaterThan(1);
    }
    // Every dashboard holds some contracts.
    const empty = await sql<{ id: number }>`
      select d.id from dashboards d
      where not exists (select 1 from dashboard_contracts dc where dc.dashboard_id = d.id)`.execute(
      t.db,
    );
    expect(empty.rows).toEqual([]);
  });

  it('have realistic yearly volumes, winter-heavy for gas', async () => {
    const years = await sql<{ commodity: string; part: string; year: number; total: string }>`
      select c.commodity, pm.part, pm.year_of_supply as year, sum(pm.total_volume) as total
      from position_months pm join contracts c on c.id = pm.contract_id
      group by c.id, c.commodity, pm.part, pm.year_of_supply`.execute(t.db);
    expect(new Set(years.rows.map((row) => row.year))).toEqual(new Set([2026, 2027, 2028]));
    for (const row of years.rows) {
      const [low, high] = row.commodity === 'Gas' ? [1900, 21000] : [950, 10500];
      expect(Number(row.total)).toBeGreaterThan(low);
      expect(Number(row.total)).toBeLessThan(high);
    }
    const gasMonths = await sql<{ month: number; total: string }>`
      select pm.month, sum(pm.total_volume) as total from position_months pm
      where pm.part = 'Gas' group by pm.month order by pm.month`.execute(t.db);
    const january = Number(gasMonths.rows[0]!.total);
    const july = Number(gasMonths.rows[6]!.total);
    expect(january).toBeGreaterThan(3 * july);
  });

  it('are partly clicked, some by auto-click, with one click still in progress', async () => {
    const clicks = await t.db.selectFrom('clicks').selectAll().execute();
    expect(clicks.some((c) => c.status === 'COMPLETED' && c.auto)).toBe(true);
    expect(clicks.some((c) => c.status === 'COMPLETED' && !c.auto)).toBe(true);
    expect(clicks.filter((c) => c.status === 'IN_PROGRESS')).toHaveLength(1);
    // The ledger agrees with the click months it was built from.
    const mismatches = await sql`
      select pm.contract_id, pm.part, pm.year_of_supply, pm.month
      from position_months pm
      left join (
        select c.contract_id, c.year_of_supply, cm.part, cm.month,
          sum(cm.volume) as volume, sum(cm.volume * cm.price) as cost
        from click_months cm join clicks c on c.id = cm.click_id
        where c.status = 'COMPLETED'
        group by 1, 2, 3, 4
      ) x on x.contract_id = pm.contract_id and x.year_of_supply = pm.year_of_supply
        and x.part = pm.part and x.month = pm.month
      where pm.clicked_volume <> coalesce(x.volume, 0) or pm.clicked_cost <> coalesce(x.cost, 0)`.execute(
      t.db,
    );
    expect(mismatches.rows).toEqual([]);
  });

  it("show every server-decided reason on the demo customer's dashboards", async () => {
    const session = await login(t.app, 'customer', DEMO_PASSWORD);
    const first = session.allowedCustomers[0]!;
    const response = await t.app.inject({
      method: 'GET',
      url: `/rest/dashboardContractData/${first.dashboards[0]!.id}`,
      headers: bearer(session.token),
    });
    expect(response.statusCode).toBe(200);
    const onFirstDashboard = reasons(ContractDataListSchema.parse(response.json()));
    for (const reason of ['clickable', 'DC_10', 'DC_11', 'DC_12', 'DC_21', 'DC_31', 'DC_23']) {
      expect(onFirstDashboard, reason).toContain(reason);
    }
    const all = await t.app.inject({
      method: 'GET',
      url: `/rest/contractData/${first.id}`,
      headers: bearer(session.token),
    });
    expect(reasons(ContractDataListSchema.parse(all.json()))).toContain('DC_22');
    const summaries = await t.app.inject({
      method: 'GET',
      url: `/rest/contractSummary/${first.id}`,
      headers: bearer(session.token),
    });
    const parsed = ContractSummaryListSchema.parse(summaries.json());
    expect(parsed.some((s) => toDec(s.clickPercentagePerYear['2027'] ?? '0').eq(100))).toBe(true);
    expect(parsed.some((s) => toDec(s.autoClickPercentagePerYear['2027'] ?? '0').gt(0))).toBe(true);

    const viewer = await login(t.app, 'viewer', DEMO_PASSWORD);
    const asViewer = await t.app.inject({
      method: 'GET',
      url: `/rest/dashboardContractData/${first.dashboards[0]!.id}`,
      headers: bearer(viewer.token),
    });
    expect(reasons(ContractDataListSchema.parse(asViewer.json()))).toEqual(new Set(['DC_34']));
  });

  it('are the same on every database they are seeded into', async () => {
    const other = await createTestDatabase();
    try {
      expect(await seedDemo(other.db)).toBe(true);
      const dump = (db: typeof t.db) =>
        sql<{ line: string }>`
          select concat_ws('|', c.contract_id, c.click_type, c.click_option, c.mark_up,
            pm.part, pm.year_of_supply, pm.month, pm.total_volume, pm.clicked_volume,
            pm.auto_clicked_volume, pm.clicked_cost) as line
          from position_months pm join contracts c on c.id = pm.contract_id
          order by 1`.execute(db);
      const offers = (db: typeof t.db) =>
        sql<{ line: string }>`
          select concat_ws('|', product, year_of_supply, maturity, market, price) as line
          from market_offers order by 1`.execute(db);
      expect((await dump(other.db)).rows).toEqual((await dump(t.db)).rows);
      expect((await offers(other.db)).rows).toEqual((await offers(t.db)).rows);
    } finally {
      await other.drop();
    }
  });
});
