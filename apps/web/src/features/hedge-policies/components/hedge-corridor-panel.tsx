import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { formatPercentage } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { useHedgeYears } from '../api/hedge-policies-api';
import { HEDGE_POLICIES_WEB_PATH } from '../hedge-policies-paths';
import { HedgePositionBadge } from './hedge-position-badge';

function Corridor({ customerId }: { customerId: number }) {
  const t = useT();
  const locale = useLocale();
  const years = useHedgeYears(customerId);
  // A dashboard panel says nothing until it has something to say: no policy, no panel.
  const withPolicy = years.data?.filter((year) => year.position !== null) ?? [];
  if (withPolicy.length === 0) return null;
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-labelledby="hedge-panel-title"
      data-testid="hedge-panel"
    >
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h5" id="hedge-panel-title">
            {t('hedgePolicy.panel.title')}
          </Title>
          <Anchor component={Link} to={HEDGE_POLICIES_WEB_PATH} size="sm">
            {t('hedgePolicy.panel.open')}
          </Anchor>
        </Group>
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {withPolicy.map((year) => (
            <li key={`${year.contractId}-${year.yearOfSupply}`}>
              <Group gap="xs" data-testid={`hedge-panel-${year.contractId}-${year.yearOfSupply}`}>
                <Text size="sm" fw={600}>
                  {year.contractId} {year.yearOfSupply}
                </Text>
                <Text size="sm">
                  {t('hedgePolicy.panel.line', {
                    fixed: formatPercentage(year.fixedShare, locale),
                    min: formatPercentage(year.corridor?.min ?? '0', locale),
                    max: formatPercentage(year.corridor?.max ?? '100', locale),
                  })}
                </Text>
                {year.position && <HedgePositionBadge position={year.position} />}
              </Group>
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The dashboard's hedge corridor: each year with a policy, on, behind or above it. */
export function HedgeCorridorPanel() {
  const { customer } = useSelection();
  return customer ? <Corridor key={customer.id} customerId={customer.id} /> : null;
}
