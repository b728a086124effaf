import {
  amsterdamDate,
  calendarDaysLeft,
  MATURITIES,
  openPositionDeadline,
  tradingDaysLeft,
  yearOf,
  type DeadlinePartVolumes,
} from '@klik/domain';
import type { Deadline, DeadlineAllQuery, DeadlinePage, DeadlineQuery } from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import type { AuthContext } from '../../kernel/auth/auth-context';
import {
  assertMaySee,
  mayClickWith,
  seesEveryCustomer,
  userMayClick,
} from '../../kernel/access/customer-access';
import {
  findCustomer,
  findLinkedCustomers,
  findPositionParts,
  type DeadlineCustomer,
  type PositionPartRow,
} from './deadlines.repository';

export interface DeadlinesDeps {
  db: Db;
  now: () => Date;
  /** DEADLINE_REMINDER_TRADING_DAYS: the overview says when the reminder comes. */
  reminderTradingDays: number;
}

/** A deadline with the contract's row id, which the calendar's event ids are made of. */
export type OpenDeadline = Deadline & { contractRowId: number };

const MATURITY_ORDER = new Map(MATURITIES.map((maturity, index) => [maturity, index]));

/** Soonest deadline first; on equal deadlines by customer, contract, year and Y, Q1.., M1... */
export function byUrgency(a: Deadline, b: Deadline): number {
  return (
    a.closesAt.localeCompare(b.closesAt) ||
    a.customerName.localeCompare(b.customerName) ||
    a.customerId - b.customerId ||
    a.contractId.localeCompare(b.contractId) ||
    a.yearOfSupply - b.yearOfSupply ||
    (MATURITY_ORDER.get(a.maturity) ?? 0) - (MATURITY_ORDER.get(b.maturity) ?? 0)
  );
}

/**
 * Every position of the customers that can still be clicked at an instant, with its deadline,
 * days left and open volume (docs/deadlines.md), soonest first.
 */
export async function openDeadlines(
  db: Db,
  customers: readonly DeadlineCustomer[],
  at: Date,
): Promise<OpenDeadline[]> {
  // A year's positions close before it starts, so earlier years have nothing left to click.
  const rows = await findPositionParts(
    db,
    customers.map((customer) => customer.id),
    yearOf(amsterdamDate(at)),
  );
  const positions = new Map<string, PositionPartRow[]>();
  for (const row of rows) {
    const key = `${row.contractRowId}/${row.yearOfSupply}/${row.maturity}`;
    positions.set(key, [...(positions.get(key) ?? []), row]);
  }
  const customerOf = new Map(customers.map((customer) => [customer.id, customer]));
  // A handful of distinct deadline days: each is counted once.
  const daysLeft = new Map<string, number>();
  const deadlines: OpenDeadline[] = [];
  for (const parts of positions.values()) {
    const head = parts[0] as PositionPartRow;
    const customer = customerOf.get(head.customerId) as DeadlineCustomer;
    const open = openPositionDeadline({
      clickType: head.clickType,
      period: { yearOfSupply: head.yearOfSupply, maturity: head.maturity },
      parts: parts
        .map<DeadlinePartVolumes>((part) => ({
          name: part.part,
          totalVolume: part.totalVolume,
          clickedVolume: part.clickedVolume,
        }))
        .sort((a, b) => PART_ORDER.indexOf(a.name) - PART_ORDER.indexOf(b.name)),
      at,
      deadlineRule: head.deadlineRule,
    });
    if (open === null) continue;
    let trading = daysLeft.get(open.lastTradingDay);
    if (trading === undefined) {
      trading = tradingDaysLeft(at, open.lastTradingDay);
      daysLeft.set(open.lastTradingDay, trading);
    }
    deadlines.push({
      contractRowId: head.contractRowId,
      customerId: customer.id,
      customerName: customer.name,
      contractId: head.contractId,
      commodity: head.commodity,
      product: head.product,
      yearOfSupply: head.yearOfSupply,
      maturity: head.maturity,
      lastTradingDay: open.lastTradingDay,
      closesAt: open.closesAt.toISOString(),
      tradingDaysLeft: trading,
      calendarDaysLeft: calendarDaysLeft(at, open.lastTradingDay),
      parts: open.parts,
      openVolume: open.openVolume,
      mayClick: customer.mayClick,
    });
  }
  return deadlines.sort(byUrgency);
}

const PART_ORDER = ['Gas', 'Peak', 'OffPeak'];

/** Only a consultant with the TPI page reads across customers (as the TPI cockpit). */
function assertTpiConsultant(auth: AuthContext): void {
  if (auth.user.role !== 'consultant' || !auth.user.allowTPIPage) throw new AppError('FORBIDDEN');
}

/** The deadline overview's reads; nothing changes, so nothing is audited. */
export class DeadlinesService {
  constructor(private readonly deps: DeadlinesDeps) {}

  /** One customer's deadlines, for whoever may see its positions (as the dashboard). */
  async customer(
    auth: AuthContext,
    customerId: number,
    query: DeadlineQuery,
  ): Promise<DeadlinePage> {
    const link = await assertMaySee(this.deps.db, auth, customerId);
    const found = await findCustomer(this.deps.db, customerId);
    if (!found) throw new AppError('NOT_FOUND');
    const { active, ...customer } = found;
    // As on the dashboard: a deactivated customer is hidden from its own side; staff still see it.
    if (!active && !seesEveryCustomer(auth.user.role)) throw new AppError('FORBIDDEN');
    const mayClick = active && mayClickWith(auth, link);
    return this.#page(
      await openDeadlines(this.deps.db, [{ ...customer, mayClick }], this.deps.now()),
      query,
    );
  }

  /** A TPI consultant's deadlines across their active customers, or one of them. */
  async all(auth: AuthContext, query: DeadlineAllQuery): Promise<DeadlinePage> {
    assertTpiConsultant(auth);
    const customers = await findLinkedCustomers(this.deps.db, auth.user.id, query.customerId);
    if (query.customerId !== undefined && customers.length === 0) throw new AppError('FORBIDDEN');
    const mayClick = userMayClick(auth);
    return this.#page(
      await openDeadlines(
        this.deps.db,
        customers.map((customer) => ({
          ...customer,
          mayClick: mayClick && customer.mayClick,
        })),
        this.deps.now(),
      ),
      query,
    );
  }

  #page(deadlines: readonly OpenDeadline[], query: DeadlineQuery): DeadlinePage {
    const filtered = deadlines.filter(
      (deadline) =>
        (query.commodity === undefined || deadline.commodity === query.commodity) &&
        (query.withinDays === undefined || deadline.tradingDaysLeft <= query.withinDays),
    );
    const start = query.page * query.size;
    return {
      data: filtered
        .slice(start, start + query.size)
        .map(({ contractRowId: _internal, ...deadline }) => deadline),
      page: query.page,
      size: query.size,
      total: filtered.length,
      reminderTradingDays: this.deps.reminderTradingDays,
    };
  }
}
