import {
  addDays,
  amsterdamDate,
  amsterdamInstant,
  correlatedNormals,
  correlationMatrix,
  estimateRiskParameters,
  fromDec,
  rankingFigures,
  riskFigures,
  RISK_PRODUCTS,
  toDec,
  withClick,
  type CloseSeries,
  type CostFigures,
  type RiskFigures,
  type RiskParameters,
  type RiskProduct,
  type RiskYearInput,
  type SimulationSettings,
} from '@klik/domain';
import type {
  ClickEffect,
  ClickEffectBody,
  CustomerRisk,
  RiskMethod,
  RiskYear,
  TpiRisk,
} from '@klik/api';
import type { Db } from '../../db/database';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { assertMaySee } from '../../kernel/access/customer-access';
import type { Config } from '../../kernel/config/config';
import { AppError } from '../../kernel/http/app-error';
import { readRiskInputs, type CustomerInputs, type RiskGroup } from './risk-inputs';
import { findDailyCloses, isCustomersDashboard } from './risk.repository';

export type RiskSettings = Config['risk'];

/** What one customer's figures are, with what they were computed from. */
interface Computed {
  inputs: CustomerInputs;
  /** Per group with a price, in the order of inputs.groups; null for a group without. */
  figures: (CostFigures | null)[];
  book: CostFigures | null;
}

// Simulations kept by their inputs: about 2 kB each, so a few thousand customers' figures.
const MAX_KEPT = 4000;

/** Percent with 2 decimals, from a fraction. */
const percent = (fraction: number) => fromDec(toDec(String(fraction * 100)).toDecimalPlaces(2));

/**
 * The risk figures (docs/risk.md). A request reads the inputs (volumes, prices, budgets: a few
 * queries for any number of customers) and simulates only when they differ from the last
 * simulation kept: a price tick that moves none of a customer's year prices, or a second request
 * in the same tick, costs no simulation. The horizon counts whole days, so the inputs hold still
 * within a day. Volatilities and correlations are estimated once per day from the closes of the
 * days before.
 */
export class RiskService {
  readonly #cache = new Map<string, Promise<unknown>>();
  #parameters: { day: string; value: Promise<RiskParameters> } | null = null;
  #normals: { key: string; value: Float64Array[] } | null = null;

  constructor(private readonly deps: { db: Db; now: () => Date; settings: RiskSettings }) {}

  /**
   * The customer's figures; with a dashboard, over that dashboard's contracts only (its summary
   * cards' years), the book being the dashboard's.
   */
  async customer(
    auth: AuthContext,
    customerId: number,
    dashboardId?: number,
  ): Promise<CustomerRisk> {
    await assertMaySee(this.deps.db, auth, customerId);
    if (
      dashboardId !== undefined &&
      !(await isCustomersDashboard(this.deps.db, customerId, dashboardId))
    ) {
      throw new AppError('NOT_FOUND');
    }
    const at = this.deps.now();
    const [computed, method] = await Promise.all([
      this.#computeOne(customerId, at, dashboardId),
      this.#method(at),
    ]);
    return {
      customerId,
      asOf: (computed.inputs.asOf ?? at).toISOString(),
      years: computed.inputs.groups.map((group, index) => yearOf(group, computed.figures[index]!)),
      book: computed.book,
      method,
    };
  }

  async clickEffect(
    auth: AuthContext,
    customerId: number,
    body: ClickEffectBody,
  ): Promise<ClickEffect> {
    await assertMaySee(this.deps.db, auth, customerId);
    for (const part of body.parts) {
      if (toDec(part.volume).lt(0)) {
        throw new AppError('VOLUME_INVALID', { details: { field: 'parts' } });
      }
    }
    const at = this.deps.now();
    const inputs = (await readRiskInputs(this.deps.db, [customerId], at)).get(customerId)!;
    const group = inputs.groups.find(
      (one) => one.yearOfSupply === body.yearOfSupply && one.contractIds.includes(body.contractId),
    );
    if (!group) throw new AppError('NOT_FOUND');
    if (!group.priced) {
      return {
        commodity: group.commodity,
        yearOfSupply: group.yearOfSupply,
        before: null,
        after: null,
      };
    }
    const settings = await this.#settings(at);
    const after = withClick(group.input, body.contractId, body.parts);
    const [before, clicked] = await Promise.all([
      this.#simulate([group.input], settings),
      this.#simulate([after], settings),
    ]);
    return {
      commodity: group.commodity,
      yearOfSupply: group.yearOfSupply,
      before: before.years[0]!,
      after: clicked.years[0]!,
    };
  }

  /**
   * The TPI ranking's figures of customers the caller may see (checked by the caller): the book's
   * cost-at-risk, the worst year's probability above its band, the distance behind the hedge policy.
   */
  async ranking(customerIds: readonly number[]): Promise<Map<number, TpiRisk>> {
    const at = this.deps.now();
    const all = await readRiskInputs(this.deps.db, customerIds, at, { markToMarket: false });
    const settings = await this.#settings(at);
    const ranked = new Map<number, TpiRisk>();
    for (const inputs of all.values()) {
      const years = inputs.groups.filter((group) => group.priced).map((group) => group.input);
      const figures = await this.#kept('ranking', years, settings, () =>
        rankingFigures(years, settings, this.#normalsOf(settings)),
      );
      ranked.set(inputs.customerId, {
        costAtRisk: figures.bookCostAtRisk,
        probabilityAboveBand: figures.worstProbabilityAboveBand,
        behindHedgePolicy: inputs.behindHedgePolicy,
      });
    }
    return ranked;
  }

