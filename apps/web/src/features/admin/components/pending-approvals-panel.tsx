import { Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime, formatMoney } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { ApprovalActions } from '../../../shared/trading/approval-actions';
import { usePendingApprovals } from '../api/admin-dashboard-api';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';

export const PENDING_APPROVALS_ANCHOR = 'pending-approvals';

/**
 * The clicks waiting for a second user (four-eyes) across the customers the operator reaches,
 * the most urgent first, each decided here behind a confirmation.
 */
export function PendingApprovalsPanel() {
  const t = useT();
  const locale = useLocale();
  const approvals = usePendingApprovals();
  return (
    <Stack component="section" aria-labelledby="pending-approvals-title" gap="sm">
      <Title order={2} size="h4" id="pending-approvals-title">
        <span id={PENDING_APPROVALS_ANCHOR}>{t('admin.approvals.title')}</span>
      </Title>
      {approvals.isPending && <Loading text={t('admin.approvals.loading')} />}
      {approvals.isError && !approvals.data && (
        <LoadFailed
          text={t('admin.approvals.loadFailed')}
          onRetry={() => void approvals.refetch()}
          testId="approvals-error"
        />
      )}
      {approvals.data?.length === 0 && (
        <Text size="sm" data-testid="approvals-empty">
          {t('admin.approvals.empty')}
        </Text>
      )}
      {approvals.data && approvals.data.length > 0 && (
        <Table.ScrollContainer minWidth={720}>
          <Table striped data-testid="pending-approvals">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.approvals.customer')}</Table.Th>
                <Table.Th>{t('admin.approvals.click')}</Table.Th>
                <Table.Th>{t('admin.approvals.cost')}</Table.Th>
                <Table.Th>{t('admin.approvals.by')}</Table.Th>
                <Table.Th>{t('admin.approvals.deadline')}</Table.Th>
                <Table.Th>{t('admin.approvals.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {approvals.data.map((click) => {
                const label = t('clicks.table.clickLabel', {
                  contractId: click.contractId,
                  maturity: click.maturity,
                  year: click.yearOfSupply,
                });
                return (
                  <Table.Tr key={click.id} data-testid={`pending-approval-${click.id}`}>
                    <Table.Td>{click.customerName}</Table.Td>
                    <Table.Td>{label}</Table.Td>
                    <Table.Td className="klik-nowrap">
                      {formatMoney(click.totalCost, locale)}
                    </Table.Td>
                    <Table.Td>{click.createdBy ?? t('clicks.table.system')}</Table.Td>
                    <Table.Td className="klik-nowrap">
                      {click.approvalDeadline
                        ? formatDateTime(click.approvalDeadline, locale)
                        : '—'}
                    </Table.Td>
                    <Table.Td>
                      {click.mayDecide ? (
                        <ApprovalActions click={click} label={label} />
                      ) : (
                        <Text size="xs">{t('admin.approvals.readOnly')}</Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
