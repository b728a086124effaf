import { useState } from 'react';
import { Button, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { StrategyParameters, TrancheSchedule } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { REFERENCE_STRATEGIES, strategyKey } from './backtest-labels';

type Reference = StrategyParameters['reference'];

/** A whole number from `min` to `max` as typed, or null. */
function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\s*\d+\s*$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

const LIMIT_DAYS = { min: 5, max: 250 };
const LIMIT_SHARE = { min: 1, max: 100 };

/**
 * The parameters the strategies replay with. A choice from a list applies at once; the two
 * numbers apply with the button (or Enter), once they are in their range.
 */
export function StrategyParametersForm({
  parameters,
  onChange,
}: {
  parameters: StrategyParameters;
  onChange: (changes: Partial<StrategyParameters>) => void;
}) {
  const t = useT();
  const [days, setDays] = useState(String(parameters.limitDays));
  const [share, setShare] = useState(String(parameters.limitShare));
  const [submitted, setSubmitted] = useState(false);
  const daysValue = wholeNumber(days, LIMIT_DAYS.min, LIMIT_DAYS.max);
  const shareValue = wholeNumber(share, LIMIT_SHARE.min, LIMIT_SHARE.max);
  const changed = daysValue !== parameters.limitDays || shareValue !== parameters.limitShare;
  return (
    <form
      aria-labelledby="backtest-parameters-title"
      data-testid="backtest-parameters"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        if (daysValue === null || shareValue === null) return;
        onChange({ limitDays: daysValue, limitShare: shareValue });
      }}
    >
      <Stack gap="sm">
        <Title order={2} size="h4" id="backtest-parameters-title">
          {t('backtest.parameters.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <Select
            label={t('backtest.parameters.schedule')}
            allowDeselect={false}
            value={parameters.trancheSchedule}
            onChange={(value) => {
              if (value) onChange({ trancheSchedule: value as TrancheSchedule });
            }}
            data={[
              { value: 'MONTHLY', label: t('backtest.parameters.schedule.monthly') },
              { value: 'QUARTERLY', label: t('backtest.parameters.schedule.quarterly') },
            ]}
            data-testid="backtest-schedule"
          />
          <Select
            label={t('backtest.parameters.reference')}
            description={t('backtest.parameters.reference.what')}
            allowDeselect={false}
            value={parameters.reference}
            onChange={(value) => {
              if (value) onChange({ reference: value as Reference });
            }}
            data={REFERENCE_STRATEGIES.map((strategy) => ({
              value: strategy,
              label: t(strategyKey(strategy)),
            }))}
            data-testid="backtest-reference"
          />
          <TextInput
            label={t('backtest.parameters.limitDays')}
            description={t('backtest.parameters.limitDays.what', LIMIT_DAYS)}
            inputMode="numeric"
            value={days}
            onChange={(event) => setDays(event.currentTarget.value)}
            error={
              submitted && daysValue === null
                ? t('backtest.parameters.range', LIMIT_DAYS)
                : undefined
            }
            data-testid="backtest-limit-days"
          />
          <TextInput
            label={t('backtest.parameters.limitShare')}
            description={t('backtest.parameters.limitShare.what', LIMIT_SHARE)}
            inputMode="numeric"
            value={share}
            onChange={(event) => setShare(event.currentTarget.value)}
            error={
              submitted && shareValue === null
                ? t('backtest.parameters.range', LIMIT_SHARE)
                : undefined
            }
            data-testid="backtest-limit-share"
          />
        </SimpleGrid>
        <Group>
          <Button
            type="submit"
            variant={changed ? 'filled' : 'default'}
            data-testid="backtest-apply"
          >
            {t('backtest.parameters.apply')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
