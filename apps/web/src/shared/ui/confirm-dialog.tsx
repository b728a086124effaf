import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../i18n/use-t';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  confirmTestId?: string;
}

/**
 * Asks before something that affects others (pausing every customer, ending a session). The
 * header is a plain div: a <header> would count as a second banner landmark of the page.
 */
export function ConfirmDialog({
  opened,
  title,
  body,
  confirmLabel,
  confirmColor,
  pending,
  onConfirm,
  onCancel,
  confirmTestId,
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <Modal.Root opened={opened} onClose={onCancel}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('app.close')} />
        </Modal.Header>
        <Modal.Body>
          <Stack>
            <Text>{body}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onCancel}>
                {t('app.cancel')}
              </Button>
              <Button
                color={confirmColor}
                loading={pending}
                onClick={onConfirm}
                data-testid={confirmTestId}
              >
                {confirmLabel}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
