import { useState } from 'react';
import { Button, Modal } from '@mantine/core';
import { useApiClient } from '../../../../shared/api/use-api-client';
import { useT } from '../../../../shared/i18n/use-t';
import { useSession } from '../../../../shared/session/use-session';
import { storedBatch } from './multi-click-batch';
import { leaveMultiClick, MultiClickFlow } from './multi-click-flow';

/**
 * "Click for several customers" on the TPI overview: opens the flow for the customers selected
 * there (the consultant may change the choice). A confirmation whose answer did not arrive
 * reopens the flow by itself, so it is sent again with the same keys.
 */
export function MultiClickAction({
  selectedCustomerIds = [],
}: {
  selectedCustomerIds?: readonly number[];
}) {
  const t = useT();
  const api = useApiClient();
  const session = useSession();
  const [open, setOpen] = useState(() => storedBatch.get()?.sent != null);
  const [busy, setBusy] = useState(false);
  if (!session?.allowTPIPage) return null;

  function close() {
    if (busy) return;
    setOpen(false);
    void leaveMultiClick(api);
  }

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="multi-click-open">
        {t('multiClick.open')}
      </Button>
      {/* The header is a plain div: a <header> would be a second banner landmark of the page. */}
      <Modal.Root
        opened={open}
        onClose={close}
        size="90rem"
        closeOnClickOutside={false}
        closeOnEscape={!busy}
      >
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title fw={700}>{t('multiClick.title')}</Modal.Title>
            {!busy && <Modal.CloseButton aria-label={t('multiClick.close')} />}
          </Modal.Header>
          <Modal.Body>
            <MultiClickFlow
              customers={session.allowedCustomers}
              selectedCustomerIds={selectedCustomerIds.filter((id) =>
                session.allowedCustomers.some((customer) => customer.id === id),
              )}
              onBusyChange={setBusy}
            />
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
