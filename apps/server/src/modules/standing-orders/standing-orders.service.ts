import {
  type PlaceStandingOrderBodySchema,
  type SmsSent,
  type StandingOrder,
  type StandingOrderPage,
  type StandingOrderFilter,
} from '@klik/api';
import { checkStandingOrder, periodDeadline, toDec, type Period } from '@klik/domain';
import type { z } from 'zod';
import { AppError } from '../../kernel/http/app-error';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import {
  assertMaySee,
  mayApprove,
  mayClickFor,
  refusalFor,
} from '../../kernel/access/customer-access';
import {
  clickContractOf,
  currentTermsOf,
  positionStateOf,
} from '../purchase/click-contract.service';
import type { PurchaseService } from '../purchase/purchase.service';
import {
  sendPlacingCode,
  verifyPlacingFactor,
  type SecondFactorDeps,
} from './placing-second-factor';
import {
  endOrder,
  findOrder,
  insertOrder,
  listOrders,
  orderOf,
} from './standing-orders.repository';
import { actorOf } from '../../kernel/audit/audit-log';

type PlaceBody = z.infer<typeof PlaceStandingOrderBodySchema>;

export interface StandingOrdersDeps extends SecondFactorDeps {
  now: () => Date;
  /** Terms are accepted through the click's own call. */
  purchase: Pick<PurchaseService, 'acceptTerms'>;
}

/** Placing, listing and cancelling standing orders (docs/standing-orders.md, "Calls and rights"). */
export class StandingOrdersService {
  constructor(private readonly deps: StandingOrdersDeps) {}

  async place(auth: AuthContext, body: PlaceBody, ip: string | null): Promise<StandingOrder> {
    const { db, now } = this.deps;
    const at = now();
    await assertMaySee(this.deps.db, auth, body.customerId);
    if (!(await mayClickFor(this.deps.db, auth, body.customerId))) throw new AppError('DC_34');
    const contract = await clickContractOf(db, body.contractId);
    if (!contract || contract.customerId !== body.customerId) throw new AppError('NOT_FOUND');
    if (!contract.customerActive) throw new AppError('CUSTOMER_INACTIVE');
    const period: Period = { maturity: body.maturity, yearOfSupply: body.yearOfSupply };
    const state = await positionStateOf(db, contract, period.yearOfSupply, period.maturity);
    if (state.volumes.length === 0) throw new AppError('NOT_FOUND');
    const deadline = periodDeadline(period, undefined, contract.deadlineRule);
    const limit = body.limitPrice ?? null;
    const stop = body.stopPrice ?? null;
    const validUntil = body.validUntil ?? deadline.lastTradingDay;
    const problem = checkStandingOrder({ limit, stop, validUntil }, deadline, at);
    if (problem === 'DEADLINE_PASSED') throw new AppError('DC_21');
    if (problem !== null) {
      const field = problem === 'VALID_UNTIL_INVALID' ? 'validUntil' : 'limitPrice';
      throw new AppError(problem, { details: { field } });
    }
    let anyOpen = false;
    for (const part of state.volumes) {
      const open = toDec(part.totalVolume).minus(toDec(part.clickedVolume));
      if (open.gt(0)) anyOpen = true;
      const wanted = body.volumes?.[part.name];
      // An order for more than is open could never execute: refused now, not lapsed later.
      if (wanted !== undefined && toDec(wanted).gt(open)) {
        throw new AppError('VOLUME_TOO_HIGH', {
          messageArgs: [open.toFixed()],
          details: { part: part.name, min: '0', max: open.toFixed() },
        });
      }
    }
    const names = new Set(state.volumes.map((part) => part.name));
    if (body.volumes && Object.keys(body.volumes).some((name) => !names.has(name as never))) {
      throw new AppError('PARTS_INVALID', { details: { field: 'volumes' } });
    }
    if (!anyOpen) throw new AppError('DC_12');

    if (body.acceptedTermsVersion !== undefined) {
      await this.deps.purchase.acceptTerms(
        auth,
        contract.customerId,
        body.acceptedTermsVersion,
        ip,
      );
    }
    const terms = await currentTermsOf(db, contract.customerId, auth.user.id);
    if (terms && !terms.accepted) {
      throw new AppError('TERMS_NOT_ACCEPTED', {
        messageArgs: [terms.version],
        details: { version: terms.version },
      });
    }
    // Last, so a code is spent only on an order that is otherwise ready to be placed.
    const factor = await verifyPlacingFactor(this.deps, {
      auth,
      contract,
      smsCode: body.smsCode,
      totpCode: body.totpCode,
      at,
      ip,
    });
    const id = await db.transaction().execute(async (trx) => {
      const orderId = await insertOrder(trx, {
        customer_id: contract.customerId,
        contract_id: contract.id,
        year_of_supply: period.yearOfSupply,
        maturity: period.maturity,
        market: body.market,
        percentage: body.percentage ?? null,
        volumes: body.volumes ? JSON.stringify(body.volumes) : null,
        limit_price: limit,
        stop_price: stop,
        valid_until: validUntil,
        second_factor: factor,
        terms_version: terms?.version ?? null,
        created_by: auth.user.id,
        created_at: at,
      });
      await writeAudit(trx, {
        ...actorOf(auth),
        at,
        action: 'standingOrder.place',
        outcome: 'success',
        subject: `standingOrder:${orderId}`,
        customerIds: [contract.customerId],
        details: {
          contractId: contract.contractId,
          yearOfSupply: period.yearOfSupply,
          maturity: period.maturity,
          market: body.market,
          percentage: body.percentage ?? null,
          volumes: body.volumes ?? null,
          limitPrice: limit,
          stopPrice: stop,
          validUntil,
          secondFactor: factor,
          termsVersion: terms?.version ?? null,
        },
        ip,
      });
      return orderId;
    });
    const placed = await findOrder(db, id);
    return orderOf(placed as NonNullable<typeof placed>, true);
  }

