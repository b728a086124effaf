import { useState, type FormEvent } from 'react';
import { Alert, Button, Code, Group, Image, Stack, Text, TextInput, Title } from '@mantine/core';
import { ApiError, type Account, type TotpEnrolment } from '@klik/api';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useAuthenticatorApp } from '../api/totp-api';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'INTERNAL');

/** A six-digit code field with the button that sends it; the error shows beside the field. */
function CodeForm(props: {
  label: string;
  submit: string;
  error: string | undefined;
  pending: boolean;
  testId: string;
  onSubmit: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  function send(event: FormEvent) {
    event.preventDefault();
    props.onSubmit(code.trim());
  }
  return (
    <form onSubmit={send} noValidate data-testid={props.testId}>
      <Group align="flex-end">
        <TextInput
          label={props.label}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={props.error}
          disabled={props.pending}
        />
        <Button type="submit" loading={props.pending} disabled={!/^\d{6}$/.test(code.trim())}>
          {props.submit}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The authenticator app (TOTP) as a second factor: set up with a QR code and a first code, turned
 * off with a current code (docs/account.md). Its codes may replace SMS codes where the customer
 * allows it, and administrators may be required to sign in with one.
 */
export function AuthenticatorAppPanel({ account }: { account: Account }) {
  const t = useT();
  const app = useAuthenticatorApp();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [refused, setRefused] = useState<{ step: 'start' | 'confirm' | 'remove'; code: string }>();
  const [notice, setNotice] = useState<'on' | 'off' | null>(null);

  function start() {
    setRefused(undefined);
    setNotice(null);
    app.start.mutate(undefined, {
      onSuccess: setEnrolment,
      onError: (error) => setRefused({ step: 'start', code: codeOf(error) }),
    });
  }

  function confirm(code: string) {
    setRefused(undefined);
    app.confirm.mutate(code, {
      onSuccess: () => {
        setEnrolment(null);
        setNotice('on');
      },
      onError: (error) => setRefused({ step: 'confirm', code: codeOf(error) }),
    });
  }

  function remove(code: string) {
    setRefused(undefined);
    app.remove.mutate(code, {
      onSuccess: () => setNotice('off'),
      onError: (error) => setRefused({ step: 'remove', code: codeOf(error) }),
    });
  }

  const errorAt = (step: 'start' | 'confirm' | 'remove') =>
    refused?.step === step ? t(errorMessageKeyFor(refused.code)) : undefined;
  const status = account.totp;

  return (
    <Stack component="section" aria-labelledby="totp-title" gap="sm" maw={640}>
      <Title order={2} size="h4" id="totp-title">
        {t('myInfo.totp.title')}
      </Title>
      <Text data-testid="totp-status">
        {t(
          status === 'on'
            ? 'myInfo.totp.on'
            : status === 'pending'
              ? 'myInfo.totp.pending'
              : 'myInfo.totp.off',
        )}
      </Text>
      {notice && (
        <Alert color="green" role="status">
          {t(notice === 'on' ? 'myInfo.totp.turnedOn' : 'myInfo.totp.turnedOff')}
        </Alert>
      )}
      {!account.mayChangeMobile ? (
        <Text size="sm" c="dimmed">
          {t('myInfo.totp.impersonated')}
        </Text>
      ) : status === 'on' ? (
        <CodeForm
          label={t('myInfo.totp.code')}
          submit={t('myInfo.totp.remove')}
          error={errorAt('remove')}
          pending={app.remove.isPending}
          testId="totp-remove"
          onSubmit={remove}
        />
      ) : enrolment ? (
        <Stack gap="xs" data-testid="totp-enrolment">
          <Text size="sm">{t('myInfo.totp.scan')}</Text>
          <Image
            src={enrolment.qrCode}
            alt={t('myInfo.totp.qrAlt')}
            w={200}
            h={200}
            fit="contain"
          />
          <Text size="sm">
            {t('myInfo.totp.manual')} <Code data-testid="totp-secret">{enrolment.secret}</Code>
          </Text>
          <CodeForm
            label={t('myInfo.totp.code')}
            submit={t('myInfo.totp.confirm')}
            error={errorAt('confirm')}
            pending={app.confirm.isPending}
            testId="totp-confirm"
            onSubmit={confirm}
          />
        </Stack>
      ) : (
        <Group>
          <Button onClick={start} loading={app.start.isPending}>
            {t(status === 'pending' ? 'myInfo.totp.restart' : 'myInfo.totp.start')}
          </Button>
          {errorAt('start') && (
            <Text c="red.8" size="sm" role="alert">
              {errorAt('start')}
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
