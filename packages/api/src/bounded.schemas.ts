import { z } from 'zod';
import { INT4_MAX } from './int4';

export { INT4_MAX } from './int4';

/*
 * The building blocks every request schema is made of. Whatever a request carries to the database
 * fits its column: whole numbers within PostgreSQL's integer, texts without NUL (a text column
 * cannot hold one) and of bounded length, days and instants within the years the portal knows.
 * Bad input is then a 400 at the door, never a database error (500) or a surprising match.
 */

/** Years of supply a contract or a price may have. */
export const MIN_YEAR_OF_SUPPLY = 2000;
export const MAX_YEAR_OF_SUPPLY = 2100;

/** The days and instants a request may name: wide for history, narrow enough for every clock. */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2999-12-31';

// A NUL is exactly what the pattern must name.
// eslint-disable-next-line no-control-regex
const NO_NUL = /^[^\u0000]*$/;

/*
 * Half of a UTF-16 surrogate pair without its other half (JSON "\ud800"): not Unicode, so no
 * UTF-8 column or jsonb value can hold it. With the u flag only an unpaired half matches; a
 * well-formed pair is one code point outside Cs. (String.prototype.isWellFormed is ES2024.)
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** True when the text is well-formed Unicode: no lone surrogate. */
function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

/**
 * Error codes a form field answers with (FIELD_ERROR_CODES in errors.ts): required when it is
 * missing, invalid when it is too long, holds a NUL or a lone surrogate, or is not a text.
 */
export interface TextCodes {
  required?: string;
  invalid?: string;
}

/** A text of at most max characters without NUL, in well-formed Unicode. */
export function TextSchema(max: number, codes: TextCodes = {}) {
  const { required, invalid } = codes;
  const base =
    required === undefined && invalid === undefined
      ? z.string()
      : z.string({
          error: (issue) =>
            issue.input === undefined ? (required ?? invalid) : (invalid ?? required),
        });
  return base
    .max(max, invalid === undefined ? undefined : { error: invalid })
    .regex(NO_NUL, invalid ?? 'no NUL characters')
    .refine(isWellFormedText, invalid ?? 'well-formed Unicode (no lone surrogate)');
}

/** A database id in a JSON body: a whole number from 1 to int4's largest. */
export const IdSchema = z.number().int().min(1).max(INT4_MAX);

/**
 * A whole number in a path or query string: decimal digits only (no sign, point, exponent, hex
 * or spaces, which Number() would accept) and within [min, max].
 */
export function WholeNumberParamSchema(min: number, max: number) {
  return z
    .string()
    .regex(/^(0|[1-9]\d{0,9})$/, 'a whole number in decimal digits')
    .transform(Number)
    .refine((value) => value >= min && value <= max, `from ${min} to ${max}`);
}

/** A database id in a path or query string: 1 to int4's largest, in decimal digits. */
export const IdParamSchema = WholeNumberParamSchema(1, INT4_MAX);

export const YearOfSupplySchema = z.number().int().min(MIN_YEAR_OF_SUPPLY).max(MAX_YEAR_OF_SUPPLY);
export const YearOfSupplyParamSchema = WholeNumberParamSchema(
  MIN_YEAR_OF_SUPPLY,
  MAX_YEAR_OF_SUPPLY,
);

/** A calendar day, YYYY-MM-DD, from FIRST_DAY to LAST_DAY. */
export const DaySchema = z.iso
  .date({ abort: true })
  .refine((day) => day >= FIRST_DAY && day <= LAST_DAY, `from ${FIRST_DAY} to ${LAST_DAY}`);

const FIRST_INSTANT = Date.parse(`${FIRST_DAY}T00:00:00Z`);
const LAST_INSTANT = Date.parse(`${LAST_DAY}T23:59:59.999Z`);

/** An ISO instant with Z or an offset, within FIRST_DAY to LAST_DAY. */
export const InstantSchema = z.iso.datetime({ offset: true, abort: true }).refine((at) => {
  const time = Date.parse(at);
  return time >= FIRST_INSTANT && time <= LAST_INSTANT;
}, `from ${FIRST_DAY} to ${LAST_DAY}`);

/** The OpenAPI format of every decimal: a JSON string, never a JSON number (docs/architecture.md). */
export const DECIMAL_FORMAT = 'decimal';

const DECIMAL_DESCRIPTION =
  'A decimal number sent as a JSON string, never as a JSON number, so no binary float touches ' +
  'it: digits with an optional point and decimals (a leading minus only where negative values ' +
  'exist), no exponent, no thousands separator; e.g. "86.7675".';

/**
 * Marks a decimal string schema in the OpenAPI document: format `decimal` and a description, so a
 * generated client keeps it a string (its pattern comes from the schema's regex). Validation is
 * unchanged.
 */
export function decimalString<T extends z.ZodType>(schema: T, detail?: string): T {
  return schema.meta({
    format: DECIMAL_FORMAT,
    description: detail === undefined ? DECIMAL_DESCRIPTION : `${DECIMAL_DESCRIPTION} ${detail}`,
  });
}
