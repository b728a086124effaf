import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { ApiError, type MultiClickCustomer, type Quote, type SmsSent } from '@klik/api';
import { useApiClient } from '../../../../shared/api/use-api-client';
import { errorMessageKeyFor } from '../../../../shared/i18n/message-keys';
import { useT } from '../../../../shared/i18n/use-t';
import { sendMultiClickSms, useCustomerTerms } from '../../api/multi-click-api';
import type { LineInput } from './multi-click-batch';

function TermsText({ customerId }: { customerId: number }) {
  const t = useT();
  const terms = useCustomerTerms(customerId, true);
  if (terms.isPending) return <Loader size="sm" aria-label={t('multiClick.termsLoading')} />;
  if (terms.isError) return <Alert color="red">{t('multiClick.termsLoadFailed')}</Alert>;
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {terms.data.body}
    </Text>
  );
}

function SmsCode({
  quote,
  input,
  onInput,
  disabled,
}: {
  quote: Quote;
  input: LineInput;
  onInput: (input: LineInput) => void;
  disabled: boolean;
}) {
  const t = useT();
  const api = useApiClient();
  const [sent, setSent] = useState<SmsSent | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function send() {
    setSending(true);
    setFailure(null);
    try {
      setSent(await sendMultiClickSms(api, quote.quoteId));
    } catch (error) {
      console.warn('The SMS code could not be sent', error);
      setFailure(t(errorMessageKeyFor(error instanceof ApiError ? error.code : 'INTERNAL')));
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap="xs">
      <Group align="flex-end">
        <Button variant="default" onClick={() => void send()} loading={sending} disabled={disabled}>
          {t(sent ? 'multiClick.sms.resend' : 'multiClick.sms.send')}
        </Button>
        <TextInput
          label={t('multiClick.sms.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          value={input.smsCode}
          disabled={disabled}
          onChange={(event) => onInput({ ...input, smsCode: event.currentTarget.value.trim() })}
        />
      </Group>
      {sent && (
        <Text size="sm" role="status">
          {t('multiClick.sms.sentTo', { number: sent.sentTo })}
        </Text>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * What one customer's clicks need: its terms accepted once (for each of its contracts) and an
 * SMS code per quote.
 */
export function MultiClickNeeds({
  customer,
  quotes,
  inputOf,
  onInput,
  disabled,
}: {
  customer: MultiClickCustomer;
  /** The customer's included quotes. */
  quotes: Quote[];
  inputOf: (quoteId: string) => LineInput;
  onInput: (changes: Record<string, LineInput>) => void;
  disabled: boolean;
}) {
  const t = useT();
  const [reading, setReading] = useState(false);
  const withTerms = quotes.filter((quote) => quote.requires.termsVersion !== null);
  const version = withTerms[0]?.requires.termsVersion ?? null;
  return (
    <Fieldset
      legend={customer.customerName}
      data-testid={`multi-click-needs-${customer.customerId}`}
    >
      <Stack gap="sm">
        {version !== null && (
          <Stack gap="xs">
            <Group>
              <Checkbox
                label={t('multiClick.acceptTerms', { version })}
                checked={withTerms.every((quote) => inputOf(quote.quoteId).acceptTerms)}
                disabled={disabled}
                onChange={(event) => {
                  const acceptTerms = event.currentTarget.checked;
                  onInput(
                    Object.fromEntries(
                      withTerms.map((quote) => [
                        quote.quoteId,
                        { ...inputOf(quote.quoteId), acceptTerms },
                      ]),
                    ),
                  );
                }}
              />
              <Button variant="subtle" size="compact-sm" onClick={() => setReading(!reading)}>
                {t(reading ? 'multiClick.hideTerms' : 'multiClick.readTerms')}
              </Button>
            </Group>
            {reading && <TermsText customerId={customer.customerId} />}
          </Stack>
        )}
        {quotes
          .filter((quote) => quote.requires.sms)
          .map((quote) => (
            <Stack key={quote.quoteId} gap={4}>
              <Text size="sm" fw={500}>
                {t('multiClick.smsFor', { contract: quote.contractId })}
              </Text>
              <SmsCode
                quote={quote}
                input={inputOf(quote.quoteId)}
                onInput={(input) => onInput({ [quote.quoteId]: input })}
                disabled={disabled}
              />
            </Stack>
          ))}
      </Stack>
    </Fieldset>
  );
}
