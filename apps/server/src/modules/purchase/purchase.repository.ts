import { sql } from 'kysely';
import {
  fromDec,
  monthsOf,
  toDec,
  type ClickRecord,
  type ClickType,
  type ContractPartName,
  type DeadlineRule,
  type DecimalString,
  type Maturity,
  type MarketOption,
} from '@klik/domain';
import type { Db } from '../../db/database';
import { applyClickToLedger, type ClickPartVolume } from '../positions/ledger';

/** A contract as a click needs it, with what its customer requires. */
export interface ClickContract {
  id: number;
  contractId: string;
  customerId: number;
  commodity: 'Power' | 'Gas';
  product: string;
  clickType: ClickType;
  clickOption: MarketOption;
  markUp: string;
  transactionFee: string;
  runOut: boolean;
  maxClicksPerYear: number | null;
  minClickPercentage: string;
  /** The largest click per part, percent of the position's total volume (0018). */
  maxClickPercentage: string;
  /** The Off-peak part's own mark-up and fee; null: markUp / transactionFee (0018). */
  offPeakMarkUp: string | null;
  offPeakTransactionFee: string | null;
  deadlineRule: DeadlineRule;
  /** Raised by every edit of the contract; a quote made on another revision lapses (0018). */
  revision: number;
  /** The contract's own setting, else the customer's (0018). */
  requireSms: boolean;
  /** Where SMS is required, a code from the user's authenticator app may replace it. */
  allowTotp: boolean;
  requireApproval: boolean;
  /** False: the customer is deactivated and its contracts cannot be clicked. */
  customerActive: boolean;
}

const CONTRACT_COLUMNS = sql`c.id, c.contract_id, c.customer_id, c.commodity, c.product,
  c.click_type, c.click_option, c.mark_up, c.transaction_fee, c.run_out, c.max_clicks_per_year,
  c.min_click_percentage, c.max_click_percentage, c.off_peak_mark_up, c.off_peak_transaction_fee,
  c.deadline_rule, c.revision, coalesce(c.require_sms, cu.require_sms) as require_sms,
  cu.allow_totp, coalesce(c.require_approval, cu.require_approval) as require_approval,
  cu.active as customer_active`;

interface ContractRow {
  id: number;
  contract_id: string;
  customer_id: number;
  commodity: 'Power' | 'Gas';
  product: string;
  click_type: ClickType;
  click_option: MarketOption;
  mark_up: string;
  transaction_fee: string;
  run_out: boolean;
  max_clicks_per_year: number | null;
  min_click_percentage: string;
  max_click_percentage: string;
  off_peak_mark_up: string | null;
  off_peak_transaction_fee: string | null;
  deadline_rule: DeadlineRule;
  revision: number;
  require_sms: boolean;
  allow_totp: boolean;
  require_approval: boolean;
  customer_active: boolean;
}

function contractOf(row: ContractRow): ClickContract {
  return {
    id: row.id,
    contractId: row.contract_id,
    customerId: row.customer_id,
    commodity: row.commodity,
    product: row.product,
    clickType: row.click_type,
    clickOption: row.click_option,
    markUp: fromDec(toDec(row.mark_up)),
    transactionFee: fromDec(toDec(row.transaction_fee)),
    runOut: row.run_out,
    maxClicksPerYear: row.max_clicks_per_year,
    minClickPercentage: fromDec(toDec(row.min_click_percentage)),
    maxClickPercentage: fromDec(toDec(row.max_click_percentage)),
    offPeakMarkUp: row.off_peak_mark_up === null ? null : fromDec(toDec(row.off_peak_mark_up)),
    offPeakTransactionFee:
      row.off_peak_transaction_fee === null ? null : fromDec(toDec(row.off_peak_transaction_fee)),
    deadlineRule: row.deadline_rule,
    revision: row.revision,
    requireSms: row.require_sms,
    allowTotp: row.allow_totp,
    requireApproval: row.require_approval,
    customerActive: row.customer_active,
  };
}

/** The contract with this public id. */
export async function findContractByPublicId(
  db: Db,
  contractId: string,
): Promise<ClickContract | undefined> {
  const result = await sql<ContractRow>`
    select ${CONTRACT_COLUMNS} from contracts c join customers cu on cu.id = c.customer_id
    where c.contract_id = ${contractId}`.execute(db);
  const row = result.rows[0];
  return row ? contractOf(row) : undefined;
}

