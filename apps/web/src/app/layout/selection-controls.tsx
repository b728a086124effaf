import { useId } from 'react';
import { Group, NativeSelect, Text } from '@mantine/core';
import type { Customer } from '@klik/api';
import { useT } from '../../shared/i18n/use-t';
import { chooseCustomer, chooseDashboard } from '../../shared/session/session-store';
import { useSelection } from '../../shared/session/use-selection';
import type { ScreenSelection } from './screen-selection';

interface Choice {
  id: number;
  name: string;
}

/** A native select of customers or dashboards by id; disabled while there is nothing to choose. */
function ChoiceSelect<T extends Choice>({
  id,
  label,
  testId,
  choices,
  chosen,
  onChoose,
}: {
  id: string;
  label: string | undefined;
  testId: string;
  choices: readonly T[];
  chosen: T | null;
  onChoose: (choice: T) => void;
}) {
  return (
    <NativeSelect
      id={id}
      size="xs"
      label={label}
      data-testid={testId}
      className={`klik-${testId}`}
      value={chosen ? String(chosen.id) : ''}
      data={choices.map((choice) => ({ value: String(choice.id), label: choice.name }))}
      disabled={choices.length === 0}
      onChange={(event) => {
        const value = Number(event.currentTarget.value);
        const choice = choices.find((candidate) => candidate.id === value);
        if (choice) onChoose(choice);
      }}
    />
  );
}

/**
 * The customer and dashboard selectors of the screens that use them. `inline`: one row with the
 * labels beside the fields, for the header; `bar`: labels above, for the strip under a narrow
 * header.
 */
export function SelectionControls({
  customers,
  selection,
  layout,
}: {
  customers: readonly Customer[];
  selection: ScreenSelection;
  layout: 'inline' | 'bar';
}) {
  const t = useT();
  const { customer, dashboard } = useSelection();
  const customerId = useId();
  const dashboardId = useId();
  const dashboards = customer?.dashboards ?? [];
  const inline = layout === 'inline';

  const customerSelect = (
    <ChoiceSelect
      id={customerId}
      label={inline ? undefined : t('shell.customer.label')}
      testId="customer-select"
      choices={customers}
      chosen={customer}
      onChoose={chooseCustomer}
    />
  );
  const dashboardSelect = selection === 'customerAndDashboard' && (
    <ChoiceSelect
      id={dashboardId}
      label={inline ? undefined : t('shell.dashboard.label')}
      testId="dashboard-select"
      choices={dashboards}
      chosen={dashboard}
      onChoose={chooseDashboard}
    />
  );

  if (!inline) {
    return (
      <Group className="klik-selection-bar" gap="sm" wrap="nowrap" grow align="flex-end">
        {customerSelect}
        {dashboardSelect}
      </Group>
    );
  }
  return (
    <Group className="klik-selection" gap="xs" wrap="nowrap">
      <Text component="label" htmlFor={customerId} size="sm" fw={600}>
        {t('shell.customer.label')}
      </Text>
      {customerSelect}
      {dashboardSelect && (
        <>
          <Text component="label" htmlFor={dashboardId} size="sm" fw={600} ml="xs">
            {t('shell.dashboard.label')}
          </Text>
          {dashboardSelect}
        </>
      )}
    </Group>
  );
}
