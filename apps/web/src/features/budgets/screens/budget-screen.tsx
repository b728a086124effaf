import { useState } from 'react';
import { Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { BudgetYear } from '@klik/api';
import { isStaffRole } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { useSession } from '../../../shared/session/use-session';
import { LoadFailed, Loading, NoCustomer } from '../../../shared/ui/load-states';
import { useBudgetDetail, useBudgetYears } from '../api/budgets-api';
import { BudgetChart } from '../components/budget-chart';
import { BudgetForm } from '../components/budget-form';
import { BudgetStandingFigures } from '../components/budget-standing';

function keyOf(year: Pick<BudgetYear, 'contractId' | 'yearOfSupply'>): string {
  return `${year.contractId}/${year.yearOfSupply}`;
}

function YearBudget({
  customerId,
  year,
  mayChange,
}: {
  customerId: number;
  year: BudgetYear;
  mayChange: boolean;
}) {
  const t = useT();
  const detail = useBudgetDetail(customerId, year.contractId, year.yearOfSupply);
  if (detail.isPending) return <Loading text={t('budget.loading')} />;
  if (detail.isError) {
    return <LoadFailed text={t('budget.loadFailed')} onRetry={() => void detail.refetch()} />;
  }
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <BudgetStandingFigures year={detail.data} />
      </Paper>
      {detail.data.budget ? (
        <Paper withBorder p="md">
          <BudgetChart detail={detail.data} />
        </Paper>
      ) : (
        <Text data-testid="budget-none">
          {t(mayChange ? 'budget.none' : 'budget.noneReadOnly')}
        </Text>
      )}
      {mayChange ? (
        <Paper withBorder p="md">
          <BudgetForm
            key={keyOf(year)}
            customerId={customerId}
            contractId={year.contractId}
            yearOfSupply={year.yearOfSupply}
            budget={detail.data.budget}
          />
        </Paper>
      ) : (
        <Text size="sm" c="dimmed">
          {t('budget.readOnly')}
        </Text>
      )}
    </Stack>
  );
}

function CustomerBudgets({ customerId, mayChange }: { customerId: number; mayChange: boolean }) {
  const t = useT();
  const years = useBudgetYears(customerId);
  const [chosen, setChosen] = useState<string | null>(null);
  if (years.isPending) return <Loading text={t('budget.loading')} />;
  if (years.isError) {
    return (
      <LoadFailed
        text={t('budget.loadFailed')}
        onRetry={() => void years.refetch()}
        testId="budget-error"
      />
    );
  }
  if (years.data.length === 0) return <Text data-testid="budget-empty">{t('budget.empty')}</Text>;
  const thisYear = new Date().getFullYear();
  const fallback =
    years.data.find((year) => year.budget !== null) ??
    years.data.find((year) => year.yearOfSupply >= thisYear) ??
    years.data[0]!;
  const selected = years.data.find((year) => keyOf(year) === chosen) ?? fallback;
  return (
    <Stack gap="md">
      <Select
        label={t('budget.choose')}
        data-testid="budget-year"
        allowDeselect={false}
        value={keyOf(selected)}
        onChange={setChosen}
        data={years.data.map((year) => ({
          value: keyOf(year),
          label: t(year.budget ? 'budget.option.withBudget' : 'budget.option', {
            contractId: year.contractId,
            product: year.product,
            year: year.yearOfSupply,
          }),
        }))}
      />
      <YearBudget
        key={keyOf(selected)}
        customerId={customerId}
        year={selected}
        mayChange={mayChange}
      />
    </Stack>
  );
}

/** The budget of a contract year with its bandwidth, where the year stands, and the chart. */
export function BudgetScreen() {
  const t = useT();
  const session = useSession();
  const { customer } = useSelection();
  // Display only: the server decides (a read-only link to this customer is refused there).
  const mayChange = session !== null && !session.readOnly && !isStaffRole(session.role);
  return (
    <Stack data-testid="screen-budget">
      <Title order={1}>{t('budget.title')}</Title>
      <Text>{t('budget.intro')}</Text>
      {customer ? (
        <CustomerBudgets key={customer.id} customerId={customer.id} mayChange={mayChange} />
      ) : (
        <NoCustomer />
      )}
    </Stack>
  );
}
