import { Group, Text } from '@mantine/core';
import type { Market, Maturity } from '@klik/domain';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { marketKey } from '../../../shared/i18n/domain-labels';
import { periodText } from './purchase-labels';

/** Which position the purchase is about, as a short definition list. */
export function PositionHeader({
  contractId,
  product,
  maturity,
  yearOfSupply,
  market,
}: {
  contractId: string;
  product: string;
  maturity: Maturity;
  yearOfSupply: number;
  market: Market;
}) {
  const t = useT();
  const locale = useLocale();
  const items = [
    [t('purchase.position.contract'), `${contractId} · ${product}`],
    [t('purchase.position.period'), periodText(maturity, yearOfSupply, t, locale)],
    [t('purchase.position.market'), t(marketKey(market))],
  ] as const;
  return (
    <Group component="dl" gap="xl" m={0} data-testid="purchase-position">
      {items.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" size="xs" c="gray.7">
            {term}
          </Text>
          <Text component="dd" m={0} fw={600}>
            {value}
          </Text>
        </div>
      ))}
    </Group>
  );
}
