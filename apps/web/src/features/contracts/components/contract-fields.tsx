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

/** A typed value of the contract, with its message; `numeric` ones get a number keyboard. */
function TextField({
  label,
  description,
  value,
  error,
  numeric,
  required,
  testId,
  onText,
}: {
  label: string;
  description?: string;
  value: string;
  error: string | undefined;
  numeric?: 'decimal' | 'numeric';
  required?: boolean;
  testId: string;
  onText: (text: string) => void;
}) {
  return (
    <TextInput
      label={label}
      description={description}
      value={value}
      onChange={(event) => onText(event.currentTarget.value)}
      error={error}
      inputMode={numeric}
      required={required}
      data-testid={testId}
    />
  );
}

/** One of a fixed set of choices, each named in the catalogue; there is always one chosen. */
function ChoiceField<V extends string>({
  label,
  options,
  value,
  disabled,
  description,
  testId,
  onPick,
}: {
  label: string;
  options: readonly { value: V; label: string }[];
  value: V;
  disabled?: boolean;
  description?: string;
  testId: string;
  onPick: (value: V) => void;
}) {
  return (
    <Select
      label={label}
      data={options}
      value={value}
      onChange={(picked) => picked && onPick(picked as V)}
      allowDeselect={false}
      disabled={disabled}
      description={description}
      data-testid={testId}
    />
  );
}

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

const COMMODITIES = ['Gas', 'Power'] as const satisfies readonly ContractFormValues['commodity'][];
const CLICK_TYPES = [
  'NONE',
  'ALL',
  'YEAR',
  'QUARTER',
  'MONTH',
] as const satisfies readonly ContractFormValues['clickType'][];
const MARKET_OPTIONS = [
  'OTC_ONLY',
  'PRE_EOD',
  'PRE_EOD_AND_OVERNIGHT',
] as const satisfies readonly ContractFormValues['marketOption'][];

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
      <TextField
        label={t('contracts.field.contractId')}
        value={values.contractId}
        error={errorOf('contractId')}
        required
        testId="field-contractId"
        onText={(contractId) => onChange({ contractId })}
      />
      <ChoiceField
        label={t('contracts.field.commodity')}
        options={COMMODITIES.map((value) => ({ value, label: t(`contracts.commodity.${value}`) }))}
        value={values.commodity}
        disabled={hasClicks}
        description={hasClicks ? t('contracts.field.fixedByClicks') : undefined}
        testId="field-commodity"
        onPick={onCommodity}
      />
      <TextField
        label={t('contracts.field.product')}
        value={values.product}
        error={errorOf('product')}
        required
        testId="field-product"
        onText={(product) => onChange({ product })}
      />
      <ChoiceField
        label={t('contracts.field.clickType')}
        options={CLICK_TYPES.map((value) => ({ value, label: t(`contracts.clickType.${value}`) }))}
        value={values.clickType}
        testId="field-clickType"
        onPick={(clickType) => onChange({ clickType })}
      />
      <ChoiceField
        label={t('contracts.field.marketOption')}
        options={MARKET_OPTIONS.map((value) => ({
          value,
          label: t(`contracts.marketOption.${value}`),
        }))}
        value={values.marketOption}
        testId="field-marketOption"
        onPick={(marketOption) => onChange({ marketOption })}
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
          <TextField
            label={t('contracts.pricing.markUp', { part: t(`contracts.part.${price.part}`) })}
            value={price.markUp}
            error={errorOf(`pricing.${index}.markUp`)}
            numeric="decimal"
            testId={`field-markUp-${price.part}`}
            onText={(markUp) => setPart(index, { markUp })}
          />
          <TextField
            label={t('contracts.pricing.fee', { part: t(`contracts.part.${price.part}`) })}
            value={price.transactionFee}
            error={errorOf(`pricing.${index}.transactionFee`)}
            numeric="decimal"
            testId={`field-fee-${price.part}`}
            onText={(transactionFee) => setPart(index, { transactionFee })}
          />
        </Group>
      ))}
      <Group align="flex-end">
        <TextField
          label={t('contracts.pricing.lumpSum')}
          value={values.lumpSum}
          error={errorOf('lumpSum')}
          numeric="decimal"
          testId="field-lumpSum"
          onText={(lumpSum) => onChange({ lumpSum })}
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
        <TextField
          label={t('contracts.limits.maxClicks')}
          description={t('contracts.limits.maxClicksHint')}
          value={values.maxClicksPerYear}
          error={errorOf('clickLimits.maxClicksPerYear')}
          numeric="numeric"
          testId="field-maxClicks"
          onText={(maxClicksPerYear) => onChange({ maxClicksPerYear })}
        />
        {SHARE_FIELDS.map(({ key, label, testId }) => (
          <TextField
            key={key}
            label={t(label)}
            value={values[key]}
            error={errorOf(`clickLimits.${key}`)}
            numeric="decimal"
            testId={testId}
            onText={(share) => onChange({ [key]: share })}
          />
        ))}
      </SimpleGrid>
      <Text size="sm">{t('contracts.deadline.hint')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(['YEAR', 'QUARTER', 'MONTH'] as const).map((type) => (
          <TextField
            key={type}
            label={t(`contracts.deadline.${type}`)}
            value={values.deadline[type]}
            error={errorOf(`deadlineRule.${type}`)}
            numeric="numeric"
            testId={`field-deadline-${type}`}
            onText={(days) => onChange({ deadline: { ...values.deadline, [type]: days } })}
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
        <ChoiceField<Override>
          label={t('contracts.settings.sms')}
          options={overrides}
          value={values.requireSms}
          testId="field-requireSms"
          onPick={(requireSms) => onChange({ requireSms })}
        />
        <ChoiceField<Override>
          label={t('contracts.settings.approval')}
          options={overrides}
          value={values.requireApproval}
          testId="field-requireApproval"
          onPick={(requireApproval) => onChange({ requireApproval })}
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
