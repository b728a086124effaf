import {
  type ClickDetail,
  type ExecuteBody,
  type Locale,
  type Quote,
  type QuoteBody,
  type SmsSent,
  type Terms,
} from '@klik/api';
import { toDec, type Period } from '@klik/domain';
import type { StoredQuotePart } from '../../db/schema';
import { CHECK_VIOLATION, UNIQUE_VIOLATION, violates } from '../../kernel/db-errors';
import { AppError } from '../../kernel/http/app-error';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { seesEveryCustomer } from '../../kernel/access/customer-access';
import { clickDetail } from '../clicks/clicks.service';
import { evaluatePosition } from './click-evaluation';
import { fixingInstant, recordTransition } from './click-lifecycle';
import { quoteClick } from './click-quote';
import { sendClickSms, verifyClickSms } from './click-sms';
import { acceptTerms, acceptTermsVersion, readTerms } from './click-terms';
import { verifyClickTotp } from './click-totp';
import { decideClick, readClick } from './four-eyes';
import {
  countClicks,
  currentTerms,
  findQuoteHead,
  lockContract,
  reserveVolume,
} from './purchase.repository';
import type { PurchaseDeps, StandingOrderOrigin } from './purchase-deps';
import {
  cancelOpenQuote,
  consumeQuote,
  findClickByIdempotencyKey,
  findClickOfQuote,
  findQuoteOwner,
  insertClick,
  lockQuote,
  secondFactorVerified,
} from './click-execution.repository';
import { SMS_MAX_ATTEMPTS } from '../../kernel/one-time-codes/sms-code';
import { actorOf } from '../../kernel/audit/audit-log';

/**
 * Quotes, confirms and decides clicks (docs/purchase.md). Confirming a quote lives here; pricing
 * it (click-quote.ts), the second factor (click-sms.ts, click-totp.ts), the terms (click-terms.ts)
 * and the second pair of eyes (four-eyes.ts) beside it.
 */
export class PurchaseService {
  constructor(private readonly deps: PurchaseDeps) {}

  /**
   * Prices a click for the quote's lifetime; checks every rule execution checks. `alongside`
   * names open quotes of the same multi-customer preview (docs/tpi.md), which may stand together.
   */
  quote(
    auth: AuthContext,
    body: QuoteBody,
    ip: string | null,
    alongside: ReadonlySet<string> = new Set(),
    origin?: StandingOrderOrigin,
  ): Promise<Quote> {
    return quoteClick(this.deps, auth, body, ip, alongside, origin);
  }

