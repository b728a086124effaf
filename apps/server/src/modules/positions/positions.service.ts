import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { marginsOf, marketProductsOfContracts } from '../../kernel/pricing/margin-pricing';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { assertMaySee, seesEveryCustomer, userMayClick } from '../../kernel/access/customer-access';
import { StabilityCache, type Stretch } from './clickability-stability';
import { indexOffers, priceContract, type Offers, type PricedContract } from './contract-pricing';
import { renderContract, summaryJsonOf, type ContractView } from './contract-view';
import { prepareContract, type PreparedContract } from './prepared-contract';
import type { MarketProduct } from '../../db/schema';
import {
  findAllOffers,
  findClicks,
  findContractHeads,
  findOffers,
  findPositionTotals,
  findScope,
  type ContractHead,
  type ContractScope,
  type ContractStamp,
  type OfferRow,
} from './positions.repository';

export type { ContractHead, OfferRow };

/*
 * What the positions share with other modules (the budgets, the TPI cockpit): the contracts' own
 * fields as the positions read them, and the market's offers. Other modules call these, never
 * the positions' repository.
 */

/** The heads of the given contracts (row ids); unknown ids are left out. */
export function contractHeads(db: Db, contractRowIds: readonly number[]): Promise<ContractHead[]> {
  return findContractHeads(db, contractRowIds);
}

/** The offers of the given market products and years of supply, every maturity and market. */
export function offersOf(
  db: Db,
  products: readonly MarketProduct[],
  years: readonly number[],
): Promise<OfferRow[]> {
  return findOffers(db, products, years);
}

/** Who reads positions, as far as positions care. */
export interface Viewer {
  userId: number;
  /** Customer-side users and account managers see only their own customers; admins see all. */
  restricted: boolean;
  /** Not read-only, click-authorised and a customer-side user (otherwise every status is DC_34). */
  mayClick: boolean;
}

export function viewerOf(auth: AuthContext): Viewer {
  const { user } = auth;
  return {
    userId: user.id,
    restricted: !seesEveryCustomer(user.role),
    mayClick: userMayClick(auth),
  };
}

interface CachedView extends Stretch {
  view: ContractView;
}

interface CacheEntry {
  prepared: PreparedContract;
  /** The contract with the offers of one offers stamp, and what was rendered from it. */
  priced: {
    offersStamp: string;
    contract: PricedContract;
    /** Per viewer kind (paused, may click): the last view and how long it holds. */
    views: Map<string, CachedView>;
    /** The views of the offers stamp before, whose unchanged positions a render takes over. */
    before: Map<string, CachedView>;
  } | null;
  /** The summary's JSON, written at the first render (it depends on volumes only). */
  summaryJson?: string;
}

// A dashboard of 20 contracts answers about 650 kB; this keeps about a hundred such answers.
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

// Paused or not allowed to click: every status says so whatever the time (DC_35, DC_34).
const FOREVER: Stretch = { from: Number.NEGATIVE_INFINITY, until: Number.POSITIVE_INFINITY };

/**
 * Answers contract data and summaries. A dashboard is loaded with a fixed number of queries,
 * whatever its size. Prepared contracts are kept in memory but every request first reads each
 * contract's stamp (contracts.version, raised by the database on any change to the contract, its
 * positions or its clicks) and the offers' stamp (data_versions), so a kept contract is used only
 * while it is current, on every instance. The offers are kept apart from the contracts: on a trading day they change
 * every second, and a new price must cost one reading of the offers for all requests together
 * and a render of the positions whose offers it moved, not a new reading of every contract's
 * volumes and clicks, nor a render of the positions it left alone. A rendered view is kept for
 * as long as the domain's window and deadline answers stay the same
 * (clickability-stability.ts).
 */
export class PositionsService {
  readonly #entries = new Map<number, CacheEntry>();
  readonly #stability = new StabilityCache();
  // The last answer per scope and viewer kind, as bytes, with the pieces it was made of: when
  // every piece is still the one in use, the bytes are sent again as they are.
  readonly #answers = new Map<string, { pieces: readonly string[]; body: Buffer }>();
  #answerBytes = 0;
  // The offers of the last stamp read, shared by every request that reads that stamp, also
  // while the reading is under way: after a price, one query serves them all.
  #offers: { stamp: string; index: Promise<Offers> } | null = null;
  // The last offers read in full, whose unchanged rows the next reading keeps (indexOffers).
  #lastOffers: Offers | undefined;
  // Contracts being prepared, by contract and stamp: requests that find the same contract
  // changed at the same moment wait for one preparation.
  readonly #preparing = new Map<string, Promise<CacheEntry>>();

