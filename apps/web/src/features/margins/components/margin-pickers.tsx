import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import type { AssignedContract } from '@klik/api';
import { useT } from '../../../shared/i18n/use-t';
import {
  SEARCH_DEBOUNCE_MS,
  SearchCombobox,
  type ComboStatus,
} from '../../../shared/ui/search-combobox';
import { PICKER_SIZE, useContractSearch, useCustomerSearch } from '../api/margins-api';

function statusOf(
  search: { isError: boolean; data?: unknown[]; isPlaceholderData: boolean },
  q: string,
  found: number,
  texts: { failed: string; none: string; more: string },
): ComboStatus {
  if (search.isError) return { kind: 'message', text: texts.failed };
  if (!search.data || search.isPlaceholderData || q === '') return { kind: 'idle' };
  if (found === 0) return { kind: 'message', text: texts.none };
  if (search.data.length >= PICKER_SIZE) return { kind: 'message', text: texts.more };
  return { kind: 'ready' };
}

/** Finds a customer by name or id on the server and hands the one picked to `onPick`. */
export function FindCustomer({
  excludeIds,
  onPick,
}: {
  excludeIds: readonly number[];
  onPick: (customer: { id: number; name: string }) => void;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useCustomerSearch(q);
  const options = (q === '' ? [] : (search.data ?? [])).filter(
    (choice) => !excludeIds.includes(choice.id),
  );
  return (
    <SearchCombobox
      label={t('margins.assign.findCustomer')}
      description={t('margins.assign.findHint')}
      text={text}
      onTextChange={setText}
      groups={[
        {
          key: 'customers',
          label: t('margins.assign.customers'),
          options: options.map((choice) => ({ key: String(choice.id), label: choice.name })),
        },
      ]}
      status={statusOf(search, q, options.length, {
        failed: t('margins.search.failed'),
        none: t('margins.search.none', { q }),
        more: t('margins.search.more'),
      })}
      loading={search.isFetching}
      onPick={(key) => {
        const choice = options.find((option) => String(option.id) === key);
        if (!choice) return;
        setText('');
        onPick(choice);
      }}
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
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const search = useContractSearch(q);
  const options = (q === '' ? [] : (search.data ?? [])).filter(
    (contract) => !excludeIds.includes(contract.id),
  );
  return (
    <SearchCombobox
      label={label}
      description={t('margins.assign.findContractHint')}
      text={text}
      onTextChange={setText}
      groups={[
        {
          key: 'contracts',
          label: t('margins.assign.contracts'),
          options: options.map((contract) => ({
            key: String(contract.id),
            label: contract.contractId,
            hint: contract.customerName,
          })),
        },
      ]}
      status={statusOf(search, q, options.length, {
        failed: t('margins.search.failed'),
        none: t('margins.search.none', { q }),
        more: t('margins.search.more'),
      })}
      loading={search.isFetching}
      onPick={(key) => {
        const contract = options.find((option) => String(option.id) === key);
        if (!contract) return;
        setText('');
        onPick(contract);
      }}
      testId={testId}
    />
  );
}
