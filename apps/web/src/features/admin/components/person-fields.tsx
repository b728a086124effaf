import type { ReactNode } from 'react';
import { NativeSelect, PasswordInput, TextInput } from '@mantine/core';
import { LOCALES, type ErrorCode, type Locale } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import type { AccountValues } from '../derive/user-form';

/**
 * The account and the person behind it, as every user form asks for them: the user name (chosen
 * when the account is created, shown after that), name, e-mail, mobile number and language, what
 * the form asks besides (`children`), and a new account's first password (left empty, the server
 * e-mails an invitation instead); each with its own error in the catalogue's words. Placed inside
 * the form's grid.
 */
export function PersonFields({
  creating,
  values,
  errors,
  nameLabel,
  nameHint,
  disabled,
  onChange,
  children,
}: {
  creating: boolean;
  values: AccountValues;
  errors: Partial<Record<'username' | 'initialPassword' | 'name' | 'email' | 'mobile', ErrorCode>>;
  nameLabel: string;
  nameHint?: string;
  disabled: boolean;
  onChange: (change: Partial<AccountValues>) => void;
  children?: ReactNode;
}) {
  const t = useT();
  const error = (code: ErrorCode | undefined) => (code ? t(errorMessageKey(code)) : undefined);
  return (
    <>
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
      {children}
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
    </>
  );
}
