import {
  averagePrice,
  clickPrice,
  fromDec,
  nextClickDeadline,
  percentageForApi,
  positionClickedPercentage,
  toDec,
  type ContractPartName,
} from '@klik/domain';
import { tpiCockpit } from '@klik/api';
import type {
  TpiContract,
  TpiCustomerView,
  TpiFilter,
  TpiUser,
  TpiCustomerData,
  TpiPage,
  TpiPart,
  TpiQuery,
  TpiRisk,
  TpiSummary,
} from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import type { AuthContext } from '../../kernel/auth/auth-context';
import {
  marginsOf,
  marketProductsOfProducts,
  type MarginOf,
  type MarketProducts,
} from '../../kernel/pricing/margin-pricing';
import { contractHeads, type ContractHead } from '../positions/positions.service';
import {
  findActableUsers,
  findConsultantCustomer,
  findConsultantCustomerPage,
  findTpiData,
  type TpiCustomerRow,
  type TpiData,
  type TpiPartYearRow,
} from './tpi.repository';
import { rankCustomers, ranksByRisk } from './tpi-ranking';

/** What the cockpit ranks customers by (the risk module's figures, docs/risk.md). */
export interface TpiRiskSource {
  ranking(customerIds: readonly number[]): Promise<Map<number, TpiRisk>>;
}

// Far above any consultant's book (the cockpit is built for a few hundred customers).
const EXPORT_MAX_CUSTOMERS = 5_000;

const PART_ORDER: readonly ContractPartName[] = ['Gas', 'Peak', 'OffPeak'];

// NUMERIC comes back with its column's scale ("5000.000"); the API carries plain decimals.
function plain(value: string): string {
  return fromDec(toDec(value));
}

/**
 * Only a consultant with the TPI page reads TPI data, for their own customers (spec section 6).
 * Everyone else is refused alike, and so is a customer that is not theirs or does not exist
 * (decision 006: ids cannot be probed).
 */
function assertTpiConsultant(auth: AuthContext): void {
  if (auth.user.role !== 'consultant' || !auth.user.allowTPIPage) throw new AppError('FORBIDDEN');
}

/** The TPI data of docs/tpi.md, computed from the ledger on every request (no cache to age). */
export class TpiService {
  constructor(private readonly deps: { db: Db; now: () => Date; risk: TpiRiskSource }) {}

  async customer(auth: AuthContext, customerId: number): Promise<TpiCustomerData> {
    assertTpiConsultant(auth);
    const customer = await findConsultantCustomer(this.deps.db, auth.user.id, customerId);
    if (!customer) throw new AppError('FORBIDDEN');
    const [data] = await this.#build(
      [customer],
      await findTpiData(this.deps.db, [customer.id], contractHeads),
    );
    return data as TpiCustomerData;
  }

  /** Whom the consultant may sign in as for one of their customers. */
  async users(auth: AuthContext, customerId: number): Promise<TpiUser[]> {
    assertTpiConsultant(auth);
    const customer = await findConsultantCustomer(this.deps.db, auth.user.id, customerId);
    if (!customer) throw new AppError('FORBIDDEN');
    return findActableUsers(this.deps.db, auth.user.id, customerId);
  }

  /**
   * Every customer's lines with the cockpit's filter and order, and the risk figures of the
   * customers it keeps (only those: the simulations of the others would be thrown away), for the
   * export.
   */
  async cockpit(
    auth: AuthContext,
    filter: TpiFilter,
  ): Promise<{ views: TpiCustomerView[]; risks: Map<number, TpiRisk> }> {
    assertTpiConsultant(auth);
    const { rows } = await findConsultantCustomerPage(this.deps.db, auth.user.id, {
      offset: 0,
      limit: EXPORT_MAX_CUSTOMERS,
    });
    const data = await this.#build(
      rows,
      await findTpiData(
        this.deps.db,
        rows.map((row) => row.id),
        contractHeads,
      ),
    );
    const views = tpiCockpit(data, filter, this.deps.now());
    const risks =
      views.length === 0
        ? new Map<number, TpiRisk>()
        : await this.deps.risk.ranking(views.map((view) => view.customerId));
    return { views, risks };
  }

  async page(auth: AuthContext, query: TpiQuery): Promise<TpiPage> {
    assertTpiConsultant(auth);
    let rows: TpiCustomerRow[];
    let total: number;
    let risks: Map<number, TpiRisk>;
    if (ranksByRisk(query)) {
      // Ordered other than by name, or filtered by risk figures: every customer first, then the page.
      const all = await findConsultantCustomerPage(this.deps.db, auth.user.id, {
        offset: 0,
        limit: EXPORT_MAX_CUSTOMERS,
      });
      risks = await this.deps.risk.ranking(all.rows.map((row) => row.id));
      const ranked = rankCustomers(all.rows, risks, query);
      total = ranked.length;
      rows = ranked.slice(query.page * query.size, (query.page + 1) * query.size);
    } else {
      const found = await findConsultantCustomerPage(this.deps.db, auth.user.id, {
        offset: query.page * query.size,
        limit: query.size,
      });
      rows = found.rows;
      total = found.total;
      risks = new Map();
    }
    const ids = rows.map((row) => row.id);
    // The page's own figures and, when asked for and not ranked already, its risk figures.
    const [built, pageRisks] = await Promise.all([
      findTpiData(this.deps.db, ids, contractHeads).then((data) => this.#build(rows, data)),
      risks.size > 0 || ids.length === 0 || query.withRisk !== true
        ? risks
        : this.deps.risk.ranking(ids),
    ]);
    risks = pageRisks;
    return {
      data: built.map((customer) => ({ ...customer, risk: risks.get(customer.customerId) })),
      page: query.page,
      size: query.size,
      total,
    };
  }

  async #build(customers: readonly TpiCustomerRow[], data: TpiData): Promise<TpiCustomerData[]> {
    const { db } = this.deps;
    const at = this.deps.now();
    // The current click price is the one a quote made now would get: the same margins and pricing
    // IDs as the quote (docs/margins.md).
    const [margins, products] = await Promise.all([
      marginsOf(db, data.contracts, at),
      marketProductsOfProducts(
        db,
        data.contracts.map((contract) => contract.product),
      ),
    ]);
    const offers = new Map(
      data.offers.map((offer) => [`${offer.product}/${offer.yearOfSupply}`, offer.price]),
    );
    const partYears = new Map<number, TpiPartYearRow[]>();
    for (const row of data.partYears) {
      partYears.set(row.contractRowId, [...(partYears.get(row.contractRowId) ?? []), row]);
    }
    const contracts = new Map<number, TpiContract[]>();
    for (const contract of data.contracts) {
      const rows = partYears.get(contract.id) ?? [];
      const years = [...new Set(rows.map((row) => row.yearOfSupply))].sort((a, b) => a - b);
      const built: TpiContract = {
        contractId: contract.contractId,
        commodity: contract.commodity,
        product: contract.product,
        clickType: contract.clickType,
        years: years.map((year) =>
          summaryOf(
            contract,
            year,
            rows.filter((row) => row.yearOfSupply === year),
            {
              offers,
              pending: data.pending,
              at,
              marginOf: margins.get(contract.id) as MarginOf,
              products: products.get(contract.product) ?? {},
            },
          ),
        ),
      };
      contracts.set(contract.customerId, [...(contracts.get(contract.customerId) ?? []), built]);
    }
    return customers.map((customer) => ({
      customerId: customer.id,
      customerName: customer.name,
      contracts: contracts.get(customer.id) ?? [],
    }));
  }
}

