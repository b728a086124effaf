import { periodTypeOf, type Maturity } from './maturity';

/** Which period types a contract may click: null and ALL allow all of them. */
export type ClickType = null | 'ALL' | 'YEAR' | 'QUARTER' | 'MONTH';

/**
 * Whether a contract's click type allows clicking a maturity: null and ALL allow every maturity;
 * YEAR, QUARTER and MONTH allow exactly that period type.
 */
export function clickTypeAllows(clickType: ClickType, maturity: Maturity): boolean {
  if (clickType === null || clickType === 'ALL') return true;
  return periodTypeOf(maturity) === clickType;
}
