import { useState } from 'react';
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { IdParamSchema, type AdminUser, type ErrorCode } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { useUpdateConsultant } from '../api/consultants-api';
import { useUser } from '../api/users-api';
import { ConsultantFormFields } from '../components/consultant-form-fields';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';
import { UserFormShell } from '../components/user-form-shell';
import { ReloadedAlert, VersionConflictAlert } from '../components/version-conflict-alert';
import {
  changedConsultantFields,
  checkConsultantForm,
  consultantFieldOf,
  consultantFormOf,
  type ConsultantFieldErrors,
  type ConsultantFormField,
  type ConsultantFormValues,
} from '../derive/consultant-form';
import { formFailureOf } from '../derive/form-failure';
import { may } from '../derive/may';

const FIELD_LABELS: Record<ConsultantFormField, MessageKey> = {
  username: 'admin.user.username',
  initialPassword: 'admin.user.initialPassword',
  name: 'admin.consultant.name',
  email: 'admin.user.email',
  mobile: 'admin.user.mobile',
  locale: 'admin.user.locale',
  allowTPIPage: 'admin.user.allowTPIPage',
  customers: 'admin.consultant.customers',
  withoutMandate: 'admin.consultant.mandate',
};

function isCreated(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'created' in state;
}

function EditConsultantForm({
  loaded,
  editable,
  reload,
}: {
  loaded: AdminUser;
  editable: boolean;
  reload: () => Promise<AdminUser | undefined>;
}) {
  const t = useT();
  const location = useLocation();
  const update = useUpdateConsultant(loaded.id);
  // The version the form edits; only a save or an explicit reload moves it.
  const [base, setBase] = useState(loaded);
  const [values, setValues] = useState<ConsultantFormValues>(() => consultantFormOf(loaded));
  const [errors, setErrors] = useState<ConsultantFieldErrors>({});
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [conflict, setConflict] = useState(false);
  const [othersChanged, setOthersChanged] = useState<ConsultantFormField[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [reloading, setReloading] = useState(false);

  function change(next: Partial<ConsultantFormValues>) {
    setValues((current) => ({ ...current, ...next }));
    setSaved(false);
  }

  function save() {
    setAttempt((count) => count + 1);
    setFormError(null);
    setSaved(false);
    const checked = checkConsultantForm('edit', values, base.version);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(checked.formError);
      return;
    }
    setErrors({});
    update.mutate(checked.body as Parameters<typeof update.mutate>[0], {
      onSuccess: (user) => {
        setBase(user);
        setValues(consultantFormOf(user));
        setConflict(false);
        setOthersChanged(null);
        setSaved(true);
      },
      onError: (error) => {
        const failure = formFailureOf(error);
        const field = failure.kind === 'conflict' ? null : consultantFieldOf(failure.code);
        if (failure.kind === 'conflict') setConflict(true);
        else if (field !== null) setErrors({ [field]: failure.code });
        else setFormError(failure.code);
        setAttempt((count) => count + 1);
      },
    });
  }

  /** Takes the newest version as the base; what was typed stays in the form if asked. */
  async function loadNewest(keepTyped: boolean) {
    setReloading(true);
    try {
      const fresh = await reload();
      if (!fresh) return;
      setOthersChanged(changedConsultantFields(base, fresh));
      setBase(fresh);
      if (!keepTyped) setValues(consultantFormOf(fresh));
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
        <Alert color="teal" data-testid="consultant-created">
          {t('admin.user.created')}
        </Alert>
      )}
      {!editable && (
        <Alert color="gray" data-testid="consultant-read-only">
          {t('admin.consultant.viewOnly')}
        </Alert>
      )}
      {conflict && <VersionConflictAlert reloading={reloading} onReload={loadNewest} />}
      {othersChanged !== null && (
        <ReloadedAlert changed={othersChanged.map((field) => t(FIELD_LABELS[field]))} />
      )}
      {saved && (
        <Alert color="teal" role="status" data-testid="consultant-saved">
          {t('admin.user.saved')}
        </Alert>
      )}
      <UserFormShell
        label={t('admin.consultant.editTitle', { name: base.name })}
        attempt={attempt}
        formError={formError}
        pending={update.isPending}
        submitLabel={editable ? t('admin.user.save') : null}
        onSubmit={save}
      >
        <ConsultantFormFields
          mode="edit"
          values={values}
          errors={errors}
          disabled={!editable || update.isPending}
          onChange={change}
        />
      </UserFormShell>
      <Text size="sm">
        {t('admin.consultant.moreSettings')}{' '}
        <Anchor component={Link} to={ADMIN_WEB_PATHS.editUser(base.id)} data-testid="to-edituser">
          {t('admin.consultant.toEditUser')}
        </Anchor>
      </Text>
    </Stack>
  );
}

/** editconsultant/{id}: a consultant's details, customers and TPI page, saved on the version read. */
export function ConsultantEditScreen() {
  const t = useT();
  const session = useSession();
  const params = useParams();
  const parsedId = IdParamSchema.safeParse(params.userId ?? '');
  const user = useUser(parsedId.success ? parsedId.data : 0, parsedId.success);
  if (!session) return null;
  const notConsultant = user.data !== undefined && user.data.role !== 'consultant';
  return (
    <Stack data-testid="screen-editconsultant">
      <Anchor component={Link} to={ADMIN_WEB_PATHS.consultants} size="sm">
        {t('admin.consultant.backToList')}
      </Anchor>
      <Title order={1}>{user.data ? user.data.name : t('admin.consultant.title')}</Title>
      {!parsedId.success && <Alert color="red">{t('error.notFound')}</Alert>}
      {parsedId.success && user.isPending && <Loading text={t('admin.consultant.loading')} />}
      {parsedId.success && user.isError && !user.data && (
        <LoadFailed
          text={t('admin.consultant.loadFailed', {
            reason: t(errorMessageKey(loadFailureCode(user.error))),
          })}
          onRetry={() => void user.refetch()}
          testId="consultant-error"
        />
      )}
      {notConsultant && user.data && (
        <Alert color="gray" data-testid="not-a-consultant">
          {t('admin.consultant.notConsultant')}{' '}
          <Anchor component={Link} to={ADMIN_WEB_PATHS.editUser(user.data.id)}>
            {t('admin.consultant.toEditUser')}
          </Anchor>
        </Alert>
      )}
      {user.data && !notConsultant && (
        <EditConsultantForm
          key={user.data.id}
          loaded={user.data}
          editable={may(session, 'consultants.manage')}
          reload={async () => (await user.refetch()).data}
        />
      )}
    </Stack>
  );
}

function loadFailureCode(error: unknown): ErrorCode {
  const failure = formFailureOf(error);
  return failure.kind === 'conflict' ? 'VERSION_CONFLICT' : failure.code;
}
