import { useState } from 'react';
import { Alert, Button, Checkbox, Stack, Table, Text } from '@mantine/core';
import type { AuditIntegrity, ChainEntry, StreamIntegrity } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { Loading, LoadFailed } from '../../../shared/ui/load-states';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { TableRegion } from '../../../shared/ui/table-region';
import { useAuditIntegrity } from '../api/audit-api';
import { TitledCard } from '../../../shared/ui/titled-card';

/** An entry of a chain in words: its id, its place in the stream and its time. */
function EntryText({ entry }: { entry: ChainEntry | null }) {
  const t = useT();
  const locale = useLocale();
  if (!entry) return <>{t('admin.audit.integrity.none')}</>;
  return (
    <>
      {entry.at
        ? t('admin.audit.integrity.entry', {
            id: entry.id,
            seq: entry.seq,
            at: formatDateTime(entry.at, locale),
          })
        : t('admin.audit.integrity.entryUntimed', { id: entry.id, seq: entry.seq })}
    </>
  );
}

function StreamName({ stream }: { stream: string }) {
  const t = useT();
  const customer = /^customer:(\d+)$/.exec(stream);
  if (customer) return <>{t('admin.audit.integrity.stream.customer', { id: customer[1] ?? '' })}</>;
  return <>{stream === 'system' ? t('admin.audit.integrity.stream.system') : stream}</>;
}

function StreamRow({ stream }: { stream: StreamIntegrity }) {
  const t = useT();
  const broken = stream.break;
  return (
    <Table.Tr data-testid={`integrity-${stream.chain}-${stream.stream}`}>
      <Table.Td>{t(`admin.audit.integrity.chain.${stream.chain}`)}</Table.Td>
      <Table.Td>
        <StreamName stream={stream.stream} />
      </Table.Td>
      <Table.Td>{stream.entries}</Table.Td>
      <Table.Td>
        <StatusBadge tone={broken ? 'danger' : 'success'}>
          {t(
            broken ? 'admin.audit.integrity.status.broken' : 'admin.audit.integrity.status.intact',
          )}
        </StatusBadge>
      </Table.Td>
      <Table.Td>
        {broken ? (
          <>
            <EntryText entry={broken} />
            <Text size="xs">{t(`admin.audit.integrity.reason.${broken.reason}`)}</Text>
          </>
        ) : (
          '—'
        )}
      </Table.Td>
      <Table.Td>
        <EntryText entry={stream.intactUpTo} />
      </Table.Td>
      <Table.Td>
        <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
          {stream.headHash ?? '—'}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function IntegrityReport({ report }: { report: AuditIntegrity }) {
  const t = useT();
  const locale = useLocale();
  const [showAll, setShowAll] = useState(false);
  const broken = report.streams.filter((stream) => stream.break !== null);
  const shown = showAll ? report.streams : broken;
  const at = formatDateTime(report.checkedAt, locale);
  const count = report.streams.length;
  return (
    <Stack gap="sm">
      <Alert
        color={report.intact ? 'teal' : 'red'}
        role={report.intact ? 'status' : 'alert'}
        data-testid="integrity-summary"
      >
        {report.intact
          ? t('admin.audit.integrity.intact', { count, at })
          : t('admin.audit.integrity.broken', { broken: broken.length, count, at })}
      </Alert>
      <Checkbox
        label={t('admin.audit.integrity.showAll')}
        checked={showAll}
        onChange={(event) => setShowAll(event.currentTarget.checked)}
      />
      {shown.length > 0 && (
        <TableRegion
          id="integrity-table"
          caption={t('admin.audit.integrity.caption')}
          minWidth={900}
          testId="integrity-table"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin.audit.integrity.column.chain')}</Table.Th>
              <Table.Th scope="col">{t('admin.audit.integrity.column.stream')}</Table.Th>
              <Table.Th scope="col">{t('admin.audit.integrity.column.entries')}</Table.Th>
              <Table.Th scope="col">{t('admin.audit.integrity.column.status')}</Table.Th>
              <Table.Th scope="col">{t('admin.audit.integrity.column.breaksAt')}</Table.Th>
              <Table.Th scope="col">{t('admin.audit.integrity.column.intactUpTo')}</Table.Th>
              <Table.Th scope="col">{t('admin.audit.integrity.column.head')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((stream) => (
              <StreamRow key={`${stream.chain}/${stream.stream}`} stream={stream} />
            ))}
          </Table.Tbody>
        </TableRegion>
      )}
    </Stack>
  );
}

/**
 * Integriteit (admins, audit.verify): checks the hash chains of the audit log and the click ledger
 * on request and says per stream how far each is intact and where it breaks (docs/audit-trail.md).
 */
export function AuditIntegrityPanel() {
  const t = useT();
  const [requested, setRequested] = useState(false);
  const integrity = useAuditIntegrity(requested);
  const check = () => {
    if (requested) void integrity.refetch();
    else setRequested(true);
  };
  return (
    <TitledCard
      title={t('admin.audit.integrity.title')}
      intro={t('admin.audit.integrity.intro')}
      testId="audit-integrity"
    >
      <div>
        <Button onClick={check} loading={integrity.isFetching} data-testid="integrity-check">
          {t('admin.audit.integrity.check')}
        </Button>
      </div>
      {integrity.isFetching && <Loading text={t('admin.audit.integrity.checking')} />}
      {integrity.isError && !integrity.isFetching && (
        <LoadFailed
          text={t('admin.audit.integrity.failed')}
          onRetry={check}
          testId="integrity-error"
        />
      )}
      {integrity.data && !integrity.isFetching && <IntegrityReport report={integrity.data} />}
    </TitledCard>
  );
}
