import { useState } from 'react';
import { Button, Checkbox, Group, NativeSelect, Table } from '@mantine/core';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import { LinkedCustomersFieldset } from './linked-customers-fieldset';
import { FindCustomerField } from '../../../shared/ui/find-customer-field';
import type { CustomerChoice } from '../api/use-customer-choices';
import type { CustomerRightsValue } from '../derive/user-form';
import type { ErrorCode } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';

const RIGHTS = [
  { right: 'readOnly', label: 'admin.user.customers.readOnlyFor' },
  { right: 'clickAuthorized', label: 'admin.user.customers.clickFor' },
] as const satisfies readonly { right: keyof CustomerRightsValue; label: MessageKey }[];

/**
 * The customers a user belongs to. With `withRights` each has its own read-only and click right
 * (the user's own flags apply as well); otherwise only which customers. Others are added from
 * `choices`, or, when that is null (an admin, who reaches thousands), found on the server.
 */
export function CustomerRightsField({
  label,
  value,
  choices,
  withRights,
  disabled,
  error,
  onChange,
}: {
  label: string;
  value: readonly CustomerRightsValue[];
  choices: readonly CustomerChoice[] | null;
  withRights: boolean;
  disabled: boolean;
  error?: ErrorCode;
  onChange: (next: CustomerRightsValue[]) => void;
}) {
  const t = useT();
  const available = (choices ?? []).filter(
    (choice) => !value.some((link) => link.customerId === choice.id),
  );
  const [adding, setAdding] = useState('');
  const update = (customerId: number, change: Partial<CustomerRightsValue>) =>
    onChange(value.map((link) => (link.customerId === customerId ? { ...link, ...change } : link)));

  function add(choice: CustomerChoice) {
    onChange([
      ...value,
      { customerId: choice.id, customerName: choice.name, readOnly: false, clickAuthorized: true },
    ]);
  }

  function addChosen() {
    const choice = available.find((candidate) => String(candidate.id) === adding);
    if (!choice) return;
    add(choice);
    setAdding('');
  }

  return (
    <LinkedCustomersFieldset
      legend={label}
      testId="customer-rights"
      links={value}
      linkOf={(link) => ({ id: link.customerId, name: link.customerName })}
      rowTestIdOf={(id) => `customer-link-${id}`}
      emptyText={t(
        choices?.length === 0 ? 'admin.user.customers.noChoices' : 'admin.user.customers.none',
      )}
      columns={
        withRights && (
          <>
            <Table.Th scope="col">{t('admin.user.customers.readOnly')}</Table.Th>
            <Table.Th scope="col">{t('admin.user.customers.click')}</Table.Th>
          </>
        )
      }
      cellsOf={(link) =>
        withRights &&
        RIGHTS.map(({ right, label }) => (
          <Table.Td key={right}>
            <Checkbox
              aria-label={t(label, { customer: link.customerName })}
              checked={link[right]}
              disabled={disabled}
              onChange={(event) =>
                update(link.customerId, { [right]: event.currentTarget.checked })
              }
            />
          </Table.Td>
        ))
      }
      disabled={disabled}
      onRemove={(id) => onChange(value.filter((other) => other.customerId !== id))}
      errorText={
        error &&
        (error === 'VALIDATION_FAILED'
          ? t('admin.user.customers.required')
          : t(errorMessageKey(error)))
      }
    >
      {choices === null && !disabled && (
        <FindCustomerField
          label={t('admin.user.customers.add')}
          excludeIds={value.map((link) => link.customerId)}
          onPick={add}
          testId="customer-find"
        />
      )}
      {available.length > 0 && (
        <Group align="flex-end" gap="xs">
          <NativeSelect
            label={t('admin.user.customers.add')}
            value={adding}
            disabled={disabled}
            onChange={(event) => setAdding(event.currentTarget.value)}
            data={[
              { value: '', label: t('admin.user.customers.choose') },
              ...available.map((choice) => ({ value: String(choice.id), label: choice.name })),
            ]}
            data-testid="customer-add-select"
          />
          <Button
            variant="default"
            disabled={disabled || adding === ''}
            onClick={addChosen}
            data-testid="customer-add"
          >
            {t('admin.user.customers.addButton')}
          </Button>
        </Group>
      )}
    </LinkedCustomersFieldset>
  );
}
