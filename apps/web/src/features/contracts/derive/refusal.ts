import { ApiError, ErrorCodeSchema, type ErrorCode } from '@klik/api';
import { errorMessageKey } from '../../../shared/i18n/message-keys';
import type { Translate } from '../../../shared/i18n/use-t';
import { monthKey } from './labels';

/** The stable code of a refused call; a network failure or an unknown code reads as INTERNAL. */
export function errorCodeOf(error: unknown): ErrorCode {
  const parsed = ErrorCodeSchema.safeParse(error instanceof ApiError ? error.code : 'INTERNAL');
  return parsed.success ? parsed.data : 'INTERNAL';
}

interface Details {
  yearOfSupply?: number;
  part?: string;
  month?: number;
  clickedVolume?: string;
}

function detailsOf(body: unknown): Details {
  if (typeof body !== 'object' || body === null || !('details' in body)) return {};
  const details = (body as { details: unknown }).details;
  return typeof details === 'object' && details !== null ? (details as Details) : {};
}

/** What a refused save says: for the rules about clicks, which year, part and month. */
export function refusalText(t: Translate, code: ErrorCode, body: unknown): string {
  const details = detailsOf(body);
  const part = details.part
    ? t(`contracts.part.${details.part as 'Gas' | 'Peak' | 'OffPeak'}`)
    : '';
  if (code === 'VOLUME_BELOW_CLICKED' && details.month !== undefined) {
    return t('contracts.refusal.volumeBelowClicked', {
      year: details.yearOfSupply,
      part,
      month: t(monthKey(details.month)),
      clicked: details.clickedVolume,
    });
  }
  if (code === 'YEAR_HAS_CLICKS' && details.yearOfSupply !== undefined) {
    return t('contracts.refusal.yearHasClicks', { year: details.yearOfSupply, part });
  }
  return t(errorMessageKey(code));
}
