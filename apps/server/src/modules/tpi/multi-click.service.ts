import type {
  ClickDetail,
  ExecuteBody,
  MultiClickCustomer,
  MultiClickExecuteBody,
  MultiClickLine,
  MultiClickOutcome,
  MultiClickPreview,
  MultiClickPreviewBody,
  MultiClickRefusal,
  MultiClickResult,
} from '@klik/api';
import type { Db } from '../../db/database';
import { AppError } from '../../kernel/http/app-error';
import { isDatabaseUnavailable } from '../../kernel/db-errors';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import type { PurchaseService } from '../purchase/purchase.service';
import {
  countOpenQuotes,
  findMandates,
  findMatchingContracts,
  findQuoteOwners,
} from './multi-click.repository';
import { actorOf } from '../../kernel/audit/audit-log';

export interface MultiClickDeps {
  db: Db;
  now: () => Date;
  /** Every quote and confirmation goes through the single click's rules. */
  purchase: Pick<PurchaseService, 'quote' | 'execute' | 'cancelQuote'>;
  log: { error: (details: object, message: string) => void };
}

function refusalOf(error: AppError): MultiClickRefusal {
  return error.options.details
    ? { code: error.code, details: error.options.details }
    : { code: error.code };
}

/** Only TPI consultants act for many customers at once. */
function assertTpiConsultant(auth: AuthContext): void {
  if (auth.user.role !== 'consultant' || !auth.user.allowTPIPage) {
    throw new AppError('FORBIDDEN');
  }
}

/** The multi-customer click (docs/tpi.md, "Clicking for several customers"). */
export class MultiClickService {
  constructor(private readonly deps: MultiClickDeps) {}

  /**
   * One real quote per customer and matching contract, each by the single click's rules, held
   * together so they do not count as another click in progress against each other.
   */
  async preview(
    auth: AuthContext,
    body: MultiClickPreviewBody,
    ip: string | null,
  ): Promise<MultiClickPreview> {
    const { db, now, purchase } = this.deps;
    assertTpiConsultant(auth);
    const mandates = await findMandates(db, auth.user.id, body.customerIds);
    // Customers outside the consultant's list are refused as a whole, so ids cannot be probed.
    if (mandates.length !== body.customerIds.length) throw new AppError('FORBIDDEN');
    for (const quoteId of body.replacesQuoteIds) {
      try {
        await purchase.cancelQuote(auth, quoteId, ip);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'NOT_FOUND')) throw error;
      }
    }
    if ((await countOpenQuotes(db, auth.user.id, now())) > 0) {
      throw new AppError('ANOTHER_CLICK_IN_PROGRESS');
    }
    // The user's own read-only flag and click right count like the link's (DC_34).
    const userMayClick = !auth.user.readOnly && auth.user.clickAuthorized;
    const byId = new Map(mandates.map((mandate) => [mandate.customerId, mandate]));
    const clickable = mandates.filter((mandate) => mandate.mayClick && userMayClick);
    const contracts = await findMatchingContracts(
      db,
      clickable.map((mandate) => mandate.customerId),
      body.commodity,
      body.yearOfSupply,
    );
    const alongside = new Set<string>();
    const customers: MultiClickCustomer[] = [];
    for (const customerId of body.customerIds) {
      const mandate = byId.get(customerId);
      if (!mandate) continue;
      const mayClick = mandate.mayClick && userMayClick;
      const lines: MultiClickLine[] = [];
      for (const contract of contracts.filter((row) => row.customerId === customerId)) {
        try {
          const quote = await purchase.quote(
            auth,
            {
              customerId,
              contractId: contract.contractId,
              yearOfSupply: body.yearOfSupply,
              maturity: body.maturity,
              market: body.market,
              percentage: body.percentage,
            },
            ip,
            alongside,
          );
          alongside.add(quote.quoteId);
          lines.push({
            contractId: contract.contractId,
            product: contract.product,
            quote,
            refusal: null,
          });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          lines.push({
            contractId: contract.contractId,
            product: contract.product,
            quote: null,
            refusal: refusalOf(error),
          });
        }
      }
      customers.push({ customerId, customerName: mandate.customerName, mayClick, lines });
    }
    return { customers };
  }

  /**
   * Confirms each quote through the single click's execution, one after another: each keeps its
   * own idempotency key and exactly-once guarantee, and a refusal stops nothing but its own item.
   */
  async execute(
    auth: AuthContext,
    body: MultiClickExecuteBody,
    ip: string | null,
  ): Promise<MultiClickResult> {
    const { db, now } = this.deps;
    assertTpiConsultant(auth);
    const owners = await findQuoteOwners(
      db,
      auth.user.id,
      body.items.map((item) => item.quoteId),
    );
    const outcomes: MultiClickOutcome[] = [];
    for (const item of body.items) {
      const owner = owners.get(item.quoteId);
      const base = {
        quoteId: item.quoteId,
        idempotencyKey: item.idempotencyKey,
        customerId: owner?.customerId ?? null,
        contractId: owner?.contractId ?? null,
      };
      const result = await this.#executeOne(auth, item, ip);
      outcomes.push({ ...base, ...result });
    }
    const customerIds = outcomes.flatMap((outcome) =>
      outcome.customerId === null ? [] : [outcome.customerId],
    );
    await writeAudit(db, {
      ...actorOf(auth),
      at: now(),
      action: 'tpi.multiClick.execute',
      outcome: outcomes.every((outcome) => outcome.click) ? 'success' : 'refused',
      customerIds,
      details: {
        clicks: outcomes.filter((outcome) => outcome.click).length,
        refused: outcomes.filter((outcome) => outcome.refusal).length,
      },
      ip,
    });
    return { outcomes };
  }

  async #executeOne(
    auth: AuthContext,
    item: ExecuteBody,
    ip: string | null,
  ): Promise<{ click: ClickDetail | null; refusal: MultiClickRefusal | null }> {
    try {
      return { click: await this.deps.purchase.execute(auth, item, ip), refusal: null };
    } catch (error) {
      if (error instanceof AppError) return { click: null, refusal: refusalOf(error) };
      // The database went away: this click may or may not be made; the same key again says which.
      if (isDatabaseUnavailable(error)) {
        return { click: null, refusal: { code: 'DATABASE_UNAVAILABLE' } };
      }
      // One customer's failure must not cost the others their clicks; it is logged for us.
      this.deps.log.error({ err: error, quoteId: item.quoteId }, 'multi-click item failed');
      return { click: null, refusal: { code: 'INTERNAL' } };
    }
  }
}
