import type { MessageKey } from '../../../shared/i18n/catalogues';

const MONTH_KEYS = [
  'contracts.month.1',
  'contracts.month.2',
  'contracts.month.3',
  'contracts.month.4',
  'contracts.month.5',
  'contracts.month.6',
  'contracts.month.7',
  'contracts.month.8',
  'contracts.month.9',
  'contracts.month.10',
  'contracts.month.11',
  'contracts.month.12',
] as const satisfies readonly MessageKey[];

/** The short name of a month, 1-12. */
export function monthKey(month: number): MessageKey {
  return MONTH_KEYS[month - 1] ?? 'contracts.month.1';
}
