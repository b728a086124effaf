import { isAdminRole, isCustomerSideRole } from '@klik/api';
import type { Db } from '../../db/database';
import type { MarketProduct } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { AuthContext } from '../auth/auth.service';
import { StabilityCache, type Stretch } from './clickability-stability';
import {
  indexOffers,
  prepareContract,
  PRODUCT_OF_PART,
  renderContract,
  summarizeContract,
  type ContractView,
  type PreparedContract,
} from './contract-view';
import {
  customerVisible,
  dashboardVisible,
  findClicks,
  findContractHeads,
  findOffers,
  findPositionTotals,
  readMarketState,
  type ContractHead,
  type ContractScope,
} from './positions.repository';

/** Who reads positions, as far as positions care. */
export interface Viewer {
  userId: number;
  /** Customer-side users see only their own customers; admins and account managers see all. */
  restricted: boolean;
  /** Not read-only, click-authorised and a customer-side user (otherwise every status is DC_34). */
  mayClick: boolean;
}

export function viewerOf(auth: AuthContext): Viewer {
  const { user } = auth;
  return {
    userId: user.id,
    restricted: !isAdminRole(user.role),
    mayClick: !user.readOnly && user.clickAuthorized && isCustomerSideRole(user.role),
  };
}

interface CachedView extends Stretch {
  view: ContractView;
}

interface CacheEntry {
  prepared: PreparedContract;
  /** Per viewer kind (paused, may click): the last view and how long it holds. */
  views: Map<string, CachedView>;
  summaryJson: string | null;
}

const PRODUCTS_OF_COMMODITY: Record<ContractHead['commodity'], MarketProduct[]> = {
  Gas: [PRODUCT_OF_PART.Gas],
  Power: [PRODUCT_OF_PART.Peak, PRODUCT_OF_PART.OffPeak],
};

// Paused or not allowed to click: every status says so whatever the time (DC_35, DC_34).
const FOREVER: Stretch = { from: Number.NEGATIVE_INFINITY, until: Number.POSITIVE_INFINITY };

/**
 * Answers contract data and summaries. A dashboard is loaded with a fixed number of queries,
 * whatever its size. Prepared contracts are kept in memory but every request first reads each
 * contract's version (raised by the database on any change to the contract, its positions or
 * its clicks) and the offers' version, so a kept contract is used only while it is current, on
 * every instance. A rendered view is kept for as long as the domain's window and deadline
 * answers stay the same (clickability-stability.ts).
 */
export class PositionsService {
  readonly #entries = new Map<number, CacheEntry>();
  readonly #stability = new StabilityCache();

  constructor(private readonly deps: { db: Db; now: () => Date; maxCachedContracts?: number }) {}

