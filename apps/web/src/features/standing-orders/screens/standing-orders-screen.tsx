import { useState } from 'react';
import { Alert, Button, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { STANDING_ORDER_STATUSES, type StandingOrderStatus } from '@klik/domain';
import type { StandingOrder } from '@klik/api';
import { ApiError } from '@klik/api';
import { errorMessageKeyFor } from '../../../shared/i18n/message-keys';
import { useLocale } from '../../../shared/i18n/use-locale';
import { useT } from '../../../shared/i18n/use-t';
import { useSelection } from '../../../shared/session/use-selection';
import { useSession } from '../../../shared/session/use-session';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { LoadFailed, Loading, NoCustomer } from '../../../shared/ui/load-states';
import { useRealtimeEvents } from '../../../shared/websocket/realtime-context';
import {
  standingOrderKeys,
  useCancelStandingOrder,
  useOrderContracts,
  useStandingOrders,
  type StandingOrderListFilter,
} from '../api/standing-orders-api';
import { StandingOrderForm } from '../components/standing-order-form';
import { positionOf, StandingOrderTable } from '../components/standing-order-table';

const PAGE_SIZE = 20;

/** /standingorders: place orders and follow them (docs/standing-orders.md, "The screen"). */
export function StandingOrdersScreen() {
  const t = useT();
  const { customer } = useSelection();
  return (
    <Stack gap="md">
      <Title order={1}>{t('standingOrders.title')}</Title>
      {customer ? <Orders key={customer.id} customerId={customer.id} /> : <NoCustomer />}
    </Stack>
  );
}

function Orders({ customerId }: { customerId: number }) {
  const t = useT();
  const locale = useLocale();
  const session = useSession();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<StandingOrderListFilter>({ page: 0, size: PAGE_SIZE });
  const [cancelling, setCancelling] = useState<StandingOrder | null>(null);
  const [placed, setPlaced] = useState<StandingOrder | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const orders = useStandingOrders(customerId, filter);
  const contracts = useOrderContracts(customerId);
  const cancel = useCancelStandingOrder(customerId);
  const mayPlace = session !== null && !session.readOnly;

  // An order that executed made a click of this customer: read the orders again.
  useRealtimeEvents((event) => {
    if (event.name === 'clickUpdate') {
      void queryClient.invalidateQueries({ queryKey: standingOrderKeys.all });
    }
  });

  const page = orders.data;
  const pages = page ? Math.max(1, Math.ceil(page.total / page.size)) : 1;
  const filtered = filter.status !== undefined || filter.contractId !== undefined;
  return (
    <Stack gap="md">
      <Text size="sm" data-testid="standing-orders-explain">
        {t('standingOrders.explain')}
      </Text>
      {mayPlace ? (
        <Card withBorder padding="md">
          <StandingOrderForm customerId={customerId} onPlaced={setPlaced} />
        </Card>
      ) : (
        <Alert color="gray" data-testid="standing-orders-read-only">
          {t('standingOrders.readOnly')}
        </Alert>
      )}
      {placed && (
        <Alert color="green" role="status" data-testid="standing-order-placed">
          {t('standingOrders.placed', { position: positionOf(placed) })}
        </Alert>
      )}
      <Group align="end">
        <NativeSelect
          label={t('standingOrders.filter.status')}
          value={filter.status ?? ''}
          data-testid="standing-orders-filter-status"
          data={[
            { value: '', label: t('standingOrders.filter.allStatuses') },
            ...STANDING_ORDER_STATUSES.map((status) => ({
              value: status,
              label: t(`standingOrders.status.${status}`),
            })),
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setFilter((current) => ({
              ...current,
              page: 0,
              status: value === '' ? undefined : (value as StandingOrderStatus),
            }));
          }}
        />
        <NativeSelect
          label={t('standingOrders.filter.contract')}
          value={filter.contractId ?? ''}
          data-testid="standing-orders-filter-contract"
          data={[
            { value: '', label: t('standingOrders.filter.allContracts') },
            ...(contracts.data ?? []).map((contract) => contract.contractId),
          ]}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setFilter((current) => ({
              ...current,
              page: 0,
              contractId: value === '' ? undefined : value,
            }));
          }}
        />
      </Group>
      {failure && (
        <Alert color="red" role="alert" data-testid="standing-orders-failure">
          {failure}
        </Alert>
      )}
      {orders.isPending ? (
        <Loading text={t('standingOrders.loading')} />
      ) : orders.isError ? (
        <LoadFailed text={t('standingOrders.loadFailed')} onRetry={() => void orders.refetch()} />
      ) : page && page.data.length === 0 ? (
        <Text data-testid="standing-orders-empty">
          {t(
            filtered
              ? 'standingOrders.emptyFiltered'
              : mayPlace
                ? 'standingOrders.empty'
                : 'standingOrders.emptyReadOnly',
          )}
        </Text>
      ) : (
        page && (
          <Stack gap="xs">
            <StandingOrderTable
              orders={page.data}
              t={t}
              locale={locale}
              onCancel={(order) => {
                setFailure(null);
                setCancelling(order);
              }}
            />
            {pages > 1 && (
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  disabled={filter.page === 0}
                  onClick={() => setFilter((current) => ({ ...current, page: current.page - 1 }))}
                >
                  {t('standingOrders.previous')}
                </Button>
                <Text size="sm">{t('standingOrders.page', { page: filter.page + 1, pages })}</Text>
                <Button
                  variant="default"
                  size="xs"
                  disabled={filter.page + 1 >= pages}
                  onClick={() => setFilter((current) => ({ ...current, page: current.page + 1 }))}
                >
                  {t('standingOrders.next')}
                </Button>
              </Group>
            )}
          </Stack>
        )
      )}
      <ConfirmDialog
        opened={cancelling !== null}
        title={t('standingOrders.cancelTitle')}
        body={t('standingOrders.cancelBody', {
          position: cancelling ? positionOf(cancelling) : '',
        })}
        confirmLabel={t('standingOrders.cancelConfirm')}
        confirmColor="red"
        pending={cancel.isPending}
        confirmTestId="standing-order-cancel-confirm"
        onCancel={() => setCancelling(null)}
        onConfirm={() => {
          if (!cancelling) return;
          cancel.mutate(cancelling.id, {
            onSettled: () => setCancelling(null),
            onError: (error) =>
              setFailure(
                t(errorMessageKeyFor(error instanceof ApiError ? error.code : 'INTERNAL')),
              ),
          });
        }}
      />
    </Stack>
  );
}
