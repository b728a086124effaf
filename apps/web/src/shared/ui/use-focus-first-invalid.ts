import { useEffect, useRef } from 'react';

/**
 * The ref for a form whose first field in error gets the focus after each refused attempt (a
 * count above 0), so a keyboard or screen reader user lands on what to fix.
 */
export function useFocusFirstInvalid(attempt: number) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  return form;
}
