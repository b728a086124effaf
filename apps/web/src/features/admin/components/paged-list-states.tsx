import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { useT } from '../../../shared/i18n/use-t';
import { ListPagination } from './list-pagination';
import { LoadFailed, Loading } from '../../../shared/ui/load-states';

interface Page<T> {
  data: T[];
  page: number;
  size: number;
  total: number;
}

/** What a paged list says while loading, when it failed, when it is empty and how much it holds. */
export interface PagedListTexts {
  loading: MessageKey;
  loadFailed: MessageKey;
  empty: MessageKey;
  emptyFiltered: MessageKey;
  /** With {from}, {to} and {total}. */
  count: MessageKey;
}

/**
 * The states of a list paged on the server: loading, failed (with a retry), empty (with a reset
 * when filtered), or its rows with how many there are and the pages. `testId` names them:
 * `${testId}-error`, `-empty`, `-count`, `-pagination`.
 */
export function PagedListStates<T>({
  list,
  texts,
  filtered,
  onReset,
  onPage,
  testId,
  children,
}: {
  list: UseQueryResult<Page<T>>;
  texts: PagedListTexts;
  filtered: boolean;
  onReset: () => void;
  onPage: (page: string) => void;
  testId: string;
  children: (rows: T[]) => ReactNode;
}) {
  const t = useT();
  const page = list.data;
  return (
    <Stack gap="md">
      {list.isPending && <Loading text={t(texts.loading)} />}
      {list.isError && (
        <LoadFailed
          text={t(texts.loadFailed)}
          onRetry={() => void list.refetch()}
          testId={`${testId}-error`}
        />
      )}
      {page && page.data.length === 0 && (
        <Alert color="gray" data-testid={`${testId}-empty`}>
          <Group gap="sm">
            <Text size="sm">{t(filtered ? texts.emptyFiltered : texts.empty)}</Text>
            {filtered && (
              <Button variant="default" size="xs" onClick={onReset}>
                {t('admin.users.filter.reset')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      {page && page.data.length > 0 && (
        <>
          <Text size="sm" role="status" data-testid={`${testId}-count`}>
            {t(texts.count, {
              from: page.page * page.size + 1,
              to: page.page * page.size + page.data.length,
              total: page.total,
            })}
          </Text>
          {children(page.data)}
          <ListPagination
            page={page.page}
            size={page.size}
            total={page.total}
            onPage={onPage}
            testId={`${testId}-pagination`}
          />
        </>
      )}
    </Stack>
  );
}
