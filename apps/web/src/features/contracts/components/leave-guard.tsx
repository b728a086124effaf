import { useEffect, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';

/**
 * The spec's guard on managecontract: leaving with unsaved changes asks "Do you want to save the
 * changes?" with save, discard or stay - for links, the menu and browser back alike (react-router's
 * blocker); closing or reloading the tab gets the browser's own question (beforeunload), the only
 * one a page may ask there.
 */
export function LeaveGuard({
  dirty,
  onSave,
}: {
  dirty: boolean;
  /** Saves the form; false when it could not (its errors are then shown and the user stays). */
  onSave: () => Promise<boolean>;
}) {
  const t = useT();
  const [saving, setSaving] = useState(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  const blocked = blocker.state === 'blocked';
  async function save() {
    setSaving(true);
    try {
      const saved = await onSave();
      if (saved) blocker.proceed?.();
      else blocker.reset?.();
    } finally {
      setSaving(false);
    }
  }

  return (
    // The header is a plain div: a <header> would be a second banner landmark (as ConfirmDialog).
    <Modal.Root opened={blocked} onClose={() => blocker.reset?.()}>
      <Modal.Overlay />
      <Modal.Content data-testid="leave-guard">
        <Modal.Header component="div">
          <Modal.Title fw={700}>{t('contracts.leave.title')}</Modal.Title>
          <Modal.CloseButton aria-label={t('app.close')} />
        </Modal.Header>
        <Modal.Body>
          <Text mb="md">{t('contracts.leave.question')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => blocker.reset?.()} data-testid="leave-stay">
              {t('contracts.leave.stay')}
            </Button>
            <Button
              variant="default"
              color="red"
              onClick={() => blocker.proceed?.()}
              disabled={saving}
              data-testid="leave-discard"
            >
              {t('contracts.leave.discard')}
            </Button>
            <Button onClick={() => void save()} loading={saving} data-testid="leave-save">
              {t('contracts.leave.save')}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
