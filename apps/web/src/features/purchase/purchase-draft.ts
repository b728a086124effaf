import { z } from 'zod';
import { ContractPartNameSchema, MarketSchema, MaturitySchema, QuoteSchema } from '@klik/api';
import type { ContractPartName, Market, Maturity } from '@klik/domain';
import { sessionJsonStorage } from '../../shared/storage/browser-storage';
import { STORAGE_KEYS } from '../../shared/storage/storage-keys';
import { createStoredValue } from '../../shared/storage/stored-value';
import { serverNow } from '../../shared/time/server-clock';

export const ShareModeSchema = z.enum(['percentage', 'volume']);
export type ShareMode = z.infer<typeof ShareModeSchema>;

/**
 * The purchase in progress, kept in session storage under `purchase` (spec section 3) so a reload
 * loses nothing. The quote and the idempotency key travel together: a retry of the same
 * confirmation sends the same key, so the server makes at most one click of it.
 */
export const PurchaseDraftSchema = z.object({
  customerId: z.number().int().positive(),
  contractId: z.string(),
  product: z.string(),
  yearOfSupply: z.number().int(),
  maturity: MaturitySchema,
  market: MarketSchema,
  runOut: z.boolean(),
  mode: ShareModeSchema,
  /** What the user typed, as typed; validated before any request. */
  percentage: z.string(),
  volumes: z.partialRecord(ContractPartNameSchema, z.string()),
  /** The quote being confirmed, with the key its confirmation is sent with. */
  quote: QuoteSchema.nullable(),
  idempotencyKey: z.uuid().nullable(),
  /** When the quote arrived, by this browser's clock (its countdown does not trust the clock). */
  quoteReceivedAt: z.iso.datetime().nullable(),
  /** The quote that told the configure screen the position's prices and limits. */
  referenceQuoteId: z.uuid().nullable(),
  /** The click made by this purchase, once confirmed. */
  clickId: z.number().int().nullable(),
});
export type PurchaseDraft = z.infer<typeof PurchaseDraftSchema>;

export const purchaseDraftValue = createStoredValue(
  sessionJsonStorage,
  STORAGE_KEYS.purchase,
  PurchaseDraftSchema,
);

export interface PositionChoice {
  customerId: number;
  contractId: string;
  product: string;
  yearOfSupply: number;
  maturity: Maturity;
  market: Market;
  runOut: boolean;
}

/** A new draft for a chosen position; the share of an earlier draft of the same one is kept. */
export function startDraft(choice: PositionChoice, previous: PurchaseDraft | null): PurchaseDraft {
  const same = previous !== null && previous.clickId === null && samePosition(previous, choice);
  return {
    ...choice,
    mode: same ? previous.mode : 'percentage',
    percentage: same ? previous.percentage : '',
    volumes: same ? previous.volumes : {},
    quote: null,
    idempotencyKey: null,
    quoteReceivedAt: null,
    referenceQuoteId: null,
    clickId: null,
  };
}

/** Same contract, year, maturity and market. */
export function samePosition(a: PositionChoice, b: PositionChoice): boolean {
  return (
    a.customerId === b.customerId &&
    a.contractId === b.contractId &&
    a.yearOfSupply === b.yearOfSupply &&
    a.maturity === b.maturity &&
    a.market === b.market
  );
}

/** The quotes of a draft the server still holds open for the user (unless confirmed). */
export function openQuoteIds(draft: PurchaseDraft | null): string[] {
  if (!draft || draft.clickId !== null) return [];
  return [draft.referenceQuoteId, draft.quote?.quoteId].filter(
    (id): id is string => typeof id === 'string',
  );
}

/** The share as the quote call takes it. */
export function shareOf(
  draft: Pick<PurchaseDraft, 'mode' | 'percentage' | 'volumes'>,
  parts: readonly ContractPartName[],
): { percentage: string } | { volumes: Partial<Record<ContractPartName, string>> } {
  if (draft.mode === 'percentage') return { percentage: draft.percentage.trim() };
  return {
    volumes: Object.fromEntries(
      parts.map((part) => [part, (draft.volumes[part] ?? '').trim()]),
    ) as Partial<Record<ContractPartName, string>>,
  };
}

/** A fresh quote gets a fresh key; the key of a quote never changes. */
export function withQuote(
  draft: PurchaseDraft,
  quote: PurchaseDraft['quote'],
  receivedAt: Date = new Date(serverNow()),
): PurchaseDraft {
  return {
    ...draft,
    quote,
    idempotencyKey: quote ? crypto.randomUUID() : null,
    quoteReceivedAt: quote ? receivedAt.toISOString() : null,
  };
}

/**
 * When the quote lapses, on the portal's clock (serverNow, which the countdown's `now` reads too):
 * its lifetime (server times) counted from when it arrived, so the same 5 minutes are counted
 * whether or not the browser learned the server's time, and whatever its own clock says.
 */
export function quoteDeadline(draft: Pick<PurchaseDraft, 'quote' | 'quoteReceivedAt'>): number {
  if (!draft.quote) return 0;
  const lifetime = Date.parse(draft.quote.expiresAt) - Date.parse(draft.quote.createdAt);
  const received = draft.quoteReceivedAt ? Date.parse(draft.quoteReceivedAt) : serverNow();
  return received + lifetime;
}
