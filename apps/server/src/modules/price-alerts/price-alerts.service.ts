import type {
  CreatePriceAlertBody,
  PriceAlertDraft,
  PriceAlertOptions,
  PriceAlertPage,
  PriceAlertStatus,
  PriceAlertView,
  SavePriceAlertBody,
} from '@klik/api';
import { amsterdamDate } from '@klik/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { auditChange } from '../../kernel/audit/audit-log';
import { versionConflict } from '../../kernel/http/app-error';
import { personOf, type AuthContext } from '../../kernel/auth/auth-context';
import { assertMaySee, mayActWith } from '../../kernel/access/customer-access';
import {
  contractChoices,
  deleteAlert,
  findAlert,
  insertAlert,
  listAlerts,
  plainPrice,
  recipientChoices,
  recipientsOf,
  replaceRecipients,
  updateAlert,
  viewOf,
  type StoredAlert,
} from './price-alerts.repository';

/**
 * An alert is the customer's own plan and notifies the customer's users: whoever may see the
 * customer sees its alerts; whoever may act for it changes them (docs/price-alerts.md, "Who
 * may"; the rule is the kernel's).
 */
async function mayManage(db: Db, auth: AuthContext, customerId: number): Promise<boolean> {
  return mayActWith(auth, await assertMaySee(db, auth, customerId));
}

async function assertManage(db: Db, auth: AuthContext, customerId: number): Promise<void> {
  if (!(await mayManage(db, auth, customerId))) throw new AppError('FORBIDDEN');
}

function fieldError(
  code: 'PART_REQUIRED' | 'YEAR_REQUIRED' | 'RECIPIENT_INVALID' | 'EXPIRY_INVALID',
  field: string,
) {
  return new AppError(code, { details: { field } });
}

/** The definition the watcher compares; a change of any of these starts the alert afresh. */
function definitionOf(alert: {
  contract: number;
  part: string;
  yearOfSupply: number;
  maturity: string;
  market: string;
  direction: string;
  price: string;
}): string {
  const { contract, part, yearOfSupply, maturity, market, direction, price } = alert;
  return JSON.stringify([contract, part, yearOfSupply, maturity, market, direction, price]);
}

/** The audit record of an alert's content. */
function audited(alert: Omit<StoredAlert, 'createdAt'> | (PriceAlertDraft & { part: string })) {
  const { contract, part, yearOfSupply, maturity, market, direction, price, expiresOn } = alert;
  return { contract, part, yearOfSupply, maturity, market, direction, price, expiresOn };
}

/** The price alerts of a customer: list, choices for the form, create, edit and delete. */
export class PriceAlertsService {
  constructor(private readonly deps: { db: Db; now: () => Date }) {}

