import { createContext, useContext } from 'react';
import type { Translate } from './translator';

export type { MessageValue, Translate } from './translator';

/** The translator of the locale shown, given by I18nProvider. */
export const TranslateContext = createContext<Translate | null>(null);

/** Translates a catalogue key; a key the catalogue lacks renders as `[[key]]`. */
export function useT(): Translate {
  const t = useContext(TranslateContext);
  if (!t) throw new Error('useT is used outside I18nProvider');
  return t;
}
