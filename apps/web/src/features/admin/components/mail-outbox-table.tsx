import { Table, Text } from '@mantine/core';
import type { MailJob } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { TableRegion } from '../../../shared/ui/table-region';
import { MAIL_STATUS_TONES, mailKindLabel, mailStatusKey } from '../derive/mail-outbox-query';
import { StatusBadge } from '../../../shared/ui/status-badge';

/** One page of the notification e-mails: to whom, what, in which state, and why it waits or failed. */
export function MailOutboxTable({ jobs }: { jobs: readonly MailJob[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <TableRegion
      id="mail-outbox"
      caption={t('admin.mailOutbox.caption')}
      minWidth={960}
      testId="mail-outbox-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('admin.mailOutbox.column.createdAt')}</Table.Th>
          <Table.Th scope="col">{t('admin.mailOutbox.column.recipient')}</Table.Th>
          <Table.Th scope="col">{t('admin.mailOutbox.column.kind')}</Table.Th>
          <Table.Th scope="col">{t('admin.mailOutbox.column.status')}</Table.Th>
          <Table.Th scope="col">{t('admin.mailOutbox.column.attempts')}</Table.Th>
          <Table.Th scope="col">{t('admin.mailOutbox.column.nextAttempt')}</Table.Th>
          <Table.Th scope="col">{t('admin.mailOutbox.column.lastError')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {jobs.map((job) => (
          <Table.Tr key={job.id} data-testid={`mail-job-${job.id}`}>
            <Table.Td>{formatDateTime(job.createdAt, locale)}</Table.Td>
            <Table.Td>
              {/* Until its first attempt a job has no address yet: the user it is for. */}
              {job.recipient ?? job.username}
              {job.recipient !== null && <Text size="xs">{job.username}</Text>}
            </Table.Td>
            <Table.Td>
              {mailKindLabel(job.kind, t)}
              {job.subject !== null && <Text size="xs">{job.subject}</Text>}
            </Table.Td>
            <Table.Td>
              <StatusBadge tone={MAIL_STATUS_TONES[job.status]}>
                {t(mailStatusKey(job.status))}
              </StatusBadge>
            </Table.Td>
            <Table.Td>{job.attempts}</Table.Td>
            <Table.Td>
              {job.nextAttemptAt === null ? '—' : formatDateTime(job.nextAttemptAt, locale)}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{job.lastError ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableRegion>
  );
}
