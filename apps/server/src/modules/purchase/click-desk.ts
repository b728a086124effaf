import { clickCost, clickPrice, type Maturity } from '@klik/domain';
import type { Db } from '../../db/database';
import type { ClickStatus, PartName, StoredQuotePart } from '../../db/schema';
import type { LeaderLock } from '../../kernel/jobs/leader-lock';
import { LeaderJob } from '../../kernel/jobs/leader-loop';
import { PRODUCT_OF_PART } from '../positions/prepared-contract';
import { recordTransition, type FlushEvents } from './click-lifecycle';
import { releaseClickFromLedger, repriceClickInLedger } from '../positions/ledger';
import { lockContract } from './purchase.repository';
import {
  completeClick,
  expireClick,
  findIceOffers,
  findOpenClicks,
  lockClickWithQuote,
  type OpenClick,
} from './click-transitions.repository';

export interface ClickDeskDeps {
  db: Db;
  now: () => Date;
  flushEvents: FlushEvents;
  lock: LeaderLock;
  /** OTC clicks are confirmed this long after they went in progress. */
  completionDelayMs: number;
  /** A click not completed this long after it was due expires (its price is too old). */
  completionTimeoutMs: number;
  intervalMs: number;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

export interface DeskRun {
  completed: number;
  expired: number;
}

const SYSTEM_ACTOR = { actor: null, impersonator: null } as const;

/**
 * The click desk: completes in-progress clicks (OTC after the confirmation delay at the quoted
 * price; ICE after the fixing at the latest ICE price) and expires clicks that were not approved
 * or not completed in time, giving their volume back. Runs on the one instance that holds its
 * advisory lock; every transition is its own transaction with the contract row locked.
 */
export class ClickDesk extends LeaderJob<DeskRun> {
  #held = false;

  constructor(private readonly deps: ClickDeskDeps) {
    super({
      name: 'click desk',
      lock: deps.lock,
      intervalMs: deps.intervalMs,
      idle: () => ({ completed: 0, expired: 0 }),
      log: deps.log,
    });
  }

  /**
   * Tests only (CLICK_DESK_TEST_CONTROL): a held desk completes and expires nothing, so a browser
   * test can look at an in-progress click for as long as it needs.
   */
  hold(held: boolean): void {
    this.#held = held;
  }

  // The hold is checked on every pass, the timer's included: a held desk must not complete the
  // click a browser test is looking at.
  protected pass(): Promise<DeskRun> {
    return this.#held ? Promise.resolve({ completed: 0, expired: 0 }) : this.runOnce();
  }

  /** Completes and expires what is due at the clock's instant. */
  async runOnce(): Promise<DeskRun> {
    const at = this.deps.now();
    const candidates = await findOpenClicks(this.deps.db, 1000);
    const run: DeskRun = { completed: 0, expired: 0 };
    for (const candidate of candidates) {
      try {
        const result = await this.#handle(candidate, at);
        if (result === 'COMPLETED') run.completed += 1;
        if (result === 'EXPIRED') run.expired += 1;
      } catch (error) {
        this.deps.log.error({ err: error, clickId: candidate.id }, 'click not handled');
      }
    }
    return run;
  }

  #dueAt(click: OpenClick): Date | null {
    if (click.status !== 'IN_PROGRESS') return null;
    if (click.market === 'ICE') return click.fixing_at;
    if (!click.in_progress_at) return null;
    return new Date(click.in_progress_at.getTime() + this.deps.completionDelayMs);
  }

