import { useState } from 'react';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { ErrorCode } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { useCreateConsultant } from '../api/consultants-api';
import { ConsultantFormFields } from '../components/consultant-form-fields';
import { UserFormShell } from '../components/user-form-shell';
import {
  checkConsultantForm,
  consultantFieldOf,
  emptyConsultantForm,
  type ConsultantFieldErrors,
  type ConsultantFormValues,
} from '../derive/consultant-form';
import { formFailureOf } from '../derive/form-failure';
import { may } from '../derive/may';
import type { CreatedState } from '../components/record-edit-parts';

/** editconsultant/new: a consultant with an initial password, their customers and TPI page. */
export function ConsultantCreateScreen() {
  const t = useT();
  const session = useSession();
  const navigate = useNavigate();
  const create = useCreateConsultant();
  const [values, setValues] = useState<ConsultantFormValues>(emptyConsultantForm);
  const [errors, setErrors] = useState<ConsultantFieldErrors>({});
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const [attempt, setAttempt] = useState(0);
  if (!session) return null;
  const allowed = may(session, 'consultants.manage');

  function save() {
    setAttempt((count) => count + 1);
    setFormError(null);
    const checked = checkConsultantForm('create', values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(checked.formError);
      return;
    }
    setErrors({});
    create.mutate(checked.body as Parameters<typeof create.mutate>[0], {
      onSuccess: (user) => {
        const state: CreatedState = { created: true };
        void navigate(ADMIN_WEB_PATHS.editConsultant(user.id), { state });
      },
      onError: (error) => {
        const failure = formFailureOf(error);
        const code = failure.kind === 'conflict' ? 'VERSION_CONFLICT' : failure.code;
        const field = consultantFieldOf(code);
        if (field !== null) setErrors({ [field]: code });
        else setFormError(code);
        setAttempt((count) => count + 1);
      },
    });
  }

  return (
    <Stack data-testid="screen-newconsultant">
      <Anchor component={Link} to={ADMIN_WEB_PATHS.consultants} size="sm">
        {t('admin.consultant.backToList')}
      </Anchor>
      <Title order={1}>{t('admin.consultant.newTitle')}</Title>
      <Text>{t('admin.consultant.newIntro')}</Text>
      {allowed ? (
        <UserFormShell
          label={t('admin.consultant.newTitle')}
          attempt={attempt}
          formError={formError}
          pending={create.isPending}
          submitLabel={t('admin.consultant.create')}
          onSubmit={save}
        >
          <ConsultantFormFields
            mode="create"
            values={values}
            errors={errors}
            disabled={create.isPending}
            onChange={(change) => setValues((current) => ({ ...current, ...change }))}
          />
        </UserFormShell>
      ) : (
        <Alert color="gray" data-testid="consultant-read-only">
          {t('admin.consultant.viewOnly')}
        </Alert>
      )}
    </Stack>
  );
}
