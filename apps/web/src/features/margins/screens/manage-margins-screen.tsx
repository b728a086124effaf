import { Button, Group, Pagination, Stack, Tabs, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useT } from '../../../shared/i18n/use-t';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';
import { usePricingIds, useScenario, useScenarioPage } from '../api/margins-api';
import { PricingIdsPanel } from '../components/pricing-ids-panel';
import { ScenarioEditor } from '../components/scenario-editor';
import { ScenarioList } from '../components/scenario-list';

/**
 * managemargins (administrators): margin scenarios with their grid, validity, assignments, the
 * price preview and versions, and the pricing IDs (docs/margins.md). The scenario being edited
 * and the page are in the address bar (?scenario=id or new, ?page=, ?tab=pricing).
 */
export function ManageMarginsScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number(params.get('page') ?? '0') || 0);
  const chosen = params.get('scenario');
  const scenarioId = chosen !== null && /^\d+$/.test(chosen) ? Number(chosen) : null;
  const tab = params.get('tab') === 'pricing' ? 'pricing' : 'scenarios';
  const list = useScenarioPage(page);
  const scenario = useScenario(scenarioId);
  const pricingIds = usePricingIds();

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  return (
    <Stack data-testid="screen-managemargins">
      <Stack gap={4}>
        <Title order={1}>{t('margins.title')}</Title>
        <Text size="sm">{t('margins.intro')}</Text>
      </Stack>
      <Tabs value={tab} onChange={(value) => set({ tab: value === 'pricing' ? 'pricing' : null })}>
        <Tabs.List>
          <Tabs.Tab value="scenarios">{t('margins.tab.scenarios')}</Tabs.Tab>
          <Tabs.Tab value="pricing">{t('margins.tab.pricingIds')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="scenarios" pt="md">
          <Stack>
            <Group>
              <Button
                variant="default"
                onClick={() => set({ scenario: 'new' })}
                data-testid="new-scenario"
              >
                {t('margins.list.new')}
              </Button>
            </Group>
            {list.isPending && <Loading text={t('margins.list.loading')} />}
            {list.isError && (
              <LoadFailed text={t('margins.list.loadFailed')} onRetry={() => void list.refetch()} />
            )}
            {list.data && list.data.total === 0 && (
              <Text data-testid="scenarios-empty">{t('margins.list.empty')}</Text>
            )}
            {list.data && list.data.data.length > 0 && (
              <ScenarioList
                scenarios={list.data.data}
                selected={scenarioId}
                onSelect={(id) => set({ scenario: String(id) })}
              />
            )}
            {list.data && list.data.total > list.data.size && (
              <Pagination
                total={Math.ceil(list.data.total / list.data.size)}
                value={page + 1}
                onChange={(value) => set({ page: value === 1 ? null : String(value - 1) })}
              />
            )}
            {chosen === 'new' && (
              <ScenarioEditor
                key="new"
                detail={null}
                onCreated={(id) => set({ scenario: String(id) })}
              />
            )}
            {scenarioId !== null && scenario.isPending && (
              <Loading text={t('margins.editor.loading')} />
            )}
            {scenarioId !== null && scenario.isError && (
              <LoadFailed
                text={t('margins.editor.loadFailed')}
                onRetry={() => void scenario.refetch()}
              />
            )}
            {scenarioId !== null && scenario.data && (
              <ScenarioEditor key={scenarioId} detail={scenario.data} onCreated={() => undefined} />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="pricing" pt="md">
          {pricingIds.isPending && <Loading text={t('margins.pricingIds.loading')} />}
          {pricingIds.isError && (
            <LoadFailed
              text={t('margins.pricingIds.loadFailed')}
              onRetry={() => void pricingIds.refetch()}
            />
          )}
          {pricingIds.data && <PricingIdsPanel rows={pricingIds.data.data} />}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
