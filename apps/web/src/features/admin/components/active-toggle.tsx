import { useState } from 'react';
import { Alert, Button } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ErrorCode } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { errorCodeOf } from '../derive/form-failure';

interface Versioned {
  name: string;
  active: boolean;
  version: number;
}

/** The texts and test ids of one kind of record (a user, a customer). */
export interface ActiveToggleTexts {
  deactivate: MessageKey;
  reactivate: MessageKey;
  deactivateTitle: MessageKey;
  reactivateTitle: MessageKey;
  /** With {name}. */
  deactivateBody: MessageKey;
  reactivateBody: MessageKey;
  /** `deactivate-${testIdOf}`, `reactivate-${testIdOf}`, `confirm-active`, `active-error`. */
  testIdOf: string;
}

/**
 * Deactivates or reactivates a record on the version read, after a confirmation that says what
 * follows. Nothing that history refers to is deleted, so this is the only way to "remove".
 */
export function ActiveToggle<T extends Versioned>({
  record,
  mutation,
  texts,
  onChanged,
  onConflict,
}: {
  record: T;
  mutation: UseMutationResult<T, Error, { version: number; active: boolean }>;
  texts: ActiveToggleTexts;
  onChanged: (record: T) => void;
  /** The record changed meanwhile (VERSION_CONFLICT). */
  onConflict: () => void;
}) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [refused, setRefused] = useState<ErrorCode | null>(null);
  const deactivating = record.active;
  function confirm() {
    setRefused(null);
    mutation.mutate(
      { version: record.version, active: !record.active },
      {
        onSuccess: (next) => {
          setAsking(false);
          onChanged(next);
        },
        onError: (error) => {
          setAsking(false);
          const code = errorCodeOf(error);
          if (code === 'VERSION_CONFLICT') onConflict();
          else setRefused(code);
        },
      },
    );
  }
  return (
    <>
      <Button
        variant="default"
        color={deactivating ? 'red.8' : undefined}
        onClick={() => setAsking(true)}
        data-testid={`${deactivating ? 'deactivate' : 'reactivate'}-${texts.testIdOf}`}
      >
        {t(deactivating ? texts.deactivate : texts.reactivate)}
      </Button>
      {refused && (
        <Alert color="red" role="alert" data-testid="active-error" w="100%">
          {t(errorMessageKey(refused))}
        </Alert>
      )}
      <ConfirmDialog
        opened={asking}
        title={t(deactivating ? texts.deactivateTitle : texts.reactivateTitle)}
        body={t(deactivating ? texts.deactivateBody : texts.reactivateBody, {
          name: record.name,
        })}
        confirmLabel={t(deactivating ? texts.deactivate : texts.reactivate)}
        confirmColor={deactivating ? 'red.8' : undefined}
        pending={mutation.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
        confirmTestId="confirm-active"
      />
    </>
  );
}
