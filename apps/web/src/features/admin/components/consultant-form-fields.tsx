import { Checkbox, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { ErrorCode } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import type {
  ConsultantFieldErrors,
  ConsultantFormMode,
  ConsultantFormValues,
} from '../derive/consultant-form';
import { ConsultantCustomersField } from './consultant-customers-field';
import { PersonFields } from './person-fields';

/** Every input of the consultant form, each with its own error in the catalogue's words. */
export function ConsultantFormFields({
  mode,
  values,
  errors,
  disabled,
  onChange,
}: {
  mode: ConsultantFormMode;
  values: ConsultantFormValues;
  errors: ConsultantFieldErrors;
  disabled: boolean;
  onChange: (change: Partial<ConsultantFormValues>) => void;
}) {
  const t = useT();
  const error = (code: ErrorCode | undefined) => (code ? t(errorMessageKey(code)) : undefined);
  const creating = mode === 'create';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('admin.user.username')}
          description={creating ? t('admin.user.usernameHint') : undefined}
          value={values.username}
          onChange={(event) => onChange({ username: event.currentTarget.value })}
          error={error(errors.username)}
          readOnly={!creating}
          disabled={creating && disabled}
          autoComplete="off"
          required={creating}
          data-testid="field-username"
        />
        <PersonFields
          values={values}
          errors={errors}
          nameLabel={t('admin.consultant.name')}
          nameHint={t('admin.consultant.nameHint')}
          disabled={disabled}
          onChange={onChange}
        />
        {creating && (
          <PasswordInput
            label={t('admin.user.initialPassword')}
            description={t('admin.user.initialPasswordOptionalHint')}
            value={values.initialPassword}
            onChange={(event) => onChange({ initialPassword: event.currentTarget.value })}
            error={error(errors.initialPassword)}
            disabled={disabled}
            autoComplete="new-password"
            data-testid="field-initialPassword"
          />
        )}
      </SimpleGrid>
      <Checkbox
        label={t('admin.user.allowTPIPage')}
        description={t('admin.consultant.allowTPIPageHint')}
        checked={values.allowTPIPage}
        onChange={(event) => onChange({ allowTPIPage: event.currentTarget.checked })}
        disabled={disabled}
        data-testid="field-allowTPIPage"
      />
      <ConsultantCustomersField
        value={values.customers}
        disabled={disabled}
        error={errors.customers}
        onChange={(customers) => onChange({ customers })}
      />
      {!creating && values.customers.length > 0 && (
        <Checkbox.Group
          label={t('admin.consultant.mandate')}
          description={t('admin.consultant.mandateHint')}
          value={values.customers
            .filter((customer) => !values.withoutMandate.includes(customer.id))
            .map((customer) => String(customer.id))}
          onChange={(mayClick) =>
            onChange({
              withoutMandate: values.customers
                .filter((customer) => !mayClick.includes(String(customer.id)))
                .map((customer) => customer.id),
            })
          }
          data-testid="field-mandates"
        >
          <Stack gap={6} mt="xs">
            {values.customers.map((customer) => (
              <Checkbox
                key={customer.id}
                value={String(customer.id)}
                label={customer.name}
                disabled={disabled}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
