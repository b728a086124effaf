import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { useSession } from '../../../shared/session/use-session';
import { TableRegion } from '../../../shared/ui/table-region';
import { useContractList } from '../api/contracts-api';
import { CONTRACT_IMPORT_WEB_PATH } from '../contracts-import-paths';
import { CONTRACT_WEB_PATHS } from '../contracts-paths';
import { errorCodeOf } from '../derive/refusal';

const PAGE_SIZE = 20;

/** managecontract: the contracts this user reaches, searched, filtered and paged on the server. */
export function ManageContractsScreen() {
  const t = useT();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  // Typed here and copied to the address bar, so no keystroke waits for the router.
  const [search, setSearch] = useState(q);
  const commodity = params.get('commodity');
  const page = Math.max(0, Number(params.get('page') ?? '0') || 0);
  const query = new URLSearchParams({ page: String(page), size: String(PAGE_SIZE) });
  if (q.trim() !== '') query.set('q', q.trim());
  if (commodity === 'Power' || commodity === 'Gas') query.set('commodity', commodity);
  const list = useContractList(query.toString());
  const set = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
    if (name !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  if (!session) return null;
  const readOnly = session.readOnly === true;
  const total = list.data?.total ?? 0;
  return (
    <Stack data-testid="screen-managecontract">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t('contracts.title')}</Title>
        <Group>
          {session.role === 'admin' && !readOnly && (
            <Anchor component={Link} to={CONTRACT_IMPORT_WEB_PATH}>
              {t('contracts.toImport')}
            </Anchor>
          )}
          {!readOnly && (
            <Button component={Link} to={CONTRACT_WEB_PATHS.create} data-testid="new-contract">
              {t('contracts.new')}
            </Button>
          )}
        </Group>
      </Group>
      <Group align="flex-end">
        <TextInput
          label={t('contracts.filter.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            set('q', event.currentTarget.value);
          }}
          data-testid="filter-q"
        />
        <Select
          label={t('contracts.field.commodity')}
          data={[
            { value: 'all', label: t('contracts.filter.all') },
            { value: 'Gas', label: t('contracts.commodity.Gas') },
            { value: 'Power', label: t('contracts.commodity.Power') },
          ]}
          value={commodity ?? 'all'}
          onChange={(value) => set('commodity', value === 'all' ? null : value)}
          allowDeselect={false}
          data-testid="filter-commodity"
        />
      </Group>
      {list.isPending && (
        <Text role="status" data-testid="contracts-loading">
          {t('contracts.loading')}
        </Text>
      )}
      {list.isError && (
        <Alert color="red" role="alert" data-testid="contracts-error">
          <Stack gap="xs" align="flex-start">
            {t('contracts.loadFailed', { reason: t(errorMessageKey(errorCodeOf(list.error))) })}
            <Button size="xs" variant="default" onClick={() => void list.refetch()}>
              {t('contracts.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {list.data && list.data.total === 0 && (
        <Text data-testid="contracts-empty">
          {q !== '' || commodity ? t('contracts.emptyFiltered') : t('contracts.empty')}
        </Text>
      )}
      {list.data && list.data.total > 0 && (
        <>
          <TableRegion
            id="contracts"
            caption={t('contracts.caption')}
            minWidth={720}
            testId="contracts-table"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('contracts.field.contractId')}</Table.Th>
                <Table.Th scope="col">{t('contracts.field.customer')}</Table.Th>
                <Table.Th scope="col">{t('contracts.field.commodity')}</Table.Th>
                <Table.Th scope="col">{t('contracts.field.product')}</Table.Th>
                <Table.Th scope="col">{t('contracts.column.years')}</Table.Th>
                <Table.Th scope="col">{t('contracts.column.volume')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.data.map((contract) => (
                <Table.Tr key={contract.id}>
                  <Table.Td>
                    <Anchor component={Link} to={CONTRACT_WEB_PATHS.edit(contract.id)}>
                      {contract.contractId}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{contract.customerName}</Table.Td>
                  <Table.Td>{t(`contracts.commodity.${contract.commodity}`)}</Table.Td>
                  <Table.Td>{contract.product}</Table.Td>
                  <Table.Td>{contract.yearsOfSupply.join(', ')}</Table.Td>
                  <Table.Td>{t('contracts.mwh', { volume: contract.contractedVolume })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </TableRegion>
          {total > PAGE_SIZE && (
            <Pagination
              total={Math.ceil(total / PAGE_SIZE)}
              value={page + 1}
              onChange={(value) => set('page', String(value - 1))}
              getControlProps={(control) => ({
                'aria-label': t(
                  control === 'previous' ? 'admin.users.page.previous' : 'admin.users.page.next',
                ),
              })}
              getItemProps={(value) => ({
                'aria-label': t('admin.users.page.number', { page: value }),
              })}
              aria-label={t('admin.users.page.label')}
              data-testid="contracts-pages"
            />
          )}
        </>
      )}
    </Stack>
  );
}
