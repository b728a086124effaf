import type { ReactNode } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';

/**
 * A secret the server answered once (a new or rotated API client, a webhook endpoint). The
 * screen keeps it only while this dialog is open: closed, it is gone, as on the server, which
 * keeps a hash (clients) or a sealed copy it never answers again (endpoints).
 */
export function SecretModal({
  title,
  label,
  secret,
  children,
  onClose,
  testId,
}: {
  title: string;
  /** What the secret is, e.g. "Client secret". */
  label: string;
  secret: string | null;
  /** What else the integrator needs beside the secret (the client id, the rotation's overlap). */
  children?: ReactNode;
  onClose: () => void;
  testId: string;
}) {
  const t = useT();
  return (
    <Modal.Root
      opened={secret !== null}
      onClose={onClose}
      // A click beside the dialog must not throw away a secret that was not stored yet.
      closeOnClickOutside={false}
      size="lg"
    >
      <Modal.Overlay />
      <Modal.Content data-testid={testId}>
        {/* A plain div: a <header> would be a second banner landmark (as in ConfirmDialog). */}
        <Modal.Header component="div">
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('app.close')} />
        </Modal.Header>
        <Modal.Body>
          <Stack>
            <Alert color="orange" variant="outline" role="note">
              <Text size="sm" fw={600}>
                {t('integrations.secret.warning')}
              </Text>
            </Alert>
            {children}
            <Stack gap={4}>
              <Text size="sm" fw={600}>
                {label}
              </Text>
              <Code block data-testid={`${testId}-value`} style={{ wordBreak: 'break-all' }}>
                {secret}
              </Code>
            </Stack>
            <Group justify="space-between">
              <CopyButton value={secret ?? ''}>
                {({ copied, copy }) => (
                  <>
                    <Button variant="default" onClick={copy} data-testid={`${testId}-copy`}>
                      {copied ? t('integrations.secret.copied') : t('integrations.secret.copy')}
                    </Button>
                    {/* The button's new label alone is not read out: say it politely. */}
                    <span role="status" className="klik-visually-hidden">
                      {copied ? t('integrations.secret.copied') : ''}
                    </span>
                  </>
                )}
              </CopyButton>
              <Button onClick={onClose} data-testid={`${testId}-done`}>
                {t('integrations.secret.done')}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