  constructor(private readonly deps: { db: Db; now: () => Date; maxCachedContracts?: number }) {}

  /**
   * The viewer of one customer's positions. An API client is checked against its own customer
   * here (customer-access.ts) and then reads that customer like an administrator would, since
   * it has no user whose links would restrict it; it never clicks.
   */
  async viewerFor(auth: AuthContext, customerId: number): Promise<Viewer> {
    if (!auth.apiClient) return viewerOf(auth);
    await assertMaySee(this.deps.db, auth, customerId);
    return { userId: 0, restricted: false, mayClick: false };
  }

  async customerContractData(viewer: Viewer, customerId: number): Promise<Buffer> {
    return this.#list({ kind: 'customer', customerId }, viewer, viewJson);
  }

  async dashboardContractData(viewer: Viewer, dashboardId: number): Promise<Buffer> {
    return this.#list({ kind: 'dashboard', dashboardId }, viewer, viewJson);
  }

  async contractData(viewer: Viewer, customerId: number, contractId: string): Promise<Buffer> {
    const [found] = await this.#views({ kind: 'contract', customerId, contractId }, viewer);
    if (!found) throw new AppError('NOT_FOUND');
    found.view.body ??= Buffer.from(found.view.json);
    return found.view.body;
  }

  async customerSummaries(viewer: Viewer, customerId: number): Promise<Buffer> {
    return this.#list({ kind: 'customer', customerId }, viewer, summaryJson);
  }

  async dashboardSummaries(viewer: Viewer, dashboardId: number): Promise<Buffer> {
    return this.#list({ kind: 'dashboard', dashboardId }, viewer, summaryJson);
  }

