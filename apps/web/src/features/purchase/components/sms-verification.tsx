import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { SmsSent } from '@klik/api';
import { useApiClient } from '../../../shared/api/use-api-client';
import { useT } from '../../../shared/i18n/use-t';
import { sendSmsCode } from '../api/purchase-api';
import { READABLE_DESCRIPTION } from './readable-styles';
import { errorCodeOf, purchaseErrorText } from '../purchase-errors';

export interface SmsState {
  sent: SmsSent | null;
  code: string;
  attemptsLeft: number;
  /** The code is an SMS code, or one from the user's authenticator app (quote.requires.totp). */
  factor: 'sms' | 'totp';
}

export const NO_SMS: SmsState = { sent: null, code: '', attemptsLeft: 0, factor: 'sms' };

/** True when the code field holds six digits. */
export function isSixDigits(code: string): boolean {
  return /^\d{6}$/.test(code);
}

/**
 * Send a code to the user's mobile number, type the six digits, send a new one if needed; or,
 * where the customer allows it and the user has one, type the code of their authenticator app.
 */
export function SmsVerification({
  quoteId,
  state,
  onChange,
  disabled,
  totpAllowed,
}: {
  quoteId: string;
  state: SmsState;
  onChange: (state: SmsState) => void;
  disabled: boolean;
  totpAllowed: boolean;
}) {
  const t = useT();
  const api = useApiClient();
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function send() {
    setSending(true);
    setFailure(null);
    try {
      const sent = await sendSmsCode(api, quoteId);
      onChange({ sent, code: '', attemptsLeft: sent.attemptsLeft, factor: 'sms' });
    } catch (error) {
      console.warn('The SMS code could not be sent', error);
      setFailure(t(purchaseErrorText(errorCodeOf(error)).key));
    } finally {
      setSending(false);
    }
  }

  const typed = state.code;
  const wrongShape = typed !== '' && !isSixDigits(typed);
  const codeInput = (texts: { label: string; description: string; wrongShape: string }) => (
    <TextInput
      label={texts.label}
      description={texts.description}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      maw={240}
      value={typed}
      onChange={(event) =>
        onChange({ ...state, code: event.currentTarget.value.replace(/\s/g, '') })
      }
      error={wrongShape ? texts.wrongShape : undefined}
      disabled={disabled}
      data-testid={`${state.factor}-code`}
      styles={READABLE_DESCRIPTION}
    />
  );
  if (state.factor === 'totp') {
    return (
      <Stack gap="xs" component="section" aria-labelledby="sms-title" data-testid="totp">
        <Title order={2} size="h4" id="sms-title">
          {t('purchase.sms.title')}
        </Title>
        {codeInput({
          label: t('purchase.totp.code'),
          description: t('purchase.totp.intro'),
          wrongShape: t('purchase.totp.sixDigits'),
        })}
        <Group>
          <Button variant="default" onClick={() => onChange(NO_SMS)} disabled={disabled}>
            {t('purchase.totp.useSms')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby="sms-title" data-testid="sms">
      <Title order={2} size="h4" id="sms-title">
        {t('purchase.sms.title')}
      </Title>
      <Text size="sm">{t('purchase.sms.intro')}</Text>
      {state.sent && (
        <Text size="sm" data-testid="sms-sent" role="status">
          {t('purchase.sms.sentTo', { number: state.sent.sentTo })}
        </Text>
      )}
      {state.sent &&
        codeInput({
          label: t('purchase.sms.code'),
          description: t('purchase.sms.attemptsLeft', { count: state.attemptsLeft }),
          wrongShape: t('purchase.sms.sixDigits'),
        })}
      <Group>
        <Button
          variant={state.sent ? 'default' : 'filled'}
          onClick={() => void send()}
          loading={sending}
          disabled={disabled}
          data-testid={state.sent ? 'sms-resend' : 'sms-send'}
        >
          {t(state.sent ? 'purchase.sms.resend' : 'purchase.sms.send')}
        </Button>
        {totpAllowed && (
          <Button
            variant="default"
            onClick={() => onChange({ ...NO_SMS, factor: 'totp' })}
            disabled={disabled}
            data-testid="use-totp"
          >
            {t('purchase.totp.use')}
          </Button>
        )}
      </Group>
      {failure && (
        <Alert color="red" role="alert" data-testid="sms-failed">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