  async #computeOne(customerId: number, at: Date, dashboardId?: number): Promise<Computed> {
    const [inputs, settings] = await Promise.all([
      readRiskInputs(this.deps.db, [customerId], at, { dashboardId }),
      this.#settings(at),
    ]);
    return this.#figuresOf(inputs.get(customerId)!, settings);
  }

  async #figuresOf(inputs: CustomerInputs, settings: SimulationSettings): Promise<Computed> {
    const priced = inputs.groups.filter((group) => group.priced);
    const simulated = await this.#simulate(
      priced.map((group) => group.input),
      settings,
    );
    let next = 0;
    return {
      inputs,
      figures: inputs.groups.map((group) => (group.priced ? simulated.years[next++]! : null)),
      book: simulated.book,
    };
  }

  /** The figures of these inputs, from the kept simulation when the inputs are the same. */
  #simulate(years: readonly RiskYearInput[], settings: SimulationSettings): Promise<RiskFigures> {
    return this.#kept('figures', years, settings, () =>
      riskFigures(years, settings, this.#normalsOf(settings)),
    );
  }

  /** The paths' normals, drawn once per paths, seed and correlation for every customer. */
  #normalsOf(settings: SimulationSettings): Float64Array[] {
    const key = JSON.stringify([settings.paths, settings.seed, settings.correlation]);
    if (this.#normals?.key !== key) {
      this.#normals = { key, value: correlatedNormals(settings) };
    }
    return this.#normals.value;
  }

  /** Kept by what they are computed from: the same inputs and settings give the same figures. */
  #kept<T>(
    kind: string,
    years: readonly RiskYearInput[],
    settings: SimulationSettings,
    compute: () => T,
  ): Promise<T> {
    const key = JSON.stringify([kind, years, settings]);
    const kept = this.#cache.get(key) as Promise<T> | undefined;
    if (kept) {
      // Most recently used last, so the oldest go first.
      this.#cache.delete(key);
      this.#cache.set(key, kept);
      return kept;
    }
    const computed = Promise.resolve().then(compute);
    this.#cache.set(key, computed);
    computed.catch(() => this.#cache.delete(key));
    for (const oldKey of this.#cache.keys()) {
      if (this.#cache.size <= MAX_KEPT) break;
      this.#cache.delete(oldKey);
    }
    return computed;
  }

  async #settings(at: Date): Promise<SimulationSettings> {
    const parameters = await this.#estimate(at);
    const volatility = Object.fromEntries(
      parameters.volatilities.map((one) => [one.product, one.annualVolatility]),
    ) as Record<RiskProduct, number>;
    return {
      paths: this.deps.settings.paths,
      seed: this.deps.settings.seed,
      volatility,
      correlation: correlationMatrix(parameters.correlations),
    };
  }

  async #method(at: Date): Promise<RiskMethod> {
    const parameters = await this.#estimate(at);
    return {
      paths: this.deps.settings.paths,
      seed: this.deps.settings.seed,
      windowDays: this.deps.settings.windowDays,
      volatilities: parameters.volatilities.map((one) => ({
        product: one.product,
        annualVolatility: percent(one.annualVolatility),
        observations: one.observations,
        fallback: one.fallback,
      })),
      correlations: parameters.correlations.map((one) => ({
        a: one.a,
        b: one.b,
        correlation: fromDec(toDec(String(one.correlation)).toDecimalPlaces(4)),
        fallback: one.fallback,
      })),
    };
  }

  /** Volatilities and correlations from the daily closes before today, once per Amsterdam day. */
  #estimate(at: Date): Promise<RiskParameters> {
    const day = amsterdamDate(at);
    if (this.#parameters?.day === day) return this.#parameters.value;
    const value = this.#readParameters(day);
    this.#parameters = { day, value };
    value.catch(() => {
      if (this.#parameters?.value === value) this.#parameters = null;
    });
    return value;
  }

  async #readParameters(day: string): Promise<RiskParameters> {
    const settings = this.deps.settings;
    const midnight = { hour: 0, minute: 0 };
    // Enough calendar days for the window's trading days, weekends and holidays included.
    const from = amsterdamInstant(
      addDays(day, -Math.ceil(settings.windowDays * 1.5) - 14),
      midnight,
    );
    const rows = await findDailyCloses(
      this.deps.db,
      RISK_PRODUCTS,
      from,
      amsterdamInstant(day, midnight),
    );
    const series = new Map<string, CloseSeries & { closes: { day: string; price: number }[] }>();
    for (const row of rows) {
      const key = `${row.product}/${row.yearOfSupply}`;
      const one = series.get(key) ?? {
        product: row.product as RiskProduct,
        instrument: String(row.yearOfSupply),
        closes: [],
      };
      series.set(key, one);
      one.closes.push({ day: row.day, price: Number(row.price) });
    }
    return estimateRiskParameters([...series.values()], {
      windowDays: settings.windowDays,
      minReturns: settings.minReturns,
      fallback: {
        volatility: {
          NL_POWER_PEAK: settings.fallbackVolatilityPower,
          NL_POWER_OFFPEAK: settings.fallbackVolatilityPower,
          TTF_GAS: settings.fallbackVolatilityGas,
        },
        peakOffPeak: settings.fallbackCorrelationPeakOffPeak,
        powerGas: settings.fallbackCorrelationPowerGas,
      },
    });
  }
}

function yearOf(group: RiskGroup, figures: CostFigures | null): RiskYear {
  return {
    commodity: group.commodity,
    yearOfSupply: group.yearOfSupply,
    contractIds: group.contractIds,
    totalVolume: group.totalVolume,
    openVolume: group.openVolume,
    fixedCost: toDec(group.input.fixedCost).toFixed(2),
    distribution: figures,
    horizonDays: group.horizonDays,
    markToMarket: group.markToMarket,
  };
}
