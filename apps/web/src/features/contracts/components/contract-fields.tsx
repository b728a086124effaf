import { useState } from 'react';
import {
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../../../shared/i18n/use-t';
import { useCustomerChoices, useCustomerDashboards } from '../api/contracts-api';
import type { ContractFormValues, Override } from '../derive/contract-form';

/** The message to show at a field (by its path in the contract input), or undefined. */
export type FieldText = (path: string) => string | undefined;

type Change = (patch: Partial<ContractFormValues>) => void;

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Customer, Contract-ID, commodity, product, click type and market option. */
export function GeneralFields({
  values,
  errorOf,
  onChange,
  onCommodity,
  hasClicks,
  customerName,
}: {
  values: ContractFormValues;
  errorOf: FieldText;
  onChange: Change;
  onCommodity: (commodity: ContractFormValues['commodity']) => void;
  hasClicks: boolean;
  customerName: string | null;
}) {
  const t = useT();
  const [search, setSearch] = useState(customerName ?? '');
  const choices = useCustomerChoices(search === customerName ? '' : search);
  const options = (choices.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
  if (values.customerId !== null && !options.some((o) => o.value === String(values.customerId))) {
    options.unshift({
      value: String(values.customerId),
      label: customerName ?? `#${values.customerId}`,
    });
  }
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={t('contracts.field.customer')}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={options}
        value={values.customerId === null ? null : String(values.customerId)}
        onChange={(value) =>
          onChange({ customerId: value === null ? null : Number(value), dashboardIds: [] })
        }
        disabled={hasClicks}
        description={hasClicks ? t('contracts.field.fixedByClicks') : undefined}
        error={errorOf('customerId')}
        nothingFoundMessage={t('contracts.field.noCustomer')}
        required
        data-testid="field-customer"
      />
      <TextInput
        label={t('contracts.field.contractId')}
        value={values.contractId}
        onChange={(event) => onChange({ contractId: event.currentTarget.value })}
        error={errorOf('contractId')}
        required
        data-testid="field-contractId"
      />
      <Select
        label={t('contracts.field.commodity')}
        data={[
          { value: 'Gas', label: t('contracts.commodity.Gas') },
          { value: 'Power', label: t('contracts.commodity.Power') },
        ]}
        value={values.commodity}
        onChange={(value) => value && onCommodity(value as ContractFormValues['commodity'])}
        allowDeselect={false}
        disabled={hasClicks}
        description={hasClicks ? t('contracts.field.fixedByClicks') : undefined}
        data-testid="field-commodity"
      />
      <TextInput
        label={t('contracts.field.product')}
        value={values.product}
        onChange={(event) => onChange({ product: event.currentTarget.value })}
        error={errorOf('product')}
        required
        data-testid="field-product"
      />
      <Select
        label={t('contracts.field.clickType')}
        data={(['NONE', 'ALL', 'YEAR', 'QUARTER', 'MONTH'] as const).map((value) => ({
          value,
          label: t(`contracts.clickType.${value}`),
        }))}
        value={values.clickType}
        onChange={(value) =>
          value && onChange({ clickType: value as ContractFormValues['clickType'] })
        }
        allowDeselect={false}
        data-testid="field-clickType"
      />
      <Select
        label={t('contracts.field.marketOption')}
        data={(['OTC_ONLY', 'PRE_EOD', 'PRE_EOD_AND_OVERNIGHT'] as const).map((value) => ({
          value,
          label: t(`contracts.marketOption.${value}`),
        }))}
        value={values.marketOption}
        onChange={(value) =>
          value && onChange({ marketOption: value as ContractFormValues['marketOption'] })
        }
        allowDeselect={false}
        data-testid="field-marketOption"
      />
    </SimpleGrid>
  );
}

/** Mark-up and transaction fee per part, the lump sum and runout. */
export function PricingFields({
  values,
  errorOf,
  onChange,
}: {
  values: ContractFormValues;
  errorOf: FieldText;
  onChange: Change;
}) {
  const t = useT();
  const setPart = (index: number, patch: Partial<ContractFormValues['pricing'][number]>) =>
    onChange({
      pricing: values.pricing.map((p, i) => (i === index ? { ...p, ...patch } : p)),
    });
  return (
    <Stack gap="sm">
      {values.marginScenarioId !== null && (
        <Text size="sm" data-testid="margin-scenario">
          {t('contracts.pricing.scenario', { id: values.marginScenarioId })}
        </Text>
      )}
      {values.pricing.map((price, index) => (
        <Group key={price.part} align="flex-start">
          <TextInput
            label={t('contracts.pricing.markUp', { part: t(`contracts.part.${price.part}`) })}
            value={price.markUp}
            onChange={(event) => setPart(index, { markUp: event.currentTarget.value })}
            error={errorOf(`pricing.${index}.markUp`)}
            inputMode="decimal"
            data-testid={`field-markUp-${price.part}`}
          />
          <TextInput
            label={t('contracts.pricing.fee', { part: t(`contracts.part.${price.part}`) })}
            value={price.transactionFee}
            onChange={(event) => setPart(index, { transactionFee: event.currentTarget.value })}
            error={errorOf(`pricing.${index}.transactionFee`)}
            inputMode="decimal"
            data-testid={`field-fee-${price.part}`}
          />
        </Group>
      ))}
      <Group align="flex-end">
        <TextInput
          label={t('contracts.pricing.lumpSum')}
          value={values.lumpSum}
          onChange={(event) => onChange({ lumpSum: event.currentTarget.value })}
          error={errorOf('lumpSum')}
          inputMode="decimal"
          data-testid="field-lumpSum"
        />
        <Checkbox
          label={t('contracts.pricing.runOut')}
          checked={values.runOut}
          onChange={(event) => onChange({ runOut: event.currentTarget.checked })}
          data-testid="field-runOut"
        />
      </Group>
    </Stack>
  );
}

const SHARE_FIELDS = [
  { key: 'minClickPercentage', label: 'contracts.limits.minShare', testId: 'field-minShare' },
  { key: 'maxClickPercentage', label: 'contracts.limits.maxShare', testId: 'field-maxShare' },
] as const;

/** Click limits and the deadline rule per period type. */
export function ClickRuleFields({
  values,
  errorOf,
  onChange,
}: {
  values: ContractFormValues;
  errorOf: FieldText;
  onChange: Change;
}) {
  const t = useT();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('contracts.limits.maxClicks')}
          description={t('contracts.limits.maxClicksHint')}
          value={values.maxClicksPerYear}
          onChange={(event) => onChange({ maxClicksPerYear: event.currentTarget.value })}
          error={errorOf('clickLimits.maxClicksPerYear')}
          inputMode="numeric"
          data-testid="field-maxClicks"
        />
        {SHARE_FIELDS.map(({ key, label, testId }) => (
          <TextInput
            key={key}
            label={t(label)}
            value={values[key]}
            onChange={(event) => onChange({ [key]: event.currentTarget.value })}
            error={errorOf(`clickLimits.${key}`)}
            inputMode="decimal"
            data-testid={testId}
          />
        ))}
      </SimpleGrid>
      <Text size="sm">{t('contracts.deadline.hint')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(['YEAR', 'QUARTER', 'MONTH'] as const).map((type) => (
          <TextInput
            key={type}
            label={t(`contracts.deadline.${type}`)}
            value={values.deadline[type]}
            onChange={(event) =>
              onChange({ deadline: { ...values.deadline, [type]: event.currentTarget.value } })
            }
            error={errorOf(`deadlineRule.${type}`)}
            inputMode="numeric"
            data-testid={`field-deadline-${type}`}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** SMS and four-eyes when they differ from the customer's, and the dashboards it appears on. */
export function SettingsFields({
  values,
  onChange,
}: {
  values: ContractFormValues;
  onChange: Change;
}) {
  const t = useT();
  const dashboards = useCustomerDashboards(values.customerId);
  const overrides = (['customer', 'yes', 'no'] as const).map((value) => ({
    value,
    label: t(`contracts.override.${value}`),
  }));
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('contracts.settings.sms')}
          data={overrides}
          value={values.requireSms}
          onChange={(value) => value && onChange({ requireSms: value as Override })}
          allowDeselect={false}
          data-testid="field-requireSms"
        />
        <Select
          label={t('contracts.settings.approval')}
          data={overrides}
          value={values.requireApproval}
          onChange={(value) => value && onChange({ requireApproval: value as Override })}
          allowDeselect={false}
          data-testid="field-requireApproval"
        />
      </SimpleGrid>
      <Checkbox.Group
        label={t('contracts.settings.dashboards')}
        value={values.dashboardIds.map(String)}
        onChange={(ids) => onChange({ dashboardIds: ids.map(Number) })}
        data-testid="field-dashboards"
      >
        <Group mt="xs">
          {values.customerId === null && (
            <Text size="sm">{t('contracts.settings.chooseCustomer')}</Text>
          )}
          {(dashboards.data ?? []).map((dashboard) => (
            <Checkbox key={dashboard.id} value={String(dashboard.id)} label={dashboard.name} />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}
