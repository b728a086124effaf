import { useState } from 'react';
import { Pagination } from '@mantine/core';
import { useT } from '../../../../shared/i18n/use-t';

/** Rows shown per page of a report's table: a file may name thousands of contracts. */
export const REPORT_PAGE_SIZE = 25;

/** One page of a report's rows; the report comes whole from the server, bounded by its limits. */
export function usePagedRows<T>(rows: readonly T[]) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / REPORT_PAGE_SIZE));
  const current = Math.min(page, pages);
  const start = (current - 1) * REPORT_PAGE_SIZE;
  return {
    rows: rows.slice(start, start + REPORT_PAGE_SIZE),
    page: current,
    pages,
    setPage,
  };
}

export function ReportPagination({
  paged,
  label,
  testId,
}: {
  paged: Pick<ReturnType<typeof usePagedRows>, 'page' | 'pages' | 'setPage'>;
  label: string;
  testId: string;
}) {
  const t = useT();
  if (paged.pages <= 1) return null;
  return (
    <Pagination
      total={paged.pages}
      value={paged.page}
      onChange={paged.setPage}
      getControlProps={(control) => ({
        'aria-label': t(
          control === 'previous' ? 'contracts.import.page.previous' : 'contracts.import.page.next',
        ),
      })}
      getItemProps={(value) => ({
        'aria-label': t('contracts.import.page.number', { page: value }),
      })}
      aria-label={label}
      data-testid={testId}
    />
  );
}
