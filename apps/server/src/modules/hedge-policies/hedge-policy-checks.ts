import { amsterdamDate, corridorAt, hedgePosition, yearOf } from '@klik/domain';
import type { Db } from '../../db/database';
import type { Config } from '../../kernel/config/config';
import { leaderLockFor, type LeaderLock } from '../../kernel/jobs/leader-lock';
import { LeaderJob } from '../../kernel/jobs/leader-loop';
import { notify } from '../notifications/notify';
import { readContractYears } from '../budgets/year-figures';
import { fixedShareOf } from './hedge-figures';
import { findPoliciesToCheck, recordAlert } from './hedge-policies.repository';
import { LOCK_KEYS } from '../../kernel/jobs/lock-keys';
import { enqueueWebhook } from '../../kernel/webhooks/enqueue-webhook';

export interface HedgeCheckRun {
  sent: number;
}

/**
 * Tells the customer's users when a year's fixed share is behind its hedge policy's corridor:
 * once per policy and point in force (a point passed while behind, or falling behind under it),
 * whatever the number of rounds, instances or restarts - the stored alert key (policy, point date)
 * is written in the transaction that notifies. Runs on the one instance holding its lock.
 */
export class HedgePolicyChecks extends LeaderJob<HedgeCheckRun> {
  constructor(
    private readonly deps: {
      db: Db;
      now: () => Date;
      flushEvents: () => Promise<void>;
      lock: LeaderLock;
      intervalMs: number;
      log: {
        info: (details: object, message: string) => void;
        error: (details: object, message: string) => void;
      };
    },
  ) {
    super({
      name: 'hedge policy checks',
      lock: deps.lock,
      intervalMs: deps.intervalMs,
      idle: () => ({ sent: 0 }),
      log: deps.log,
    });
  }

  protected pass(): Promise<HedgeCheckRun> {
    return this.runOnce();
  }

  async runOnce(): Promise<HedgeCheckRun> {
    const { db } = this.deps;
    const at = this.deps.now();
    const today = amsterdamDate(at);
    const policies = await findPoliciesToCheck(db, yearOf(today));
    if (policies.length === 0) return { sent: 0 };
    const years = await readContractYears(
      db,
      [...new Set(policies.map((policy) => policy.contractRowId))],
      at,
    );
    const byKey = new Map(years.map((year) => [`${year.head.id}/${year.yearOfSupply}`, year]));
    let sent = 0;
    for (const policy of policies) {
      const year = byKey.get(`${policy.contractRowId}/${policy.yearOfSupply}`);
      const point = corridorAt(policy.points, today).point;
      if (!year || !point) continue;
      const { fixedShare } = fixedShareOf(year);
      if (hedgePosition(policy.points, today, fixedShare) !== 'BEHIND') continue;
      try {
        const told = await db.transaction().execute(async (trx) => {
          if (!(await recordAlert(trx, policy.id, point.date, at))) return false;
          await notify(trx, {
            kind: 'HEDGE_BEHIND',
            to: { customerId: policy.customerId },
            at,
            customerId: policy.customerId,
            contractId: year.head.contractId,
            params: {
              contractId: year.head.contractId,
              yearOfSupply: policy.yearOfSupply,
              deadline: point.date,
              minShare: point.minShare,
              fixedShare,
            },
          });
          await enqueueWebhook(trx, {
            customerId: policy.customerId,
            type: 'hedge_policy.behind',
            data: {
              hedgePolicyId: policy.id,
              contractId: year.head.contractId,
              yearOfSupply: policy.yearOfSupply,
              deadline: point.date,
              minShare: point.minShare,
              fixedShare,
            },
            at,
          });
          return true;
        });
        if (told) sent += 1;
      } catch (error) {
        this.deps.log.error({ err: error, policyId: policy.id }, 'hedge policy alert not sent');
      }
    }
    if (sent > 0) await this.deps.flushEvents();
    return { sent };
  }
}

/** This instance's hedge policy check, on the deadline reminders' interval (docs/budgets.md). */
export function createHedgePolicyChecks(options: {
  config: Config;
  db: Db;
  now: () => Date;
  flushEvents: () => Promise<void>;
  log: {
    info: (details: object, message: string) => void;
    error: (details: object, message: string) => void;
  };
}): HedgePolicyChecks {
  const { config, log } = options;
  return new HedgePolicyChecks({
    db: options.db,
    now: options.now,
    flushEvents: options.flushEvents,
    lock: leaderLockFor(config.databaseUrl, LOCK_KEYS.hedgePolicyChecks, 'hedge policy check', log),
    intervalMs: config.deadlineReminders.intervalMs,
    log,
  });
}
