import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { ApiError } from '@klik/api';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useTradingStatus } from '../../../shared/trading/trading-status';
import { useSetTradingStatus } from '../api/monitor-api';

/** The trading status and the switch that pauses clicking for everyone, behind a confirmation. */
export function TradingStatusPanel() {
  const t = useT();
  const status = useTradingStatus();
  const change = useSetTradingStatus();
  const [asked, setAsked] = useState<boolean | null>(null);
  const [failedCode, setFailedCode] = useState<string | null>(null);

  function confirm(pauzeActive: boolean) {
    setFailedCode(null);
    change.mutate(pauzeActive, {
      onSettled: () => setAsked(null),
      onError: (error) => {
        console.warn('Changing the trading status failed', error);
        setFailedCode(error instanceof ApiError ? error.code : 'INTERNAL');
      },
    });
  }

  const paused = status.data?.pauzeActive ?? false;

  return (
    <Stack component="section" aria-labelledby="trading-status-title" gap="sm">
      <Title order={2} size="h4" id="trading-status-title">
        {t('monitor.trading.title')}
      </Title>
      {status.isPending && (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('monitor.trading.loading')}</Text>
        </Group>
      )}
      {status.isError && (
        <Alert color="red" role="alert">
          <Group gap="sm">
            <Text size="sm">{t('monitor.trading.loadFailed')}</Text>
            <Button variant="default" size="xs" onClick={() => void status.refetch()}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {status.data && (
        <>
          <Text data-testid="trading-status" data-paused={paused} fw={600}>
            {t(paused ? 'monitor.trading.paused' : 'monitor.trading.active')}
          </Text>
          <Switch
            checked={paused}
            onChange={(event) => setAsked(event.currentTarget.checked)}
            label={t('monitor.trading.switch')}
            disabled={change.isPending}
            data-testid="pause-switch"
          />
        </>
      )}
      {failedCode && (
        <Alert color="red" role="alert" data-testid="pause-failed">
          {t('monitor.trading.failed', { reason: t(errorMessageKeyFor(failedCode)) })}
        </Alert>
      )}
      <ConfirmDialog
        opened={asked !== null}
        title={t(
          asked ? 'monitor.trading.confirmPause.title' : 'monitor.trading.confirmResume.title',
        )}
        body={t(asked ? 'monitor.trading.confirmPause.body' : 'monitor.trading.confirmResume.body')}
        confirmLabel={t(asked ? 'monitor.trading.pause' : 'monitor.trading.resume')}
        confirmColor={asked ? 'red.9' : undefined}
        pending={change.isPending}
        onConfirm={() => confirm(asked === true)}
        onCancel={() => setAsked(null)}
        confirmTestId="pause-confirm"
      />
    </Stack>
  );
}
