import { Checkbox, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { ROLES, type ErrorCode, type Role } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { errorMessageKey, roleMessageKey } from '../../../shared/i18n/message-keys';
import { useT } from '../../../shared/i18n/use-t';
import type { CustomerChoice } from '../api/use-customer-choices';
import type { FieldErrors, UserFormMode, UserFormValues } from '../derive/user-form';
import { CustomerRightsField } from './customer-rights-field';
import { PersonFields } from './person-fields';

/** Which roles this editor may give: account managers create customer-side users only. */
function rolesFor(editorRole: Role): readonly Role[] {
  if (editorRole === 'admin') return ROLES;
  if (editorRole === 'accountmanager') return ['customer', 'consultant'];
  return ['customer'];
}

/** The rights beside read-only, each for the roles it belongs to. */
const FLAGS = [
  {
    flag: 'clickAuthorized',
    label: 'admin.user.clickAuthorized',
    shownFor: (role: Role) => role === 'customer' || role === 'consultant',
  },
  {
    flag: 'allowTPIPage',
    label: 'admin.user.allowTPIPage',
    shownFor: (role: Role) => role === 'consultant',
  },
  {
    flag: 'manageUsers',
    label: 'admin.user.manageUsers',
    shownFor: (role: Role) => role === 'customer',
  },
] as const satisfies readonly {
  flag: keyof UserFormValues;
  label: MessageKey;
  shownFor: (role: Role) => boolean;
}[];

/**
 * Every input of the user form, each with its label and its own error (spec section 5) in the
 * catalogue's words; which inputs a mode shows follows the request it sends.
 */
export function UserFormFields({
  mode,
  values,
  errors,
  editorRole,
  customerChoices,
  disabled,
  onChange,
}: {
  mode: UserFormMode;
  values: UserFormValues;
  errors: FieldErrors;
  editorRole: Role;
  /** Null: customers are found on the server (see CustomerRightsField). */
  customerChoices: readonly CustomerChoice[] | null;
  disabled: boolean;
  onChange: (change: Partial<UserFormValues>) => void;
}) {
  const t = useT();
  const error = (code: ErrorCode | undefined) => (code ? t(errorMessageKey(code)) : undefined);
  const creating = mode !== 'edit';
  const withRights = mode === 'edit' || mode === 'create';
  const roles = rolesFor(editorRole);
  const customerSide = values.role === 'customer' || values.role === 'consultant';
  // An account manager's customers are their portfolio; rights per customer do not apply.
  const portfolio = mode === 'accountManager' || values.role === 'accountmanager';
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PersonFields
          creating={creating}
          values={values}
          errors={errors}
          nameLabel={t('admin.user.name')}
          disabled={disabled}
          onChange={onChange}
        >
          {withRights && (
            <NativeSelect
              label={t('admin.user.role')}
              value={values.role}
              onChange={(event) => onChange({ role: event.currentTarget.value as Role })}
              data={(roles.includes(values.role) ? roles : [values.role, ...roles]).map((role) => ({
                value: role,
                label: t(roleMessageKey(role)),
              }))}
              error={error(errors.role)}
              disabled={disabled || roles.length === 1}
              data-testid="field-role"
            />
          )}
        </PersonFields>
      </SimpleGrid>
      {(withRights || mode === 'accountManager') && (
        <Stack gap="xs">
          <Checkbox
            label={t(
              mode === 'accountManager' ? 'admin.user.readOnlyManager' : 'admin.user.readOnly',
            )}
            checked={values.readOnly}
            onChange={(event) => onChange({ readOnly: event.currentTarget.checked })}
            disabled={disabled}
            data-testid="field-readOnly"
          />
          {withRights &&
            FLAGS.filter(({ shownFor }) => shownFor(values.role)).map(({ flag, label }) => (
              <Checkbox
                key={flag}
                label={t(label)}
                checked={values[flag]}
                onChange={(event) => onChange({ [flag]: event.currentTarget.checked })}
                disabled={disabled}
                data-testid={`field-${flag}`}
              />
            ))}
        </Stack>
      )}
      {(customerSide || portfolio) && (
        <CustomerRightsField
          label={t(portfolio ? 'admin.user.portfolio' : 'admin.user.customers')}
          value={values.customers}
          choices={customerChoices}
          withRights={withRights && customerSide}
          disabled={disabled}
          error={errors.customers}
          onChange={(customers) => onChange({ customers })}
        />
      )}
    </Stack>
  );
}
