import { Pagination } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';

/** The pages of a server-paged list; page counts from 0 as in the address bar and the call. */
export function ListPagination({
  page,
  size,
  total,
  onPage,
  testId,
}: {
  page: number;
  size: number;
  total: number;
  /** '' for the first page, so its address carries no page. */
  onPage: (page: string) => void;
  testId: string;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <Pagination
      total={pages}
      value={page + 1}
      onChange={(value) => onPage(value === 1 ? '' : String(value - 1))}
      getControlProps={(control) => ({
        'aria-label': t(
          control === 'previous' ? 'admin.users.page.previous' : 'admin.users.page.next',
        ),
      })}
      getItemProps={(value) => ({
        'aria-label': t('admin.users.page.number', { page: value }),
      })}
      data-testid={testId}
      aria-label={t('admin.users.page.label')}
    />
  );
}
