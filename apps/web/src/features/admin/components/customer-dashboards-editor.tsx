import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ErrorCode } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useSetCustomerDashboards } from '../api/customers-api';
import { customerFailureOf } from '../derive/customer-form';
import {
  checkDashboards,
  dashboardRowsOf,
  moveRow,
  newDashboardRow,
  withContracts,
  type DashboardRow,
} from '../derive/dashboards-form';
import type { CustomerSectionProps } from './customer-settings-form';

/**
 * The customer's dashboards in order, each with the customer's contracts it shows: add, rename,
 * remove, reorder and choose contracts, then save them all at once on the customer's version.
 */
export function CustomerDashboardsEditor({
  base,
  editable,
  conflict,
  onSaved,
  onConflict,
}: CustomerSectionProps) {
  const t = useT();
  const save = useSetCustomerDashboards(base.id);
  const [rows, setRows] = useState<DashboardRow[]>(() => dashboardRowsOf(base));
  const [names, setNames] = useState<Record<string, ErrorCode>>({});
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const [saved, setSaved] = useState(false);
  const contracts = base.clickLimits;
  const order = contracts.map((contract) => contract.contractId);
  const disabled = !editable || save.isPending;

  function update(next: DashboardRow[]) {
    setRows(next);
    setSaved(false);
  }
  const label = (row: DashboardRow, at: number) =>
    row.name.trim() || t('admin.customer.dashboards.unnamed', { number: at + 1 });

  function submit() {
    setFormError(null);
    setSaved(false);
    const checked = checkDashboards(rows, base.version);
    if (!checked.ok) {
      setNames(checked.names);
      setFormError(checked.formError);
      return;
    }
    setNames({});
    save.mutate(checked.body, {
      onSuccess: (customer) => {
        setRows(dashboardRowsOf(customer));
        setSaved(true);
        onSaved(customer);
      },
      onError: (error) => {
        const failure = customerFailureOf(error);
        if (failure.kind === 'conflict') onConflict();
        else setFormError(failure.code);
      },
    });
  }

  return (
    <form
      noValidate
      aria-labelledby="customer-dashboards-title"
      data-testid="customer-dashboards"
      onSubmit={(event) => {
        event.preventDefault();
        if (editable && !save.isPending) submit();
      }}
    >
      <Stack gap="sm">
        <Title order={2} id="customer-dashboards-title">
          {t('admin.customer.dashboards.title')}
        </Title>
        {conflict}
        {rows.length === 0 && <Text size="sm">{t('admin.customer.dashboards.none')}</Text>}
        {rows.map((row, at) => {
          const nameError = names[row.key];
          return (
            <Fieldset key={row.key} legend={label(row, at)} data-testid={`dashboard-${at}`}>
              <Stack gap="xs">
                <TextInput
                  label={t('admin.customer.dashboards.name')}
                  required
                  value={row.name}
                  disabled={disabled}
                  onChange={(event) =>
                    update(
                      rows.map((old) =>
                        old === row ? { ...row, name: event.currentTarget.value } : old,
                      ),
                    )
                  }
                  error={nameError ? t(errorMessageKey(nameError)) : undefined}
                />
                {contracts.length === 0 ? (
                  <Text size="sm">{t('admin.customer.limits.none')}</Text>
                ) : (
                  <Checkbox.Group
                    label={t('admin.customer.dashboards.contracts', { name: label(row, at) })}
                    value={row.contractIds}
                    onChange={(chosen) =>
                      update(
                        rows.map((old) => (old === row ? withContracts(row, chosen, order) : old)),
                      )
                    }
                  >
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
                      {contracts.map((contract) => (
                        <Checkbox
                          key={contract.contractId}
                          value={contract.contractId}
                          label={`${contract.contractId} · ${contract.product} (${contract.commodity})`}
                          disabled={disabled}
                        />
                      ))}
                    </SimpleGrid>
                  </Checkbox.Group>
                )}
                {editable && (
                  <Group gap="xs">
                    <Button
                      variant="default"
                      size="xs"
                      disabled={disabled || at === 0}
                      onClick={() => update(moveRow(rows, at, -1))}
                      aria-label={t('admin.customer.dashboards.up', { name: label(row, at) })}
                    >
                      {t('admin.customer.dashboards.upShort')}
                    </Button>
                    <Button
                      variant="default"
                      size="xs"
                      disabled={disabled || at === rows.length - 1}
                      onClick={() => update(moveRow(rows, at, 1))}
                      aria-label={t('admin.customer.dashboards.down', { name: label(row, at) })}
                    >
                      {t('admin.customer.dashboards.downShort')}
                    </Button>
                    <Button
                      variant="default"
                      color="red.8"
                      size="xs"
                      disabled={disabled}
                      onClick={() => update(rows.filter((old) => old !== row))}
                      aria-label={t('admin.customer.dashboards.remove', { name: label(row, at) })}
                    >
                      {t('admin.customer.dashboards.removeShort')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Fieldset>
          );
        })}
        {formError && (
          <Alert color="red" role="alert" data-testid="dashboards-error">
            {t(errorMessageKey(formError))}
          </Alert>
        )}
        {saved && (
          <Alert color="teal" role="status" data-testid="dashboards-saved">
            {t('admin.customer.dashboards.saved')}
          </Alert>
        )}
        {editable && (
          <Group gap="sm">
            <Button
              variant="default"
              disabled={disabled}
              onClick={() => update([...rows, newDashboardRow()])}
              data-testid="add-dashboard"
            >
              {t('admin.customer.dashboards.add')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="save-dashboards">
              {t('admin.customer.dashboards.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
