import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ApiError, type ClickDetail } from '@klik/api';
import { errorMessageKeyFor } from '../i18n/message-keys';
import { useT } from '../i18n/use-t';
import { useDecideClick } from './decide-click';

type Decision = 'approve' | 'reject';

/** Approve or reject a click that awaits a second user's approval, each behind a confirmation. */
export function ApprovalActions({ click, label }: { click: ClickDetail; label: string }) {
  const t = useT();
  const decide = useDecideClick();
  const [asked, setAsked] = useState<Decision | null>(null);
  const [failedCode, setFailedCode] = useState<string | null>(null);

  function confirm(decision: Decision) {
    setFailedCode(null);
    decide.mutate(
      { clickId: click.id, decision },
      {
        onSettled: () => setAsked(null),
        onError: (error) => {
          console.warn(`The click could not be decided (${decision})`, error);
          setFailedCode(error instanceof ApiError ? error.code : 'INTERNAL');
        },
      },
    );
  }

  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          onClick={() => setAsked('approve')}
          aria-label={t('clicks.approval.approveLabel', { click: label })}
          data-testid={`approve-${click.id}`}
        >
          {t('clicks.approval.approve')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => setAsked('reject')}
          aria-label={t('clicks.approval.rejectLabel', { click: label })}
          data-testid={`reject-${click.id}`}
        >
          {t('clicks.approval.reject')}
        </Button>
      </Group>
      {failedCode && (
        <Text size="xs" c="red.8" role="alert" data-testid={`decide-failed-${click.id}`}>
          {t(errorMessageKeyFor(failedCode))}
        </Text>
      )}
      <Modal
        opened={asked !== null}
        onClose={() => setAsked(null)}
        title={t(
          asked === 'approve' ? 'clicks.approval.confirmApprove' : 'clicks.approval.confirmReject',
        )}
      >
        <Stack>
          <Text>{label}</Text>
          <Alert color={asked === 'approve' ? 'blue' : 'orange'}>
            {t(asked === 'approve' ? 'clicks.approval.approveBody' : 'clicks.approval.rejectBody')}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsked(null)}>
              {t('app.cancel')}
            </Button>
            <Button
              color={asked === 'reject' ? 'red.9' : undefined}
              loading={decide.isPending}
              onClick={() => asked && confirm(asked)}
              data-testid="decision-confirm"
            >
              {t(asked === 'approve' ? 'clicks.approval.approve' : 'clicks.approval.reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