  async #handle(candidate: OpenClick, at: Date): Promise<ClickStatus | null> {
    const time = at.getTime();
    if (candidate.status === 'PENDING_APPROVAL') {
      if (!candidate.approval_deadline || time < candidate.approval_deadline.getTime()) return null;
    } else {
      const due = this.#dueAt(candidate);
      if (!due || time < due.getTime()) return null;
    }
    const outcome = await this.deps.db.transaction().execute(async (trx) => {
      const contract = await lockContract(trx, candidate.contract_id);
      const click = await lockClickWithQuote(trx, candidate.id);
      // Someone else (an approver, another pass) decided it meanwhile.
      if (click.status !== candidate.status) return null;
      const base = {
        clickId: click.id,
        contractId: contract.contractId,
        customerId: contract.customerId,
        yearOfSupply: click.year_of_supply,
        maturity: click.maturity as Maturity,
        createdBy: click.created_by,
        at,
      };
      const expire = async (reason: string): Promise<ClickStatus> => {
        await releaseClickFromLedger(trx, {
          id: click.id,
          contractRowId: contract.id,
          yearOfSupply: click.year_of_supply,
        });
        await expireClick(trx, click.id, at);
        await recordTransition(trx, {
          ...base,
          status: 'EXPIRED',
          audit: {
            ...SYSTEM_ACTOR,
            action: 'click.expire',
            outcome: 'success',
            details: { reason },
          },
        });
        return 'EXPIRED';
      };
      if (click.status === 'PENDING_APPROVAL') return expire('not approved in time');

      const due = this.#dueAt({ ...candidate, ...click, contract_id: contract.id });
      if (!due) return null;
      const late = time >= due.getTime() + this.deps.completionTimeoutMs;
      const quoted = (click.parts ?? []) as StoredQuotePart[];
      let totalCost: string | null = null;
      // The market reference at execution: the quote's for OTC, the fixing's for ICE.
      let execution = quoted.map(({ name, marketPrice, clickPrice }) => ({
        part: name,
        marketPrice,
        clickPrice,
      }));
      if (click.market === 'ICE') {
        const prices = await this.#icePrices(trx, quoted, click.year_of_supply, click.maturity);
        if (!prices) return late ? expire('no ICE price after the fixing') : null;
        execution = prices;
        await repriceClickInLedger(
          trx,
          { id: click.id, contractRowId: contract.id, yearOfSupply: click.year_of_supply },
          prices.map((price) => ({ part: price.part, price: price.clickPrice })),
        );
        totalCost = clickCost(
          quoted.map((part) => ({
            name: part.name,
            volume: part.volume,
            marketPrice: prices.find((price) => price.part === part.name)?.marketPrice ?? '0',
            markUp: part.markUp,
            transactionFees: part.transactionFee,
          })),
        ).totalCost;
      } else if (late) {
        return expire('not confirmed in time');
      }
      await completeClick(trx, click.id, at, totalCost);
      await recordTransition(trx, {
        ...base,
        status: 'COMPLETED',
        audit: {
          ...SYSTEM_ACTOR,
          action: 'click.complete',
          outcome: 'success',
          details: totalCost === null ? {} : { totalCost },
        },
        ledger: { execution: { at, parts: execution } },
      });
      return 'COMPLETED' as const;
    });
    if (outcome) await this.deps.flushEvents();
    return outcome;
  }

  /** The latest ICE price of every quoted part, or null while one is missing. */
  async #icePrices(
    trx: Db,
    quoted: readonly StoredQuotePart[],
    yearOfSupply: number,
    maturity: string,
  ): Promise<{ part: PartName; marketPrice: string; clickPrice: string }[] | null> {
    const rows = await findIceOffers(trx, yearOfSupply, maturity);
    const prices = [];
    for (const part of quoted) {
      // The quote's own market product (its pricing ID); older quotes did not record it.
      const product = part.marketProduct ?? PRODUCT_OF_PART[part.name];
      const price = rows.find((row) => row.product === product)?.price;
      if (price == null) return null;
      prices.push({
        part: part.name,
        marketPrice: price,
        clickPrice: clickPrice({
          marketPrice: price,
          markUp: part.markUp,
          transactionFees: part.transactionFee,
        }),
      });
    }
    return prices;
  }
}
