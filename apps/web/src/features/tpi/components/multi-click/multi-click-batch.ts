import { z } from 'zod';
import {
  ExecuteBodySchema,
  MultiClickPreviewSchema,
  type ExecuteBody,
  type MultiClickPreview,
  type Quote,
} from '@klik/api';
import { sessionJsonStorage } from '../../../../shared/storage/browser-storage';
import { createStoredValue } from '../../../../shared/storage/stored-value';
import { STORAGE_KEYS } from '../../../../shared/storage/storage-keys';

/** What the consultant gives per quote before confirming. */
export interface LineInput {
  included: boolean;
  acceptTerms: boolean;
  smsCode: string;
}

/**
 * A preview with an idempotency key per quote and, once confirmed, the items as sent: kept in
 * session storage until the outcome is known, so a retry after a failed connection (or a reload)
 * sends the same keys and nothing is clicked twice.
 */
export const MultiClickBatchSchema = z.object({
  preview: MultiClickPreviewSchema,
  keys: z.record(z.string(), z.uuid()),
  sent: z.array(ExecuteBodySchema).nullable(),
});
export type MultiClickBatch = z.infer<typeof MultiClickBatchSchema>;

export const storedBatch = createStoredValue(
  sessionJsonStorage,
  STORAGE_KEYS.multiClick,
  MultiClickBatchSchema,
);

export function quotesOf(preview: MultiClickPreview): Quote[] {
  return preview.customers.flatMap((customer) =>
    customer.lines.flatMap((line) => (line.quote ? [line.quote] : [])),
  );
}

/** A fresh key for every quote of a new preview. */
export function batchOf(preview: MultiClickPreview): MultiClickBatch {
  return {
    preview,
    keys: Object.fromEntries(
      quotesOf(preview).map((quote) => [quote.quoteId, crypto.randomUUID()]),
    ),
    sent: null,
  };
}

export const DEFAULT_INPUT: LineInput = { included: true, acceptTerms: false, smsCode: '' };

/** Whether the line may be confirmed: the terms accepted and a six-digit code where needed. */
export function isReady(quote: Quote, input: LineInput): boolean {
  if (quote.requires.termsVersion !== null && !input.acceptTerms) return false;
  if (quote.requires.sms && !/^\d{6}$/.test(input.smsCode)) return false;
  return true;
}

/** The confirmation of each included quote, with its own key. */
export function itemsOf(
  batch: MultiClickBatch,
  inputs: Readonly<Record<string, LineInput>>,
): ExecuteBody[] {
  return quotesOf(batch.preview).flatMap((quote) => {
    const input = inputs[quote.quoteId] ?? DEFAULT_INPUT;
    const key = batch.keys[quote.quoteId];
    if (!input.included || !key) return [];
    return [
      {
        quoteId: quote.quoteId,
        idempotencyKey: key,
        ...(quote.requires.termsVersion !== null && input.acceptTerms
          ? { acceptedTermsVersion: quote.requires.termsVersion }
          : {}),
        ...(quote.requires.sms ? { smsCode: input.smsCode } : {}),
      },
    ];
  });
}
