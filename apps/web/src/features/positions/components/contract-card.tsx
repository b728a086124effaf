import { lazy, Suspense } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Grid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { useLoadingFlags } from '../api/loading-flags';
import type { ContractData, ContractSummary as Summary } from '@klik/api';
import type { PositionsSource } from '../api/positions-source';
import { useRefreshContract } from '../api/refresh-contract';
import { yearOffered } from '../derive/grid-rows';
import { ContractSummary } from './contract-summary';
import { PositionGrid } from './position-grid';
import { clickOptionKey, clickTypeKey } from '../../../shared/i18n/domain-labels';

const ContractCharts = lazy(async () => ({
  default: (await import('./contract-charts')).ContractCharts,
}));

interface ContractCardProps {
  contract: ContractData;
  summary: Summary | null;
  readOnly: boolean;
  source: PositionsSource;
}

/** One contract: its terms, a grid per year of supply, its summary and its charts. */
export function ContractCard({ contract, summary, readOnly, source }: ContractCardProps) {
  const t = useT();
  const flags = useLoadingFlags();
  const refresh = useRefreshContract(source);
  const loading = flags.contract[contract.contractId] === true;
  const headingId = `contract-heading-${contract.contractId}`;
  const years = [...contract.yearsOfSupply].sort((a, b) => a - b);
  const [firstYear] = years;

  return (
    <Card
      withBorder
      component="article"
      aria-labelledby={headingId}
      data-testid={`contract-${contract.contractId}`}
      data-commodity={contract.commodity}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId}>
              {contract.product} · {contract.contractId}
            </Title>
            <Group gap="xs" wrap="wrap">
              <Badge variant="filled" color={contract.commodity === 'Power' ? 'blue.9' : 'grape.9'}>
                {t(
                  contract.commodity === 'Power'
                    ? 'positions.filter.power'
                    : 'positions.filter.gas',
                )}
              </Badge>
              <Text size="sm">
                {t('positions.contract.clickType', { value: t(clickTypeKey(contract.clickType)) })}
              </Text>
              <Text size="sm">
                {t('positions.contract.clickOption', {
                  value: t(clickOptionKey(contract.clickOption)),
                })}
              </Text>
              <Text size="sm">
                {t('positions.summary.runout', {
                  value: t(contract.runOut ? 'positions.yes' : 'positions.no'),
                })}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs">
            {loading && (
              <Loader size="xs" role="status" aria-label={t('positions.contract.loading')} />
            )}
            <Button
              variant="default"
              size="xs"
              onClick={() => refresh.mutate(contract)}
              disabled={loading}
              aria-label={t('positions.contract.refreshLabel', { contractId: contract.contractId })}
              data-testid={`refresh-${contract.contractId}`}
            >
              {t('positions.contract.refresh')}
            </Button>
          </Group>
        </Group>

        {refresh.isError && (
          <Alert color="red" role="alert" data-testid={`refresh-error-${contract.contractId}`}>
            {t('positions.contract.refreshFailed')}
          </Alert>
        )}

        {firstYear === undefined ? (
          <Text>{t('positions.contract.noYears')}</Text>
        ) : (
          <Tabs defaultValue={String(firstYear)} keepMounted={false}>
            <Tabs.List
              aria-label={t('positions.contract.years', { contractId: contract.contractId })}
            >
              {years.map((year) => {
                const offered = yearOffered(contract, year);
                return (
                  <Tabs.Tab
                    key={year}
                    value={String(year)}
                    data-testid={`year-tab-${contract.contractId}-${year}`}
                    data-offered={offered}
                  >
                    {offered ? year : t('positions.contract.yearNotOffered', { year })}
                  </Tabs.Tab>
                );
              })}
            </Tabs.List>
            {years.map((year) => (
              <Tabs.Panel key={year} value={String(year)} pt="xs">
                {!yearOffered(contract, year) && (
                  <Text
                    size="sm"
                    mb="xs"
                    data-testid={`year-not-offered-${contract.contractId}-${year}`}
                  >
                    {t('positions.contract.yearNotOfferedNote', { year })}
                  </Text>
                )}
                <PositionGrid contract={contract} year={year} readOnly={readOnly} />
              </Tabs.Panel>
            ))}
          </Tabs>
        )}

        <Grid gap="lg">
          {summary && (
            <Grid.Col span={{ base: 12, md: 4 }}>
              <ContractSummary summary={summary} />
            </Grid.Col>
          )}
          <Grid.Col span={{ base: 12, md: summary ? 8 : 12 }}>
            <Suspense fallback={<Skeleton height={260} />}>
              <ContractCharts contract={contract} />
            </Suspense>
          </Grid.Col>
        </Grid>
      </Stack>
    </Card>
  );
}
