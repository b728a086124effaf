import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { TitledCard } from '../../../shared/ui/titled-card';

/** What a confirmation asks before a rotation, revocation or deletion. */
export interface Confirmation {
  title: string;
  body: string;
  confirmLabel: string;
  /** Cannot be undone (revoke, delete): the confirm button is red. */
  destructive: boolean;
}

/**
 * One section of the screen (API clients, webhooks): its card, the button that starts a new one
 * (hidden while a form is open), its content, and the confirmation of its actions.
 */
export function SectionFrame({
  title,
  intro,
  testId,
  newLabel,
  onNew,
  children,
  confirmation,
  confirming,
  onConfirm,
  onCancel,
}: {
  title: string;
  intro: string;
  testId: string;
  newLabel: string;
  /** Null while the form is open. */
  onNew: (() => void) | null;
  children: ReactNode;
  confirmation: Confirmation | null;
  confirming: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <TitledCard title={title} intro={intro} testId={testId}>
      {onNew && (
        <Group>
          <Button onClick={onNew} data-testid={`${testId}-new`}>
            {newLabel}
          </Button>
        </Group>
      )}
      {children}
      <ConfirmDialog
        opened={confirmation !== null}
        title={confirmation?.title ?? ''}
        body={confirmation?.body ?? ''}
        confirmLabel={confirmation?.confirmLabel ?? ''}
        confirmColor={confirmation?.destructive ? 'red.9' : undefined}
        pending={confirming}
        onConfirm={onConfirm}
        onCancel={onCancel}
        confirmTestId={`${testId}-confirm`}
      />
    </TitledCard>
  );
}
