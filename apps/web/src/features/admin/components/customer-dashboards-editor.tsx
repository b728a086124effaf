import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useSetCustomerDashboards } from '../api/customers-api';
import {
  checkDashboards,
  dashboardRowsOf,
  moveRow,
  newDashboardRow,
  withContracts,
  type DashboardRow,
} from '../derive/dashboards-form';
import { CustomerSectionForm } from './customer-section-form';
import { useCustomerSection } from './use-customer-section';
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
  const section = useCustomerSection({
    base,
    valuesOf: dashboardRowsOf,
    check: (typed: DashboardRow[]) => checkDashboards(typed, base.version),
    mutation: save,
    onSaved,
    onConflict,
  });
  const rows = section.values;
  const names = section.errors;
  const contracts = base.clickLimits;
  const order = contracts.map((contract) => contract.contractId);
  const disabled = !editable || section.pending;

  const update = (next: DashboardRow[]) => section.edit(() => next);
  const label = (row: DashboardRow, at: number) =>
    row.name.trim() || t('admin.customer.dashboards.unnamed', { number: at + 1 });

  return (
    <CustomerSectionForm
      section="dashboards"
      title={t('admin.customer.dashboards.title')}
      conflict={conflict}
      formError={section.formError}
      savedText={section.saved ? t('admin.customer.dashboards.saved') : null}
      editable={editable}
      pending={section.pending}
      onSubmit={section.save}
      submitLabel={t('admin.customer.dashboards.save')}
      submitTestId="save-dashboards"
      actions={
        <Button
          variant="default"
          disabled={disabled}
          onClick={() => update([...rows, newDashboardRow()])}
          data-testid="add-dashboard"
        >
          {t('admin.customer.dashboards.add')}
        </Button>
      }
    >
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
    </CustomerSectionForm>
  );
}
