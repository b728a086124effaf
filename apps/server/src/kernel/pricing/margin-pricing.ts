import {
  amsterdamInstant,
  addDays,
  fromDec,
  partsOf,
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

/** The mark-up and fee of a part of a position at the part's volume, and where they came from. */
export type MarginOf = (
  part: ContractPartName,
  maturity: Maturity,
  volume: DecimalString,
) => ResolvedMargin;

/**
 * The one reading of the rule (docs/margins.md): per contract, the mark-up and fee a quote made at
 * `at` gets for each part, maturity and volume - the scenario assigned to the contract, else the
 * one assigned to its customer, else the contract's own. Quotes, the preview, the positions
 * dashboard and the TPI summary all price through it, in two queries whatever the number of
 * contracts. `override` replaces the contract's scenario (the preview's unsaved draft).
 */
export async function marginsOf(
  db: Db,
  contracts: readonly PricedContract[],
  at: Date,
  override?: { contractScenario: MarginScenarioVersion[] },
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
    .execute();
  const assigned = new Map(rows.map((row) => [row.id, row]));
  const versions = await versionsOf(
    db,
    rows.flatMap((row) => [row.contract, row.customer]).filter((id): id is number => id !== null),
  );
  for (const contract of contracts) {
    const row = assigned.get(contract.id);
    const contractScenario =
      override?.contractScenario ??
      (row?.contract == null ? null : (versions.get(row.contract) ?? null));
    const customerScenario = row?.customer == null ? null : (versions.get(row.customer) ?? null);
    byContract.set(contract.id, (part, maturity, volume) =>
      resolveMargin({
        at,
        question: {
          commodity: contract.commodity,
          part,
          maturityType: periodTypeOf(maturity),
          volume,
        },
        contractScenario,
        customerScenario,
        contractTerms: contractTermsOf(contract, part),
      }),
    );
  }
  return byContract;
}

/** The mark-up and fee of every part of a position for a quote made at `at`. */
export async function marginsForQuote(
  db: Db,
  contract: PricedContract,
  maturity: Maturity,
  parts: readonly MarginPart[],
  at: Date,
  override?: { contractScenario: MarginScenarioVersion[] },
): Promise<PartMargins> {
  const marginOf = (await marginsOf(db, [contract], at, override)).get(contract.id) as MarginOf;
  const margins: PartMargins = {};
  for (const part of parts) margins[part.name] = marginOf(part.name, maturity, part.totalVolume);
  return margins;
}

/** Per part, the market product of the feed that prices it. */
export type MarketProducts = Partial<Record<ContractPartName, MarketProduct>>;

/**
 * The market product of each part of each contract product: the product's own pricing IDs, else
 * the '*' ones (docs/margins.md), read in one query.
 */
export async function marketProductsOfProducts(
  db: Db,
  products: readonly string[],
): Promise<Map<string, MarketProducts>> {
  const wanted = [...new Set(products)];
  const byProduct = new Map<string, MarketProducts>();
  if (wanted.length === 0) return byProduct;
  const rows = await db
    .selectFrom('pricing_ids')
    .select(['product', 'part', 'market_product'])
    .where('product', 'in', [...wanted, '*'])
    .execute();
  const fallback: MarketProducts = {};
  for (const row of rows) if (row.product === '*') fallback[row.part] = row.market_product;
  for (const product of wanted) {
    const own: MarketProducts = { ...fallback };
    for (const row of rows) if (row.product === product) own[row.part] = row.market_product;
    byProduct.set(product, own);
  }
  return byProduct;
}

/**
 * The market products of the contracts' parts (those of each one's commodity), read in one query:
 * what their positions are priced on and which prices move them.
 */
export async function marketProductsOfContracts(
  db: Db,
  contracts: readonly { product: string; commodity: 'Power' | 'Gas' }[],
): Promise<(contract: { product: string; commodity: 'Power' | 'Gas' }) => MarketProducts> {
  const byProduct = await marketProductsOfProducts(
    db,
    contracts.map((contract) => contract.product),
  );
  return (contract) => {
    const all = byProduct.get(contract.product) ?? {};
    const own: MarketProducts = {};
    for (const part of partsOf(contract.commodity)) {
      const product = all[part];
      if (product) own[part] = product;
    }
    return own;
  };
}

/** The market product of each part of a contract product: its own pricing IDs, else the '*' ones. */
export async function marketProductsOf(db: Db, product: string): Promise<MarketProducts> {
  return (await marketProductsOfProducts(db, [product])).get(product) ?? {};
}