  #today(): string {
    return amsterdamDate(this.deps.now());
  }

  async list(
    auth: AuthContext,
    customerId: number,
    query: { page: number; size: number; contract?: number; status?: PriceAlertStatus },
  ): Promise<PriceAlertPage> {
    const { db } = this.deps;
    await assertMaySee(db, auth, customerId);
    const today = this.#today();
    const { rows, total } = await listAlerts(db, customerId, query, today);
    const recipients = await recipientsOf(
      db,
      rows.map((row) => row.id),
    );
    return {
      data: rows.map((row) => viewOf(row, recipients.get(row.id) ?? [], today)),
      page: query.page,
      size: query.size,
      total,
    };
  }

  async options(auth: AuthContext, customerId: number): Promise<PriceAlertOptions> {
    const { db } = this.deps;
    const manage = await mayManage(db, auth, customerId);
    return {
      mayManage: manage,
      contracts: await contractChoices(db, customerId),
      recipients: await recipientChoices(db, customerId),
    };
  }

  /**
   * Checks a draft against the customer: the contract is theirs (else 403, ids are not probed),
   * the part belongs to its commodity, the year is one of its years, every recipient is one of
   * its users and the expiry day is not past. Answers the part the alert watches.
   */
  async #checked(
    db: Db,
    customerId: number,
    draft: PriceAlertDraft,
  ): Promise<'Gas' | 'Peak' | 'OffPeak'> {
    const contracts = await contractChoices(db, customerId);
    const contract = contracts.find((candidate) => candidate.id === draft.contract);
    if (!contract) throw new AppError('FORBIDDEN');
    const part = contract.commodity === 'Gas' ? 'Gas' : draft.part;
    if (
      (contract.commodity === 'Gas' && draft.part != null && draft.part !== 'Gas') ||
      (contract.commodity === 'Power' && part !== 'Peak' && part !== 'OffPeak')
    ) {
      throw fieldError('PART_REQUIRED', 'part');
    }
    if (!contract.yearsOfSupply.includes(draft.yearOfSupply)) {
      throw fieldError('YEAR_REQUIRED', 'yearOfSupply');
    }
    const allowed = new Set((await recipientChoices(db, customerId)).map((user) => user.id));
    if (!draft.recipients.every((id) => allowed.has(id))) {
      throw fieldError('RECIPIENT_INVALID', 'recipients');
    }
    if (draft.expiresOn < this.#today()) throw fieldError('EXPIRY_INVALID', 'expiresOn');
    return part as 'Gas' | 'Peak' | 'OffPeak';
  }

  async #view(db: Db, customerId: number, alertId: number): Promise<PriceAlertView> {
    const alert = await findAlert(db, customerId, alertId);
    if (!alert) throw new AppError('NOT_FOUND');
    const recipients = await recipientsOf(db, [alertId]);
    return viewOf(alert, recipients.get(alertId) ?? [], this.#today());
  }

  /**
   * Changes one alert of the customer in a transaction, for whoever may manage its alerts: on the
   * version the user saw (else 409 with the current one); another customer's alert, or one gone,
   * is refused as not theirs (403, ids are not probed).
   */
  async #change<T>(
    auth: AuthContext,
    customerId: number,
    alertId: number,
    version: number,
    change: (trx: Db, before: StoredAlert) => Promise<T>,
  ): Promise<T> {
    const { db } = this.deps;
    await assertManage(db, auth, customerId);
    return db.transaction().execute(async (trx) => {
      const before = await findAlert(trx, customerId, alertId, true);
      if (!before) throw new AppError('FORBIDDEN');
      if (before.version !== version) throw versionConflict(before.version);
      return change(trx, before);
    });
  }

  async create(
    auth: AuthContext,
    customerId: number,
    body: CreatePriceAlertBody,
    ip: string,
  ): Promise<PriceAlertView> {
    const { db, now } = this.deps;
    await assertManage(db, auth, customerId);
    return db.transaction().execute(async (trx) => {
      const part = await this.#checked(trx, customerId, body);
      const at = now();
      const id = await insertAlert(
        trx,
        { customerId, draft: body, part },
        { userId: personOf(auth), at },
      );
      await replaceRecipients(trx, id, body.recipients);
      await auditChange(trx, at, auth, {
        action: 'priceAlert.create',
        subject: `priceAlert:${id}`,
        after: { ...audited({ ...body, part }), recipients: [...new Set(body.recipients)] },
        ip,
        customerIds: [customerId],
      });
      return this.#view(trx, customerId, id);
    });
  }

  async save(
    auth: AuthContext,
    customerId: number,
    alertId: number,
    body: SavePriceAlertBody,
    ip: string,
  ): Promise<PriceAlertView> {
    return this.#change(auth, customerId, alertId, body.version, async (trx, before) => {
      const part = await this.#checked(trx, customerId, body);
      const draft = { ...body, part, price: plainPrice(body.price) };
      // Another threshold is another alert: it starts without a last price, so a price already
      // beyond the new threshold fires at the next tick. Recipients or expiry alone keep it.
      const restart = definitionOf(before) !== definitionOf(draft);
      const at = this.deps.now();
      const version = before.version + 1;
      await updateAlert(trx, alertId, { draft: body, part, version, restart, at });
      const recipientsBefore = (await recipientsOf(trx, [alertId])).get(alertId) ?? [];
      await replaceRecipients(trx, alertId, body.recipients);
      await auditChange(trx, at, auth, {
        action: 'priceAlert.save',
        subject: `priceAlert:${alertId}`,
        before: { ...audited(before), recipients: recipientsBefore.map((user) => user.id) },
        after: { ...audited(draft), recipients: [...new Set(body.recipients)] },
        details: { version, restarted: restart },
        ip,
        customerIds: [customerId],
      });
      return this.#view(trx, customerId, alertId);
    });
  }

  async remove(
    auth: AuthContext,
    customerId: number,
    alertId: number,
    version: number,
    ip: string,
  ): Promise<void> {
    await this.#change(auth, customerId, alertId, version, async (trx, before) => {
      await deleteAlert(trx, alertId);
      await auditChange(trx, this.deps.now(), auth, {
        action: 'priceAlert.delete',
        subject: `priceAlert:${alertId}`,
        before: audited(before),
        ip,
        customerIds: [customerId],
      });
    });
  }
}
