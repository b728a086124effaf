import { Fragment, useState } from 'react';
import { Button, Table, Text } from '@mantine/core';
import type { AuditEvent } from '@klik/api';
import { formatDateTime } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { auditOutcomeKey, auditOutcomeTone } from '../derive/audit-labels';
import type { AuditSortField } from '../derive/audit-query';
import type { SortState } from '../derive/list-query';
import { AuditDetails } from './audit-details';
import { SortHeader } from './sort-header';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { TableRegion } from '../../../shared/ui/table-region';

const COLUMN_COUNT = 6;

/** Who acted, and who signed in as them (login-as). */
export function ActorCell({ event }: { event: Pick<AuditEvent, 'actor' | 'impersonator'> }) {
  const t = useT();
  return (
    <>
      {event.actor ?? t('admin.audit.system')}
      {event.impersonator && (
        <Text size="xs">{t('admin.audit.via', { impersonator: event.impersonator })}</Text>
      )}
    </>
  );
}

export function OutcomeBadge({ event }: { event: Pick<AuditEvent, 'outcome'> }) {
  const t = useT();
  return (
    <StatusBadge tone={auditOutcomeTone(event.outcome)}>
      {t(auditOutcomeKey(event.outcome))}
    </StatusBadge>
  );
}

/** One page of the audit log; each row opens to show the event in full. */
export function AuditTable({
  events,
  sort,
  onSort,
}: {
  events: readonly AuditEvent[];
  sort: SortState<AuditSortField>;
  onSort: (field: AuditSortField) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <TableRegion
      id="audit-table"
      caption={t('admin.audit.caption')}
      minWidth={860}
      testId="audit-table"
    >
      <Table.Thead>
        <Table.Tr>
          <SortHeader field="at" label={t('admin.audit.column.at')} sort={sort} onSort={onSort} />
          <Table.Th scope="col">{t('admin.audit.column.actor')}</Table.Th>
          <Table.Th scope="col">{t('admin.audit.column.action')}</Table.Th>
          <Table.Th scope="col">{t('admin.audit.column.outcome')}</Table.Th>
          <Table.Th scope="col">{t('admin.audit.column.subject')}</Table.Th>
          <Table.Th scope="col">
            <span className="klik-visually-hidden">{t('admin.audit.column.details')}</span>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((event) => {
          const expanded = open.has(event.id);
          const detailsId = `audit-event-${event.id}-details`;
          return (
            <Fragment key={event.id}>
              <Table.Tr data-testid={`audit-row-${event.id}`}>
                <Table.Td className="klik-nowrap">{formatDateTime(event.at, locale)}</Table.Td>
                <Table.Td>
                  <ActorCell event={event} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {event.action}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <OutcomeBadge event={event} />
                </Table.Td>
                <Table.Td>{event.subject ?? '—'}</Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="xs"
                    aria-expanded={expanded}
                    aria-controls={expanded ? detailsId : undefined}
                    aria-label={t('admin.audit.detailsOf', {
                      action: event.action,
                      at: formatDateTime(event.at, locale),
                    })}
                    onClick={() => toggle(event.id)}
                    data-testid={`audit-toggle-${event.id}`}
                  >
                    {t('admin.audit.details')}
                  </Button>
                </Table.Td>
              </Table.Tr>
              {expanded && (
                <Table.Tr id={detailsId}>
                  <Table.Td colSpan={COLUMN_COUNT} bg="gray.0">
                    <AuditDetails event={event} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          );
        })}
      </Table.Tbody>
    </TableRegion>
  );
}
