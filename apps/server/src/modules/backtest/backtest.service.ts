import {
  amsterdamDate,
  toDec,
  twelveMonthStats,
  type BacktestYear,
  type DailyPrice,
  type HedgePoint,
  type ReplayClick,
} from '@klik/domain';
import type {
  Backtest,
  BacktestQuery,
  Ranking,
  RankingQuery,
  RankingRow,
  StrategyParameters,
} from '@klik/api';
import type { Db } from '../../db/database';
import type { MarketProduct } from '../../db/schema';
import type { AuthContext } from '../../kernel/auth/auth-context';
import {
  assertMaySee,
  linkedCustomerIds,
  seesEveryCustomer,
} from '../../kernel/access/customer-access';
import { AppError } from '../../kernel/http/app-error';
import { marketProductsOfContracts, versionsOf } from '../../kernel/pricing/margin-pricing';
import {
  buildYear,
  fitToPositions,
  instrumentsOf,
  planYear,
  storedClickOf,
  type ContractScenarios,
  type Instrument,
  type YearPlan,
} from './backtest-year';
import { mwh, perMwh, replayOutcomes, totalCostOf, yearFigures } from './backtest-figures';
import {
  findBacktestContract,
  findBacktestContracts,
  findCompletedClicks,
  findCustomerNames,
  findHedgePolicies,
  findPartMonths,
  type BacktestContractRow,
  type PartMonthRow,
  type StoredClickRow,
} from './backtest.repository';
import { findDailyPrices } from './history.repository';

/*
 * Hedge policies replayed on price history (docs/backtest.md): one contract year of a customer,
 * and the ranking of the customers a user serves. Reads only, so nothing is audited (as the risk
 * figures and their export).
 */

type Dec = ReturnType<typeof toDec>;
const ZERO = toDec('0');

/** What one contract's years are read from, for any number of contracts at once. */
interface ContractData {
  months: Map<string, PartMonthRow[]>;
  clicks: Map<string, StoredClickRow[]>;
  policies: Map<string, HedgePoint[]>;
  scenarios: (contract: BacktestContractRow) => ContractScenarios;
  products: (contract: BacktestContractRow) => Partial<Record<string, MarketProduct>>;
}

const yearKey = (contractRowId: number, yearOfSupply: number) => `${contractRowId}/${yearOfSupply}`;

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(row);
    groups.set(key(row), list);
  }
  return groups;
}

/** One contract year ready to replay. */
interface ReadYear {
  contract: BacktestContractRow;
  yearOfSupply: number;
  plan: YearPlan;
  year: BacktestYear | null;
  stored: ReplayClick[];
  volume: Dec;
}

export class BacktestService {
  constructor(private readonly deps: { db: Db; now: () => Date }) {}

  /** One contract year of the customer replayed (404 for a contract or year not the customer's). */
  async replay(auth: AuthContext, customerId: number, query: BacktestQuery): Promise<Backtest> {
    await assertMaySee(this.deps.db, auth, customerId);
    const contract = await findBacktestContract(this.deps.db, customerId, query.contractId);
    if (!contract) throw new AppError('NOT_FOUND');
    const [read] = await this.#read([contract], query.yearOfSupply);
    if (!read) throw new AppError('NOT_FOUND');
    const parameters: StrategyParameters = {
      trancheSchedule: query.trancheSchedule,
      limitDays: query.limitDays,
      limitShare: query.limitShare,
      reference: query.reference,
    };
    return {
      customerId,
      contractId: contract.contractId,
      yearOfSupply: read.yearOfSupply,
      window: read.year && { from: read.year.from, to: read.year.to },
      open: read.plan.open,
      volume: mwh(read.volume),
      parameters,
      ...yearFigures(read.year, read.stored, parameters, read.volume),
    };
  }

  /** The replay with the customer's name, for a file's heading. */
  async replayForExport(
    auth: AuthContext,
    customerId: number,
    query: BacktestQuery,
  ): Promise<{ backtest: Backtest; customerName: string }> {
    const backtest = await this.replay(auth, customerId, query);
    const [customer] = await findCustomerNames(this.deps.db, [customerId]);
    return { backtest, customerName: customer?.name ?? String(customerId) };
  }

