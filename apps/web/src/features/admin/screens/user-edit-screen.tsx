import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { IdParamSchema, type AdminUser, type ErrorCode } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import type { StoredSession } from '../../../shared/session/session-store';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { useSetUserActive, useUpdateUser, useUser } from '../api/users-api';
import { useCustomerChoices } from '../api/use-customer-choices';
import { ActiveToggle, type ActiveToggleTexts } from '../components/active-toggle';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';
import { InvitationPanel } from '../components/invitation-panel';
import { ResetPasswordPanel, type UserActionProps } from '../components/reset-password-panel';
import { UserFormFields } from '../components/user-form-fields';
import { UserFormShell } from '../components/user-form-shell';
import { formFailureOf } from '../derive/form-failure';
import {
  changedFields,
  checkUserForm,
  userFormOf,
  type FieldErrors,
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

/** Router state with which a create screen says the user it opens was just made. */
export interface CreatedState {
  created: true;
}

function isCreated(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'created' in state;
}

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
  const location = useLocation();
  const customerChoices = useCustomerChoices();
  const update = useUpdateUser(loaded.id);
  // The version the form edits; only a save or an explicit reload moves it.
  const [base, setBase] = useState(loaded);
  const [values, setValues] = useState<UserFormValues>(() => userFormOf(loaded));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [conflict, setConflict] = useState(false);
  const [othersChanged, setOthersChanged] = useState<UserFormField[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [reloading, setReloading] = useState(false);
  const editable = may(session, 'users.edit');
  // The user's own customers, and the editor's, may be given (an admin finds any on the server).
  const choices = customerChoices && [
    ...base.customers.map((link) => ({ id: link.customerId, name: link.customerName })),
    ...customerChoices.filter((choice) => !base.customers.some((l) => l.customerId === choice.id)),
  ];

  function change(next: Partial<UserFormValues>) {
    setValues((current) => ({ ...current, ...next }));
    setSaved(false);
  }

  function save() {
    setAttempt((count) => count + 1);
    setFormError(null);
    setSaved(false);
    const checked = checkUserForm('edit', values, base.version);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(checked.formError);
      return;
    }
    setErrors({});
    update.mutate(checked.body as Parameters<typeof update.mutate>[0], {
      onSuccess: (user) => {
        setBase(user);
        setValues(userFormOf(user));
        setConflict(false);
        setOthersChanged(null);
        setSaved(true);
      },
      onError: (error) => {
        const failure = formFailureOf(error);
        if (failure.kind === 'conflict') setConflict(true);
        else if (failure.kind === 'field') setErrors({ [failure.field]: failure.code });
        else setFormError(failure.code);
        setAttempt((count) => count + 1);
      },
    });
  }

  /** Takes the newest version as the base; what was typed stays in the form. */
  async function loadNewest(keepTyped: boolean) {
    setReloading(true);
    try {
      const fresh = await reload();
      if (!fresh) return;
      setOthersChanged(changedFields(base, fresh));
      setBase(fresh);
      if (!keepTyped) setValues(userFormOf(fresh));
      setConflict(false);
    } finally {
      setReloading(false);
    }
  }

  return (
    <Stack gap="md">
      <Group gap="sm">
        <Badge color={base.active ? 'teal.8' : 'gray.7'} variant="filled" data-testid="user-active">
          {t(base.active ? 'admin.users.active' : 'admin.users.inactive')}
        </Badge>
        {base.mustChangePassword && <Text size="sm">{t('admin.users.mustChangePassword')}</Text>}
      </Group>
      {isCreated(location.state) && (
        <Alert color="teal" data-testid="user-created">
          {t('admin.user.created')}
        </Alert>
      )}
      {!editable && (
        <Alert color="gray" data-testid="user-read-only">
          {t('admin.user.viewOnly')}
        </Alert>
      )}
      {conflict && (
        <Alert color="orange" role="alert" data-testid="version-conflict">
          <Stack gap="xs">
            <Text size="sm">{t('error.versionConflict')}</Text>
            <Text size="sm">{t('admin.user.conflictKept')}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                loading={reloading}
                onClick={() => void loadNewest(true)}
                data-testid="reload-keep"
              >
                {t('admin.user.reloadKeep')}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={reloading}
                onClick={() => void loadNewest(false)}
                data-testid="reload-discard"
              >
                {t('admin.user.reloadDiscard')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {othersChanged !== null && (
        <Alert color="blue" role="status" data-testid="others-changed">
          {othersChanged.length === 0
            ? t('admin.user.reloadedSame')
            : t('admin.user.reloadedChanged', {
                fields: othersChanged.map((field) => t(FIELD_LABELS[field])).join(', '),
              })}
        </Alert>
      )}
      {saved && (
        <Alert color="teal" role="status" data-testid="user-saved">
          {t('admin.user.saved')}
        </Alert>
      )}
      <UserFormShell
        label={t('admin.user.editTitle', { name: base.name })}
        attempt={attempt}
        formError={formError}
        pending={update.isPending}
        submitLabel={editable ? t('admin.user.save') : null}
        onSubmit={save}
        extraActions={
          may(session, 'users.deactivate') && (
            <ActiveControl
              user={base}
              onChanged={(user) => {
                setBase(user);
                setSaved(false);
              }}
              onConflict={() => setConflict(true)}
            />
          )
        }
      >
        <UserFormFields
          mode="edit"
          values={values}
          errors={errors}
          editorRole={session.role}
          customerChoices={choices}
          disabled={!editable || update.isPending}
          onChange={change}
        />
      </UserFormShell>
      {may(session, 'users.resetPassword') && (
        <ResetPasswordPanel
          user={base}
          onChanged={(user) => setBase(user)}
          onConflict={() => setConflict(true)}
        />
      )}
      {may(session, 'users.resetPassword') && base.active && base.email && (
        <InvitationPanel user={base} onChanged={(user) => setBase(user)} />
      )}
    </Stack>
  );
}

/** editusers/{id}: one user's details, rights and customers, saved on the version read. */
export function UserEditScreen() {
  const t = useT();
  const session = useSession();
  const params = useParams();
  const parsedId = IdParamSchema.safeParse(params.userId ?? '');
  const userId = parsedId.success ? parsedId.data : 0;
  const user = useUser(userId, parsedId.success);
  if (!session) return null;
  const back =
    session.role === 'customer' ? ADMIN_WEB_PATHS.editUsers : ADMIN_WEB_PATHS.manageUsers;
  return (
    <Stack data-testid="screen-edituser">
      <Anchor component={Link} to={back} size="sm">
        {t('admin.user.backToList')}
      </Anchor>
      <Title order={1}>{user.data ? user.data.name : t('admin.user.title')}</Title>
      {!parsedId.success && <Alert color="red">{t('error.notFound')}</Alert>}
      {parsedId.success && user.isPending && <Loading text={t('admin.user.loading')} />}
      {parsedId.success && user.isError && !user.data && (
        <LoadFailed
          text={t('admin.user.loadFailed', {
            reason: t(errorMessageKey(formFailureCode(user.error))),
          })}
          onRetry={() => void user.refetch()}
          testId="user-error"
        />
      )}
      {user.data && (
        <EditUserForm
          key={user.data.id}
          loaded={user.data}
          session={session}
          reload={async () => (await user.refetch()).data}
        />
      )}
    </Stack>
  );
}

function formFailureCode(error: unknown): ErrorCode {
  const failure = formFailureOf(error);
  return failure.kind === 'conflict' ? 'VERSION_CONFLICT' : failure.code;
}
