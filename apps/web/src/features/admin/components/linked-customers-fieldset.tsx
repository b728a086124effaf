import type { ReactNode } from 'react';
import { Button, Fieldset, Stack, Table, Text } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import { ActionsHeader } from './actions-header';

/** A customer an account is linked to, as the fieldset lists it. */
interface Link {
  id: number;
  name: string;
}

/**
 * The customers an account is linked to, each in a row that can remove it, with what the account
 * holds per customer (`columns`, `cellsOf`) between its name and the remove button. What adds a
 * customer (`children`) and the field's message follow the table. `testId` names the fieldset and
 * `${testId}-empty`; `rowTestIdOf` each row.
 */
export function LinkedCustomersFieldset<L>({
  legend,
  testId,
  links,
  linkOf,
  rowTestIdOf,
  emptyText,
  columns,
  cellsOf,
  disabled,
  onRemove,
  errorText,
  children,
}: {
  legend: string;
  testId: string;
  links: readonly L[];
  linkOf: (link: L) => Link;
  rowTestIdOf: (id: number) => string;
  emptyText: string;
  columns?: ReactNode;
  cellsOf?: (link: L) => ReactNode;
  disabled: boolean;
  onRemove: (id: number) => void;
  errorText: string | undefined;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Fieldset legend={legend} data-testid={testId}>
      <Stack gap="xs">
        {links.length === 0 ? (
          <Text size="sm" data-testid={`${testId}-empty`}>
            {emptyText}
          </Text>
        ) : (
          <Table fz="sm" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin.user.customers.customer')}</Table.Th>
                {columns}
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.map((link) => {
                const { id, name } = linkOf(link);
                return (
                  <Table.Tr key={id} data-testid={rowTestIdOf(id)}>
                    <Table.Td>{name}</Table.Td>
                    {cellsOf?.(link)}
                    <Table.Td>
                      <Button
                        variant="subtle"
                        size="xs"
                        color="red.8"
                        disabled={disabled}
                        onClick={() => onRemove(id)}
                        aria-label={t('admin.user.customers.removeFrom', { customer: name })}
                      >
                        {t('admin.user.customers.remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {children}
        {errorText && (
          <Text size="sm" c="red.8" role="alert" data-testid="error-customers">
            {errorText}
          </Text>
        )}
      </Stack>
    </Fieldset>
  );
}
