import type { ReactNode } from 'react';
import { Alert, Group, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { isCreated } from './record-edit-parts';
import { UserActiveBadge } from './user-active-badge';
import type { AccountEditState, AccountFormKind } from './use-account-edit';
import { UserFormShell } from './user-form-shell';
import { ReloadedAlert, VersionConflictAlert } from './version-conflict-alert';

/**
 * An account's edit form: whether the account may sign in, what just happened to the form
 * (created, read-only, a stale version, a reload, a save), then its fields in the form's frame.
 */
export function AccountEditForm<F extends string>({
  edit,
  kind: { viewOnly, fieldLabels, testIdOf },
  editable,
  label,
  extraActions,
  children,
}: {
  edit: AccountEditState<F>;
  kind: Pick<AccountFormKind<unknown, F>, 'viewOnly' | 'fieldLabels' | 'testIdOf'>;
  editable: boolean;
  /** The form's accessible name. */
  label: string;
  extraActions?: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  const location = useLocation();
  const { base } = edit;
  return (
    <>
      <Group gap="sm">
        <UserActiveBadge active={base.active} testId="user-active" />
        {base.mustChangePassword && <Text size="sm">{t('admin.users.mustChangePassword')}</Text>}
      </Group>
      {isCreated(location.state) && (
        <Alert color="teal" data-testid={`${testIdOf}-created`}>
          {t('admin.user.created')}
        </Alert>
      )}
      {!editable && (
        <Alert color="gray" data-testid={`${testIdOf}-read-only`}>
          {t(viewOnly)}
        </Alert>
      )}
      {edit.conflict && (
        <VersionConflictAlert
          reloading={edit.reloading}
          onReload={(keepTyped) => void edit.loadNewest(keepTyped)}
        />
      )}
      {edit.othersChanged !== null && (
        <ReloadedAlert changed={edit.othersChanged.map((field) => t(fieldLabels[field]))} />
      )}
      {edit.saved && (
        <Alert color="teal" role="status" data-testid={`${testIdOf}-saved`}>
          {t('admin.user.saved')}
        </Alert>
      )}
      <UserFormShell
        label={label}
        attempt={edit.attempt}
        formError={edit.formError}
        pending={edit.pending}
        submitLabel={editable ? t('admin.user.save') : null}
        onSubmit={edit.save}
        extraActions={extraActions}
      >
        {children}
      </UserFormShell>
    </>
  );
}
