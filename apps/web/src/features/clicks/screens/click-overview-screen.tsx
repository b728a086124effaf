import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { CLICK_PATHS, pathTo, type ClickDetail, type ClickFilterQuery } from '@klik/api';
import { formatDateTime, formatPrice, formatVolume } from '../../../shared/format/format-numbers';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { useSession } from '../../../shared/session/use-session';
import type { StoredSession } from '../../../shared/session/session-store';
import { useRealtimeEvents } from '../../../shared/websocket/realtime-context';
import { useSearchEdits } from '../../../shared/routing/use-search-edits';
import { clicksQueryKeys, useClickHistory, useCustomerContractSummaries } from '../api/clicks-api';
import { ApprovalActions } from '../../../shared/trading/approval-actions';
import { ClickFilters } from '../components/click-filters';
import { ClickStatementPanel } from '../../../shared/trading/click-statement-panel';
import { ConfirmationDownload } from '../components/confirmation-download';
import { clickStatusKey, marketKey, partKey } from '../../../shared/i18n/domain-labels';
import { statusColor } from '../components/click-labels';
import { formatMoney } from '../../../shared/format/format-numbers';
import { filterFromSearch, filterQueryString, type FilterField } from '../derive/click-filter';
import { ExportButtons } from '../../../shared/ui/export-buttons';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState, NoCustomer } from '../../../shared/ui/load-states';
import { TableRegion } from '../../../shared/ui/table-region';

/** Who may approve is the server's decision (four-eyes, click right, never the creator). */
function mayDecide(click: ClickDetail): boolean {
  return click.status === 'PENDING_APPROVAL' && click.mayDecide;
}

function StatusCell({ click, session }: { click: ClickDetail; session: StoredSession }) {
  const t = useT();
  const mine = click.createdBy === session.name;
  return (
    <Stack gap={4} align="flex-start">
      <Badge color={statusColor(click.status)} variant="filled" data-testid={`status-${click.id}`}>
        {t(clickStatusKey(click.status))}
      </Badge>
      {click.status === 'PENDING_APPROVAL' && mine && (
        <Text size="xs">{t('clicks.approval.awaiting')}</Text>
      )}
      {click.status === 'REJECTED' && mine && (
        <Text size="xs" data-testid={`rejected-${click.id}`}>
          {t('clicks.rejected')}
        </Text>
      )}
    </Stack>
  );
}

