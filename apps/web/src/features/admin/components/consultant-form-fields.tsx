import { Checkbox, NativeSelect, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { LOCALES, type ErrorCode } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import type {
  ConsultantFieldErrors,
  ConsultantFormMode,
  ConsultantFormValues,
} from '../derive/consultant-form';
import { ConsultantCustomersField } from './consultant-customers-field';

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
        <TextInput
          label={t('admin.consultant.name')}
          description={t('admin.consultant.nameHint')}
          value={values.name}
          onChange={(event) => onChange({ name: event.currentTarget.value })}
          error={error(errors.name)}
          disabled={disabled}
          required
          data-testid="field-name"
        />
        <TextInput
          type="email"
          label={t('admin.user.email')}
          value={values.email}
          onChange={(event) => onChange({ email: event.currentTarget.value })}
          error={error(errors.email)}
          disabled={disabled}
          autoComplete="off"
          required
          data-testid="field-email"
        />
        <TextInput
          type="tel"
          label={t('admin.user.mobile')}
          description={t('admin.user.mobileHint')}
          value={values.mobile}
          onChange={(event) => onChange({ mobile: event.currentTarget.value })}
          error={error(errors.mobile)}
          disabled={disabled}
          autoComplete="off"
          data-testid="field-mobile"
        />
        <NativeSelect
          label={t('admin.user.locale')}
          value={values.locale}
          onChange={(event) =>
            onChange({ locale: event.currentTarget.value as ConsultantFormValues['locale'] })
          }
          data={LOCALES.map((locale) => ({ value: locale, label: t(`locale.${locale}`) }))}
          disabled={disabled}
          data-testid="field-locale"
        />
        {creating && (
          <PasswordInput
            label={t('admin.user.initialPassword')}
            description={t('admin.user.initialPasswordHint')}
            value={values.initialPassword}
            onChange={(event) => onChange({ initialPassword: event.currentTarget.value })}
            error={error(errors.initialPassword)}
            disabled={disabled}
            autoComplete="new-password"
            required
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
    </Stack>
  );
}
