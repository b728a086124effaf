import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { missingMessage, type MessageKey } from './catalogues';

type MessageValue = string | number | boolean | Date | null | undefined;

export type Translate = (key: MessageKey, values?: Record<string, MessageValue>) => string;

/** Translates a catalogue key; a key the catalogue lacks renders as `[[key]]`. */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback(
    (key, values) =>
      Object.prototype.hasOwnProperty.call(intl.messages, key)
        ? intl.formatMessage({ id: key }, values)
        : missingMessage(key),
    [intl],
  );
}
