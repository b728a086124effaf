import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, type Customer, type MultiClickResult } from '@klik/api';
import { useApiClient } from '../../../../shared/api/use-api-client';
import { formatDateTime } from '../../../../shared/format/format-numbers';
import { errorMessageKeyFor } from '../../../../shared/i18n/message-keys';
import { useLocale } from '../../../../shared/i18n/use-locale';
import { useT } from '../../../../shared/i18n/use-t';
import {
  cancelMultiClickQuotes,
  executeMultiClick,
  previewMultiClick,
} from '../../api/multi-click-api';
import {
  batchOf,
  DEFAULT_INPUT,
  isReady,
  itemsOf,
  quotesOf,
  storedBatch,
  type LineInput,
  type MultiClickBatch,
} from './multi-click-batch';
import { MultiClickNeeds } from './multi-click-needs';
import { MultiClickPreviewTable } from './multi-click-preview-table';
import { MultiClickResultTable } from './multi-click-result';
import { MultiClickSetup, type MultiClickRequest } from './multi-click-setup';

type Phase = 'setup' | 'preview' | 'sending' | 'unknown' | 'result';

/** A refusal of the whole call (4xx) means nothing was done; anything else may have been. */
function outcomeKnown(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * Setup, preview, one confirmation and the result of a multi-customer click. A confirmation
 * whose answer did not arrive stays in session storage with its keys until it is sent again.
 */
export function MultiClickFlow({
  customers,
  selectedCustomerIds,
  onBusyChange,
}: {
  customers: Customer[];
  selectedCustomerIds: number[];
  onBusyChange: (busy: boolean) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const unsent = storedBatch.get();
  // An earlier preview's quotes are replaced by the next one; a sent one waits to be sent again.
  const [batch, setBatch] = useState<MultiClickBatch | null>(unsent);
  const [phase, setPhase] = useState<Phase>(unsent?.sent ? 'unknown' : 'setup');
  const [request, setRequest] = useState<MultiClickRequest>({
    customerIds: selectedCustomerIds,
    commodity: 'Power',
    yearOfSupply: new Date().getFullYear() + 1,
    maturity: 'Y',
    percentage: '10',
  });
  const [inputs, setInputs] = useState<Record<string, LineInput>>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<MultiClickResult | null>(null);

  function keep(next: MultiClickBatch) {
    setBatch(next);
    storedBatch.set(next);
  }

  async function preview(next: MultiClickRequest) {
    setRequest(next);
    setBusy(true);
    setFailure(null);
    try {
      const replaces = batch ? quotesOf(batch.preview).map((quote) => quote.quoteId) : [];
      const answer = await previewMultiClick(api, {
        ...next,
        market: 'OTC',
        replacesQuoteIds: replaces,
      });
      keep(batchOf(answer));
      setInputs({});
      setPhase('preview');
    } catch (error) {
      console.warn('The multi-click preview failed', error);
      setFailure(
        t(error instanceof ApiError ? errorMessageKeyFor(error.code) : 'multiClick.previewFailed'),
      );
    } finally {
      setBusy(false);
    }
  }

  async function confirm(current: MultiClickBatch) {
    const sent = current.sent ?? itemsOf(current, inputs);
    keep({ ...current, sent });
    setPhase('sending');
    setFailure(null);
    onBusyChange(true);
    try {
      const answer = await executeMultiClick(api, { items: sent });
      setResult(answer);
      // The outcome is known: nothing is left to send again (the batch still names the rows).
      storedBatch.remove();
      // Quotes left out would otherwise count as a click in progress for their 5 minutes.
      const confirmed = new Set(sent.map((item) => item.quoteId));
      void cancelMultiClickQuotes(
        api,
        quotesOf(current.preview)
          .map((quote) => quote.quoteId)
          .filter((quoteId) => !confirmed.has(quoteId)),
      );
      setPhase('result');
      // Every customer clicked has new figures on the overview.
      await queryClient.invalidateQueries({ queryKey: ['tpi'] });
    } catch (error) {
      console.warn('The multi-click confirmation failed', error);
      if (outcomeKnown(error)) {
        keep({ ...current, sent: null });
        setFailure(t(errorMessageKeyFor(error.code)));
        setPhase('preview');
      } else {
        setPhase('unknown');
      }
    } finally {
      onBusyChange(false);
    }
  }

  if (phase === 'setup' || !batch) {
    return (
      <Stack>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <MultiClickSetup
          customers={customers}
          initial={request}
          busy={busy}
          onPreview={(next) => void preview(next)}
        />
      </Stack>
    );
  }

  if (phase === 'result' && result) {
    return (
      <Stack>
        <MultiClickResultTable preview={batch.preview} result={result} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPhase('setup')}>
            {t('multiClick.again')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const quotes = quotesOf(batch.preview);
  const inputOf = (quoteId: string) => inputs[quoteId] ?? DEFAULT_INPUT;
  const included = quotes.filter((quote) => inputOf(quote.quoteId).included);
  const ready = included.every((quote) => isReady(quote, inputOf(quote.quoteId)));
  const locked = phase !== 'preview';
  const firstExpiry = quotes.map((quote) => quote.expiresAt).sort()[0];
  const needing = batch.preview.customers.flatMap((customer) => {
    const own = customer.lines.flatMap((line) =>
      line.quote && inputOf(line.quote.quoteId).included ? [line.quote] : [],
    );
    return own.some((quote) => quote.requires.termsVersion !== null || quote.requires.sms)
      ? [{ customer, quotes: own }]
      : [];
  });

  return (
    <Stack>
      <MultiClickPreviewTable
        preview={batch.preview}
        inputs={inputs}
        disabled={locked}
        onInput={(quoteId, input) => setInputs({ ...inputs, [quoteId]: input })}
      />
      {firstExpiry && phase === 'preview' && (
        <Text size="sm">
          {t('multiClick.heldUntil', { time: formatDateTime(firstExpiry, locale) })}
        </Text>
      )}
      {needing.map(({ customer, quotes: own }) => (
        <MultiClickNeeds
          key={customer.customerId}
          customer={customer}
          quotes={own}
          inputOf={inputOf}
          disabled={locked}
          onInput={(changes) => setInputs({ ...inputs, ...changes })}
        />
      ))}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {phase === 'unknown' && (
        <Alert color="orange" role="alert" data-testid="multi-click-unknown">
          {t('multiClick.networkFailed')}
        </Alert>
      )}
      {phase === 'preview' && !ready && <Text size="sm">{t('multiClick.notReady')}</Text>}
      <Group justify="flex-end">
        {phase === 'preview' && (
          <Button variant="default" onClick={() => setPhase('setup')}>
            {t('multiClick.change')}
          </Button>
        )}
        {phase === 'unknown' ? (
          <Button onClick={() => void confirm(batch)}>{t('multiClick.retry')}</Button>
        ) : (
          <Button
            onClick={() => void confirm({ ...batch, sent: null })}
            disabled={included.length === 0 || !ready || phase === 'sending'}
            loading={phase === 'sending'}
          >
            {t('multiClick.confirm', { count: included.length })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Leaving the flow gives its open quotes up, unless a confirmation's outcome is still unknown. */
export async function leaveMultiClick(api: ReturnType<typeof useApiClient>): Promise<void> {
  const batch = storedBatch.get();
  if (!batch || batch.sent) return;
  storedBatch.remove();
  await cancelMultiClickQuotes(
    api,
    quotesOf(batch.preview).map((quote) => quote.quoteId),
  );
}
