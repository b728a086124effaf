import { randomUUID } from 'node:crypto';
import type { Quote, QuoteBody } from '@klik/api';
import type { Period } from '@klik/domain';
import { AppError } from '../../kernel/http/app-error';
import { writeAudit } from '../../kernel/audit/audit-log';
import type { AuthContext } from '../../kernel/auth/auth-context';
import { marginsForQuote, marketProductsOf } from '../../kernel/pricing/margin-pricing';
import { evaluatePosition } from './click-evaluation';
import { requiredTermsVersion } from './click-terms';
import { mayUseTotp } from './click-totp';
import { countClicks, findContractByPublicId } from './purchase.repository';
import {
  cancelQuotes,
  findOpenQuotesOf,
  insertQuote,
  lockUserForQuote,
} from './click-quote.repository';
import type { PurchaseDeps, StandingOrderOrigin } from './purchase-deps';
import { priceQuote } from './quote-pricing';
import { actorOf } from '../../kernel/audit/audit-log';
import { assertMaySee } from '../../kernel/access/customer-access';

export type QuoteDeps = Pick<PurchaseDeps, 'db' | 'now' | 'settings'>;

/**
 * Prices a click for the quote's lifetime; checks every rule execution checks. `alongside`
 * names open quotes of the same multi-customer preview (docs/tpi.md), which may stand together.
 */
export async function quoteClick(
  deps: QuoteDeps,
  auth: AuthContext,
  body: QuoteBody,
  ip: string | null,
  alongside: ReadonlySet<string> = new Set(),
  origin?: StandingOrderOrigin,
): Promise<Quote> {
  const { db, now, settings } = deps;
  await assertMaySee(db, auth, body.customerId);
  const contract = await findContractByPublicId(db, body.contractId);
  if (!contract || contract.customerId !== body.customerId) throw new AppError('NOT_FOUND');
  const period: Period = { maturity: body.maturity, yearOfSupply: body.yearOfSupply };
  const at = now();
  const { parts, session } = await evaluatePosition(db, auth, contract, period, body.market, at);
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
    // One quote at a time per user: the user row serialises this user's quote requests (with
    // NO KEY UPDATE, so that it cannot deadlock with a click of the user: lockUserForQuote).
    await lockUserForQuote(trx, auth.user.id);
    const open = await findOpenQuotesOf(trx, auth.user.id, at);
    const samePosition = (row: (typeof open)[number]) =>
      row.contract_id === contract.id &&
      row.year_of_supply === period.yearOfSupply &&
      row.maturity === period.maturity;
    if (!origin && open.some((row) => !samePosition(row) && !alongside.has(row.id))) {
      throw new AppError('ANOTHER_CLICK_IN_PROGRESS');
    }
    const replaced = origin ? [] : open.filter(samePosition);
    if (replaced.length > 0) {
      await cancelQuotes(
        trx,
        replaced.map((row) => row.id),
        at,
      );
    }
    await insertQuote(trx, {
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
    });
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
      termsVersion: await requiredTermsVersion(db, auth.user.id, contract.customerId),
      sms: contract.requireSms,
      ...((await mayUseTotp(db, contract, auth.user.id)) ? { totp: true } : {}),
      approval: contract.requireApproval,
    },
  };
}
