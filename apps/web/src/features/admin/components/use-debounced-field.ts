import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';

/**
 * A text filter that goes to the address bar after a pause in typing (or at once with `flush`).
 * The address bar is the truth: back, a link or a reset changes the text shown too, unless the
 * user is still typing.
 */
export function useDebouncedField(
  value: string | undefined,
  commit: (value: string) => void,
  delayMs = 350,
) {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  const debounced = useDebouncedCallback((next: string) => commit(next.trim()), delayMs);
  if (shown !== value) {
    setShown(value);
    if (!debounced.isPending()) setText(value ?? '');
  }
  return {
    text,
    change(next: string) {
      setText(next);
      debounced(next);
    },
    flush() {
      debounced.cancel();
      commit(text.trim());
    },
  };
}
