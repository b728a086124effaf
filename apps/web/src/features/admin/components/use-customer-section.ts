import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { CustomerDetail, ErrorCode } from '@klik/api';
import { customerFailureOf } from '../derive/customer-form';

/** A section's values checked before sending: the body, or each field's message. */
export type CheckedSection<E, B> =
  { ok: true; body: B } | { ok: false; errors: E; formError: ErrorCode | null };

/**
 * A part of editcustomer that saves on its own, on the customer's version: what was typed, its
 * messages and whether it was saved. A stale version goes to the screen (`onConflict`), which
 * shows it above the part; what was typed stays when a save is refused.
 */
export function useCustomerSection<V, E extends object, B>({
  base,
  valuesOf,
  check,
  mutation,
  nameError,
  onSaved,
  onConflict,
}: {
  base: CustomerDetail;
  valuesOf: (customer: CustomerDetail) => V;
  check: (values: V) => CheckedSection<E, B>;
  mutation: UseMutationResult<CustomerDetail, Error, B>;
  /** Where the server's refusal of a name stands; without it, above the form. */
  nameError?: (code: ErrorCode) => E;
  onSaved: (customer: CustomerDetail) => void;
  onConflict: () => void;
}) {
  const [values, setValues] = useState<V>(() => valuesOf(base));
  const [errors, setErrors] = useState<Partial<E>>({});
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const [saved, setSaved] = useState(false);
  // Counts refused saves, so the frame can move the focus to the first field in error.
  const [attempt, setAttempt] = useState(0);

  function edit(next: (current: V) => V) {
    setValues(next);
    setSaved(false);
  }

  function save() {
    setFormError(null);
    setSaved(false);
    const checked = check(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(checked.formError);
      setAttempt((count) => count + 1);
      return;
    }
    setErrors({});
    mutation.mutate(checked.body, {
      onSuccess: (customer) => {
        setValues(valuesOf(customer));
        setSaved(true);
        onSaved(customer);
      },
      onError: (error) => {
        const failure = customerFailureOf(error);
        if (failure.kind === 'conflict') onConflict();
        else if (failure.kind === 'name' && nameError) setErrors(nameError(failure.code));
        else setFormError(failure.code);
        setAttempt((count) => count + 1);
      },
    });
  }

  return {
    values,
    errors,
    formError,
    saved,
    attempt,
    pending: mutation.isPending,
    edit,
    save,
  };
}
