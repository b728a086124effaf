import { useEffect, useState } from 'react';
import type { Locale } from '@klik/api';
import { loadLocale, localeLoaded, type Translations } from './catalogues';

/**
 * The locale the texts are shown in: the chosen one as soon as its catalogue is loaded (and the
 * deployment's texts for it are parsed), until then
 * the one shown before, so a switch of language never shows keys instead of texts. The portal
 * loads the first locale's catalogue before it renders; a failed load keeps the language shown.
 */
export function useCatalogueLocale(chosen: Locale, translations: Translations): Locale {
  const [ready, setReady] = useState(chosen);
  useEffect(() => {
    let current = true;
    loadLocale(chosen, translations).then(
      () => {
        if (current) setReady(chosen);
      },
      (error: unknown) => console.warn(`The ${chosen} messages could not be loaded`, error),
    );
    return () => {
      current = false;
    };
  }, [chosen, translations]);
  return localeLoaded(chosen, translations) ? chosen : ready;
}