  async #list(
    scope: ContractScope,
    viewer: Viewer,
    piece: (view: ViewOfEntry) => string,
  ): Promise<Buffer> {
    const pieces = (await this.#views(scope, viewer)).map(piece);
    const key = `${piece === viewJson ? 'data' : 'summary'}/${JSON.stringify(scope)}/${viewer.mayClick}`;
    const last = this.#answers.get(key);
    if (
      last &&
      last.pieces.length === pieces.length &&
      last.pieces.every((p, i) => p === pieces[i])
    ) {
      return last.body;
    }
    const body = Buffer.from(`[${pieces.join(',')}]`);
    this.#answers.delete(key);
    this.#answers.set(key, { pieces, body });
    this.#answerBytes += body.length - (last?.body.length ?? 0);
    // Oldest first in the map's order: drop answers until they fit again.
    for (const [oldKey, old] of this.#answers) {
      if (this.#answerBytes <= MAX_ANSWER_BYTES || oldKey === key) break;
      this.#answers.delete(oldKey);
      this.#answerBytes -= old.body.length;
    }
    return body;
  }

  async #views(scope: ContractScope, viewer: Viewer): Promise<ViewOfEntry[]> {
    // Someone else's customer or dashboard is refused without saying whether it exists; only
    // those who may see every customer learn that an id does not exist.
    const state = await findScope(this.deps.db, scope, viewer.restricted ? viewer.userId : null);
    if (!state.visible) {
      throw new AppError(viewer.restricted ? 'FORBIDDEN' : 'NOT_FOUND');
    }
    const entries = new Map<number, CacheEntry>();
    const stale: ContractStamp[] = [];
    for (const contract of state.contracts) {
      const entry = this.#entries.get(contract.id);
      if (entry?.prepared.stamp === contract.stamp) {
        // Most recently used last, so eviction drops the least recently used.
        this.#entries.delete(contract.id);
        this.#entries.set(contract.id, entry);
        entries.set(contract.id, entry);
      } else {
        stale.push(contract);
      }
    }
    const [prepared, offers] = await Promise.all([
      stale.length > 0 ? this.#prepareShared(stale) : new Map<number, CacheEntry>(),
      state.contracts.length > 0 ? this.#offersOf(state.offersStamp) : (new Map() as Offers),
    ]);
    for (const [id, entry] of prepared) entries.set(id, entry);

    const at = this.deps.now();
    // Read-only and the right to click are also set per customer (and a deactivated customer's
    // contracts cannot be clicked): the scope says whether this viewer may click for it.
    const context = { paused: state.paused, userMayClick: viewer.mayClick && state.mayClick };
    const key = `${context.paused}/${context.userMayClick}`;
    return state.contracts.map(({ id }) => {
      const entry = entries.get(id) as CacheEntry;
      const previous = entry.priced;
      if (previous?.offersStamp !== state.offersStamp) {
        entry.priced = {
          offersStamp: state.offersStamp,
          contract: priceContract(entry.prepared, offers, previous?.contract),
          views: new Map(),
          before: previous?.views ?? new Map(),
        };
      }
      const priced = entry.priced as NonNullable<CacheEntry['priced']>;
      const time = at.getTime();
      const holds = (view: CachedView | undefined): view is CachedView =>
        view !== undefined && time >= view.from && time < view.until;
      let cached = priced.views.get(key);
      if (!holds(cached)) {
        const earlier = priced.before.get(key);
        const view = renderContract(
          priced.contract,
          at,
          context,
          holds(earlier) ? earlier.view : undefined,
        );
        entry.summaryJson ??= summaryJsonOf(entry.prepared, view);
        const stretch =
          context.paused || !context.userMayClick
            ? FOREVER
            : this.#stability.common(
                at,
                entry.prepared.head.clickOption,
                entry.prepared.positions.map((position) => position.period),
                entry.prepared.head.deadlineRule,
              );
        cached = { ...stretch, view };
        priced.views.set(key, cached);
      }
      return { entry, view: cached.view };
    });
  }

  /** The offers at a stamp: read once, whoever asks while it is being read waits for it. */
  #offersOf(stamp: string): Promise<Offers> {
    if (this.#offers?.stamp !== stamp) {
      const index = findAllOffers(this.deps.db).then((rows) => {
        this.#lastOffers = indexOffers(rows, this.#lastOffers);
        return this.#lastOffers;
      });
      const current = { stamp, index };
      this.#offers = current;
      // A failed reading is not kept: the next request reads again.
      index.catch(() => {
        if (this.#offers === current) this.#offers = null;
      });
    }
    return this.#offers.index;
  }

  /** Prepares the given contracts, sharing a preparation already under way for the same ones. */
  async #prepareShared(contracts: readonly ContractStamp[]): Promise<Map<number, CacheEntry>> {
    const keyOf = (contract: ContractStamp) => `${contract.id}/${contract.stamp}`;
    const missing = contracts.filter((contract) => !this.#preparing.has(keyOf(contract)));
    if (missing.length > 0) {
      const batch = this.#prepare(missing);
      for (const contract of missing) {
        const key = keyOf(contract);
        const one = batch.then((fresh) => fresh.get(contract.id) as CacheEntry);
        this.#preparing.set(key, one);
        // Kept only while under way: a finished entry lives in #entries.
        void batch.then(
          () => this.#preparing.delete(key),
          () => this.#preparing.delete(key),
        );
        one.catch(() => {});
      }
    }
    // Taken before waiting: a finished preparation leaves #preparing.
    const pending = contracts.map(
      (contract) =>
        [contract.id, this.#preparing.get(keyOf(contract)) as Promise<CacheEntry>] as const,
    );
    const fresh = new Map<number, CacheEntry>();
    for (const [id, entry] of pending) fresh.set(id, await entry);
    return fresh;
  }

  async #prepare(contracts: readonly ContractStamp[]): Promise<Map<number, CacheEntry>> {
    const { db } = this.deps;
    const ids = contracts.map((contract) => contract.id);
    const stamps = new Map(contracts.map((contract) => [contract.id, contract.stamp]));
    const [heads, totals, clicks] = await Promise.all([
      findContractHeads(db, ids),
      findPositionTotals(db, ids),
      findClicks(db, ids),
    ]);
    // Each part is priced on the market product of its pricing ID, as a quote is; saving the pricing
    // IDs touches the contracts they price, so their views are prepared again.
    const productsOf = await marketProductsOfContracts(db, heads);
    // Margin scenarios as at preparation; saving or assigning one touches its contracts, so their
    // next view is prepared again (docs/margins.md).
    const margins = await marginsOf(db, heads, this.deps.now());
    const fresh = new Map<number, CacheEntry>();
    for (const head of heads) {
      const prepared = prepareContract(
        head,
        // Labelled with the stamp read before the data: data newer than its label is only
        // prepared again, never kept when older.
        stamps.get(head.id) as string,
        totals.filter((row) => row.contractRowId === head.id),
        clicks.filter((click) => click.contractRowId === head.id),
        { products: productsOf(head), marginsOf: margins.get(head.id) },
      );
      const entry: CacheEntry = { prepared, priced: null };
      fresh.set(head.id, entry);
      this.#entries.delete(head.id);
      this.#entries.set(head.id, entry);
    }
    const max = this.deps.maxCachedContracts ?? 2_000;
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

function summaryJson({ entry }: ViewOfEntry): string {
  return entry.summaryJson as string;
}
