import {
  amsterdamInstant,
  addDays,
  fromDec,
  periodTypeOf,
  resolveMargin,
  toDec,
  type ContractPartName,
  type DecimalString,
  type MarginLine,
  type MarginScenarioVersion,
  type Maturity,
  type ResolvedMargin,
} from '@klik/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { MarketProduct, StoredMarginLine } from '../../db/schema';

/*
 * How a quote's mark-up and fee are found (docs/margins.md): the scenario assigned to the contract,
 * else the one assigned to its customer, else the contract's own. The domain decides; this file
 * reads what it decides from.
 */

export interface StoredVersionRow {
  scenario_id: number;
  version: number;
  name: string;
  valid_from: string;
  valid_until: string | null;
  effective_at: Date;
  lines: StoredMarginLine[];
  created_at: Date;
  created_by: string | null;
}

/** Validity days are Amsterdam days: from 00:00 of validFrom to 00:00 after validUntil. */
export function versionOf(row: {
  scenario_id: number;
  version: number;
  valid_from: string;
  valid_until: string | null;
  effective_at: Date;
  lines: readonly MarginLine[];
}): MarginScenarioVersion {
  const midnight = { hour: 0, minute: 0 };
  return {
    scenarioId: row.scenario_id,
    version: row.version,
    effectiveAt: new Date(row.effective_at),
    validFrom: amsterdamInstant(row.valid_from, midnight),
    validUntil:
      row.valid_until === null ? null : amsterdamInstant(addDays(row.valid_until, 1), midnight),
    lines: row.lines,
  };
}

/** Every version of the given scenarios, grouped by scenario. */
export async function versionsOf(
  db: Db,
  scenarioIds: readonly number[],
): Promise<Map<number, MarginScenarioVersion[]>> {
  const byScenario = new Map<number, MarginScenarioVersion[]>();
  if (scenarioIds.length === 0) return byScenario;
  const rows = await db
    .selectFrom('margin_scenario_versions')
    .select([
      'scenario_id',
      'version',
      sql<string>`valid_from::text`.as('valid_from'),
      sql<string | null>`valid_until::text`.as('valid_until'),
      'effective_at',
      'lines',
    ])
    .where('scenario_id', 'in', [...new Set(scenarioIds)])
    .execute();
  for (const row of rows) {
    const list = byScenario.get(row.scenario_id) ?? [];
    list.push(versionOf(row));
    byScenario.set(row.scenario_id, list);
  }
  return byScenario;
}

/** The scenarios assigned to a contract and to its customer (null where none). */
export async function assignedScenarios(
  db: Db,
  contractId: number,
): Promise<{ contract: number | null; customer: number | null }> {
  const row = await db
    .selectFrom('contracts as c')
    .leftJoin('margin_scenario_customers as m', 'm.customer_id', 'c.customer_id')
    .select(['c.margin_scenario_id as contract', 'm.scenario_id as customer'])
    .where('c.id', '=', contractId)
    .executeTakeFirst();
  return { contract: row?.contract ?? null, customer: row?.customer ?? null };
}

/** The contract's own mark-up and fee of a part: Off-peak may have its own. */
export function contractTermsOf(
  contract: {
    markUp: DecimalString;
    transactionFee: DecimalString;
    offPeakMarkUp?: DecimalString | null;
    offPeakTransactionFee?: DecimalString | null;
  },
  part: ContractPartName,
): { markUp: DecimalString; transactionFee: DecimalString } {
  const offPeak = part === 'OffPeak';
  return {
    markUp: fromDec(toDec((offPeak ? contract.offPeakMarkUp : null) ?? contract.markUp)),
    transactionFee: fromDec(
      toDec((offPeak ? contract.offPeakTransactionFee : null) ?? contract.transactionFee),
    ),
  };
}

/** What of a contract its margins depend on. */
export interface PricedContract {
  id: number;
  commodity: 'Power' | 'Gas';
  markUp: DecimalString;
  transactionFee: DecimalString;
  /** The Off-peak part's own mark-up and fee, where the contract has them. */
  offPeakMarkUp?: DecimalString | null;
  offPeakTransactionFee?: DecimalString | null;
}

