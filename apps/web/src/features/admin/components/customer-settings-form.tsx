import type { ReactNode } from 'react';
import { Checkbox, TextInput, Title } from '@mantine/core';
import type { CustomerDetail } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useUpdateCustomer } from '../api/customers-api';
import {
  checkSettings,
  settingsOf,
  type ClickLimitValues,
  type CustomerSettingsValues,
  type SettingsErrors,
} from '../derive/customer-form';
import { ClickLimitsFields } from './click-limits-fields';
import { CustomerSectionForm } from './customer-section-form';
import { useCustomerSection } from './use-customer-section';

/** The customer's on/off settings, each a checkbox with what it means. */
const SETTINGS = [
  {
    setting: 'requireSms',
    label: 'admin.customer.requireSms',
    hint: 'admin.customer.requireSmsHint',
  },
  {
    setting: 'requireApproval',
    label: 'admin.customer.requireApproval',
    hint: 'admin.customer.requireApprovalHint',
  },
  {
    setting: 'allowTotp',
    label: 'admin.customer.allowTotp',
    hint: 'admin.customer.allowTotpHint',
  },
  {
    setting: 'ssoLinkByEmail',
    label: 'admin.customer.ssoLinkByEmail',
    hint: 'admin.customer.ssoLinkByEmailHint',
  },
] as const satisfies readonly {
  setting: keyof CustomerSettingsValues;
  label: MessageKey;
  hint: MessageKey;
}[];

/** A part of editcustomer that saves on the customer's version. */
export interface CustomerSectionProps {
  base: CustomerDetail;
  editable: boolean;
  /** The stale-version message, when this part's save met one. */
  conflict: ReactNode;
  onSaved: (customer: CustomerDetail) => void;
  onConflict: () => void;
}

/**
 * The customer's name and click settings (SMS, four-eyes approval, authenticator app instead of
 * SMS, linking by e-mail at the first single sign-on, click limits per contract),
 * saved on the version read. What was typed stays when the save is refused.
 */
export function CustomerSettingsForm({
  base,
  editable,
  conflict,
  onSaved,
  onConflict,
}: CustomerSectionProps) {
  const t = useT();
  const update = useUpdateCustomer(base.id);
  const { values, errors, edit, ...section } = useCustomerSection({
    base,
    valuesOf: settingsOf,
    check: (typed: CustomerSettingsValues) => checkSettings(typed, base),
    mutation: update,
    nameError: (code): SettingsErrors => ({ name: code }),
    onSaved,
    onConflict,
  });
  const change = (next: Partial<CustomerSettingsValues>) =>
    edit((current) => ({ ...current, ...next }));
  const changeLimit = (contractId: string, next: Partial<ClickLimitValues>) =>
    edit((current) => ({
      ...current,
      clickLimits: current.clickLimits.map((limit) =>
        limit.contractId === contractId ? { ...limit, ...next } : limit,
      ),
    }));

  const disabled = !editable || section.pending;
  return (
    <CustomerSectionForm
      section="settings"
      title={t('admin.customer.settings')}
      conflict={conflict}
      attempt={section.attempt}
      formError={section.formError}
      savedText={section.saved ? t('admin.customer.saved') : null}
      editable={editable}
      pending={section.pending}
      onSubmit={section.save}
      submitLabel={t('admin.customer.save')}
      submitTestId="save-customer"
    >
      <TextInput
        label={t('admin.customer.name')}
        required
        value={values.name}
        disabled={disabled}
        onChange={(event) => change({ name: event.currentTarget.value })}
        error={errors.name ? t(errorMessageKey(errors.name)) : undefined}
        data-testid="customer-name"
      />
      {SETTINGS.map(({ setting, label, hint }) => (
        <Checkbox
          key={setting}
          label={t(label)}
          description={t(hint)}
          checked={values[setting]}
          disabled={disabled}
          onChange={(event) => change({ [setting]: event.currentTarget.checked })}
          data-testid={`customer-${setting}`}
        />
      ))}
      <Title order={3} size="h4">
        {t('admin.customer.limits.title')}
      </Title>
      <ClickLimitsFields
        contracts={base.clickLimits}
        values={values.clickLimits}
        errors={errors}
        disabled={disabled}
        onChange={changeLimit}
      />
    </CustomerSectionForm>
  );
}
