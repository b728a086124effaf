import type { Translate } from '../../../shared/i18n/use-t';
import { ageInSeconds, ageParts } from '../derive/board';

/** How long ago an instant was, in words of the catalogue: "42 s", "3 min 5 s", "2 h 10 min". */
export function ageText(t: Translate, at: string, now: number): string {
  const parts = ageParts(ageInSeconds(at, now));
  switch (parts.unit) {
    case 'seconds':
      return t('prices.age.seconds', { s: parts.s });
    case 'minutes':
      return t('prices.age.minutes', { m: parts.m, s: parts.s });
    case 'hours':
      return t('prices.age.hours', { h: parts.h, m: parts.m });
    case 'days':
      return t('prices.age.days', { d: parts.d });
  }
}
