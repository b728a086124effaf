import { Dec, fromDec, toDec, type DecimalString } from '../decimal';
import { AVERAGE_PRICE_DECIMALS, MONEY_DECIMALS } from '../pricing';

export interface MarkToMarketInput {
  /** MWh. */
  clickedVolume: DecimalString;
  openVolume: DecimalString;
  /** EUR/MWh, the volume-weighted click price of what is clicked; null with nothing clicked. */
  averageClickPrice: DecimalString | null;
  /** EUR/MWh, today's click price of the part; null without a price. */
  todayClickPrice: DecimalString | null;
}

export interface MarkToMarket {
  /** EUR, 2 decimals: clicked volume x (today's click price - its click price); + = gained. */
  result: DecimalString | null;
  /** EUR/MWh, 4 decimals: today's click price - the average click price. */
  resultPerMwh: DecimalString | null;
  /** EUR, 2 decimals: the open volume at today's click price. */
  openValue: DecimalString | null;
}

/**
 * A contract part marked to today's market: what the clicks so far gained (or lost) against
 * clicking everything today, and what the open volume would cost today. Null where a price is
 * missing (no click or no price today).
 */
export function markToMarket(input: MarkToMarketInput): MarkToMarket {
  const today = input.todayClickPrice === null ? null : toDec(input.todayClickPrice);
  const perMwh =
    today === null || input.averageClickPrice === null
      ? null
      : today.minus(toDec(input.averageClickPrice));
  return {
    result:
      perMwh === null
        ? null
        : fromDec(
            toDec(input.clickedVolume)
              .times(perMwh)
              .toDecimalPlaces(MONEY_DECIMALS, Dec.ROUND_HALF_UP),
          ),
    resultPerMwh:
      perMwh === null
        ? null
        : fromDec(perMwh.toDecimalPlaces(AVERAGE_PRICE_DECIMALS, Dec.ROUND_HALF_UP)),
    openValue:
      today === null
        ? null
        : toDec(input.openVolume)
            .times(today)
            .toDecimalPlaces(MONEY_DECIMALS, Dec.ROUND_HALF_UP)
            .toFixed(MONEY_DECIMALS),
  };
}