  async sendSms(auth: AuthContext, customerId: number, ip: string | null): Promise<SmsSent> {
    await assertMaySee(this.deps.db, auth, customerId);
    if (!(await mayClickFor(this.deps.db, auth, customerId))) throw new AppError('DC_34');
    return sendPlacingCode(this.deps, auth, customerId, this.deps.now(), ip);
  }

  async list(
    auth: AuthContext,
    customerId: number,
    query: StandingOrderFilter,
  ): Promise<StandingOrderPage> {
    await assertMaySee(this.deps.db, auth, customerId);
    const { page, size } = query;
    const { rows, total } = await listOrders(this.deps.db, customerId, query);
    // Whoever may place orders for the customer may cancel them, and staff who are not read-only
    // (e.g. on the customer's request): the same people who may approve its clicks.
    const mayCancel = await mayApprove(this.deps.db, auth, customerId);
    return { data: rows.map((row) => orderOf(row, mayCancel)), page, size, total };
  }

  async cancel(
    auth: AuthContext,
    customerId: number,
    orderId: number,
    ip: string | null,
  ): Promise<StandingOrder> {
    const { db, now } = this.deps;
    await assertMaySee(db, auth, customerId);
    const row = await findOrder(db, orderId);
    if (!row || row.customer_id !== customerId) {
      // Ids cannot be probed (decision 006): only an administrator learns one does not exist.
      throw refusalFor(auth);
    }
    if (!(await mayApprove(this.deps.db, auth, customerId))) throw new AppError('FORBIDDEN');
    const at = now();
    await db.transaction().execute(async (trx) => {
      // Whoever changes the row first wins: an execution that ran first leaves it EXECUTED.
      if (!(await endOrder(trx, orderId, { status: 'CANCELLED', at, by: auth.user.id }))) {
        throw new AppError('STANDING_ORDER_NOT_ACTIVE', { details: { status: row.status } });
      }
      await writeAudit(trx, {
        ...actorOf(auth),
        at,
        action: 'standingOrder.cancel',
        outcome: 'success',
        subject: `standingOrder:${orderId}`,
        customerIds: [customerId],
        details: { contractId: row.public_contract_id },
        ip,
      });
    });
    const cancelled = await findOrder(db, orderId);
    return orderOf(cancelled as NonNullable<typeof cancelled>, true);
  }
}