export interface MarginPart {
  name: ContractPartName;
  totalVolume: DecimalString;
}

export type PartMargins = Partial<Record<ContractPartName, ResolvedMargin>>;

/** The mark-up and fee of every part of a position for a quote made at `at`. */
export async function marginsForQuote(
  db: Db,
  contract: PricedContract,
  maturity: Maturity,
  parts: readonly MarginPart[],
  at: Date,
  override?: { contractScenario: MarginScenarioVersion[] },
): Promise<PartMargins> {
  const assigned = await assignedScenarios(db, contract.id);
  const ids = [assigned.contract, assigned.customer].filter((id): id is number => id !== null);
  const versions = await versionsOf(db, ids);
  const margins: PartMargins = {};
  for (const part of parts) {
    margins[part.name] = resolveMargin({
      at,
      question: {
        commodity: contract.commodity,
        part: part.name,
        maturityType: periodTypeOf(maturity),
        volume: part.totalVolume,
      },
      contractScenario:
        override?.contractScenario ??
        (assigned.contract === null ? null : (versions.get(assigned.contract) ?? null)),
      customerScenario:
        assigned.customer === null ? null : (versions.get(assigned.customer) ?? null),
      contractTerms: contractTermsOf(contract, part.name),
    });
  }
  return margins;
}

/** The mark-up and fee of a part of a position at the part's volume. */
export type MarginOf = (
  part: ContractPartName,
  maturity: Maturity,
  volume: DecimalString,
) => { markUp: DecimalString; transactionFee: DecimalString };

/**
 * For the positions dashboard: per contract, the mark-up and fee a quote made at `at` would get for
 * each part, maturity and volume (the same rule as marginsForQuote), read in two queries for all
 * contracts of a request. Contracts without any scenario are left out (their own apply).
 */
export async function dashboardMargins(
  db: Db,
  contracts: readonly PricedContract[],
  at: Date,
): Promise<Map<number, MarginOf>> {
  const byContract = new Map<number, MarginOf>();
  if (contracts.length === 0) return byContract;
  const rows = await db
    .selectFrom('contracts as c')
    .leftJoin('margin_scenario_customers as m', 'm.customer_id', 'c.customer_id')
    .select(['c.id', 'c.margin_scenario_id as contract', 'm.scenario_id as customer'])
    .where(
      'c.id',
      'in',
      contracts.map((contract) => contract.id),
    )
    .where((eb) =>
      eb.or([eb('c.margin_scenario_id', 'is not', null), eb('m.scenario_id', 'is not', null)]),
    )
    .execute();
  if (rows.length === 0) return byContract;
  const versions = await versionsOf(
    db,
    rows.flatMap((row) => [row.contract, row.customer]).filter((id): id is number => id !== null),
  );
  for (const row of rows) {
    const contract = contracts.find((candidate) => candidate.id === row.id);
    if (!contract) continue;
    byContract.set(row.id, (part, maturity, volume) => {
      const { markUp, transactionFee } = resolveMargin({
        at,
        question: {
          commodity: contract.commodity,
          part,
          maturityType: periodTypeOf(maturity),
          volume,
        },
        contractScenario: row.contract === null ? null : (versions.get(row.contract) ?? null),
        customerScenario: row.customer === null ? null : (versions.get(row.customer) ?? null),
        contractTerms: contractTermsOf(contract, part),
      });
      return { markUp, transactionFee };
    });
  }
  return byContract;
}

/** The market product of each part of a contract product: its own pricing IDs, else the '*' ones. */
export async function marketProductsOf(
  db: Db,
  product: string,
): Promise<Partial<Record<ContractPartName, MarketProduct>>> {
  const rows = await db
    .selectFrom('pricing_ids')
    .select(['product', 'part', 'market_product'])
    .where('product', 'in', [product, '*'])
    .execute();
  const products: Partial<Record<ContractPartName, MarketProduct>> = {};
  // The product's own rows overwrite the '*' ones.
  for (const row of [...rows].sort(
    (a, b) => Number(b.product === '*') - Number(a.product === '*'),
  )) {
    products[row.part] = row.market_product;
  }
  return products;
}
