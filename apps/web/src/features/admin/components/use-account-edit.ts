import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { AdminUser, ErrorCode } from '@klik/api';
import type { MessageKey } from '../../../shared/i18n/catalogues';
import { errorCodeOf } from '../derive/form-failure';
import type { CheckedForm } from '../derive/user-form';

/**
 * One kind of account form (a user's, a consultant's): how it reads, checks and compares a user,
 * and its words.
 */
export interface AccountFormKind<V, F extends string> {
  formOf: (user: AdminUser) => V;
  check: (values: V, version: number) => CheckedForm<F>;
  /** The form's field a server's refusal is about, or null when it concerns the whole form. */
  fieldOf: (code: ErrorCode) => F | null;
  changedFields: (before: AdminUser, after: AdminUser) => F[];
  /** The fields' labels, to say which ones someone else changed. */
  fieldLabels: Record<F, MessageKey>;
  /** What a session that may only look is told. */
  viewOnly: MessageKey;
  /** Names the alerts `${testIdOf}-created`, `-read-only` and `-saved`. */
  testIdOf: string;
}

/** What an account edit shows around its fields. */
export interface AccountEditState<F extends string> {
  base: AdminUser;
  conflict: boolean;
  reloading: boolean;
  /** After a reload: the fields someone else changed; null before any reload. */
  othersChanged: F[] | null;
  saved: boolean;
  attempt: number;
  formError: ErrorCode | null;
  pending: boolean;
  save: () => void;
  loadNewest: (keepTyped: boolean) => Promise<void>;
}

/**
 * Editing an account on the version read: what was typed, its errors, and what follows a stale
 * version. The user and consultant edit screens share this so a conflict, a reload and a save
 * behave the same on both.
 */
export function useAccountEdit<V, F extends string, B>({
  kind,
  loaded,
  reload,
  update,
}: {
  kind: AccountFormKind<V, F>;
  loaded: AdminUser;
  reload: () => Promise<AdminUser | undefined>;
  update: UseMutationResult<AdminUser, Error, B>;
}) {
  // The version the form edits; only a save or an explicit reload moves it.
  const [base, setBase] = useState(loaded);
  const [values, setValues] = useState<V>(() => kind.formOf(loaded));
  const [errors, setErrors] = useState<Partial<Record<F, ErrorCode>>>({});
  const [formError, setFormError] = useState<ErrorCode | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [conflict, setConflict] = useState(false);
  const [othersChanged, setOthersChanged] = useState<F[] | null>(null);
  const [saved, setSaved] = useState(false);
  const [reloading, setReloading] = useState(false);

  function change(next: Partial<V>) {
    setValues((current) => ({ ...current, ...next }));
    setSaved(false);
  }

  function save() {
    setAttempt((count) => count + 1);
    setFormError(null);
    setSaved(false);
    const checked = kind.check(values, base.version);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(checked.formError);
      return;
    }
    setErrors({});
    // The body is what the server's own schema accepted, so it is the mutation's input.
    update.mutate(checked.body as B, {
      onSuccess: (user) => {
        setBase(user);
        setValues(kind.formOf(user));
        setConflict(false);
        setOthersChanged(null);
        setSaved(true);
      },
      onError: (error) => {
        const code = errorCodeOf(error);
        const field = kind.fieldOf(code);
        if (code === 'VERSION_CONFLICT') setConflict(true);
        else if (field !== null) setErrors({ [field]: code } as Partial<Record<F, ErrorCode>>);
        else setFormError(code);
        setAttempt((count) => count + 1);
      },
    });
  }

  /** Takes the newest version as the base; what was typed stays in the form if asked. */
  async function loadNewest(keepTyped: boolean) {
    setReloading(true);
    try {
      const fresh = await reload();
      if (!fresh) return;
      setOthersChanged(kind.changedFields(base, fresh));
      setBase(fresh);
      if (!keepTyped) setValues(kind.formOf(fresh));
      setConflict(false);
    } finally {
      setReloading(false);
    }
  }

  return {
    base,
    values,
    errors,
    formError,
    attempt,
    conflict,
    othersChanged,
    saved,
    reloading,
    pending: update.isPending,
    change,
    save,
    loadNewest,
    /** A change made beside the form (activation, a password reset) moved the version. */
    changedBeside: (user: AdminUser) => setBase(user),
    markSaved: setSaved,
    markConflict: () => setConflict(true),
  };
}
