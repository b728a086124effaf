import { useMemo } from 'react';
import { Text } from '@mantine/core';
import type { CostDistribution, Quote } from '@klik/api';
import { clickEffectRequest, useClickEffect } from '../../../../shared/api/click-effect';
import { formatMoney } from '../../../../shared/format/format-numbers';
import { useLocale } from '../../../../shared/i18n/use-locale';
import { useT } from '../../../../shared/i18n/use-t';
import { WhenVisible } from '../../../../shared/ui/when-visible';

function Effect({ quote }: { quote: Quote }) {
  const t = useT();
  const locale = useLocale();
  const body = useMemo(() => clickEffectRequest(quote, quote.parts), [quote]);
  const effect = useClickEffect(quote.customerId, body);
  const testId = `multi-click-risk-${quote.quoteId}`;
  if (effect.isPending && body !== null) {
    return (
      <Text size="sm" c="dimmed">
        {t('multiClick.risk.loading')}
      </Text>
    );
  }
  if (!effect.data) {
    return (
      <Text size="sm" data-testid={testId}>
        {t('multiClick.risk.none')}
      </Text>
    );
  }
  const money = (distribution: CostDistribution | null, field: 'p95' | 'costAtRisk') =>
    distribution === null ? t('multiClick.risk.none') : formatMoney(distribution[field], locale);
  return (
    <Text size="sm" data-testid={testId}>
      {t('multiClick.risk.value', {
        p95Before: money(effect.data.before, 'p95'),
        p95After: money(effect.data.after, 'p95'),
        carBefore: money(effect.data.before, 'costAtRisk'),
        carAfter: money(effect.data.after, 'costAtRisk'),
      })}
    </Text>
  );
}

/**
 * A customer's year now and after this line's click: P95 and cost-at-risk (docs/risk.md). Asked
 * only for the lines in sight: a preview may hold a thousand.
 */
export function MultiClickRisk({ quote }: { quote: Quote }) {
  return (
    <WhenVisible minHeight={20} testId={`multi-click-risk-waiting-${quote.quoteId}`}>
      <Effect quote={quote} />
    </WhenVisible>
  );
}
