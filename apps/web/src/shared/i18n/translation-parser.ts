import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '@klik/api';

/**
 * The ICU parser, for the deployment's own texts (env.json `translations`) alone: the page's
 * catalogues come parsed from the build, and this chunk is loaded only for a deployment that has
 * texts of its own (catalogues.ts, loadLocale). The build gives every other importer of the parser
 * package its no-parser build (apps/web/build/precompiled-messages.ts).
 * A text the parser rejects gives null, and the catalogue's own text is shown instead.
 */
export function parseMessage(text: string, locale: Locale): MessageFormatElement[] | null {
  try {
    return parse(text, { locale: new Intl.Locale(locale) });
  } catch (error) {
    console.warn(`A translation could not be read: ${text}`, error);
    return null;
  }
}
