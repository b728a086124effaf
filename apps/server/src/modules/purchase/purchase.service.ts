import { randomInt, randomUUID } from 'node:crypto';
import {
  type ClickDetail,
  type ErrorCode,
  type ExecuteBody,
  type Locale,
  type Quote,
  type QuoteBody,
  type SmsSent,
  type Terms,
} from '@klik/api';
import {
  decideClickability,
  hasPendingOverlappingClick,
  openSessions,
  statusHasOffers,
  toDec,
  type ContractPartVolumes,
  type Market,
  type Period,
  type TradingSession,
} from '@klik/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { StoredQuotePart } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { writeAudit } from '../audit/audit.repository';
import type { AuthContext } from '../auth/auth.service';
import { linkMayClick, seesEveryCustomer } from '../auth/customer-access';
import { findClickDetail } from '../clicks/clicks.repository';
import { clickReaderFor } from '../clicks/clicks.service';
import { viewerOf } from '../positions/positions.service';
import { fixingInstant, recordTransition, type FlushEvents } from './click-lifecycle';
import {
  countClicks,
  currentTerms,
  findContractByPublicId,
  isPaused,
  lockContract,
  findQuoteHead,
  positionState,
  recordTermsAcceptance,
  releaseVolume,
  reserveVolume,
  userHasCustomer,
  type ClickContract,
} from './purchase.repository';
import { mayUseTotp, verifyClickTotp } from './click-totp';
import { marginsForQuote, marketProductsOf } from '../margins/margin-pricing';
import { priceQuote } from './quote-pricing';
import { codeHash, judgeSmsCode, SMS_MAX_ATTEMPTS, wrongSmsCode } from './sms-code';
import { maskNumber, type SmsGateway } from './sms-gateway';

/** How long a sent code holds (never beyond the quote). */
export const SMS_CODE_LIFETIME_MS = 5 * 60_000;
/** At most this many codes per quote, so a quote cannot be used to flood a phone. */
export const SMS_MAX_CODES_PER_QUOTE = 5;

export interface PurchaseDeps {
  db: Db;
  now: () => Date;
  flushEvents: FlushEvents;
  sms: SmsGateway;
  settings: Config['purchase'];
  /** TOTP_ENCRYPTION_KEY: opens the users' authenticator secrets. */
  totpKey: Buffer | null;
  log: { error: (details: object, message: string) => void };
}

/**
 * A click a standing order makes for its creator (modules/standing-orders): its quote stands
 * apart from the user's own quotes, its second factor was given when the order was placed, and
 * the order is marked executed in the click's own transaction (onClick throws to undo the click,
 * e.g. when the order was cancelled meanwhile).
 */
export interface StandingOrderOrigin {
  standingOrderId: number;
  onClick?: (trx: Db, clickId: number, at: Date) => Promise<void>;
}

interface Evaluation {
  parts: ContractPartVolumes[];
  session: TradingSession;
}

/** Who acted, and the administrator signed in as them, as the audit log records it. */
export function actorOf(auth: AuthContext) {
  return {
    actor: { id: auth.user.id, username: auth.user.username },
    impersonator: auth.impersonator
      ? { id: auth.impersonator.id, username: auth.impersonator.username }
      : null,
  };
}

/** The text of a confirmation code's SMS in the user's language. */
export function confirmationSmsText(locale: string, code: string): string {
  return locale === 'en'
    ? `Klik: your confirmation code is ${code}. Never share this code.`
    : `Klik: uw bevestigingscode is ${code}. Deel deze code met niemand.`;
}

function pgErrorMentions(error: unknown, sqlState: string, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const {
    code,
    constraint: named,
    message,
  } = error as {
    code?: unknown;
    constraint?: unknown;
    message?: unknown;
  };
  return (
    code === sqlState &&
    (named === constraint || (typeof message === 'string' && message.includes(constraint)))
  );
}

