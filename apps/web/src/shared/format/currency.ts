// The deployment's currency apart from the formats that use it: the portal sets it before its
// first screen, and the formats (with the decimal arithmetic of percentages) are not needed then.

/** The deployment's currency (environment settings `currency` and `currencySymbol`). */
export interface CurrencySetting {
  currency: string;
  currencySymbol: string;
}

const DEFAULT_CURRENCY: CurrencySetting = { currency: 'EUR', currencySymbol: '€' };

// One deployment per page: the portal sets it once from the environment settings before the
// first screen renders (KlikApp), so every format in format-numbers.ts keeps its plain (value, locale) shape.
let money: CurrencySetting = DEFAULT_CURRENCY;

/** Money is formatted in this currency from now on; a code Intl does not know falls back to EUR. */
export function setCurrency(setting: CurrencySetting): void {
  // Checking a code costs Intl its first number format, which a phone feels before the first
  // screen; the default needs no check.
  if (setting.currency === DEFAULT_CURRENCY.currency) {
    money = setting;
    return;
  }
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: setting.currency });
    money = setting;
  } catch {
    money = { ...DEFAULT_CURRENCY, currencySymbol: setting.currencySymbol };
  }
}

/** The currency money is formatted in now. */
export function currentCurrency(): CurrencySetting {
  return money;
}
