import { TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Locale } from '@klik/api';
import { missingMessage, type MessageKey, type Messages } from './catalogues';

export type MessageValue = string | number | boolean | Date | null | undefined;

export type Translate = (key: MessageKey, values?: Record<string, MessageValue>) => string;

/**
 * Translates with one locale's messages (ICU text, or that text parsed at build time). Each
 * message's formatter is made on first use and kept. A key the messages lack renders as
 * `[[key]]`, and so does a message that cannot be formatted with the values given (logged), so a
 * gap is visible, never silent. intl-messageformat alone, not react-intl: the page needs
 * translated strings only, and the login page's budget has no room for the rest
 * (docs/performance.md).
 */
export function createTranslator(locale: Locale, messages: Messages): Translate {
  const formats = new Map<string, IntlMessageFormat>();
  return (key, values) => {
    if (!Object.prototype.hasOwnProperty.call(messages, key)) return missingMessage(key);
    const message = messages[key] as Messages[string];
    // Most messages are one literal: no formatter needed.
    if (typeof message !== 'string' && message.length === 1 && message[0]?.type === TYPE.literal) {
      return message[0].value;
    }
    let format = formats.get(key);
    if (!format) {
      format = new IntlMessageFormat(message, locale);
      formats.set(key, format);
    }
    try {
      return String(format.format(values));
    } catch (error) {
      console.error(`Message ${key} could not be formatted`, error);
      return missingMessage(key);
    }
  };
}
