import type {
  AssignmentsBody,
  MarginDraft,
  MarginPreview,
  MarginPreviewBody,
  SavePricingIdsBody,
  SaveScenarioBody,
  ScenarioDetail,
  ScenarioPage,
  ScenarioVersion,
} from '@klik/api';
import { clickPrice, type ResolvedMargin } from '@klik/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { auditChange } from '../../kernel/audit/audit-log';
import { versionConflict } from '../../kernel/http/app-error';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { PRODUCT_OF_PART } from '../positions/prepared-contract';
import { positionStateOf } from '../purchase/click-contract.service';
import {
  contractTermsOf,
  marginsForQuote,
  marketProductsOf,
  versionOf,
} from '../../kernel/pricing/margin-pricing';
import { assignMarginScenario, touchRepricedContracts } from '../contracts/contracts.service';
import {
  assignCustomers,
  assignmentsOf,
  countCustomers,
  customersOfContracts,
  findPreviewContract,
  findVersion,
  insertScenario,
  insertVersion,
  listPricingIds,
  listScenarios,
  listVersions,
  lockScenario,
  replacePricingIds,
  scenarioCustomerIds,
  searchContracts,
  storedLines,
} from './margins.repository';

/** The scenario row serialises its changes, so two editors cannot both write version n + 1. */
async function lockScenarioOrRefuse(db: Db, scenarioId: number): Promise<void> {
  if (!(await lockScenario(db, scenarioId))) throw new AppError('NOT_FOUND');
}

/**
 * The contracts a scenario prices (and those of `alsoCustomers`) are to be prepared again with the
 * new margins.
 */
async function touchPricedContracts(
  db: Db,
  scenarioId: number,
  alsoCustomers: readonly number[] = [],
): Promise<void> {
  const customerIds = [...(await scenarioCustomerIds(db, scenarioId)), ...alsoCustomers];
  await touchRepricedContracts(db, { marginScenarioId: scenarioId, customerIds });
}

type PricingIdRow = SavePricingIdsBody['data'][number];

/**
 * The contracts whose products the pricing IDs now price otherwise (all of them when a '*' row
 * changed) are to be prepared again on the new market product.
 */
async function touchRepricedProducts(
  db: Db,
  before: readonly PricingIdRow[],
  after: readonly PricingIdRow[],
): Promise<void> {
  const key = (row: PricingIdRow) => `${row.product}/${row.part}/${row.marketProduct}`;
  const kept = (rows: readonly PricingIdRow[], others: readonly PricingIdRow[]) =>
    rows.filter((row) => !others.some((other) => key(other) === key(row)));
  const changed = new Set(
    [...kept(before, after), ...kept(after, before)].map((row) => row.product),
  );
  if (changed.size === 0) return;
  await touchRepricedContracts(db, { products: changed.has('*') ? 'all' : [...changed] });
}

export interface MarginsDeps {
  db: Db;
  now: () => Date;
}

/** managemargins (docs/margins.md): scenarios, their versions and assignments, pricing IDs. */
export class MarginsService {
  constructor(private readonly deps: MarginsDeps) {}

  async list(query: { page: number; size: number; search?: string }): Promise<ScenarioPage> {
    const { rows, total } = await listScenarios(this.deps.db, query);
    return { data: rows, page: query.page, size: query.size, total };
  }

  async detail(scenarioId: number, db: Db = this.deps.db): Promise<ScenarioDetail> {
    const current = await findVersion(db, scenarioId, 'latest');
    if (!current) throw new AppError('NOT_FOUND');
    const { customers, contracts } = await assignmentsOf(db, scenarioId);
    return { current, versions: await listVersions(db, scenarioId), customers, contracts };
  }

  async version(scenarioId: number, version: number): Promise<ScenarioVersion> {
    const found = await findVersion(this.deps.db, scenarioId, version);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }

  async create(auth: AuthContext, draft: MarginDraft, ip: string | null): Promise<ScenarioDetail> {
    const at = this.deps.now();
    return this.deps.db.transaction().execute(async (trx) => {
      const id = await insertScenario(trx, at);
      await this.#insertVersion(trx, auth, id, 1, draft, at, at);
      await auditChange(trx, at, auth, {
        action: 'margins.scenario.create',
        subject: `marginScenario:${id}`,
        customerIds: [],
        after: { version: 1, ...draft },
        ip,
      });
      return this.detail(id, trx);
    });
  }

  /**
   * A change is a new version; the old ones stay, so every quote they priced stays explained. It
   * prices quotes from effectiveAt on, which may not lie in the past.
   */
  async save(
    auth: AuthContext,
    scenarioId: number,
    body: SaveScenarioBody,
    ip: string | null,
  ): Promise<ScenarioDetail> {
    const at = this.deps.now();
    const effectiveAt = body.effectiveAt ? new Date(body.effectiveAt) : at;
    if (effectiveAt.getTime() < at.getTime()) {
      throw new AppError('VALIDATION_FAILED', { details: { field: 'effectiveAt' } });
    }
    return this.deps.db.transaction().execute(async (trx) => {
      await lockScenarioOrRefuse(trx, scenarioId);
      const before = await findVersion(trx, scenarioId, 'latest');
      if (!before) throw new AppError('NOT_FOUND');
      if (before.version !== body.version) throw versionConflict(before.version);
      const version = before.version + 1;
      await this.#insertVersion(trx, auth, scenarioId, version, body.draft, effectiveAt, at);
      await touchPricedContracts(trx, scenarioId);
      const { customers, contracts } = await assignmentsOf(trx, scenarioId);
      await auditChange(trx, at, auth, {
        action: 'margins.scenario.save',
        subject: `marginScenario:${scenarioId}`,
        customerIds: customers.map((customer) => customer.id),
        before,
        after: { version, effectiveAt: effectiveAt.toISOString(), ...body.draft },
        details: { contracts: contracts.map((contract) => contract.contractId) },
        ip,
      });
      return this.detail(scenarioId, trx);
    });
  }

