import { useState } from 'react';
import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { useDownload } from '../api/use-download';
import { errorMessageKeyFor } from '../i18n/message-keys';
import { useT } from '../i18n/use-t';
import { serverNow } from '../time/server-clock';
import { PeriodFilter } from '../ui/period-filter';
import { downloadStatement } from './click-statement-api';
import { TitledCard } from '../ui/titled-card';

/** The portal's today and the first of its month, in the browser's calendar (YYYY-MM-DD). */
function thisMonth(now: Date): { from: string; to: string } {
  const day = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return { from: day(new Date(now.getFullYear(), now.getMonth(), 1)), to: day(now) };
}

/**
 * The statement of a customer's clicks over a period, for an auditor (docs/audit-trail.md): PDF
 * or CSV in the portal's language, from the click ledger, closed by the chain's hash. On the
 * click overview under the customer's clicks, and on the audit screen once it is filtered to one
 * customer.
 */
export function ClickStatementPanel({ customerId }: { customerId: number }) {
  const t = useT();
  const [period, setPeriod] = useState(() => thisMonth(new Date(serverNow())));
  const { busy, failedCode, start } = useDownload('The click statement');
  const complete = period.from !== '' && period.to !== '';
  const wrong = complete && period.from > period.to;
  return (
    <TitledCard
      title={t('clicks.statement.title')}
      intro={t('clicks.statement.intro')}
      testId="click-statement"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} maw={480}>
        <PeriodFilter
          from={period.from}
          to={period.to}
          fromLabel={t('clicks.statement.from')}
          toLabel={t('clicks.statement.to')}
          toError={wrong ? t('clicks.statement.periodWrong') : undefined}
          onChange={(field, value) => setPeriod((current) => ({ ...current, [field]: value }))}
          testId="statement"
        />
      </SimpleGrid>
      <Group gap="xs">
        {(['pdf', 'csv'] as const).map((format) => (
          <Button
            key={format}
            variant="default"
            size="xs"
            disabled={!complete || wrong || busy}
            onClick={() =>
              void start((context) =>
                downloadStatement({ ...context, customerId, ...period, format }),
              )
            }
            data-testid={`statement-${format}`}
          >
            {t(format === 'pdf' ? 'clicks.statement.pdf' : 'clicks.statement.csv')}
          </Button>
        ))}
      </Group>
      {failedCode && (
        <Text size="sm" c="red.8" role="alert" data-testid="statement-failed">
          {t('clicks.statement.failed', { reason: t(errorMessageKeyFor(failedCode)) })}
        </Text>
      )}
    </TitledCard>
  );
}