export interface QuoteHead {
  userId: number;
  yearOfSupply: number;
  maturity: Maturity;
  market: 'OTC' | 'ICE';
  expiresAt: Date;
  consumedAt: Date | null;
  cancelledAt: Date | null;
  contract: ClickContract;
  /** The user is linked to the contract's customer. */
  userLinked: boolean;
}

/** A quote with its contract and whether the user belongs to the customer, in one query. */
export async function findQuoteHead(
  db: Db,
  quoteId: string,
  userId: number,
): Promise<QuoteHead | undefined> {
  const result = await sql<
    ContractRow & {
      q_user_id: number;
      q_year: number;
      q_maturity: Maturity;
      q_market: 'OTC' | 'ICE';
      expires_at: Date;
      consumed_at: Date | null;
      cancelled_at: Date | null;
      linked: boolean;
    }
  >`
    select ${CONTRACT_COLUMNS}, q.user_id as q_user_id, q.year_of_supply as q_year,
      q.maturity as q_maturity, q.market as q_market, q.expires_at, q.consumed_at,
      q.cancelled_at,
      exists (select 1 from user_customers uc
        where uc.user_id = ${userId} and uc.customer_id = c.customer_id) as linked
    from purchase_quotes q
    join contracts c on c.id = q.contract_id
    join customers cu on cu.id = c.customer_id
    where q.id = ${quoteId}`.execute(db);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    userId: row.q_user_id,
    yearOfSupply: row.q_year,
    maturity: row.q_maturity,
    market: row.q_market,
    expiresAt: row.expires_at,
    consumedAt: row.consumed_at,
    cancelledAt: row.cancelled_at,
    contract: contractOf(row),
    userLinked: row.linked,
  };
}

/**
 * Locks the contract row for the rest of the transaction: every click decision on one contract
 * (execution, approval, completion, expiry) runs one at a time, so pending clicks and open
 * volumes read after this stay true until commit.
 */
export async function lockContract(trx: Db, id: number): Promise<ClickContract> {
  const result = await sql<ContractRow>`
    select ${CONTRACT_COLUMNS} from contracts c join customers cu on cu.id = c.customer_id
    where c.id = ${id} for update of c`.execute(trx);
  const row = result.rows[0];
  if (!row) throw new Error(`Contract ${id} vanished`);
  return contractOf(row);
}

export interface PartVolumes {
  name: ContractPartName;
  totalVolume: DecimalString;
  clickedVolume: DecimalString;
}

export interface PositionOffers {
  otc: Map<ContractPartName, DecimalString | null>;
  ice: Map<ContractPartName, DecimalString | null>;
}

/** Everything the rules ask about a position, read together. */
export interface PositionState {
  /** Per part: the sums over the maturity's months. */
  volumes: PartVolumes[];
  /** A part without a row has no offer on that market. */
  offers: PositionOffers;
  /** The contract's clicks of the year that still lock overlapping positions (DC_31). */
  pending: ClickRecord[];
  paused: boolean;
}

const PARTS_OF_COMMODITY: Record<'Power' | 'Gas', ContractPartName[]> = {
  Gas: ['Gas'],
  Power: ['Peak', 'OffPeak'],
};

