import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import type { CustomerDetail, ErrorCode } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useUpdateCustomer } from '../api/customers-api';
import {
  checkSettings,
  customerFailureOf,
  settingsOf,
  type ClickLimitValues,
  type CustomerSettingsValues,
  type SettingsErrors,
} from '../derive/customer-form';
import { ClickLimitsFields } from './click-limits-fields';

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
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CustomerSettingsValues>(() => settingsOf(base));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const [saved, setSaved] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  function change(next: Partial<CustomerSettingsValues>) {
    setValues((current) => ({ ...current, ...next }));
    setSaved(false);
  }
  function changeLimit(contractId: string, next: Partial<ClickLimitValues>) {
    setValues((current) => ({
      ...current,
      clickLimits: current.clickLimits.map((limit) =>
        limit.contractId === contractId ? { ...limit, ...next } : limit,
      ),
    }));
    setSaved(false);
  }

  function save() {
    setFormError(null);
    setSaved(false);
    const checked = checkSettings(values, base);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(checked.formError);
      setAttempt((count) => count + 1);
      return;
    }
    setErrors({});
    update.mutate(checked.body, {
      onSuccess: (customer) => {
        setValues(settingsOf(customer));
        setSaved(true);
        onSaved(customer);
      },
      onError: (error) => {
        const failure = customerFailureOf(error);
        if (failure.kind === 'conflict') onConflict();
        else if (failure.kind === 'name') setErrors({ name: failure.code });
        else setFormError(failure.code);
        setAttempt((count) => count + 1);
      },
    });
  }

  const disabled = !editable || update.isPending;
  return (
    <form
      ref={form}
      noValidate
      aria-labelledby="customer-settings-title"
      data-testid="customer-settings"
      onSubmit={(event) => {
        event.preventDefault();
        if (editable && !update.isPending) save();
      }}
    >
      <Stack gap="sm">
        <Title order={2} id="customer-settings-title">
          {t('admin.customer.settings')}
        </Title>
        {conflict}
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
        {formError && (
          <Alert color="red" role="alert" data-testid="settings-error">
            {t(errorMessageKey(formError))}
          </Alert>
        )}
        {saved && (
          <Alert color="teal" role="status" data-testid="settings-saved">
            {t('admin.customer.saved')}
          </Alert>
        )}
        {editable && (
          <Group>
            <Button type="submit" loading={update.isPending} data-testid="save-customer">
              {t('admin.customer.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
