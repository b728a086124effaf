import {
  amsterdamDate,
  clickTypeAllows,
  fromDec,
  ICE_ENDEX_CALENDAR,
  DEFAULT_DEADLINE_RULE,
  isMaturity,
  MAX_DEADLINE_TRADING_DAYS,
  periodDeadline,
  toDec,
  tradingDaysLeft,
  yearOf,
  type ClickType,
  type DeadlineRule,
  type LocalDate,
  type Maturity,
  type TradingCalendar,
} from '@klik/domain';
import type { Config } from '../../kernel/config/config';
import type { Db } from '../../db/database';
import { leaderLockFor, type LeaderLock } from '../../kernel/jobs/leader-lock';
import { LeaderJob } from '../../kernel/jobs/leader-loop';
import { notify } from './notify';
import { LOCK_KEYS } from '../../kernel/jobs/lock-keys';
import { findOpenPositionRows, recordReminderOnce } from './deadline-reminders.repository';

export interface DeadlineRemindersDeps {
  db: Db;
  now: () => Date;
  /** Sends the queued unread counts to the users' browsers after a commit. */
  flushEvents: () => Promise<void>;
  lock: LeaderLock;
  intervalMs: number;
  /** Remind once the deadline is at most this many trading days away. */
  tradingDays: number;
  calendar?: TradingCalendar;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}

/** A position with open volume, as the reminder query reads it. */
interface OpenPosition {
  contractRowId: number;
  contractId: string;
  customerId: number;
  clickType: ClickType;
  deadlineRule: DeadlineRule;
  yearOfSupply: number;
  maturity: Maturity;
  openVolume: string;
}

function isTradingDays(value: unknown): value is number {
  return (
    Number.isInteger(value) &&
    (value as number) >= 1 &&
    (value as number) <= MAX_DEADLINE_TRADING_DAYS
  );
}

/** The contract's stored rule, or the default where it has none (or none that is valid). */
function deadlineRuleOf(value: unknown): DeadlineRule {
  const stored = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof stored !== 'object' || stored === null) return DEFAULT_DEADLINE_RULE;
  const { YEAR, QUARTER, MONTH } = stored as Record<string, unknown>;
  return isTradingDays(YEAR) && isTradingDays(QUARTER) && isTradingDays(MONTH)
    ? { YEAR, QUARTER, MONTH }
    : DEFAULT_DEADLINE_RULE;
}

/** A position whose deadline has come near, with what its reminder says. */
export interface DueReminder extends OpenPosition {
  deadline: LocalDate;
  tradingDaysLeft: number;
}

/**
 * The positions with open volume in the given years (findOpenPositionRows), their rules read and
 * rows of an unknown maturity left out.
 */
async function findOpenPositions(db: Db, years: readonly number[]): Promise<OpenPosition[]> {
  const rows = await findOpenPositionRows(db, years);
  return rows.flatMap((row) =>
    isMaturity(row.maturity)
      ? [
          {
            contractRowId: row.id,
            contractId: row.contract_id,
            customerId: row.customer_id,
            clickType: row.click_type,
            deadlineRule: deadlineRuleOf(row.deadline_rule),
            yearOfSupply: row.year_of_supply,
            maturity: row.maturity,
            openVolume: fromDec(toDec(row.open_volume)),
          },
        ]
      : [],
  );
}

// One count of the trading days left, shared with the deadline overview (modules/deadlines).
export { tradingDaysLeft };

/**
 * The positions to remind of at an instant: open volume, a maturity the contract's click type
 * allows, a deadline not yet passed and at most `tradingDays` trading days away. Whether the
 * market is open, clicking paused or another click pending does not matter: the deadline holds.
 */
export async function findDueReminders(
  db: Db,
  at: Date,
  tradingDays: number,
  calendar: TradingCalendar = ICE_ENDEX_CALENDAR,
): Promise<DueReminder[]> {
  const year = yearOf(amsterdamDate(at));
  // A deadline lies before its delivery starts, at most some months ahead: this year or the next.
  const positions = await findOpenPositions(db, [year, year + 1]);
  const due: DueReminder[] = [];
  for (const position of positions) {
    if (!clickTypeAllows(position.clickType, position.maturity)) continue;
    const deadline = periodDeadline(position, calendar, position.deadlineRule);
    if (deadline.closesAt.getTime() <= at.getTime()) continue;
    const left = tradingDaysLeft(at, deadline.lastTradingDay, tradingDays, calendar);
    if (left > tradingDays) continue;
    due.push({ ...position, deadline: deadline.lastTradingDay, tradingDaysLeft: left });
  }
  return due;
}

/**
 * Records the reminder and notifies the customer's users in one transaction. The reminder's
 * key (contract, year, maturity, deadline) is unique, so a second instance or a run after a
 * restart inserts nothing and notifies nobody. Answers whether it was sent now.
 */
async function sendReminder(db: Db, reminder: DueReminder, at: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await recordReminderOnce(trx, reminder, at))) return false;
    await notify(trx, {
      kind: 'DEADLINE_APPROACHING',
      to: { customerId: reminder.customerId },
      at,
      customerId: reminder.customerId,
      contractId: reminder.contractId,
      params: {
        contractId: reminder.contractId,
        yearOfSupply: reminder.yearOfSupply,
        maturity: reminder.maturity,
        deadline: reminder.deadline,
        tradingDaysLeft: reminder.tradingDaysLeft,
        openVolume: reminder.openVolume,
      },
    });
    return true;
  });
}

export interface ReminderRun {
  sent: number;
}

/**
 * Reminds customers of click deadlines that come near (docs/notifications.md, "Deadline
 * reminders"). Runs on the one instance that holds its advisory lock (any instance on the
 * embedded database), one run at a time; the table of sent reminders makes each one go out once
 * even so, across restarts and instances.
 */
export class DeadlineReminders extends LeaderJob<ReminderRun> {
  constructor(private readonly deps: DeadlineRemindersDeps) {
    super({
      name: 'deadline reminders',
      lock: deps.lock,
      intervalMs: deps.intervalMs,
      idle: () => ({ sent: 0 }),
      log: deps.log,
    });
  }

  protected pass(): Promise<ReminderRun> {
    return this.runOnce();
  }

  /** Sends every reminder due at the clock's instant that was not sent before. */
  async runOnce(): Promise<ReminderRun> {
    const at = this.deps.now();
    const due = await findDueReminders(this.deps.db, at, this.deps.tradingDays, this.deps.calendar);
    let sent = 0;
    for (const reminder of due) {
      try {
        if (await sendReminder(this.deps.db, reminder, at)) sent += 1;
      } catch (error) {
        this.deps.log.error(
          { err: error, contractId: reminder.contractId, maturity: reminder.maturity },
          'deadline reminder not sent',
        );
      }
    }
    if (sent > 0) await this.deps.flushEvents();
    return { sent };
  }
}

/** This instance's reminder job, from the config (docs/operations.md). */
export function createDeadlineReminders(options: {
  config: Config;
  db: Db;
  now: () => Date;
  flushEvents: () => Promise<void>;
  log: DeadlineRemindersDeps['log'];
}): DeadlineReminders {
  const { config, log } = options;
  return new DeadlineReminders({
    db: options.db,
    now: options.now,
    flushEvents: options.flushEvents,
    lock: leaderLockFor(config.databaseUrl, LOCK_KEYS.deadlineReminders, 'deadline reminder', log),
    intervalMs: config.deadlineReminders.intervalMs,
    tradingDays: config.deadlineReminders.tradingDays,
    log,
  });
}