/** Quotes, confirms and decides clicks (docs/purchase.md). */
export class PurchaseService {
  constructor(private readonly deps: PurchaseDeps) {}

  /** Admins act for every customer; everyone else (account managers too) for their own. */
  async #assertCustomerAccess(auth: AuthContext, customerId: number): Promise<void> {
    if (seesEveryCustomer(auth.user.role)) return;
    if (!(await userHasCustomer(this.deps.db, auth.user.id, customerId))) {
      throw new AppError('FORBIDDEN');
    }
  }

  /**
   * The domain's decision for the position at an instant; throws the DC_ code when it cannot
   * be clicked on the market asked for.
   */
  async #evaluate(
    db: Db,
    auth: AuthContext,
    contract: ClickContract,
    period: Period,
    market: Market,
    at: Date,
  ): Promise<Evaluation> {
    if (!contract.customerActive) throw new AppError('CUSTOMER_INACTIVE');
    const state = await positionState(db, contract, period.yearOfSupply, period.maturity);
    const { volumes, offers } = state;
    // Read-only and the right to click are set per user and per customer.
    const userMayClick =
      viewerOf(auth).mayClick && (await linkMayClick(db, auth.user.id, contract.customerId));
    if (volumes.length === 0) throw new AppError('NOT_FOUND');
    const parts: ContractPartVolumes[] = volumes.map((part) => ({
      ...part,
      offerPart: offers.otc.has(part.name)
        ? { marketPrice: offers.otc.get(part.name) ?? null }
        : null,
      iceOfferPart: offers.ice.has(part.name)
        ? { marketPrice: offers.ice.get(part.name) ?? null }
        : null,
    }));
    const decision = decideClickability({
      clickType: contract.clickType,
      marketOption: contract.clickOption,
      period,
      parts,
      at,
      paused: state.paused,
      userMayClick,
      pendingOverlappingClick: hasPendingOverlappingClick(period, state.pending),
      deadlineRule: contract.deadlineRule,
    });
    if (!decision.clickable) {
      // DC_37 is the browser's own state; the server never decides it.
      throw new AppError(decision.disableClickReason as ErrorCode);
    }
    const session = decision.sessions.find((candidate) => candidate.market === market);
    if (!session) {
      if (openSessions(at, { marketOption: contract.clickOption, market, period }).length === 0) {
        throw new AppError('DC_36');
      }
      throw new AppError(statusHasOffers(parts, market) ? 'DC_23' : 'DC_22');
    }
    return { parts, session };
  }

  async #requiredTerms(userId: number, customerId: number): Promise<number | null> {
    const terms = await currentTerms(this.deps.db, customerId, userId);
    return !terms || terms.accepted ? null : terms.version;
  }

  /**
   * Prices a click for the quote's lifetime; checks every rule execution checks. `alongside`
   * names open quotes of the same multi-customer preview (docs/tpi.md), which may stand together.
   */
  async quote(
    auth: AuthContext,
    body: QuoteBody,
    ip: string | null,
    alongside: ReadonlySet<string> = new Set(),
    origin?: StandingOrderOrigin,
  ): Promise<Quote> {
    const { db, now, settings } = this.deps;
    await this.#assertCustomerAccess(auth, body.customerId);
    const contract = await findContractByPublicId(db, body.contractId);
    if (!contract || contract.customerId !== body.customerId) throw new AppError('NOT_FOUND');
    const period: Period = { maturity: body.maturity, yearOfSupply: body.yearOfSupply };
    const at = now();
    const { parts, session } = await this.#evaluate(db, auth, contract, period, body.market, at);
    if (
      contract.maxClicksPerYear !== null &&
      (await countClicks(db, contract.id, period.yearOfSupply)) >= contract.maxClicksPerYear
    ) {
      throw new AppError('CLICK_LIMIT_REACHED');
    }
    // The margins in effect at the quote's instant; a later change never reprices this quote.
    const margins = await marginsForQuote(db, contract, period.maturity, parts, at);
    const products = await marketProductsOf(db, contract.product);
    const priced = priceQuote(
      parts.map((part) => {
        const offer = body.market === 'OTC' ? part.offerPart : part.iceOfferPart;
        // An ICE order is priced later; without a last ICE price there is nothing to show.
        if (offer?.marketPrice == null) throw new AppError('DC_23');
        return { ...part, marketPrice: offer.marketPrice, marketProduct: products[part.name] };
      }),
      { percentage: body.percentage, volumes: body.volumes },
      { ...contract, margins },
    );
    const pricedBy = priced.parts.find((part) => part.marginScenario)?.marginScenario ?? null;
    const quoteId = randomUUID();
    const expiresAt = new Date(at.getTime() + settings.quoteLifetimeMs);
    await db.transaction().execute(async (trx) => {
      // One quote at a time per user: the user row serialises this user's quote requests. NO KEY
      // UPDATE, so a click of the same user inserted meanwhile (its created_by takes a KEY SHARE
      // lock on the row) does not wait for it while holding the contract lock this insert needs:
      // with FOR UPDATE the two deadlocked (a standing order's click against a quote).
      await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', auth.user.id)
        .forNoKeyUpdate()
        .execute();
      const open = await trx
        .selectFrom('purchase_quotes')
        .select(['id', 'contract_id', 'year_of_supply', 'maturity'])
        .where('user_id', '=', auth.user.id)
        .where('consumed_at', 'is', null)
        .where('cancelled_at', 'is', null)
        .where('expires_at', '>', at)
        // A standing order's quotes are the server's, not a click the user has in progress.
        .where('standing_order_id', 'is', null)
        .execute();
      const samePosition = (row: (typeof open)[number]) =>
        row.contract_id === contract.id &&
        row.year_of_supply === period.yearOfSupply &&
        row.maturity === period.maturity;
      if (!origin && open.some((row) => !samePosition(row) && !alongside.has(row.id))) {
        throw new AppError('ANOTHER_CLICK_IN_PROGRESS');
      }
      const replaced = origin ? [] : open.filter(samePosition);
      if (replaced.length > 0) {
        await trx
          .updateTable('purchase_quotes')
          .set({ cancelled_at: at })
          .where(
            'id',
            'in',
            replaced.map((row) => row.id),
          )
          .execute();
      }
      await trx
        .insertInto('purchase_quotes')
        .values({
          id: quoteId,
          user_id: auth.user.id,
          session_id: origin ? null : auth.sessionId,
          standing_order_id: origin?.standingOrderId ?? null,
          contract_id: contract.id,
          year_of_supply: period.yearOfSupply,
          maturity: period.maturity,
          market: body.market,
          price_source: session.priceSource,
          parts: JSON.stringify(priced.parts),
          total_cost: priced.totalCost,
          created_at: at,
          expires_at: expiresAt,
          margin_scenario_id: pricedBy?.scenarioId ?? null,
          margin_scenario_version: pricedBy?.version ?? null,
          contract_revision: contract.revision,
        })
        .execute();
      await writeAudit(trx, {
        ...actorOf(auth),
        at,
        action: 'purchase.quote',
        outcome: 'success',
        subject: `quote:${quoteId}`,
        customerIds: [contract.customerId],
        details: {
          contractId: contract.contractId,
          yearOfSupply: period.yearOfSupply,
          maturity: period.maturity,
          market: body.market,
          totalCost: priced.totalCost,
          marginScenario: pricedBy,
        },
        ip,
      });
    });
    return {
      quoteId,
      customerId: contract.customerId,
      contractId: contract.contractId,
      yearOfSupply: period.yearOfSupply,
      maturity: period.maturity,
      market: body.market,
      priceSource: session.priceSource,
      createdAt: at.toISOString(),
      expiresAt: expiresAt.toISOString(),
      parts: priced.parts,
      totalCost: priced.totalCost,
      requires: {
        termsVersion: await this.#requiredTerms(auth.user.id, contract.customerId),
        sms: contract.requireSms,
        ...((await mayUseTotp(this.deps.db, contract, auth.user.id)) ? { totp: true } : {}),
        approval: contract.requireApproval,
      },
    };
  }

  /** The click an earlier confirmation with this key made, if any. */
  async #replay(auth: AuthContext, body: ExecuteBody): Promise<ClickDetail | undefined> {
    const row = await this.deps.db
      .selectFrom('clicks')
      .select(['id', 'quote_id'])
      .where('created_by', '=', auth.user.id)
      .where('idempotency_key', '=', body.idempotencyKey)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.quote_id !== body.quoteId) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return findClickDetail(this.deps.db, row.id);
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
        return (await findClickDetail(this.deps.db, outcome.clickId)) as ClickDetail;
      }
      await this.deps.flushEvents();
      return (await findClickDetail(this.deps.db, outcome.clickId)) as ClickDetail;
    } catch (error) {
      // A confirmation with the same key may have won meanwhile (the unique index refused this
      // one, or its click is what this one saw as pending): answer that click.
      if (pgErrorMentions(error, '23505', 'clicks_idempotency_key') || error instanceof AppError) {
        const winner = await this.#replay(auth, body);
        if (winner) return winner;
      }
      if (pgErrorMentions(error, '23514', 'position_months_clicked_within_total')) {
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

  async #cancelQuote(userId: number, quoteId: string): Promise<number> {
    const result = await this.deps.db
      .updateTable('purchase_quotes')
      .set({ cancelled_at: this.deps.now() })
      .where('id', '=', quoteId)
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The user leaves the flow: the quote no longer counts as a click in progress. */
  async cancelQuote(auth: AuthContext, quoteId: string, ip: string | null): Promise<void> {
    const quote = await this.deps.db
      .selectFrom('purchase_quotes')
      .select('user_id')
      .where('id', '=', quoteId)
      .executeTakeFirst();
    if (!quote || quote.user_id !== auth.user.id) throw new AppError('NOT_FOUND');
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
      await this.#acceptTermsVersion(auth, head.customerId, body.acceptedTermsVersion, ip);
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
      await this.#verifySms(auth, body.quoteId, body.smsCode, at, ip);
    }
    if (
      quote.consumedAt === null &&
      quote.cancelledAt === null &&
      at.getTime() < quote.expiresAt.getTime()
    ) {
      // A first look without the lock: when many confirm the same position at once, those that
      // are bound to be refused (DC_31, DC_12, ...) are answered in parallel instead of queueing
      // for the contract lock. The decision under the lock below is the one that counts.
      await this.#evaluate(
        db,
        auth,
        head,
        { maturity: quote.maturity, yearOfSupply: quote.yearOfSupply },
        quote.market,
        at,
      );
    }

    return db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('purchase_quotes')
        .selectAll()
        .where('id', '=', body.quoteId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (locked.consumed_at !== null) {
        // A racing confirmation with the same key made the click: answer that one.
        const made = await trx
          .selectFrom('clicks')
          .select(['id', 'created_by', 'idempotency_key'])
          .where('quote_id', '=', body.quoteId)
          .executeTakeFirst();
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
      const { parts, session } = await this.#evaluate(
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
        const verified = await trx
          .selectFrom('sms_verifications')
          .select('id')
          .where('quote_id', '=', body.quoteId)
          .where('verified_at', 'is not', null)
          .executeTakeFirst();
        if (!verified) throw new AppError('SMS_REQUIRED');
      }

      const status = contract.requireApproval ? 'PENDING_APPROVAL' : 'IN_PROGRESS';
      const { id } = await trx
        .insertInto('clicks')
        .values({
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await reserveVolume(
        trx,
        {
          id,
          contractId: contract.id,
          yearOfSupply: period.yearOfSupply,
          maturity: period.maturity,
        },
        quotedParts.map((part) => ({
          part: part.name,
          volume: part.volume,
          price: part.clickPrice,
        })),
      );
      await trx
        .updateTable('purchase_quotes')
        .set({ consumed_at: at })
        .where('id', '=', locked.id)
        .execute();
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
      });
      await origin?.onClick?.(trx, id, at);
      return {
        kind: 'new',
        clickId: id,
        contractId: contract.contractId,
        customerId: contract.customerId,
      };
    });
  }

  /** Checks an SMS code; a wrong code counts as an attempt even though the confirmation fails. */
  async #verifySms(
    auth: AuthContext,
    quoteId: string,
    code: string | undefined,
    at: Date,
    ip: string | null,
  ): Promise<void> {
    const refusal = await this.deps.db.transaction().execute(async (trx) => {
      const latest = await trx
        .selectFrom('sms_verifications')
        .selectAll()
        .where('quote_id', '=', quoteId)
        .where('factor', '=', 'sms')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .forUpdate()
        .executeTakeFirst();
      if (!latest || (!latest.verified_at && code === undefined)) {
        return new AppError('SMS_REQUIRED');
      }
      if (latest.verified_at) return null;
      const judged = judgeSmsCode(latest, quoteId, code as string, at);
      if (judged.verdict === 'refused') return judged.error;
      if (judged.verdict === 'match') {
        await trx
          .updateTable('sms_verifications')
          .set({ verified_at: at })
          .where('id', '=', latest.id)
          .execute();
        return null;
      }
      const { attempts } = judged;
      await trx
        .updateTable('sms_verifications')
        .set({ attempts })
        .where('id', '=', latest.id)
        .execute();
      await writeAudit(trx, {
        ...actorOf(auth),
        at,
        action: 'purchase.sms.verify',
        outcome: 'failure',
        subject: `quote:${quoteId}`,
        details: { attempts },
        ip,
      });
      return wrongSmsCode(attempts);
    });
    if (refusal) throw refusal;
  }

  /** Sends a new 6-digit code for a quote to the user's mobile number. */
  async sendSms(auth: AuthContext, quoteId: string, ip: string | null): Promise<SmsSent> {
    const { db, now } = this.deps;
    const at = now();
    const quote = await db
      .selectFrom('purchase_quotes')
      .innerJoin('contracts', 'contracts.id', 'purchase_quotes.contract_id')
      .innerJoin('customers', 'customers.id', 'contracts.customer_id')
      .select([
        'purchase_quotes.user_id',
        'purchase_quotes.expires_at',
        'purchase_quotes.consumed_at',
        'purchase_quotes.cancelled_at',
        'customers.require_sms',
      ])
      .where('purchase_quotes.id', '=', quoteId)
      .executeTakeFirst();
    if (!quote || quote.user_id !== auth.user.id) throw new AppError('NOT_FOUND');
    if (quote.consumed_at !== null || quote.cancelled_at !== null) throw new AppError('QUOTE_USED');
    if (at.getTime() >= quote.expires_at.getTime()) throw new AppError('QUOTE_EXPIRED');
    if (!quote.require_sms) throw new AppError('VALIDATION_FAILED');
    const user = await db
      .selectFrom('users')
      .select(['mobile', 'locale'])
      .where('id', '=', auth.user.id)
      .executeTakeFirstOrThrow();
    if (!user.mobile) throw new AppError('SMS_NO_MOBILE_NUMBER');
    const sent = await db
      .selectFrom('sms_verifications')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('quote_id', '=', quoteId)
      .where('factor', '=', 'sms')
      .executeTakeFirstOrThrow();
    if (Number(sent.count) >= SMS_MAX_CODES_PER_QUOTE) throw new AppError('SMS_ATTEMPTS_EXCEEDED');

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const expiresAt = new Date(
      Math.min(at.getTime() + SMS_CODE_LIFETIME_MS, quote.expires_at.getTime()),
    );
    await db
      .insertInto('sms_verifications')
      .values({
        quote_id: quoteId,
        user_id: auth.user.id,
        code_hash: codeHash(quoteId, code).toString('hex'),
        created_at: at,
        expires_at: expiresAt,
      })
      .execute();
    const text = confirmationSmsText(user.locale, code);
    try {
      await this.deps.sms.send(user.mobile, text);
    } catch (error) {
      this.deps.log.error({ err: error }, 'SMS not sent');
      throw new AppError('SMS_NOT_SENT');
    }
    await writeAudit(db, {
      ...actorOf(auth),
      at,
      action: 'purchase.sms.send',
      outcome: 'success',
      subject: `quote:${quoteId}`,
      details: { to: maskNumber(user.mobile) },
      ip,
    });
    return {
      sentTo: maskNumber(user.mobile),
      expiresAt: expiresAt.toISOString(),
      attemptsLeft: SMS_MAX_ATTEMPTS,
    };
  }

  /** The terms that apply to the customer, in the reader's language, and whether accepted. */
  async terms(auth: AuthContext, customerId: number, locale: Locale): Promise<Terms> {
    await this.#assertCustomerAccess(auth, customerId);
    const terms = await currentTerms(this.deps.db, customerId, auth.user.id);
    if (!terms) throw new AppError('NOT_FOUND');
    return {
      version: terms.version,
      body: locale === 'en' ? terms.bodyEn : terms.bodyNl,
      publishedAt: terms.publishedAt.toISOString(),
      accepted: terms.accepted,
    };
  }

  async acceptTerms(
    auth: AuthContext,
    customerId: number,
    version: number,
    ip: string | null,
  ): Promise<Terms> {
    await this.#assertCustomerAccess(auth, customerId);
    await this.#acceptTermsVersion(auth, customerId, version, ip);
    return this.terms(auth, customerId, auth.user.locale);
  }

  async #acceptTermsVersion(
    auth: AuthContext,
    customerId: number,
    version: number,
    ip: string | null,
  ): Promise<void> {
    const terms = await currentTerms(this.deps.db, customerId, auth.user.id);
    if (!terms) throw new AppError('NOT_FOUND');
    if (terms.version !== version) {
      throw new AppError('TERMS_VERSION_OUTDATED', {
        messageArgs: [terms.version],
        details: { version: terms.version },
      });
    }
    if (terms.accepted) return;
    const at = this.deps.now();
    await this.deps.db.transaction().execute(async (trx) => {
      await recordTermsAcceptance(trx, auth.user.id, customerId, version, at);
      await writeAudit(trx, {
        ...actorOf(auth),
        at,
        action: 'purchase.terms.accept',
        outcome: 'success',
        subject: `customer:${customerId}`,
        customerIds: [customerId],
        details: { version },
        ip,
      });
    });
  }

  /** One click, for whoever may see its customer. */
  async click(auth: AuthContext, clickId: number): Promise<ClickDetail> {
    const { db } = this.deps;
    const head = await db
      .selectFrom('clicks')
      .innerJoin('contracts', 'contracts.id', 'clicks.contract_id')
      .select('contracts.customer_id')
      .where('clicks.id', '=', clickId)
      .executeTakeFirst();
    if (!head) throw new AppError('NOT_FOUND');
    await this.#assertCustomerAccess(auth, head.customer_id);
    const reader = await clickReaderFor(db, auth, head.customer_id);
    return (await findClickDetail(db, clickId, reader)) as ClickDetail;
  }

  /**
   * Four-eyes: a second user approves or rejects a pending click. Approvers are customer-side
   * users of the customer who may click, or admins and account managers who are not read-only;
   * never the click's creator. Approval checks the pause, the deadline and the window again;
   * a click whose approval time or window has passed expires instead.
   */
  async decide(
    auth: AuthContext,
    clickId: number,
    decision: 'approve' | 'reject',
    ip: string | null,
  ): Promise<ClickDetail> {
    const { db, now } = this.deps;
    const head = await db
      .selectFrom('clicks')
      .innerJoin('contracts', 'contracts.id', 'clicks.contract_id')
      .select(['clicks.contract_id', 'clicks.created_by', 'contracts.customer_id'])
      .where('clicks.id', '=', clickId)
      .executeTakeFirst();
    if (!head) throw new AppError('NOT_FOUND');
    await this.#assertCustomerAccess(auth, head.customer_id);
    const reader = await clickReaderFor(db, auth, head.customer_id);
    if (!reader.mayApprove || head.created_by === auth.user.id) {
      throw new AppError('FORBIDDEN');
    }

    const at = now();
    let unchanged = false;
    const outcome = await db.transaction().execute(async (trx) => {
      const contract = await lockContract(trx, head.contract_id);
      const click = await trx
        .selectFrom('clicks')
        .selectAll()
        .where('id', '=', clickId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (click.status !== 'PENDING_APPROVAL') {
        unchanged = true;
        return new AppError('CLICK_NOT_PENDING', { details: { status: click.status } });
      }
      const period: Period = {
        maturity: click.maturity as Period['maturity'],
        yearOfSupply: click.year_of_supply,
      };
      const base = {
        clickId,
        contractId: contract.contractId,
        customerId: contract.customerId,
        yearOfSupply: period.yearOfSupply,
        maturity: period.maturity,
        createdBy: click.created_by,
        at,
      };
      const end = async (status: 'REJECTED' | 'EXPIRED', reason: string) => {
        await releaseVolume(trx, {
          id: clickId,
          contractId: contract.id,
          yearOfSupply: period.yearOfSupply,
        });
        await trx
          .updateTable('clicks')
          .set({
            status,
            ended_at: at,
            decided_by: status === 'REJECTED' ? auth.user.id : null,
            decided_at: status === 'REJECTED' ? at : null,
          })
          .where('id', '=', clickId)
          .execute();
        await recordTransition(trx, {
          ...base,
          status,
          audit: {
            ...actorOf(auth),
            action: status === 'REJECTED' ? 'click.reject' : 'click.expire',
            outcome: 'success',
            ip,
            details: { reason },
          },
        });
      };
      if (decision === 'reject') {
        await end('REJECTED', 'rejected by approver');
        return null;
      }
      if (click.approval_deadline && at.getTime() >= click.approval_deadline.getTime()) {
        await end('EXPIRED', 'approval time passed');
        return new AppError('CLICK_NOT_PENDING', { details: { status: 'EXPIRED' } });
      }
      if (await isPaused(trx)) {
        unchanged = true;
        return new AppError('DC_35');
      }
      const session = openSessions(at, {
        marketOption: contract.clickOption,
        market: click.market,
        period,
      })[0];
      if (!session) {
        // The price cannot be had any more (window closed or deadline passed): it expires.
        await end('EXPIRED', 'window closed before approval');
        return new AppError('DC_36');
      }
      await trx
        .updateTable('clicks')
        .set({
          status: 'IN_PROGRESS',
          in_progress_at: at,
          decided_by: auth.user.id,
          decided_at: at,
          price_source: session.priceSource,
          fixing_at: fixingInstant(session),
        })
        .where('id', '=', clickId)
        .execute();
      await recordTransition(trx, {
        ...base,
        status: 'IN_PROGRESS',
        priceSource: session.priceSource,
        audit: { ...actorOf(auth), action: 'click.approve', outcome: 'success', ip },
      });
      return null;
    });
    const detail = (await findClickDetail(db, clickId, reader)) as ClickDetail;
    if (!unchanged) await this.deps.flushEvents();
    if (outcome) throw outcome;
    return detail;
  }
}
