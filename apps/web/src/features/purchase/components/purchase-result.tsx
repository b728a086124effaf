import { Alert, Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ClickDetail, ClickStatus } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';
import { PATHS } from '../../../shared/routing/paths';
import { PURCHASE_PATHS_WEB } from '../purchase-paths';
import { PositionHeader } from './position-header';
import { PriceTable } from './price-table';
import { clickStatusKey } from '../../../shared/i18n/domain-labels';
import { StatusBadge, type StatusTone } from '../../../shared/ui/status-badge';

function outcome(status: ClickStatus): { key: MessageKey; color: string; tone: StatusTone } {
  switch (status) {
    case 'PENDING_APPROVAL':
      return { key: 'purchase.result.pendingApproval', color: 'blue', tone: 'info' };
    case 'IN_PROGRESS':
      return { key: 'purchase.result.inProgress', color: 'blue', tone: 'info' };
    case 'COMPLETED':
      return { key: 'purchase.result.completed', color: 'teal', tone: 'success' };
    case 'REJECTED':
      return { key: 'purchase.result.rejected', color: 'red', tone: 'danger' };
    case 'EXPIRED':
      return { key: 'purchase.result.expired', color: 'orange', tone: 'warning' };
  }
}

/** The confirmation: the click's state as it moves on (awaiting approval, in progress, done). */
export function PurchaseResult({ click }: { click: ClickDetail }) {
  const t = useT();
  const { key, color, tone } = outcome(click.status);
  return (
    <Stack gap="lg" data-testid="purchase-result" data-status={click.status}>
      <Title order={1}>{t('purchase.result.title')}</Title>
      <Alert color={color} role="status" data-testid="purchase-result-message">
        <Group gap="sm">
          <StatusBadge tone={tone}>{t(clickStatusKey(click.status))}</StatusBadge>
          <Text size="sm">{t(key)}</Text>
        </Group>
      </Alert>
      <PositionHeader
        contractId={click.contractId}
        product={click.product}
        maturity={click.maturity}
        yearOfSupply={click.yearOfSupply}
        market={click.market}
      />
      <PriceTable
        caption={t('purchase.result.table')}
        testId="result"
        totalCost={click.totalCost}
        rows={click.parts.map((part) => ({
          name: part.name,
          volume: part.volume,
          marketPrice: part.marketPrice ?? part.price,
          markUp: part.markUp ?? '0',
          transactionFee: part.transactionFee ?? '0',
          clickPrice: part.price,
          cost: part.cost,
        }))}
      />
      <Group>
        <Anchor component={Link} to={PURCHASE_PATHS_WEB.clickOverview} data-testid="to-overview">
          {t('purchase.result.toOverview')}
        </Anchor>
        <Anchor component={Link} to={PATHS.dashboard}>
          {t('purchase.result.toDashboard')}
        </Anchor>
      </Group>
    </Stack>
  );
}
