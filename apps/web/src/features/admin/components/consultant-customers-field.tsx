import type { ErrorCode } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import type { CustomerChoice } from '../api/use-customer-choices';
import { FindCustomerField } from '../../../shared/ui/find-customer-field';
import { LinkedCustomersFieldset } from './linked-customers-fieldset';

/**
 * The customers a consultant works for: each can be removed, and any other found on the server
 * added (a supplier has more customers than a list could hold).
 */
export function ConsultantCustomersField({
  value,
  disabled,
  error,
  onChange,
}: {
  value: readonly CustomerChoice[];
  disabled: boolean;
  error?: ErrorCode;
  onChange: (next: CustomerChoice[]) => void;
}) {
  const t = useT();
  return (
    <LinkedCustomersFieldset
      legend={t('admin.consultant.customers')}
      testId="consultant-customers"
      links={value}
      linkOf={(customer) => customer}
      rowTestIdOf={(id) => `consultant-customer-${id}`}
      emptyText={t('admin.user.customers.none')}
      disabled={disabled}
      onRemove={(id) => onChange(value.filter((other) => other.id !== id))}
      errorText={error && t(errorMessageKey(error))}
    >
      {!disabled && (
        <FindCustomerField
          label={t('admin.user.customers.add')}
          excludeIds={value.map((customer) => customer.id)}
          onPick={(customer) => onChange([...value, customer])}
          testId="consultant-add-customer"
        />
      )}
    </LinkedCustomersFieldset>
  );
}
