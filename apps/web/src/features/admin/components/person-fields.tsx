import { NativeSelect, TextInput } from '@mantine/core';
import { LOCALES, type ErrorCode, type Locale } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';

export interface PersonValues {
  name: string;
  email: string;
  mobile: string;
  locale: Locale;
}

/**
 * The person behind an account, as every user form asks for it: name, e-mail, mobile number and
 * language, each with its own error in the catalogue's words. Placed inside the form's grid.
 */
export function PersonFields({
  values,
  errors,
  nameLabel,
  nameHint,
  disabled,
  onChange,
}: {
  values: PersonValues;
  errors: Partial<Record<'name' | 'email' | 'mobile', ErrorCode>>;
  nameLabel: string;
  nameHint?: string;
  disabled: boolean;
  onChange: (change: Partial<PersonValues>) => void;
}) {
  const t = useT();
  const error = (code: ErrorCode | undefined) => (code ? t(errorMessageKey(code)) : undefined);
  return (
    <>
      <TextInput
        label={nameLabel}
        description={nameHint}
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
        onChange={(event) => onChange({ locale: event.currentTarget.value as Locale })}
        data={LOCALES.map((locale) => ({ value: locale, label: t(`locale.${locale}`) }))}
        disabled={disabled}
        data-testid="field-locale"
      />
    </>
  );
}
