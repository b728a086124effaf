import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AdminUser } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { useUpdateConsultant } from '../api/consultants-api';
import { useUser } from '../api/users-api';
import { ConsultantFormFields } from '../components/consultant-form-fields';
import { AccountEditForm } from '../components/account-edit-form';
import { RecordEditFrame, useIdParam } from '../components/record-edit-parts';
import { type AccountFormKind, useAccountEdit } from '../components/use-account-edit';
import {
  changedConsultantFields,
  checkConsultantForm,
  consultantFieldOf,
  consultantFormOf,
  type ConsultantFormField,
  type ConsultantFormValues,
} from '../derive/consultant-form';
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

const CONSULTANT_FORM: AccountFormKind<ConsultantFormValues, ConsultantFormField> = {
  formOf: consultantFormOf,
  check: (values, version) => checkConsultantForm('edit', values, version),
  fieldOf: (code) => consultantFieldOf(code),
  changedFields: changedConsultantFields,
  fieldLabels: FIELD_LABELS,
  viewOnly: 'admin.consultant.viewOnly',
  testIdOf: 'consultant',
};

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
  const update = useUpdateConsultant(loaded.id);
  const edit = useAccountEdit({ kind: CONSULTANT_FORM, loaded, reload, update });
  const { base } = edit;

  return (
    <Stack gap="md">
      <AccountEditForm
        edit={edit}
        kind={CONSULTANT_FORM}
        editable={editable}
        label={t('admin.consultant.editTitle', { name: base.name })}
      >
        <ConsultantFormFields
          mode="edit"
          values={edit.values}
          errors={edit.errors}
          disabled={!editable || edit.pending}
          onChange={edit.change}
        />
      </AccountEditForm>
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
  const userId = useIdParam('userId');
  const user = useUser(userId ?? 0, userId !== null);
  if (!session) return null;
  const notConsultant = user.data !== undefined && user.data.role !== 'consultant';
  return (
    <RecordEditFrame
      kind="consultant"
      back={ADMIN_WEB_PATHS.consultants}
      found={userId !== null}
      query={user}
    >
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
    </RecordEditFrame>
  );
}
