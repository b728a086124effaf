import { sql } from 'kysely';
import Decimal from 'decimal.js';
import type { Db } from '../../db/database';
import type { PlannedContract, StoredContract, StoredState } from './import.plan';
import { enqueueEvents } from '../../kernel/events/event-outbox';
import { setContractedVolumes } from '../positions/ledger';

/*
 * The import's reads and writes, a fixed number of statements whatever the file's size: the
 * stored contracts of the file in three queries, and the writes as whole arrays (unnest), so
 * 10,000 rows cost no round trip each (docs/contracts-import.md, "Performance").
 */

export async function loadStoredState(
  db: Db,
  contractIds: readonly string[],
  customerIds: readonly number[],
): Promise<StoredState> {
  const contracts = new Map<string, StoredContract>();
  const customers =
    customerIds.length === 0
      ? []
      : await db
          .selectFrom('customers')
          .select('id')
          .where('id', 'in', [...customerIds])
          .execute();
  if (contractIds.length === 0)
    return { contracts, customerIds: new Set(customers.map((c) => c.id)) };
  const rows = await db
    .selectFrom('contracts')
    .select([
      'id',
      'contract_id',
      'customer_id',
      'commodity',
      'product',
      'click_type',
      'click_option',
      'mark_up',
      'transaction_fee',
      'off_peak_mark_up',
      'off_peak_transaction_fee',
      'lump_sum',
      'run_out',
      'max_clicks_per_year',
      'min_click_percentage',
      'max_click_percentage',
    ])
    .where(sql<boolean>`contract_id = any(${sql.val([...contractIds])}::text[])`)
    .execute();
  const byId = new Map<number, StoredContract>();
  for (const row of rows) {
    const contract: StoredContract = {
      id: row.id,
      contractId: row.contract_id,
      customerId: row.customer_id,
      commodity: row.commodity,
      product: row.product,
      clickType: row.click_type,
      marketOption: row.click_option,
      markUp: row.mark_up,
      transactionFee: row.transaction_fee,
      offPeakMarkUp: row.off_peak_mark_up,
      offPeakTransactionFee: row.off_peak_transaction_fee,
      lumpSum: row.lump_sum,
      runOut: row.run_out,
      maxClicksPerYear: row.max_clicks_per_year,
      minClickPercentage: row.min_click_percentage,
      maxClickPercentage: row.max_click_percentage,
      months: [],
      clickYears: [],
    };
    contracts.set(contract.contractId, contract);
    byId.set(contract.id, contract);
  }
  const ids = [...byId.keys()];
  if (ids.length > 0) {
    const months = await db
      .selectFrom('position_months')
      .select(['contract_id', 'part', 'year_of_supply', 'month', 'total_volume', 'clicked_volume'])
      .where('contract_id', 'in', ids)
      .execute();
    for (const month of months) {
      byId.get(month.contract_id)?.months.push({
        yearOfSupply: month.year_of_supply,
        part: month.part,
        month: month.month,
        totalVolume: month.total_volume,
        clickedVolume: month.clicked_volume,
      });
    }
    const clickYears = await db
      .selectFrom('clicks')
      .select(['contract_id', 'year_of_supply'])
      .distinct()
      .where('contract_id', 'in', ids)
      .execute();
    for (const click of clickYears)
      byId.get(click.contract_id)?.clickYears.push(click.year_of_supply);
  }
  return { contracts, customerIds: new Set(customers.map((customer) => customer.id)) };
}

function contractedVolume(contract: PlannedContract): string {
  return contract.input.volumes
    .reduce((sum, volume) => sum.plus(volume.volume), new Decimal(0))
    .toFixed();
}

/**
 * Writes the created and changed contracts (one upsert by Contract-ID), then their months: every
 * planned month set, every other month of theirs removed (the plan has checked that none of
 * those holds a click).
 */
export async function writeContracts(
  trx: Db,
  contracts: readonly PlannedContract[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (contracts.length === 0) return ids;
  // Gas and Peak in mark_up/transaction_fee, OffPeak apart (null for gas), as managecontract
  // stores them (0018).
  const priceOf = (contract: PlannedContract, part: 'main' | 'OffPeak') =>
    contract.input.pricing.find((price) =>
      part === 'OffPeak' ? price.part === 'OffPeak' : price.part !== 'OffPeak',
    );
  const main = contracts.map((contract) => priceOf(contract, 'main'));
  const offPeak = contracts.map((contract) => priceOf(contract, 'OffPeak'));
  const written = await sql<{ id: number; contract_id: string }>`
    insert into contracts (contract_id, customer_id, commodity, product, click_type, click_option,
      mark_up, transaction_fee, off_peak_mark_up, off_peak_transaction_fee, lump_sum,
      contracted_volume, run_out, max_clicks_per_year, min_click_percentage, max_click_percentage)
    select * from unnest(
      ${contracts.map((c) => c.input.contractId)}::text[],
      ${contracts.map((c) => c.input.customerId)}::int[],
      ${contracts.map((c) => c.input.commodity)}::text[],
      ${contracts.map((c) => c.input.product)}::text[],
      ${contracts.map((c) => c.input.clickType)}::text[],
      ${contracts.map((c) => c.input.marketOption)}::text[],
      ${main.map((p) => p?.markUp ?? '0')}::numeric[],
      ${main.map((p) => p?.transactionFee ?? '0')}::numeric[],
      ${offPeak.map((p) => p?.markUp ?? null)}::numeric[],
      ${offPeak.map((p) => p?.transactionFee ?? null)}::numeric[],
      ${contracts.map((c) => c.input.lumpSum)}::numeric[],
      ${contracts.map(contractedVolume)}::numeric[],
      ${contracts.map((c) => c.input.runOut)}::boolean[],
      ${contracts.map((c) => c.input.clickLimits.maxClicksPerYear)}::int[],
      ${contracts.map((c) => c.input.clickLimits.minClickPercentage)}::numeric[],
      ${contracts.map((c) => c.input.clickLimits.maxClickPercentage)}::numeric[]
    )
    on conflict (contract_id) do update set
      customer_id = excluded.customer_id, commodity = excluded.commodity,
      product = excluded.product, click_type = excluded.click_type,
      click_option = excluded.click_option, mark_up = excluded.mark_up,
      transaction_fee = excluded.transaction_fee, off_peak_mark_up = excluded.off_peak_mark_up,
      off_peak_transaction_fee = excluded.off_peak_transaction_fee, lump_sum = excluded.lump_sum,
      contracted_volume = excluded.contracted_volume, run_out = excluded.run_out,
      max_clicks_per_year = excluded.max_clicks_per_year,
      min_click_percentage = excluded.min_click_percentage,
      max_click_percentage = excluded.max_click_percentage,
      -- An edit like managecontract's: quotes made on the old revision lapse (CONTRACT_CHANGED)
      -- and an edit opened on it meets a conflict.
      revision = contracts.revision + 1, updated_at = now()
    returning id, contract_id`.execute(trx);
  for (const row of written.rows) ids.set(row.contract_id, row.id);

  await setContractedVolumes(
    trx,
    contracts.map((contract) => ({
      contractRowId: ids.get(contract.input.contractId) as number,
      months: contract.months,
    })),
  );
  return ids;
}

/** One clickUpdate per changed contract into the event outbox, in one statement. */
export async function enqueueClickUpdates(
  trx: Db,
  contracts: readonly { contractId: string; customerId: number }[],
): Promise<void> {
  await enqueueEvents(
    trx,
    'clickUpdate',
    contracts.map(({ contractId, customerId }) => ({ contractId, customerId })),
  );
}
