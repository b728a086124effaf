import { useState } from 'react';
import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { useDownload } from '../../../shared/api/use-download';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { PeriodFilter } from '../../../shared/ui/period-filter';
import { downloadStatement } from '../api/statement-api';
import { TitledCard } from './titled-card';

/** Today and the first of its month, as the browser's calendar has them (YYYY-MM-DD). */
function thisMonth(now: Date): { from: string; to: string } {
  const day = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  return { from: day(new Date(now.getFullYear(), now.getMonth(), 1)), to: day(now) };
}

/**
 * The statement of a customer's clicks over a period, for an auditor (docs/audit-trail.md): PDF
 * or CSV in the portal's language, from the click ledger, closed by the chain's hash. On the
 * audit screen once it is filtered to one customer.
 */
export function ClickStatementPanel({ customerId }: { customerId: number }) {
  const t = useT();
  const [period, setPeriod] = useState(() => thisMonth(new Date()));
  const { busy, failedCode, start } = useDownload('The click statement');
  const complete = period.from !== '' && period.to !== '';
  const wrong = complete && period.from > period.to;
  return (
    <TitledCard
      title={t('admin.audit.statement.title')}
      intro={t('admin.audit.statement.intro')}
      testId="click-statement"
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} maw={480}>
        <PeriodFilter
          from={period.from}
          to={period.to}
          fromLabel={t('admin.audit.statement.from')}
          toLabel={t('admin.audit.statement.to')}
          toError={wrong ? t('admin.audit.statement.periodWrong') : undefined}
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
            {t(format === 'pdf' ? 'admin.audit.statement.pdf' : 'admin.audit.statement.csv')}
          </Button>
        ))}
      </Group>
      {failedCode && (
        <Text size="sm" c="red.8" role="alert" data-testid="statement-failed">
          {t('admin.audit.statement.failed', { reason: t(errorMessageKeyFor(failedCode)) })}
        </Text>
      )}
    </TitledCard>
  );
}
