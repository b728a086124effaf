import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import {
  CUSTOMER_SEARCH_SIZE,
  useCustomerSearch,
  type CustomerChoice,
} from '../api/use-customer-search';
import { useT } from '../i18n/use-t';
import { SEARCH_DEBOUNCE_MS, SearchCombobox, type ComboStatus } from './search-combobox';

/**
 * Finds a customer by name or id on the server (any number of customers, within the caller's
 * reach) and hands the one picked to `onPick`; the field is emptied for the next search.
 */
export function FindCustomerField({
  label,
  description,
  excludeIds = [],
  disabled = false,
  onPick,
  testId,
}: {
  label: string;
  description?: string;
  /** Customers already chosen, left out of the options. */
  excludeIds?: readonly number[];
  disabled?: boolean;
  onPick: (customer: CustomerChoice) => void;
  testId: string;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useCustomerSearch(disabled ? '' : q);
  const found = q === '' ? [] : (search.data?.choices ?? []);
  const options = found.filter((choice) => !excludeIds.includes(choice.id));
  const more = (search.data?.total ?? 0) > CUSTOMER_SEARCH_SIZE;

  let status: ComboStatus = { kind: 'idle' };
  if (search.isError) status = { kind: 'message', text: t('admin.findCustomer.failed') };
  else if (search.data && !search.isPlaceholderData && q !== '') {
    if (options.length === 0)
      status = { kind: 'message', text: t('admin.findCustomer.none', { q }) };
    else if (more) status = { kind: 'message', text: t('admin.findCustomer.more') };
    else status = { kind: 'ready' };
  }

  return (
    <SearchCombobox
      label={label}
      description={description ?? t('admin.findCustomer.hint')}
      text={text}
      onTextChange={setText}
      groups={[
        {
          key: 'customers',
          label: t('admin.search.customers'),
          options: options.map((choice) => ({
            key: String(choice.id),
            label: choice.name,
            hint: t('admin.search.customerHint', { id: choice.id }),
          })),
        },
      ]}
      status={status}
      loading={search.isFetching}
      onPick={(key) => {
        const choice = options.find((option) => String(option.id) === key);
        if (!choice) return;
        setText('');
        onPick(choice);
      }}
      testId={testId}
    />
  );
}
