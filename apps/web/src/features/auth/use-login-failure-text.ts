import { useMemo } from 'react';
import { messagesFor } from '../../shared/i18n/catalogues';
import { createTranslator } from '../../shared/i18n/translator';
import { useEnv } from '../../shared/env/use-env';
import type { LoginFailure } from './login-failure';

/**
 * The login failure in the environment's language, not the one chosen on the switch: spec
 * section 8 ties the two login messages to the environment locale (en English, otherwise Dutch).
 * Returns the text and its language, so the alert can say which language it speaks.
 */
export function useLoginFailureText(failure: LoginFailure | null): {
  text: string;
  lang: string;
} | null {
  const env = useEnv();
  const locale = env.locale === 'en' ? 'en' : 'nl';
  const t = useMemo(
    () => createTranslator(locale, messagesFor(locale, env.translations)),
    [locale, env.translations],
  );
  if (!failure) return null;
  if (failure.kind === 'text') return { text: failure.text, lang: locale };
  return { text: t(failure.key), lang: locale };
}