/** A position's volumes, offers, pending clicks and the pause, in one round trip. */
export async function positionState(
  db: Db,
  contract: { id: number; commodity: 'Power' | 'Gas'; product: string },
  yearOfSupply: number,
  maturity: Maturity,
): Promise<PositionState> {
  const parts = PARTS_OF_COMMODITY[contract.commodity];
  const result = await sql<{
    volumes: { part: ContractPartName; total: string; clicked: string }[] | null;
    offers: { part: ContractPartName; market: 'OTC' | 'ICE'; price: string | null }[] | null;
    pending: string[] | null;
    paused: boolean | null;
  }>`
    select
      (select json_agg(json_build_object('part', v.part, 'total', v.total::text,
          'clicked', v.clicked::text))
        from (select part, sum(total_volume) as total, sum(clicked_volume) as clicked
          from position_months
          where contract_id = ${contract.id} and year_of_supply = ${yearOfSupply}
            and month in (${sql.join([...monthsOf(maturity)])})
          group by part) v) as volumes,
      (select json_agg(json_build_object('part', p.part, 'market', o.market,
          'price', o.price::text))
        from (select distinct on (part) part, market_product from pricing_ids
            where product in (${contract.product}, '*') and part in (${sql.join(parts)})
            order by part, product = '*') p
          join market_offers o on o.product = p.market_product
        where o.year_of_supply = ${yearOfSupply} and o.maturity = ${maturity}) as offers,
      (select json_agg(k.maturity) from clicks k
        where k.contract_id = ${contract.id} and k.year_of_supply = ${yearOfSupply}
          and k.status in ('PENDING_APPROVAL', 'IN_PROGRESS')) as pending,
      (select pauze_active from trading_status) as paused`.execute(db);
  const row = result.rows[0];
  const order: ContractPartName[] = ['Gas', 'Peak', 'OffPeak'];
  const volumes = (row?.volumes ?? [])
    .map((volume) => ({
      name: volume.part,
      totalVolume: fromDec(toDec(volume.total)),
      clickedVolume: fromDec(toDec(volume.clicked)),
    }))
    .sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
  const offers: PositionOffers = { otc: new Map(), ice: new Map() };
  for (const part of volumes) {
    // The market product of each part comes from the pricing IDs (docs/margins.md).
    for (const offer of (row?.offers ?? []).filter((candidate) => candidate.part === part.name)) {
      const price = offer.price === null ? null : fromDec(toDec(offer.price));
      (offer.market === 'OTC' ? offers.otc : offers.ice).set(part.name, price);
    }
  }
  return {
    volumes,
    offers,
    pending: (row?.pending ?? []).map((pendingMaturity) => ({
      maturity: pendingMaturity as Maturity,
      yearOfSupply,
      inProgress: true,
    })),
    paused: row?.paused ?? false,
  };
}

/** Clicks made (or still pending) on a contract in a year of supply; auto-clicks do not count. */
export async function countClicks(
  db: Db,
  contractRowId: number,
  yearOfSupply: number,
): Promise<number> {
  const row = await db
    .selectFrom('clicks')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('contract_id', '=', contractRowId)
    .where('year_of_supply', '=', yearOfSupply)
    .where('auto', '=', false)
    .where('status', 'in', ['PENDING_APPROVAL', 'IN_PROGRESS', 'COMPLETED'])
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** One part of a click as it is reserved: its volume and its click price. */
export type ReservedPart = ClickPartVolume;

/**
 * Reserves a click's volume in the ledger at confirmation (the positions module's ledger write:
 * spread over the maturity's months in proportion to their open volume, month rows locked). The
 * CHECK constraint clicked_volume <= total_volume refuses any overfill in the database itself.
 */
export async function reserveVolume(
  trx: Db,
  click: { id: number; contractRowId: number; yearOfSupply: number; maturity: Maturity },
  parts: readonly ReservedPart[],
): Promise<void> {
  await applyClickToLedger(trx, {
    clickId: click.id,
    contractRowId: click.contractRowId,
    yearOfSupply: click.yearOfSupply,
    maturity: click.maturity,
    auto: false,
    parts,
  });
}

/**
 * The terms that apply to a customer (its own newest version, else the default newest) and
 * whether the user accepted that version, in one query.
 */
export async function currentTerms(
  db: Db,
  customerId: number,
  userId: number,
): Promise<
  | { version: number; bodyNl: string; bodyEn: string; publishedAt: Date; accepted: boolean }
  | undefined
> {
  const result = await sql<{
    version: number;
    body_nl: string;
    body_en: string;
    published_at: Date;
    accepted: boolean;
  }>`
    select t.version, t.body_nl, t.body_en, t.published_at,
      exists (select 1 from terms_acceptances a where a.user_id = ${userId}
        and a.customer_id = ${customerId} and a.version = t.version) as accepted
    from terms_versions t
    where t.customer_id = ${customerId} or t.customer_id is null
    order by t.customer_id is null, t.version desc
    limit 1`.execute(db);
  const row = result.rows[0];
  return row
    ? {
        version: row.version,
        bodyNl: row.body_nl,
        bodyEn: row.body_en,
        publishedAt: row.published_at,
        accepted: row.accepted,
      }
    : undefined;
}

/** Records an acceptance; accepting a version twice keeps the first. */
export async function recordTermsAcceptance(
  db: Db,
  userId: number,
  customerId: number,
  version: number,
  at: Date,
): Promise<void> {
  await db
    .insertInto('terms_acceptances')
    .values({ user_id: userId, customer_id: customerId, version, accepted_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
