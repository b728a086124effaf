import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { ApiError, type Account } from '@klik/api';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useMobileNumber } from '../api/account-api';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'INTERNAL');

/**
 * The number SMS codes for clicks go to. A new number applies only once the code sent to it is
 * given back (docs/account.md), so codes never go to a number the user does not hold.
 */
export function MobileNumberPanel({ account }: { account: Account }) {
  const t = useT();
  const mobile = useMobileNumber();
  const [number, setNumber] = useState('');
  const [code, setCode] = useState('');
  const [refused, setRefused] = useState<{ step: 'request' | 'verify' | 'remove'; code: string }>();
  const [notice, setNotice] = useState<'verified' | 'removed' | null>(null);
  const [askRemove, setAskRemove] = useState(false);
  const pending = account.pendingMobile;

  function request(event?: FormEvent) {
    event?.preventDefault();
    setRefused(undefined);
    setNotice(null);
    mobile.request.mutate(pending && number.trim() === '' ? pending.mobile : number, {
      onSuccess: () => setCode(''),
      onError: (error) => setRefused({ step: 'request', code: codeOf(error) }),
    });
  }

  function verify(event: FormEvent) {
    event.preventDefault();
    setRefused(undefined);
    mobile.verify.mutate(code, {
      onSuccess: () => {
        setNumber('');
        setCode('');
        setNotice('verified');
      },
      onError: (error) => setRefused({ step: 'verify', code: codeOf(error) }),
    });
  }

  function remove() {
    setRefused(undefined);
    mobile.remove.mutate(undefined, {
      onSettled: () => setAskRemove(false),
      onSuccess: () => setNotice('removed'),
      onError: (error) => setRefused({ step: 'remove', code: codeOf(error) }),
    });
  }

  const errorAt = (step: 'request' | 'verify' | 'remove') =>
    refused?.step === step ? t(errorMessageKeyFor(refused.code)) : undefined;

  return (
    <Stack component="section" aria-labelledby="mobile-title" gap="sm" maw={640}>
      <Title order={2} size="h4" id="mobile-title">
        {t('myInfo.mobile.title')}
      </Title>
      <Text data-testid="mobile-current">
        {account.mobile
          ? t('myInfo.mobile.current', { mobile: account.mobile })
          : t('myInfo.mobile.none')}
      </Text>
      {notice && (
        <Alert color="green" role="status">
          {t(notice === 'verified' ? 'myInfo.mobile.verified' : 'myInfo.mobile.removed')}
        </Alert>
      )}
      {!account.mayChangeMobile ? (
        <Text size="sm" c="dimmed">
          {t('myInfo.mobile.impersonated')}
        </Text>
      ) : (
        <>
          <form onSubmit={request} noValidate>
            <Group align="flex-end">
              <TextInput
                label={t('myInfo.mobile.new')}
                description={t('myInfo.mobile.hint')}
                type="tel"
                autoComplete="tel"
                value={number}
                onChange={(event) => setNumber(event.currentTarget.value)}
                error={errorAt('request')}
                disabled={mobile.request.isPending}
              />
              <Button type="submit" loading={mobile.request.isPending} disabled={!number.trim()}>
                {t('myInfo.mobile.send')}
              </Button>
            </Group>
          </form>
          {pending && (
            <form onSubmit={verify} noValidate>
              <Stack gap="xs">
                <Text size="sm" role="status" data-testid="mobile-code-sent">
                  {t('myInfo.mobile.sent', { mobile: pending.mobile })}
                </Text>
                <Group align="flex-end">
                  <TextInput
                    label={t('myInfo.mobile.code')}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    value={code}
                    onChange={(event) => setCode(event.currentTarget.value)}
                    error={errorAt('verify')}
                    disabled={mobile.verify.isPending}
                  />
                  <Button type="submit" loading={mobile.verify.isPending} disabled={!code.trim()}>
                    {t('myInfo.mobile.verify')}
                  </Button>
                  <Button variant="subtle" onClick={() => request()}>
                    {t('myInfo.mobile.resend')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
          {account.mobile && (
            <Group>
              <Button variant="default" color="red.8" onClick={() => setAskRemove(true)}>
                {t('myInfo.mobile.remove')}
              </Button>
              {errorAt('remove') && (
                <Text c="red.8" size="sm" role="alert">
                  {errorAt('remove')}
                </Text>
              )}
            </Group>
          )}
        </>
      )}
      <ConfirmDialog
        opened={askRemove}
        title={t('myInfo.mobile.removeTitle')}
        body={t('myInfo.mobile.removeBody')}
        confirmLabel={t('myInfo.mobile.remove')}
        confirmColor="red.8"
        pending={mobile.remove.isPending}
        onConfirm={remove}
        onCancel={() => setAskRemove(false)}
      />
    </Stack>
  );
}
