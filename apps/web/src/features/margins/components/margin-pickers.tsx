import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { AssignedContract } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import {
  SEARCH_DEBOUNCE_MS,
  SearchCombobox,
  type ComboOption,
  type ComboStatus,
} from '../../../shared/ui/search-combobox';
import { PICKER_SIZE, useContractSearch, useCustomerSearch } from '../api/margins-api';

interface Found<T> {
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  data?: T[];
}

/**
 * A server-searching field (the shared combobox): what `useSearch` finds for the typed text, less
 * what is already chosen; the one picked goes to `onPick` and the field empties for the next.
 */
function ServerPicker<T extends { id: number }>({
  label,
  description,
  group,
  useSearch,
  optionOf,
  excludeIds,
  onPick,
  testId,
}: {
  label: string;
  description: string;
  group: string;
  useSearch: (q: string) => Found<T>;
  optionOf: (item: T) => Omit<ComboOption, 'key'>;
  excludeIds: readonly number[];
  onPick: (item: T) => void;
  testId: string;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useSearch(q);
  const options = (q === '' ? [] : (search.data ?? [])).filter(
    (item) => !excludeIds.includes(item.id),
  );
  let status: ComboStatus = { kind: 'idle' };
  if (search.isError) status = { kind: 'message', text: t('margins.search.failed') };
  else if (search.data && !search.isPlaceholderData && q !== '') {
    if (options.length === 0) status = { kind: 'message', text: t('margins.search.none', { q }) };
    else if (search.data.length >= PICKER_SIZE)
      status = { kind: 'message', text: t('margins.search.more') };
    else status = { kind: 'ready' };
  }
  return (
    <SearchCombobox
      label={label}
      description={description}
      text={text}
      onTextChange={setText}
      groups={[
        {
          key: group,
          label: group,
          options: options.map((item) => ({ key: String(item.id), ...optionOf(item) })),
        },
      ]}
      status={status}
      loading={search.isFetching}
      onPick={(key) => {
        const item = options.find((option) => String(option.id) === key);
        if (!item) return;
        setText('');
        onPick(item);
      }}
      testId={testId}
    />
  );
}

/** Finds a customer by name or id on the server. */
export function FindCustomer({
  excludeIds,
  onPick,
}: {
  excludeIds: readonly number[];
  onPick: (customer: { id: number; name: string }) => void;
}) {
  const t = useT();
  return (
    <ServerPicker
      label={t('margins.assign.findCustomer')}
      description={t('margins.assign.findHint')}
      group={t('margins.assign.customers')}
      useSearch={useCustomerSearch}
      optionOf={(customer) => ({ label: customer.name })}
      excludeIds={excludeIds}
      onPick={onPick}
      testId="find-customer"
    />
  );
}

/** Finds a contract by Contract-ID or customer name on the server. */
export function FindContract({
  label,
  excludeIds = [],
  onPick,
  testId,
}: {
  label: string;
  excludeIds?: readonly number[];
  onPick: (contract: AssignedContract) => void;
  testId: string;
}) {
  const t = useT();
  return (
    <ServerPicker
      label={label}
      description={t('margins.assign.findContractHint')}
      group={t('margins.assign.contracts')}
      useSearch={useContractSearch}
      optionOf={(contract) => ({ label: contract.contractId, hint: contract.customerName })}
      excludeIds={excludeIds}
      onPick={onPick}
      testId={testId}
    />
  );
}