  async #insertVersion(
    db: Db,
    auth: AuthContext,
    scenarioId: number,
    version: number,
    draft: MarginDraft,
    effectiveAt: Date,
    at: Date,
  ): Promise<void> {
    await insertVersion(db, {
      scenarioId,
      version,
      draft,
      effectiveAt,
      at,
      createdBy: auth.user.id,
    });
  }

  /**
   * The scenario prices exactly these customers and contracts from now on; each of them leaves the
   * scenario it had. Unknown ids: 404 and nothing changed.
   */
  async assign(
    auth: AuthContext,
    scenarioId: number,
    body: AssignmentsBody,
    ip: string | null,
  ): Promise<ScenarioDetail> {
    const { db, now } = this.deps;
    const at = now();
    const customerIds = [...new Set(body.customerIds)];
    const contractIds = [...new Set(body.contractIds)];
    return db.transaction().execute(async (trx) => {
      await lockScenarioOrRefuse(trx, scenarioId);
      const known = await countCustomers(trx, customerIds);
      const contracts = await customersOfContracts(trx, contractIds);
      if (known !== customerIds.length || contracts.length !== contractIds.length) {
        throw new AppError('NOT_FOUND');
      }
      const before = await assignmentsOf(trx, scenarioId);
      await assignCustomers(trx, scenarioId, customerIds);
      await assignMarginScenario(trx, scenarioId, contractIds);
      await touchPricedContracts(
        trx,
        scenarioId,
        before.customers.map((customer) => customer.id),
      );
      const after = await this.detail(scenarioId, trx);
      await auditChange(trx, at, auth, {
        action: 'margins.assignments.save',
        subject: `marginScenario:${scenarioId}`,
        customerIds: [
          ...before.customers.map((customer) => customer.id),
          ...customerIds,
          ...contracts.map((contract) => contract.customerId),
        ],
        before: {
          customers: before.customers.map((customer) => customer.id),
          contracts: before.contracts.map((contract) => contract.contractId),
        },
        after: {
          customers: customerIds,
          contracts: after.contracts.map((contract) => contract.contractId),
        },
        ip,
      });
      return after;
    });
  }

  contracts(search: string | undefined) {
    return searchContracts(this.deps.db, search).then((data) => ({ data }));
  }

  async pricingIds() {
    return { data: await listPricingIds(this.deps.db) };
  }

  /** Replaces the pricing IDs: which market product prices each part of each contract product. */
  async savePricingIds(auth: AuthContext, body: SavePricingIdsBody, ip: string | null) {
    const at = this.deps.now();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await listPricingIds(trx);
      await replacePricingIds(trx, body.data);
      await touchRepricedProducts(trx, before, body.data);
      await auditChange(trx, at, auth, {
        action: 'margins.pricingIds.save',
        subject: 'pricingIds',
        customerIds: [],
        before,
        after: body.data,
        ip,
      });
    });
    return this.pricingIds();
  }

  /**
   * The click price of a position now: as a quote would get it, and with the edited scenario
   * assigned to the contract and in effect now (the draft is not saved).
   */
  async preview(body: MarginPreviewBody): Promise<MarginPreview> {
    const { db, now } = this.deps;
    const at = now();
    const contract = await findPreviewContract(db, body.contractId);
    if (!contract) throw new AppError('NOT_FOUND');
    const state = await positionStateOf(db, contract, body.yearOfSupply, body.maturity);
    const productOf = await marketProductsOf(db, contract.product);
    const draft = versionOf({
      scenario_id: 0,
      version: 0,
      valid_from: body.draft.validFrom,
      valid_until: body.draft.validUntil,
      effective_at: at,
      lines: storedLines(body.draft),
    });
    const current = await marginsForQuote(db, contract, body.maturity, state.volumes, at);
    const edited = await marginsForQuote(db, contract, body.maturity, state.volumes, at, {
      contractScenario: [draft],
    });
    return {
      contractId: contract.contractId,
      yearOfSupply: body.yearOfSupply,
      maturity: body.maturity,
      at: at.toISOString(),
      parts: state.volumes.map((part) => {
        const marketPrice = state.offers.otc.get(part.name) ?? null;
        const view = (margin: ResolvedMargin | undefined, isDraft: boolean) => {
          const resolved = margin ?? {
            ...contractTermsOf(contract, part.name),
            source: { kind: 'contract' as const },
          };
          return {
            markUp: resolved.markUp,
            transactionFee: resolved.transactionFee,
            clickPrice:
              marketPrice === null
                ? null
                : clickPrice({
                    marketPrice,
                    markUp: resolved.markUp,
                    transactionFees: resolved.transactionFee,
                  }),
            source:
              isDraft && resolved.source.kind === 'scenario' && resolved.source.scenarioId === 0
                ? { kind: 'draft' as const }
                : resolved.source,
          };
        };
        return {
          name: part.name,
          marketProduct: productOf[part.name] ?? PRODUCT_OF_PART[part.name],
          marketPrice,
          totalVolume: part.totalVolume,
          current: view(current[part.name], false),
          edited: view(edited[part.name], true),
        };
      }),
    };
  }
}