  async customerContractData(viewer: Viewer, customerId: number): Promise<string> {
    await this.#checkCustomer(viewer, customerId);
    return jsonArray((await this.#views({ kind: 'customer', customerId }, viewer)).map(viewJson));
  }

  async dashboardContractData(viewer: Viewer, dashboardId: number): Promise<string> {
    await this.#checkDashboard(viewer, dashboardId);
    return jsonArray((await this.#views({ kind: 'dashboard', dashboardId }, viewer)).map(viewJson));
  }

  async contractData(viewer: Viewer, customerId: number, contractId: string): Promise<string> {
    await this.#checkCustomer(viewer, customerId);
    const [found] = await this.#views({ kind: 'contract', customerId, contractId }, viewer);
    if (!found) throw new AppError('NOT_FOUND');
    return found.view.json;
  }

  async customerSummaries(viewer: Viewer, customerId: number): Promise<string> {
    await this.#checkCustomer(viewer, customerId);
    return jsonArray(
      (await this.#views({ kind: 'customer', customerId }, viewer)).map(summaryJson),
    );
  }

  async dashboardSummaries(viewer: Viewer, dashboardId: number): Promise<string> {
    await this.#checkDashboard(viewer, dashboardId);
    return jsonArray(
      (await this.#views({ kind: 'dashboard', dashboardId }, viewer)).map(summaryJson),
    );
  }

  // Someone else's customer is refused without saying whether it exists; only those who may
  // see every customer learn that an id does not exist.
  async #checkCustomer(viewer: Viewer, customerId: number): Promise<void> {
    const visible = await customerVisible(
      this.deps.db,
      customerId,
      viewer.restricted ? viewer.userId : null,
    );
    if (!visible) throw new AppError(viewer.restricted ? 'FORBIDDEN' : 'NOT_FOUND');
  }

  async #checkDashboard(viewer: Viewer, dashboardId: number): Promise<void> {
    const visible = await dashboardVisible(
      this.deps.db,
      dashboardId,
      viewer.restricted ? viewer.userId : null,
    );
    if (!visible) throw new AppError(viewer.restricted ? 'FORBIDDEN' : 'NOT_FOUND');
  }

  async #views(scope: ContractScope, viewer: Viewer): Promise<ViewOfEntry[]> {
    const { db } = this.deps;
    // Versions are read before any data, so kept data is never newer-labelled than it is.
    const heads = await findContractHeads(db, scope);
    if (heads.length === 0) return [];
    const market = await readMarketState(db);
    const stampOf = (head: ContractHead) => `${head.version}/${market.offersVersion}`;
    const entries = new Map<number, CacheEntry>();
    const stale: ContractHead[] = [];
    for (const head of heads) {
      const entry = this.#entries.get(head.id);
      if (entry?.prepared.stamp === stampOf(head)) {
        // Most recently used last, so eviction drops the least recently used.
        this.#entries.delete(head.id);
        this.#entries.set(head.id, entry);
        entries.set(head.id, entry);
      } else {
        stale.push(head);
      }
    }
    if (stale.length > 0) {
      for (const [id, entry] of await this.#prepare(stale, stampOf)) entries.set(id, entry);
    }

    const at = this.deps.now();
    const context = { paused: market.paused, userMayClick: viewer.mayClick };
    const key = `${context.paused}/${context.userMayClick}`;
    return heads.map((head) => {
      const entry = entries.get(head.id) as CacheEntry;
      const time = at.getTime();
      let cached = entry.views.get(key);
      if (!cached || time < cached.from || time >= cached.until) {
        const view = renderContract(entry.prepared, at, context);
        const stretch =
          context.paused || !context.userMayClick
            ? FOREVER
            : this.#stability.common(
                at,
                head.clickOption,
                entry.prepared.positions.map((position) => position.period),
              );
        cached = { ...stretch, view };
        entry.views.set(key, cached);
      }
      return { entry, view: cached.view };
    });
  }

  async #prepare(
    heads: readonly ContractHead[],
    stampOf: (head: ContractHead) => string,
  ): Promise<Map<number, CacheEntry>> {
    const { db } = this.deps;
    const ids = heads.map((head) => head.id);
    const [totals, clicks] = await Promise.all([findPositionTotals(db, ids), findClicks(db, ids)]);
    const products = [...new Set(heads.flatMap((head) => PRODUCTS_OF_COMMODITY[head.commodity]))];
    const years = [...new Set(totals.map((row) => row.yearOfSupply))];
    const offers = indexOffers(await findOffers(db, products, years));
    const fresh = new Map<number, CacheEntry>();
    for (const head of heads) {
      const prepared = prepareContract(
        head,
        stampOf(head),
        totals.filter((row) => row.contractId === head.id),
        offers,
        clicks.filter((click) => click.contractId === head.id),
      );
      const entry: CacheEntry = { prepared, views: new Map(), summaryJson: null };
      fresh.set(head.id, entry);
      this.#entries.delete(head.id);
      this.#entries.set(head.id, entry);
    }
    const max = this.deps.maxCachedContracts ?? 5_000;
    for (const id of this.#entries.keys()) {
      if (this.#entries.size <= max) break;
      this.#entries.delete(id);
    }
    return fresh;
  }
}

interface ViewOfEntry {
  entry: CacheEntry;
  view: ContractView;
}

function viewJson({ view }: ViewOfEntry): string {
  return view.json;
}

function summaryJson({ entry, view }: ViewOfEntry): string {
  entry.summaryJson ??= JSON.stringify(summarizeContract(entry.prepared, view.statuses));
  return entry.summaryJson;
}

function jsonArray(items: readonly string[]): string {
  return `[${items.join(',')}]`;
}