function ClickTable({ clicks, session }: { clicks: ClickDetail[]; session: StoredSession }) {
  const t = useT();
  const locale = useLocale();
  return (
    <TableRegion
      id="click-table"
      caption={t('clicks.table.caption')}
      minWidth={1000}
      testId="click-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('clicks.table.date')}</Table.Th>
          <Table.Th scope="col">{t('clicks.table.contract')}</Table.Th>
          <Table.Th scope="col">{t('clicks.table.period')}</Table.Th>
          <Table.Th scope="col">{t('clicks.table.market')}</Table.Th>
          <Table.Th scope="col">{t('clicks.table.status')}</Table.Th>
          <Table.Th scope="col">{t('clicks.table.volume')}</Table.Th>
          <Table.Th scope="col">{t('clicks.table.price')}</Table.Th>
          <Table.Th scope="col">{t('clicks.table.total')}</Table.Th>
          <Table.Th scope="col">{t('clicks.table.by')}</Table.Th>
          <Table.Th scope="col">{t('clicks.table.action')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {clicks.map((click) => {
          const label = t('clicks.table.clickLabel', {
            contractId: click.contractId,
            maturity: click.maturity,
            year: click.yearOfSupply,
          });
          return (
            <Table.Tr
              key={click.id}
              data-testid={`click-row-${click.id}`}
              data-status={click.status}
              data-contract={click.contractId}
              data-period={`${click.maturity}-${click.yearOfSupply}`}
            >
              <Table.Td className="klik-nowrap">{formatDateTime(click.createdAt, locale)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {click.contractId}
                </Text>
                <Text size="xs">{click.product}</Text>
              </Table.Td>
              <Table.Td className="klik-nowrap">{`${click.maturity} ${click.yearOfSupply}`}</Table.Td>
              <Table.Td>
                {t(marketKey(click.market))}
                {click.auto && <Text size="xs">{t('clicks.table.auto')}</Text>}
              </Table.Td>
              <Table.Td>
                <StatusCell click={click} session={session} />
              </Table.Td>
              <Table.Td className="klik-nowrap">
                {click.parts.map((part) => (
                  <Text size="sm" key={part.name}>
                    {`${t(partKey(part.name))}: ${formatVolume(part.volume, locale)}`}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td className="klik-nowrap">
                {click.parts.map((part) => (
                  <Text size="sm" key={part.name}>
                    {formatPrice(part.price, locale)}
                  </Text>
                ))}
              </Table.Td>
              <Table.Td className="klik-nowrap">{formatMoney(click.totalCost, locale)}</Table.Td>
              <Table.Td data-testid={`created-by-${click.id}`}>
                {click.createdBy === null
                  ? t('clicks.table.system')
                  : click.createdByImpersonator === null
                    ? click.createdBy
                    : t('clicks.table.createdByFor', {
                        by: click.createdByImpersonator,
                        name: click.createdBy,
                      })}
              </Table.Td>
              <Table.Td>
                {mayDecide(click) && <ApprovalActions click={click} label={label} />}
                {click.status === 'COMPLETED' && (
                  <ConfirmationDownload click={click} label={label} />
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </TableRegion>
  );
}

/** The overview as CSV or XLSX, with the overview's filters. */
function ClickExportButtons({
  customerId,
  filter,
}: {
  customerId: number;
  filter: ClickFilterQuery;
}) {
  return (
    <ExportButtons
      pathOf={(format) =>
        `${pathTo(CLICK_PATHS.export, { customerId })}${filterQueryString(filter, { format })}`
      }
      fallbackName="klik-clicks"
      description="The click export"
      testId="export"
    />
  );
}

function Overview({ customerId, session }: { customerId: number; session: StoredSession }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [search, edit] = useSearchEdits();
  const filter = filterFromSearch(search);
  const filtered = search.toString() !== '';
  const clicks = useClickHistory(customerId, filter);
  const contracts = useCustomerContractSummaries(customerId);

  // A click of this customer changed state (made, approved, completed): read the list again.
  useRealtimeEvents((event) => {
    if (event.name === 'clickUpdate') {
      void queryClient.invalidateQueries({ queryKey: clicksQueryKeys.all });
    }
  });

  const change = (field: FilterField, value: string) =>
    edit((next) => {
      if (value === '') next.delete(field);
      else next.set(field, value);
    });
  const reset = () =>
    edit((next) => {
      for (const field of [...next.keys()]) next.delete(field);
    });

  const awaiting = clicks.data?.filter((click) => mayDecide(click)).length ?? 0;
  return (
    <Stack gap="md">
      <ClickFilters
        filter={filter}
        contracts={contracts.data ?? []}
        onChange={change}
        onReset={reset}
      />
      <ClickExportButtons customerId={customerId} filter={filter} />
      {awaiting > 0 && (
        <Alert color="indigo" data-testid="awaiting-approval">
          {t('clicks.approval.waitingForYou', { count: awaiting })}
        </Alert>
      )}
      {clicks.isPending && (
        <Group gap="xs" role="status">
          <Loader size="sm" />
          <Text>{t('clicks.loading')}</Text>
        </Group>
      )}
      {clicks.isError && (
        <Alert color="red" role="alert" data-testid="clicks-error">
          <Group gap="sm">
            <Text size="sm">{t('clicks.loadFailed')}</Text>
            <Button variant="default" size="xs" onClick={() => void clicks.refetch()}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {clicks.data && clicks.data.length === 0 && (
        <EmptyState
          text={t(filtered ? 'clicks.empty' : 'clicks.none')}
          steps={filtered ? [] : [{ to: PATHS.dashboard, label: t('clicks.toDashboard') }]}
          testId="clicks-empty"
        />
      )}
      {clicks.data && clicks.data.length > 0 && (
        <ClickTable clicks={clicks.data} session={session} />
      )}
      <ClickStatementPanel customerId={customerId} />
    </Stack>
  );
}

/** Every click of the selected customer, with filters, approval and export. */
export function ClickOverviewScreen() {
  const t = useT();
  const session = useSession();
  const { customer } = useSelection();
  if (!session) return null;
  return (
    <Stack data-testid="screen-clickoverview">
      <Title order={1}>{t('clicks.title')}</Title>
      {customer ? (
        <>
          <Text>{t('purchase.customer', { customer: customer.name })}</Text>
          <Overview key={customer.id} customerId={customer.id} session={session} />
        </>
      ) : (
        <NoCustomer />
      )}
    </Stack>
  );
}
