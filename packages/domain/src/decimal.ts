import Decimal from 'decimal.js';

/**
 * A decimal number written as a plain string, e.g. "1234.5" or "-0.25". Volumes (MWh), prices
 * (EUR/MWh), costs (EUR) and percentages cross every boundary of this package in this form, so
 * they survive JSON and PostgreSQL NUMERIC without ever becoming a binary float.
 */
export type DecimalString = string;

// A private clone keeps our precision and rounding from leaking into other users of decimal.js.
// 40 significant digits is far beyond any volume or price the portal handles.
export const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Parses a decimal string into an exact decimal.
 *
 * @throws RangeError when the text is not a plain decimal; callers validate input before it
 *   reaches the domain, so this is a programming error, not a business outcome.
 */
export function toDec(value: DecimalString): Dec {
  if (!PLAIN_DECIMAL.test(value)) {
    throw new RangeError(`Not a plain decimal: "${value}"`);
  }
  return new Dec(value);
}

/** Writes an exact decimal as a plain string without exponent or trailing zeros ("-0" is "0"). */
export function fromDec(value: Dec): DecimalString {
  return value.isZero() ? '0' : value.toFixed();
}

/** Whether a text is a plain decimal string this package accepts. */
export function isDecimalString(value: string): value is DecimalString {
  return PLAIN_DECIMAL.test(value);
}
