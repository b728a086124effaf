import { useState } from 'react';
import type { ErrorCode } from '@klik/api';
import type { MessageKey } from '../i18n/catalogues';
import { errorMessageKey } from '../i18n/message-keys';
import { useT } from '../i18n/use-t';
import { useFocusFirstInvalid } from './use-focus-first-invalid';

/** A field's refusal: the server's code, or a repeat that differs from the new password. */
export type PasswordFieldError = ErrorCode | 'MISMATCH';

/**
 * What a form that sets a new password holds: what was typed in each field, each field's message
 * (a repeat that differs says `mismatch`), the form's own message, and the focus on the first
 * field in error after each refused attempt.
 */
export function usePasswordForm<F extends string>(empty: Record<F, string>, mismatch: MessageKey) {
  const t = useT();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<F, PasswordFieldError>>>({});
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const [attempt, setAttempt] = useState(0);
  const form = useFocusFirstInvalid(attempt);

  const message = (field: F) => {
    const code = errors[field];
    if (code === undefined) return undefined;
    return code === 'MISMATCH' ? t(mismatch) : t(errorMessageKey(code));
  };

  const set = (field: F) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((old) => ({ ...old, [field]: value }));
  };

  return {
    form,
    values,
    errors,
    setErrors,
    formError,
    setFormError,
    message,
    set,
    /** Counts an attempt to send: the focus then goes to the first field in error, if any. */
    countAttempt: () => setAttempt((count) => count + 1),
  };
}
