import { Checkbox, SimpleGrid, Stack } from '@mantine/core';
import { useT } from '../../../shared/i18n/use-t';
import type {
  ConsultantFieldErrors,
  ConsultantFormMode,
  ConsultantFormValues,
} from '../derive/consultant-form';
import { ConsultantCustomersField } from './consultant-customers-field';
import { PersonFields } from './person-fields';

/** Every input of the consultant form, each with its own error in the catalogue's words. */
export function ConsultantFormFields({
  mode,
  values,
  errors,
  disabled,
  onChange,
}: {
  mode: ConsultantFormMode;
  values: ConsultantFormValues;
  errors: ConsultantFieldErrors;
  disabled: boolean;
  onChange: (change: Partial<ConsultantFormValues>) => void;
}) {
  const t = useT();
  const creating = mode === 'create';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PersonFields
          creating={creating}
          values={values}
          errors={errors}
          nameLabel={t('admin.consultant.name')}
          nameHint={t('admin.consultant.nameHint')}
          disabled={disabled}
          onChange={onChange}
        />
      </SimpleGrid>
      <Checkbox
        label={t('admin.user.allowTPIPage')}
        description={t('admin.consultant.allowTPIPageHint')}
        checked={values.allowTPIPage}
        onChange={(event) => onChange({ allowTPIPage: event.currentTarget.checked })}
        disabled={disabled}
        data-testid="field-allowTPIPage"
      />
      <ConsultantCustomersField
        value={values.customers}
        disabled={disabled}
        error={errors.customers}
        onChange={(customers) => onChange({ customers })}
      />
      {!creating && values.customers.length > 0 && (
        <Checkbox.Group
          label={t('admin.consultant.mandate')}
          description={t('admin.consultant.mandateHint')}
          value={values.customers
            .filter((customer) => !values.withoutMandate.includes(customer.id))
            .map((customer) => String(customer.id))}
          onChange={(mayClick) =>
            onChange({
              withoutMandate: values.customers
                .filter((customer) => !mayClick.includes(String(customer.id)))
                .map((customer) => customer.id),
            })
          }
          data-testid="field-mandates"
        >
          <Stack gap={6} mt="xs">
            {values.customers.map((customer) => (
              <Checkbox
                key={customer.id}
                value={String(customer.id)}
                label={customer.name}
                disabled={disabled}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </Stack>
  );
}