  /** The click an earlier confirmation with this key made, if any. */
  async #replay(auth: AuthContext, body: ExecuteBody): Promise<ClickDetail | undefined> {
    const row = await findClickByIdempotencyKey(this.deps.db, auth.user.id, body.idempotencyKey);
    if (!row) return undefined;
    if (row.quote_id !== body.quoteId) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return clickDetail(this.deps.db, row.id);
  }

  /**
   * Confirms a quote: every rule again at this instant, in one transaction with the contract
   * row locked, then the click is stored and its volume reserved. The same idempotency key
   * again answers the same click, also when both requests race.
   */
  async execute(
    auth: AuthContext,
    body: ExecuteBody,
    ip: string | null,
    origin?: StandingOrderOrigin,
  ): Promise<ClickDetail> {
    const replayed = await this.#replay(auth, body);
    if (replayed) return replayed;
    try {
      const outcome = await this.#execute(auth, body, ip, origin);
      if (outcome.kind === 'replay') {
        return (await clickDetail(this.deps.db, outcome.clickId)) as ClickDetail;
      }
      await this.deps.flushEvents();
      return (await clickDetail(this.deps.db, outcome.clickId)) as ClickDetail;
    } catch (error) {
      // A confirmation with the same key may have won meanwhile (the unique index refused this
      // one, or its click is what this one saw as pending): answer that click.
      if (
        violates(error, UNIQUE_VIOLATION, 'clicks_idempotency_key') ||
        error instanceof AppError
      ) {
        const winner = await this.#replay(auth, body);
        if (winner) return winner;
      }
      if (violates(error, CHECK_VIOLATION, 'position_months_clicked_within_total')) {
        await this.#auditRefusal(auth, body, 'DC_12', ip);
        throw new AppError('DC_12');
      }
      if (error instanceof AppError) {
        await this.#auditRefusal(auth, body, error.code, ip);
        // A price that can no longer be confirmed must not hold the user's next quote back.
        if (
          error.code.startsWith('DC_') ||
          error.code === 'CLICK_LIMIT_REACHED' ||
          error.code === 'CONTRACT_CHANGED'
        ) {
          await this.#cancelQuote(auth.user.id, body.quoteId);
        }
      }
      throw error;
    }
  }

  #cancelQuote(userId: number, quoteId: string): Promise<number> {
    return cancelOpenQuote(this.deps.db, userId, quoteId, this.deps.now());
  }

  /** The user leaves the flow: the quote no longer counts as a click in progress. */
  async cancelQuote(auth: AuthContext, quoteId: string, ip: string | null): Promise<void> {
    const owner = await findQuoteOwner(this.deps.db, quoteId);
    if (owner !== auth.user.id) throw new AppError('NOT_FOUND');
    if ((await this.#cancelQuote(auth.user.id, quoteId)) > 0) {
      await writeAudit(this.deps.db, {
        ...actorOf(auth),
        at: this.deps.now(),
        action: 'purchase.quote.cancel',
        outcome: 'success',
        subject: `quote:${quoteId}`,
        ip,
      });
    }
  }

  async #auditRefusal(
    auth: AuthContext,
    body: ExecuteBody,
    code: string,
    ip: string | null,
  ): Promise<void> {
    await writeAudit(this.deps.db, {
      ...actorOf(auth),
      at: this.deps.now(),
      action: 'click.execute',
      outcome: 'refused',
      subject: `quote:${body.quoteId}`,
      details: { code },
      ip,
    });
  }

  async #execute(
    auth: AuthContext,
    body: ExecuteBody,
    ip: string | null,
    origin?: StandingOrderOrigin,
  ): Promise<
    | { kind: 'replay'; clickId: number }
    | { kind: 'new'; clickId: number; contractId: string; customerId: number }
  > {
    const { db, now, settings } = this.deps;
    const at = now();
    const quote = await findQuoteHead(db, body.quoteId, auth.user.id);
    if (!quote || quote.userId !== auth.user.id) throw new AppError('NOT_FOUND');
    const head = quote.contract;
    if (!seesEveryCustomer(auth.user.role) && !quote.userLinked) throw new AppError('FORBIDDEN');
    // The second factor of a standing order's click was given when the order was placed.
    const secondFactorGiven = origin !== undefined;
    if (body.acceptedTermsVersion !== undefined) {
      await acceptTermsVersion(this.deps, auth, head.customerId, body.acceptedTermsVersion, ip);
    }
    if (secondFactorGiven) {
      // Checked against the quote's own order under the lock below.
    } else if (head.requireSms && quote.consumedAt === null && body.totpCode !== undefined) {
      if (!head.allowTotp) throw new AppError('SECOND_FACTOR_UNAVAILABLE');
      await verifyClickTotp(db, {
        auth,
        quoteId: body.quoteId,
        code: body.totpCode,
        at,
        expiresAt: quote.expiresAt,
        key: this.deps.totpKey,
        maxAttempts: SMS_MAX_ATTEMPTS,
        ip,
      });
    } else if (head.requireSms && quote.consumedAt === null) {
      await verifyClickSms(db, auth, body.quoteId, body.smsCode, at, ip);
    }
    if (
      quote.consumedAt === null &&
      quote.cancelledAt === null &&
      at.getTime() < quote.expiresAt.getTime()
    ) {
      // A first look without the lock: when many confirm the same position at once, those that
      // are bound to be refused (DC_31, DC_12, ...) are answered in parallel instead of queueing
      // for the contract lock. The decision under the lock below is the one that counts.
      await evaluatePosition(
        db,
        auth,
        head,
        { maturity: quote.maturity, yearOfSupply: quote.yearOfSupply },
        quote.market,
        at,
      );
    }

    return db.transaction().execute(async (trx) => {
      const locked = await lockQuote(trx, body.quoteId);
      if (locked.consumed_at !== null) {
        // A racing confirmation with the same key made the click: answer that one.
        const made = await findClickOfQuote(trx, body.quoteId);
        if (
          made &&
          made.created_by === auth.user.id &&
          made.idempotency_key === body.idempotencyKey
        ) {
          return { kind: 'replay', clickId: made.id };
        }
        throw new AppError('QUOTE_USED');
      }
      if (locked.cancelled_at !== null) throw new AppError('QUOTE_USED');
      if ((locked.standing_order_id ?? undefined) !== origin?.standingOrderId) {
        throw new AppError('FORBIDDEN');
      }
      if (at.getTime() >= locked.expires_at.getTime()) throw new AppError('QUOTE_EXPIRED');

      const contract = await lockContract(trx, locked.contract_id);
      // An edit of the contract since the quote lapses it: its price and limits may be stale.
      if (locked.contract_revision !== null && locked.contract_revision !== contract.revision) {
        throw new AppError('CONTRACT_CHANGED');
      }
      const period: Period = {
        maturity: locked.maturity as Period['maturity'],
        yearOfSupply: locked.year_of_supply,
      };
      const { parts, session } = await evaluatePosition(
        trx,
        auth,
        contract,
        period,
        locked.market,
        at,
      );
      const quotedParts = locked.parts as StoredQuotePart[];
      for (const quoted of quotedParts) {
        const now = parts.find((part) => part.name === quoted.name);
        const open = now ? toDec(now.totalVolume).minus(toDec(now.clickedVolume)) : toDec('0');
        // The volume the price was quoted for is no longer all open.
        if (open.lt(toDec(quoted.volume))) throw new AppError('DC_12');
      }
      if (
        contract.maxClicksPerYear !== null &&
        (await countClicks(trx, contract.id, period.yearOfSupply)) >= contract.maxClicksPerYear
      ) {
        throw new AppError('CLICK_LIMIT_REACHED');
      }
      const terms = await currentTerms(trx, contract.customerId, auth.user.id);
      if (terms && !terms.accepted) {
        throw new AppError('TERMS_NOT_ACCEPTED', {
          messageArgs: [terms.version],
          details: { version: terms.version },
        });
      }
      if (contract.requireSms && !secondFactorGiven) {
        if (!(await secondFactorVerified(trx, body.quoteId))) throw new AppError('SMS_REQUIRED');
      }

      const status = contract.requireApproval ? 'PENDING_APPROVAL' : 'IN_PROGRESS';
      const id = await insertClick(trx, {
        contract_id: contract.id,
        year_of_supply: period.yearOfSupply,
        maturity: period.maturity,
        status,
        auto: false,
        market: locked.market,
        created_at: at,
        completed_at: null,
        created_by: auth.user.id,
        quote_id: locked.id,
        idempotency_key: body.idempotencyKey,
        price_source: session.priceSource,
        total_cost: String(locked.total_cost),
        in_progress_at: status === 'IN_PROGRESS' ? at : null,
        fixing_at: fixingInstant(session),
        approval_deadline:
          status === 'PENDING_APPROVAL'
            ? new Date(at.getTime() + settings.approvalTimeoutMs)
            : null,
      });
      await reserveVolume(
        trx,
        {
          id,
          contractRowId: contract.id,
          yearOfSupply: period.yearOfSupply,
          maturity: period.maturity,
        },
        quotedParts.map((part) => ({
          part: part.name,
          volume: part.volume,
          price: part.clickPrice,
        })),
      );
      await consumeQuote(trx, locked.id, at);
      // The standing order's row before the customer's audit and ledger chains: a cancellation
      // takes the order first too, so the two never wait for each other crosswise.
      await origin?.onClick?.(trx, id, at);
      await recordTransition(trx, {
        clickId: id,
        contractId: contract.contractId,
        customerId: contract.customerId,
        yearOfSupply: period.yearOfSupply,
        maturity: period.maturity,
        status,
        createdBy: auth.user.id,
        at,
        audit: {
          ...actorOf(auth),
          action: 'click.execute',
          outcome: 'success',
          ip,
          details: {
            quoteId: locked.id,
            market: locked.market,
            priceSource: session.priceSource,
            totalCost: String(locked.total_cost),
            parts: quotedParts.map((part) => ({
              name: part.name,
              volume: part.volume,
              clickPrice: part.clickPrice,
            })),
            ...(origin ? { standingOrderId: origin.standingOrderId } : {}),
          },
        },
        ledger: {
          // How the click was confirmed: a standing order's factor was given when it was placed.
          secondFactor: secondFactorGiven
            ? 'standingOrder'
            : contract.requireSms
              ? body.totpCode === undefined
                ? 'sms'
                : 'totp'
              : null,
          termsVersion: terms?.version ?? null,
        },
      });
      return {
        kind: 'new',
        clickId: id,
        contractId: contract.contractId,
        customerId: contract.customerId,
      };
    });
  }

  /** Sends a new 6-digit code for a quote to the user's mobile number. */
  sendSms(auth: AuthContext, quoteId: string, ip: string | null): Promise<SmsSent> {
    return sendClickSms(this.deps, auth, quoteId, ip);
  }

  /** The terms that apply to the customer, in the reader's language, and whether accepted. */
  terms(auth: AuthContext, customerId: number, locale: Locale): Promise<Terms> {
    return readTerms(this.deps.db, auth, customerId, locale);
  }

  acceptTerms(
    auth: AuthContext,
    customerId: number,
    version: number,
    ip: string | null,
  ): Promise<Terms> {
    return acceptTerms(this.deps, auth, customerId, version, ip);
  }

  /** One click, for whoever may see its customer. */
  click(auth: AuthContext, clickId: number): Promise<ClickDetail> {
    return readClick(this.deps.db, auth, clickId);
  }

  /** Four-eyes: a second user approves or rejects a pending click (four-eyes.ts). */
  decide(
    auth: AuthContext,
    clickId: number,
    decision: 'approve' | 'reject',
    ip: string | null,
  ): Promise<ClickDetail> {
    return decideClick(this.deps, auth, clickId, decision, ip);
  }
}
