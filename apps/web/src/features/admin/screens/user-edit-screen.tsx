import { Stack } from '@mantine/core';
import type { AdminUser } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import type { StoredSession } from '../../../shared/session/session-store';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { useSetUserActive, useUpdateUser, useUser } from '../api/users-api';
import { useCustomerChoices } from '../api/use-customer-choices';
import { ActiveToggle, type ActiveToggleTexts } from '../components/active-toggle';
import { AccountEditForm } from '../components/account-edit-form';
import { InvitationPanel } from '../components/invitation-panel';
import { ResetPasswordPanel, type UserActionProps } from '../components/reset-password-panel';
import { UserFormFields } from '../components/user-form-fields';
import { RecordEditFrame, useIdParam } from '../components/record-edit-parts';
import { type AccountFormKind, useAccountEdit } from '../components/use-account-edit';
import {
  changedFields,
  checkUserForm,
  fieldOfServerError,
  userFormOf,
  type UserFormField,
  type UserFormValues,
} from '../derive/user-form';
import { may } from '../derive/may';
import type { MessageKey } from '../../../shared/i18n/catalogues';

const FIELD_LABELS: Record<UserFormField, MessageKey> = {
  username: 'admin.user.username',
  initialPassword: 'admin.user.initialPassword',
  name: 'admin.user.name',
  email: 'admin.user.email',
  mobile: 'admin.user.mobile',
  locale: 'admin.user.locale',
  role: 'admin.user.role',
  readOnly: 'admin.user.readOnly',
  clickAuthorized: 'admin.user.clickAuthorized',
  allowTPIPage: 'admin.user.allowTPIPage',
  manageUsers: 'admin.user.manageUsers',
  customers: 'admin.user.customers',
};

const USER_ACTIVE_TEXTS: ActiveToggleTexts = {
  deactivate: 'admin.user.deactivate',
  reactivate: 'admin.user.reactivate',
  deactivateTitle: 'admin.user.deactivateTitle',
  reactivateTitle: 'admin.user.reactivateTitle',
  deactivateBody: 'admin.user.deactivateBody',
  reactivateBody: 'admin.user.reactivateBody',
  testIdOf: 'user',
};

function ActiveControl({ user, onChanged, onConflict }: UserActionProps) {
  const setActive = useSetUserActive(user.id);
  return (
    <ActiveToggle
      record={user}
      mutation={setActive}
      texts={USER_ACTIVE_TEXTS}
      onChanged={onChanged}
      onConflict={onConflict}
    />
  );
}

const USER_FORM: AccountFormKind<UserFormValues, UserFormField> = {
  formOf: userFormOf,
  check: (values, version) => checkUserForm('edit', values, version),
  fieldOf: (code) => fieldOfServerError(code),
  changedFields,
  fieldLabels: FIELD_LABELS,
  viewOnly: 'admin.user.viewOnly',
  testIdOf: 'user',
};

function EditUserForm({
  loaded,
  session,
  reload,
}: {
  loaded: AdminUser;
  session: StoredSession;
  reload: () => Promise<AdminUser | undefined>;
}) {
  const t = useT();
  const customerChoices = useCustomerChoices();
  const update = useUpdateUser(loaded.id);
  const edit = useAccountEdit({ kind: USER_FORM, loaded, reload, update });
  const { base } = edit;
  const editable = may(session, 'users.edit');
  // The user's own customers, and the editor's, may be given (an admin finds any on the server).
  const choices = customerChoices && [
    ...base.customers.map((link) => ({ id: link.customerId, name: link.customerName })),
    ...customerChoices.filter((choice) => !base.customers.some((l) => l.customerId === choice.id)),
  ];

  return (
    <Stack gap="md">
      <AccountEditForm
        edit={edit}
        kind={USER_FORM}
        editable={editable}
        label={t('admin.user.editTitle', { name: base.name })}
        extraActions={
          may(session, 'users.deactivate') && (
            <ActiveControl
              user={base}
              onChanged={(user) => {
                edit.changedBeside(user);
                edit.markSaved(false);
              }}
              onConflict={edit.markConflict}
            />
          )
        }
      >
        <UserFormFields
          mode="edit"
          values={edit.values}
          errors={edit.errors}
          editorRole={session.role}
          customerChoices={choices}
          disabled={!editable || edit.pending}
          onChange={edit.change}
        />
      </AccountEditForm>
      {may(session, 'users.resetPassword') && (
        <ResetPasswordPanel
          user={base}
          onChanged={edit.changedBeside}
          onConflict={edit.markConflict}
        />
      )}
      {may(session, 'users.resetPassword') && base.active && base.email && (
        <InvitationPanel user={base} onChanged={edit.changedBeside} />
      )}
    </Stack>
  );
}

/** editusers/{id}: one user's details, rights and customers, saved on the version read. */
export function UserEditScreen() {
  const session = useSession();
  const userId = useIdParam('userId');
  const user = useUser(userId ?? 0, userId !== null);
  if (!session) return null;
  const back =
    session.role === 'customer' ? ADMIN_WEB_PATHS.editUsers : ADMIN_WEB_PATHS.manageUsers;
  return (
    <RecordEditFrame kind="user" back={back} found={userId !== null} query={user}>
      {user.data && (
        <EditUserForm
          key={user.data.id}
          loaded={user.data}
          session={session}
          reload={async () => (await user.refetch()).data}
        />
      )}
    </RecordEditFrame>
  );
}