function summaryOf(
  contract: ContractHead,
  year: number,
  rows: readonly TpiPartYearRow[],
  context: {
    offers: Map<string, string | null>;
    pending: Map<string, number>;
    at: Date;
    marginOf: MarginOf;
    products: MarketProducts;
  },
): TpiSummary {
  const parts: TpiPart[] = [];
  const openMonths = new Set<number>();
  for (const name of PART_ORDER) {
    const row = rows.find((candidate) => candidate.part === name);
    if (!row) continue;
    for (const month of row.openMonths) openMonths.add(month);
    const product = context.products[name];
    const marketPrice = product ? (context.offers.get(`${product}/${year}`) ?? null) : null;
    const margin = context.marginOf(name, 'Y', row.totalVolume);
    parts.push({
      name,
      totalVolume: plain(row.totalVolume),
      clickedVolume: plain(row.clickedVolume),
      openVolume: fromDec(toDec(row.totalVolume).minus(toDec(row.clickedVolume))),
      weightedAvgClickPrice: averagePrice({ volume: row.clickedVolume, amount: row.clickedCost }),
      currentClickPrice:
        marketPrice === null
          ? null
          : clickPrice({
              marketPrice,
              markUp: margin.markUp,
              transactionFees: margin.transactionFee,
            }),
    });
  }
  const averageOf = (name: ContractPartName) =>
    parts.find((part) => part.name === name)?.weightedAvgClickPrice ?? null;
  const deadline = nextClickDeadline({
    clickType: contract.clickType,
    yearOfSupply: year,
    openMonths,
    at: context.at,
  });
  return {
    contractId: contract.contractId,
    id: contract.customerId,
    yearOfSupply: year,
    clickedPercentage: percentageForApi(positionClickedPercentage(parts)),
    weightedAvgGasClickPrice: averageOf('Gas'),
    weightedAvgPeakClickPrice: averageOf('Peak'),
    weightedAvgOffPeakClickPrice: averageOf('OffPeak'),
    openVolume: fromDec(parts.reduce((sum, part) => sum.plus(toDec(part.openVolume)), toDec('0'))),
    parts,
    nextDeadline: deadline && {
      maturity: deadline.maturity,
      closesAt: deadline.closesAt.toISOString(),
    },
    pendingApprovals: context.pending.get(`${contract.id}/${year}`) ?? 0,
    budgetPosition: null,
  };
}
