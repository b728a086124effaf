import { Table } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';

/** The header of a column of buttons: named for screen readers, empty on screen. */
export function ActionsHeader() {
  const t = useT();
  return (
    <Table.Th scope="col">
      <span className="klik-visually-hidden">{t('admin.user.customers.actions')}</span>
    </Table.Th>
  );
}
