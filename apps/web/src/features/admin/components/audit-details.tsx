import { Code, Stack, Table, Text } from '@mantine/core';
import type { AuditEvent } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import { readDetails } from '../derive/audit-labels';

function Value({ text }: { text: string }) {
  // Lists and records come as JSON over several lines; keep their shape.
  return text.includes('\n') ? (
    <Code block fz="xs">
      {text}
    </Code>
  ) : (
    <>{text}</>
  );
}

/** One event in full: a change's before and after field by field, and the event's other facts. */
export function AuditDetails({ event }: { event: AuditEvent }) {
  const t = useT();
  const { changes, facts } = readDetails(event.details);
  const general = [
    { key: 'id', label: t('admin.audit.details.id'), value: event.id },
    { key: 'subject', label: t('admin.audit.column.subject'), value: event.subject ?? '—' },
    {
      key: 'customers',
      label: t('admin.audit.details.customers'),
      value: event.customerIds.length === 0 ? '—' : event.customerIds.join(', '),
    },
    { key: 'ip', label: t('admin.audit.details.ip'), value: event.ip ?? '—' },
  ];
  return (
    <Stack gap="sm" data-testid={`audit-details-${event.id}`}>
      {changes && (
        <Table fz="sm" withTableBorder data-testid="audit-changes">
          <caption className="klik-visually-hidden">{t('admin.audit.details.changes')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('admin.audit.details.field')}</Table.Th>
              <Table.Th scope="col">{t('admin.audit.details.before')}</Table.Th>
              <Table.Th scope="col">{t('admin.audit.details.after')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changes.map((change) => (
              <Table.Tr
                key={change.field}
                data-changed={change.changed}
                data-testid={`audit-change-${change.field}`}
                fw={change.changed ? 700 : undefined}
              >
                <Table.Th scope="row">
                  {change.field}
                  {change.changed && (
                    <Text span size="xs" fw={400} c="orange.9">
                      {' '}
                      {t('admin.audit.details.changed')}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>
                  <Value text={change.before} />
                </Table.Td>
                <Table.Td>
                  <Value text={change.after} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Table fz="sm" data-testid="audit-facts">
        <caption className="klik-visually-hidden">{t('admin.audit.details.facts')}</caption>
        <Table.Tbody>
          {general.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" w={180}>
                {row.label}
              </Table.Th>
              <Table.Td>{row.value}</Table.Td>
            </Table.Tr>
          ))}
          {facts.map((fact) => (
            <Table.Tr key={`fact-${fact.key}`} data-testid={`audit-fact-${fact.key}`}>
              <Table.Th scope="row" w={180}>
                {fact.key}
              </Table.Th>
              <Table.Td>
                <Value text={fact.value} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
