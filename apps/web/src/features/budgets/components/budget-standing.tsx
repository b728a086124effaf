import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BudgetYear } from '@klik/api';
import { formatPrice, formatVolume } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import type { MessageKey } from '../../../shared/i18n/catalogues';

const ZONE: Record<'BELOW_LOWER' | 'WITHIN' | 'ABOVE_UPPER', { key: MessageKey; color: string }> = {
  BELOW_LOWER: { key: 'budget.zone.BELOW_LOWER', color: 'teal.9' },
  WITHIN: { key: 'budget.zone.WITHIN', color: 'blue.9' },
  ABOVE_UPPER: { key: 'budget.zone.ABOVE_UPPER', color: 'red.9' },
};

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text fw={600} component="dd" m={0} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** Where the year stands: fixed, open, expected, and against the bandwidth. */
export function BudgetStandingFigures({ year }: { year: BudgetYear }) {
  const t = useT();
  const locale = useLocale();
  const { standing } = year;
  const price = (value: string | null) =>
    value === null ? t('budget.noPrice') : formatPrice(value, locale);
  const zone = standing.zone ? ZONE[standing.zone] : null;
  return (
    <Stack gap="sm" data-testid="budget-standing">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} component="dl" m={0}>
        <Figure
          label={t('budget.fixed')}
          value={`${formatVolume(standing.fixedVolume, locale)} · ${price(standing.fixedAveragePrice)}`}
          testId="budget-fixed"
        />
        <Figure
          label={t('budget.open')}
          value={`${formatVolume(standing.openVolume, locale)} · ${price(standing.openAveragePrice)}`}
          testId="budget-open"
        />
        <Figure
          label={t('budget.expected')}
          value={price(standing.expectedPrice)}
          testId="budget-expected"
        />
      </SimpleGrid>
      {year.budget && (
        <Group gap="sm">
          {zone ? (
            <Badge color={zone.color} variant="filled" data-testid="budget-zone">
              {t(zone.key)}
            </Badge>
          ) : (
            <Text size="sm">{t('budget.zone.unknown')}</Text>
          )}
          <Text size="sm">
            {t('budget.bandwidth', {
              lower: formatPrice(year.budget.lowerBound, locale),
              budget: formatPrice(year.budget.budgetPrice, locale),
              upper: formatPrice(year.budget.upperBound, locale),
            })}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
