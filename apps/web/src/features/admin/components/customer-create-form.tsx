import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Stack, TextInput, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import type { ErrorCode } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useFocusFirstInvalid } from '../../../shared/ui/use-focus-first-invalid';
import { ADMIN_WEB_PATHS } from '../admin-paths';
import { useCreateCustomer } from '../api/customers-api';
import {
  checkNewCustomer,
  customerFailureOf,
  type NewCustomerValues,
} from '../derive/customer-form';
import type { CreatedState } from './record-edit-parts';
import { ErrorAlert } from '../../../shared/ui/error-alert';

const EMPTY: NewCustomerValues = {
  name: '',
  requireSms: false,
  requireApproval: false,
  dashboards: [''],
};

/** A new customer with its click settings and first dashboards; on success its editcustomer opens. */
export function CustomerCreateForm({ onCancel }: { onCancel: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const create = useCreateCustomer();
  const [values, setValues] = useState<NewCustomerValues>(EMPTY);
  const [nameError, setNameError] = useState<ErrorCode | null>(null);
  const [dashboardErrors, setDashboardErrors] = useState<Record<number, ErrorCode>>({});
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useFocusFirstInvalid(attempt);

  const change = (next: Partial<NewCustomerValues>) =>
    setValues((current) => ({ ...current, ...next }));
  const setDashboard = (row: number, name: string) =>
    change({ dashboards: values.dashboards.map((old, at) => (at === row ? name : old)) });

  function submit() {
    setFormError(null);
    const checked = checkNewCustomer(values);
    if (!checked.ok) {
      setNameError(checked.name);
      setDashboardErrors(checked.dashboards);
      setFormError(checked.formError);
      setAttempt((count) => count + 1);
      return;
    }
    setNameError(null);
    setDashboardErrors({});
    create.mutate(checked.body, {
      onSuccess: (customer) => {
        const state: CreatedState = { created: true };
        void navigate(ADMIN_WEB_PATHS.editCustomer(customer.id), { state });
      },
      onError: (error) => {
        const failure = customerFailureOf(error);
        if (failure.kind === 'name') setNameError(failure.code);
        else setFormError(failure.kind === 'conflict' ? 'VERSION_CONFLICT' : failure.code);
        setAttempt((count) => count + 1);
      },
    });
  }

  return (
    <form
      ref={form}
      noValidate
      aria-labelledby="new-customer-title"
      data-testid="new-customer-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!create.isPending) submit();
      }}
    >
      <Stack gap="sm">
        <Title order={2} id="new-customer-title">
          {t('admin.customers.new')}
        </Title>
        <TextInput
          label={t('admin.customer.name')}
          required
          value={values.name}
          onChange={(event) => change({ name: event.currentTarget.value })}
          error={nameError ? t(errorMessageKey(nameError)) : undefined}
          data-testid="new-customer-name"
        />
        <Checkbox
          label={t('admin.customer.requireSms')}
          checked={values.requireSms}
          onChange={(event) => change({ requireSms: event.currentTarget.checked })}
        />
        <Checkbox
          label={t('admin.customer.requireApproval')}
          checked={values.requireApproval}
          onChange={(event) => change({ requireApproval: event.currentTarget.checked })}
        />
        <Title order={3} size="h5">
          {t('admin.customers.new.dashboards')}
        </Title>
        {values.dashboards.map((name, row) => (
          <Group key={row} gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              flex={1}
              label={t('admin.customers.new.dashboardName', { number: row + 1 })}
              value={name}
              onChange={(event) => setDashboard(row, event.currentTarget.value)}
              error={dashboardErrors[row] ? t(errorMessageKey(dashboardErrors[row])) : undefined}
            />
            <ActionIcon
              variant="default"
              size="lg"
              mb={dashboardErrors[row] ? 22 : 0}
              aria-label={t('admin.customers.new.removeDashboard', { number: row + 1 })}
              onClick={() =>
                change({ dashboards: values.dashboards.filter((_, at) => at !== row) })
              }
            >
              <span aria-hidden="true">×</span>
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() => change({ dashboards: [...values.dashboards, ''] })}
          >
            {t('admin.customers.new.addDashboard')}
          </Button>
        </Group>
        <ErrorAlert code={formError} testId="new-customer-error" />
        <Group gap="sm">
          <Button type="submit" loading={create.isPending} data-testid="create-customer">
            {t('admin.customers.create')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('app.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
