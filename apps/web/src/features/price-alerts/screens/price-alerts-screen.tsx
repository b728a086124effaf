import { useState } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { ApiError, type PriceAlertStatus, type PriceAlertView } from '@klik/api';
import { amsterdamDate } from '@klik/domain';
import { useLocale } from '../../../shared/i18n/use-locale';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { LoadFailed, Loading, NoCustomer } from '../../../shared/ui/load-states';
import {
  useDeletePriceAlert,
  usePriceAlertOptions,
  usePriceAlerts,
  type PriceAlertFilter,
} from '../api/price-alerts-api';
import { PriceAlertForm } from '../components/price-alert-form';
import { conditionOf, PriceAlertTable, positionOf } from '../components/price-alert-table';

const PAGE_SIZE = 20;

type Editing = { kind: 'new' } | { kind: 'edit'; alert: PriceAlertView } | null;

function Alerts({ customerId }: { customerId: number }) {
  const t = useT();
  const locale = useLocale();
  const [filter, setFilter] = useState<PriceAlertFilter>({ page: 0, size: PAGE_SIZE });
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PriceAlertView | null>(null);
  const options = usePriceAlertOptions(customerId);
  const alerts = usePriceAlerts(customerId, filter);
  const remove = useDeletePriceAlert(customerId);
  const today = amsterdamDate(new Date());

  if (options.isPending) return <Loading text={t('priceAlerts.loading')} />;
  if (options.isError) {
    return (
      <LoadFailed
        text={t('priceAlerts.loadFailed')}
        onRetry={() => void options.refetch()}
        testId="price-alerts-error"
      />
    );
  }
  const { mayManage } = options.data;
  const filtered = filter.contract !== undefined || filter.status !== undefined;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { id: deleting.id, version: deleting.version },
      {
        onSuccess: () => {
          toasts.show({
            closeButtonProps: { 'aria-label': t('app.close') },
            color: 'green',
            message: t('priceAlerts.deleted'),
          });
          setDeleting(null);
        },
        onError: (error) => {
          toasts.show({
            closeButtonProps: { 'aria-label': t('app.close') },
            color: 'red',
            message: t('priceAlerts.deleteFailed', {
              reason: t(errorMessageKeyFor(error instanceof ApiError ? error.code : 'INTERNAL')),
            }),
          });
          setDeleting(null);
        },
      },
    );
  };

  if (editing) {
    return (
      <PriceAlertForm
        key={editing.kind === 'edit' ? `${editing.alert.id}-${editing.alert.version}` : 'new'}
        customerId={customerId}
        options={options.data}
        alert={editing.kind === 'edit' ? editing.alert : null}
        ownUserId={null}
        today={today}
        onDone={() => {
          toasts.show({
            closeButtonProps: { 'aria-label': t('app.close') },
            color: 'green',
            message: t('priceAlerts.saved'),
          });
          setEditing(null);
        }}
        onCancel={() => setEditing(null)}
        onReload={() => {
          setEditing(null);
          void alerts.refetch();
        }}
      />
    );
  }

  const page = alerts.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.size)) : 1;
  return (
    <Stack>
      {mayManage ? (
        <Group>
          <Button onClick={() => setEditing({ kind: 'new' })} data-testid="price-alert-new">
            {t('priceAlerts.new')}
          </Button>
        </Group>
      ) : (
        <Alert color="blue" data-testid="price-alerts-read-only">
          {t('priceAlerts.readOnly')}
        </Alert>
      )}
      <Group align="flex-end">
        <NativeSelect
          label={t('priceAlerts.filter.contract')}
          data-testid="price-alerts-filter-contract"
          value={filter.contract === undefined ? '' : String(filter.contract)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setFilter((current) => ({
              ...current,
              page: 0,
              contract: value === '' ? undefined : Number(value),
            }));
          }}
          data={[
            { value: '', label: t('priceAlerts.filter.allContracts') },
            ...options.data.contracts.map((contract) => ({
              value: String(contract.id),
              label: contract.contractId,
            })),
          ]}
        />
        <NativeSelect
          label={t('priceAlerts.filter.status')}
          data-testid="price-alerts-filter-status"
          value={filter.status ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setFilter((current) => ({
              ...current,
              page: 0,
              status: value === '' ? undefined : (value as PriceAlertStatus),
            }));
          }}
          data={[
            { value: '', label: t('priceAlerts.filter.allStatuses') },
            { value: 'ACTIVE', label: t('priceAlerts.status.ACTIVE') },
            { value: 'EXPIRED', label: t('priceAlerts.status.EXPIRED') },
          ]}
        />
      </Group>
      {alerts.isPending ? (
        <Loading text={t('priceAlerts.loading')} />
      ) : alerts.isError ? (
        <LoadFailed
          text={t('priceAlerts.loadFailed')}
          onRetry={() => void alerts.refetch()}
          testId="price-alerts-error"
        />
      ) : alerts.data.total === 0 ? (
        <Text data-testid="price-alerts-empty">
          {filtered
            ? t('priceAlerts.emptyFiltered')
            : mayManage
              ? t('priceAlerts.empty')
              : t('priceAlerts.emptyReadOnly')}
        </Text>
      ) : (
        <>
          <PriceAlertTable
            alerts={alerts.data.data}
            mayManage={mayManage}
            onEdit={(alert) => setEditing({ kind: 'edit', alert })}
            onDelete={setDeleting}
          />
          {pages > 1 && (
            <Group justify="space-between">
              <Button
                variant="default"
                size="xs"
                disabled={filter.page === 0}
                onClick={() => setFilter((current) => ({ ...current, page: current.page - 1 }))}
              >
                {t('priceAlerts.previous')}
              </Button>
              <Text size="sm">{t('priceAlerts.page', { page: filter.page + 1, pages })}</Text>
              <Button
                variant="default"
                size="xs"
                disabled={filter.page + 1 >= pages}
                onClick={() => setFilter((current) => ({ ...current, page: current.page + 1 }))}
              >
                {t('priceAlerts.next')}
              </Button>
            </Group>
          )}
        </>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('priceAlerts.deleteTitle')}
        body={
          deleting
            ? t('priceAlerts.deleteBody', {
                position: positionOf(deleting, t),
                condition: conditionOf(deleting, t, locale),
              })
            : ''
        }
        confirmLabel={t('priceAlerts.delete')}
        confirmColor="red.9"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        confirmTestId="price-alert-delete-confirm"
      />
    </Stack>
  );
}

/** /pricealerts: the selected customer's price alerts, to list, create, change and delete. */
export function PriceAlertsScreen() {
  const t = useT();
  const { customer } = useSelection();
  return (
    <Stack data-testid="screen-pricealerts">
      <Title order={1}>{t('priceAlerts.title')}</Title>
      <Text>{t('priceAlerts.intro')}</Text>
      <Text size="sm" fw={600} data-testid="price-alerts-basis">
        {t('priceAlerts.basis')}
      </Text>
      {customer ? <Alerts key={customer.id} customerId={customer.id} /> : <NoCustomer />}
    </Stack>
  );
}
