import { useState } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { AdminUser, ErrorCode } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { useCreateAccountManager, useCreateUser, useCreateViewOnlyUser } from '../api/users-api';
import { useCustomerChoices, type CustomerChoice } from '../api/use-customer-choices';
import { UserFormFields } from '../components/user-form-fields';
import { UserFormShell } from '../components/user-form-shell';
import { formFailureOf } from '../derive/form-failure';
import {
  checkUserForm,
  emptyUserForm,
  type FieldErrors,
  type UserFormMode,
  type UserFormValues,
} from '../derive/user-form';
import type { CreatedState } from '../components/record-edit-parts';

type CreateMode = Exclude<UserFormMode, 'edit'>;

const TEXTS: Record<CreateMode, { title: MessageKey; intro: MessageKey; testId: string }> = {
  create: { title: 'admin.create.title', intro: 'admin.create.intro', testId: 'screen-newuser' },
  viewOnly: {
    title: 'admin.viewOnly.title',
    intro: 'admin.viewOnly.intro',
    testId: 'screen-addviewonlyuser',
  },
  accountManager: {
    title: 'admin.accountManager.title',
    intro: 'admin.accountManager.intro',
    testId: 'screen-addaccountmanager',
  },
};

function initialValues(
  mode: CreateMode,
  choices: readonly CustomerChoice[] | null,
): UserFormValues {
  // One customer to choose from: it is the one.
  const [only] = choices?.length === 1 ? choices : [];
  return emptyUserForm({
    role: mode === 'accountManager' ? 'accountmanager' : 'customer',
    readOnly: mode === 'viewOnly',
    clickAuthorized: mode !== 'viewOnly',
    customers: only
      ? [{ customerId: only.id, customerName: only.name, readOnly: false, clickAuthorized: true }]
      : [],
  });
}

function useCreate(mode: CreateMode) {
  const user = useCreateUser();
  const viewOnly = useCreateViewOnlyUser();
  const accountManager = useCreateAccountManager();
  const mutation = { create: user, viewOnly, accountManager }[mode];
  return {
    isPending: mutation.isPending,
    create: (body: unknown) =>
      (mutation.mutateAsync as (body: unknown) => Promise<AdminUser>)(body),
  };
}

/**
 * A new user with an initial password that they must change at their first sign-in: any user
 * (editusers/new), a view-only user of one's own customers (addviewonlyuser) or an account
 * manager with their portfolio (addaccountmanager).
 */
export function UserCreateScreen({ mode }: { mode: CreateMode }) {
  const t = useT();
  const session = useSession();
  const navigate = useNavigate();
  const choices = useCustomerChoices();
  const creation = useCreate(mode);
  const [values, setValues] = useState<UserFormValues>(() => initialValues(mode, choices));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const [attempt, setAttempt] = useState(0);
  if (!session) return null;
  const texts = TEXTS[mode];
  const back =
    session.role === 'customer' ? ADMIN_WEB_PATHS.editUsers : ADMIN_WEB_PATHS.manageUsers;

  async function submit() {
    setAttempt((count) => count + 1);
    setFormError(null);
    const checked = checkUserForm(mode, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(checked.formError);
      return;
    }
    setErrors({});
    try {
      const user = await creation.create(checked.body);
      const state: CreatedState = { created: true };
      await navigate(
        mode === 'accountManager'
          ? `${ADMIN_WEB_PATHS.manageUsers}?role=accountmanager&q=${encodeURIComponent(user.username)}`
          : ADMIN_WEB_PATHS.editUser(user.id),
        { state },
      );
    } catch (error) {
      const failure = formFailureOf(error);
      if (failure.kind === 'field') setErrors({ [failure.field]: failure.code });
      else setFormError(failure.kind === 'form' ? failure.code : 'VERSION_CONFLICT');
      setAttempt((count) => count + 1);
    }
  }

  return (
    <Stack data-testid={texts.testId}>
      <Anchor component={Link} to={back} size="sm">
        {t('admin.user.backToList')}
      </Anchor>
      <Title order={1}>{t(texts.title)}</Title>
      <Text>{t(texts.intro)}</Text>
      <UserFormShell
        label={t(texts.title)}
        attempt={attempt}
        formError={formError}
        pending={creation.isPending}
        submitLabel={t('admin.create.submit')}
        onSubmit={() => void submit()}
      >
        <UserFormFields
          mode={mode}
          values={values}
          errors={errors}
          editorRole={session.role}
          customerChoices={choices}
          disabled={creation.isPending}
          onChange={(change) => setValues((current) => ({ ...current, ...change }))}
        />
      </UserFormShell>
    </Stack>
  );
}

export function NewUserScreen() {
  return <UserCreateScreen mode="create" />;
}

export function AddViewOnlyUserScreen() {
  return <UserCreateScreen mode="viewOnly" />;
}

export function AddAccountManagerScreen() {
  return <UserCreateScreen mode="accountManager" />;
}
