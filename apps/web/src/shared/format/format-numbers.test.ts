import { afterEach, describe, expect, it } from 'vitest';
import {
  setCurrency,
  formatDateTime,
  formatExactPrice,
  formatMoney,
  formatPercentage,
  formatPrice,
  formatVolume,
  monthName,
} from './format-numbers';

// ICU separates currency and time parts with (narrow) no-break spaces; the tests read them as spaces.
function plain(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

describe('number formats', () => {
  afterEach(() => setCurrency({ currency: 'EUR', currencySymbol: '€' }));

  it("formats money in the deployment's currency and symbol (environment settings)", () => {
    setCurrency({ currency: 'GBP', currencySymbol: '£' });
    expect(formatMoney('2343.3', 'en')).toBe('£2,343.30');
    expect(plain(formatPrice('86.7675', 'nl'))).toBe('£ 86,77/MWh');
    setCurrency({ currency: 'EUR', currencySymbol: 'EUR' });
    expect(plain(formatExactPrice('86.7675', 'nl'))).toBe('EUR 86,7675/MWh');
    // A code Intl cannot format keeps EUR's rules, with the deployment's symbol.
    setCurrency({ currency: '123', currencySymbol: '€' });
    expect(formatMoney('1', 'en')).toBe('€1.00');
  });

  it('shows volumes with thousands separators and kWh precision in both locales', () => {
    expect(formatVolume('1234567.891', 'nl')).toBe('1.234.567,891 MWh');
    expect(formatVolume('1234567.891', 'en')).toBe('1,234,567.891 MWh');
    expect(formatVolume('1500', 'nl')).toBe('1.500 MWh');
  });

  it('formats decimal strings exactly, beyond what a binary float holds', () => {
    expect(formatVolume('9007199254740993.001', 'en')).toBe('9,007,199,254,740,993.001 MWh');
  });

  it('shows prices in EUR/MWh with exactly two decimals', () => {
    expect(formatPrice('86.7675', 'en')).toBe('€86.77/MWh');
    expect(plain(formatPrice('86.7675', 'nl'))).toBe('€ 86,77/MWh');
    expect(plain(formatPrice('1250', 'nl'))).toBe('€ 1.250,00/MWh');
  });

  it('shows amounts in euros with cents and exact prices with up to four decimals', () => {
    expect(plain(formatMoney('2343.305', 'nl'))).toBe('€ 2.343,31');
    expect(formatMoney('2343.3', 'en')).toBe('€2,343.30');
    expect(plain(formatExactPrice('86.7675', 'nl'))).toBe('€ 86,7675/MWh');
    expect(formatExactPrice('86.5', 'en')).toBe('€86.50/MWh');
  });

  it('rounds percentages once with the domain rule', () => {
    expect(formatPercentage('33.33333333333333333333333333333333333333', 'nl')).toBe('33,3%');
    expect(formatPercentage('99.96', 'en')).toBe('99.9%');
    expect(formatPercentage('0.04', 'en')).toBe('0.1%');
    expect(formatPercentage('100', 'en')).toBe('100%');
    expect(formatPercentage('0', 'nl')).toBe('0%');
  });

  it('shows instants in Amsterdam time and month names in the locale', () => {
    expect(plain(formatDateTime('2026-11-20T09:15:00.000Z', 'nl'))).toBe('20-11-2026, 10:15');
    expect(monthName(1, 'nl')).toBe('januari');
    expect(monthName(12, 'en')).toBe('December');
  });
});