  /**
   * The customers the user serves (an administrator: every customer; an API client: its own;
   * anyone else: the customers they are linked to), each with every contract year that has completed clicks replayed
   * against the reference; sorted and paged here.
   */
  async ranking(auth: AuthContext, query: RankingQuery): Promise<Ranking> {
    const { db } = this.deps;
    // An API client reaches its own customer and no other (docs/integrations.md).
    const served = auth.apiClient
      ? [auth.apiClient.customerId]
      : seesEveryCustomer(auth.user.role)
        ? 'all'
        : await linkedCustomerIds(db, auth.user.id);
    const customers = await findCustomerNames(db, served);
    const rows: RankingRow[] = [];
    // A few customers at a time: the history read stays bounded whatever the book.
    const CHUNK = 25;
    for (let start = 0; start < customers.length; start += CHUNK) {
      rows.push(...(await this.#rankChunk(customers.slice(start, start + CHUNK), query)));
    }
    sortRows(rows, query);
    const first = (query.page - 1) * query.pageSize;
    return {
      reference: query.reference,
      total: rows.length,
      page: query.page,
      pageSize: query.pageSize,
      rows: rows.slice(first, first + query.pageSize),
    };
  }

  async #rankChunk(
    customers: readonly { id: number; name: string }[],
    query: RankingQuery,
  ): Promise<RankingRow[]> {
    const contracts = await findBacktestContracts(
      this.deps.db,
      customers.map((customer) => customer.id),
    );
    const years = await this.#read(contracts, undefined, { clickedOnly: true });
    const byCustomer = groupBy(years, (one) => String(one.contract.customerId));
    const parameters: StrategyParameters = {
      trancheSchedule: 'MONTHLY',
      limitDays: 20,
      limitShare: 10,
      reference: query.reference,
    };
    return customers.map((customer) => {
      let replayed = 0;
      let volume = ZERO;
      let cost = ZERO;
      const average = { volume: ZERO, amount: ZERO };
      const reference = { volume: ZERO, amount: ZERO };
      for (const read of byCustomer.get(String(customer.id)) ?? []) {
        // The clicks themselves, not what the replay forces for the volume they leave open.
        const clicked = read.stored.reduce((acc, click) => acc.plus(toDec(click.volume)), ZERO);
        const clickedCost = totalCostOf({ clicks: read.stored });
        volume = volume.plus(clicked);
        cost = cost.plus(clickedCost);
        if (read.year === null || clicked.isZero()) continue;
        replayed += 1;
        const { byStrategy, days } = replayOutcomes(read.year, null, parameters, [query.reference]);
        const stats = twelveMonthStats(days, read.year.to);
        if (stats !== null) {
          average.volume = average.volume.plus(clicked);
          average.amount = average.amount
            .plus(toDec(stats.average).times(clicked))
            .minus(clickedCost);
        }
        const outcome = byStrategy.get(query.reference);
        if (outcome && !toDec(outcome.volume).isZero()) {
          const price = totalCostOf(outcome).div(toDec(outcome.volume));
          reference.volume = reference.volume.plus(clicked);
          reference.amount = reference.amount.plus(price.times(clicked)).minus(clickedCost);
        }
      }
      return {
        customerId: customer.id,
        customerName: customer.name,
        years: replayed,
        clickedVolume: mwh(volume),
        averageClickPrice: volume.isZero() ? null : perMwh(cost.div(volume)),
        againstAverage: average.volume.isZero() ? null : perMwh(average.amount.div(average.volume)),
        againstReference: reference.volume.isZero()
          ? null
          : perMwh(reference.amount.div(reference.volume)),
      };
    });
  }

  /**
   * The contract years to replay: of one year, or (the ranking) every year with completed clicks.
   * A fixed number of queries whatever the number of contracts.
   */
  async #read(
    contracts: readonly BacktestContractRow[],
    yearOfSupply?: number,
    options: { clickedOnly?: boolean } = {},
  ): Promise<ReadYear[]> {
    const { db } = this.deps;
    if (contracts.length === 0) return [];
    const ids = contracts.map((contract) => contract.id);
    const [months, clicks, policies, productsOf, versions] = await Promise.all([
      findPartMonths(db, ids, yearOfSupply),
      findCompletedClicks(db, ids, yearOfSupply),
      findHedgePolicies(db, ids),
      marketProductsOfContracts(db, contracts),
      versionsOf(
        db,
        contracts
          .flatMap((contract) => [contract.contractScenarioId, contract.customerScenarioId])
          .filter((id): id is number => id !== null),
      ),
    ]);
    const data: ContractData = {
      months: groupBy(months, (row) => yearKey(row.contractRowId, row.yearOfSupply)),
      clicks: groupBy(clicks, (row) => yearKey(row.contractRowId, row.yearOfSupply)),
      policies,
      scenarios: (contract) => ({
        contract:
          contract.contractScenarioId === null
            ? null
            : (versions.get(contract.contractScenarioId) ?? null),
        customer:
          contract.customerScenarioId === null
            ? null
            : (versions.get(contract.customerScenarioId) ?? null),
      }),
      products: productsOf,
    };
    const today = amsterdamDate(this.deps.now());
    const planned: { contract: BacktestContractRow; yearOfSupply: number; plan: YearPlan }[] = [];
    for (const contract of contracts) {
      const years = [
        ...new Set(
          months.filter((row) => row.contractRowId === contract.id).map((row) => row.yearOfSupply),
        ),
      ];
      for (const year of years) {
        const key = yearKey(contract.id, year);
        if (options.clickedOnly && !data.clicks.has(key)) continue;
        const plan = planYear(
          contract,
          year,
          data.months.get(key) ?? [],
          data.products(contract),
          today,
        );
        if (plan) planned.push({ contract, yearOfSupply: year, plan });
      }
    }
    if (planned.length === 0) return [];
    const instruments: Instrument[] = planned.flatMap((one) =>
      instrumentsOf(one.plan, one.yearOfSupply),
    );
    const from = planned.reduce((min, one) => (one.plan.from < min ? one.plan.from : min), '9999');
    const to = planned.reduce((max, one) => (one.plan.to > max ? one.plan.to : max), '0000');
    const prices: Map<string, DailyPrice[]> =
      instruments.length === 0
        ? new Map()
        : await findDailyPrices(db, {
            instruments: instruments.map((one) => ({
              ...one,
              product: one.product as MarketProduct,
            })),
            market: 'OTC',
            from,
            to,
          });
    return planned.map(({ contract, yearOfSupply, plan }) => {
      const key = yearKey(contract.id, yearOfSupply);
      const volume = plan.positions
        .flatMap((position) => position.parts)
        .reduce((acc, part) => acc.plus(toDec(part.volume)), ZERO);
      return {
        contract,
        yearOfSupply,
        plan,
        year: buildYear(
          contract,
          yearOfSupply,
          plan,
          prices,
          data.scenarios(contract),
          data.policies.get(key) ?? null,
        ),
        stored: fitToPositions(
          (data.clicks.get(key) ?? []).map((row) => storedClickOf(contract, row)),
          plan.positions,
        ),
        volume,
      };
    });
  }
}

/** Null sorts last whatever the direction; ties by name, then id. */
function sortRows(rows: RankingRow[], query: RankingQuery): void {
  const sign = query.direction === 'asc' ? 1 : -1;
  const byName = (a: RankingRow, b: RankingRow) =>
    a.customerName.localeCompare(b.customerName) || a.customerId - b.customerId;
  rows.sort((a, b) => {
    if (query.sort === 'customerName') return sign * byName(a, b);
    const x = a[query.sort];
    const y = b[query.sort];
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return sign * toDec(x).comparedTo(toDec(y)) || byName(a, b);
  });
}
