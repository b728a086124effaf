import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { AuditOutcomeSchema } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { ChoiceFilter } from '../../../shared/ui/choice-filter';
import { PeriodFilter } from '../../../shared/ui/period-filter';
import { auditOutcomeKey } from '../derive/audit-labels';
import {
  KNOWN_AUDIT_ACTIONS,
  type AuditListField,
  type AuditListParams,
} from '../derive/audit-query';
import { CustomerFilterField } from './customer-filter-field';
import { FilterResetButton } from './list-filter-controls';
import { useDebouncedField } from './use-debounced-field';

/** The audit log's filters; every change goes to the address bar, typed text after a pause. */
export function AuditFilters({
  params,
  onChange,
  onReset,
}: {
  params: AuditListParams;
  onChange: (field: AuditListField, value: string) => void;
  onReset: () => void;
}) {
  const t = useT();
  const actor = useDebouncedField(params.actor, (value) => onChange('actor', value));
  const action = useDebouncedField(params.action, (value) => onChange('action', value));
  const periodWrong =
    params.from !== undefined && params.to !== undefined && params.from > params.to;
  return (
    <form
      role="search"
      aria-label={t('admin.audit.filter.label')}
      data-testid="audit-filters"
      onSubmit={(event) => {
        event.preventDefault();
        actor.flush();
        action.flush();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          <TextInput
            type="search"
            label={t('admin.audit.filter.actor')}
            description={t('admin.audit.filter.actorHint')}
            value={actor.text}
            onChange={(event) => actor.change(event.currentTarget.value)}
            data-testid="filter-actor"
          />
          <TextInput
            label={t('admin.audit.filter.action')}
            description={t('admin.audit.filter.actionHint')}
            value={action.text}
            onChange={(event) => action.change(event.currentTarget.value)}
            list="audit-actions"
            autoComplete="off"
            data-testid="filter-action"
          />
          <ChoiceFilter
            label={t('admin.audit.filter.outcome')}
            value={params.outcome}
            allLabel={t('admin.users.filter.all')}
            choices={AuditOutcomeSchema.options.map((outcome) => ({
              value: outcome,
              label: t(auditOutcomeKey(outcome)),
            }))}
            onChange={(value) => onChange('outcome', value)}
            testId="filter-outcome"
          />
          <PeriodFilter
            from={params.from}
            to={params.to}
            fromLabel={t('admin.audit.filter.from')}
            toLabel={t('admin.audit.filter.to')}
            toError={periodWrong ? t('admin.audit.filter.periodWrong') : undefined}
            onChange={onChange}
          />
          <CustomerFilterField
            label={t('admin.audit.filter.customer')}
            customerId={params.customerId}
            onChange={(value) => onChange('customerId', value)}
            testId="audit"
          />
        </SimpleGrid>
        <datalist id="audit-actions">
          {KNOWN_AUDIT_ACTIONS.map((known) => (
            <option key={known} value={known} />
          ))}
        </datalist>
        <Group gap="xs">
          <Button type="submit" size="xs" data-testid="filter-apply">
            {t('admin.audit.filter.apply')}
          </Button>
          <FilterResetButton onReset={onReset} testId="filter-reset" />
        </Group>
      </Stack>
    </form>
  );
}
