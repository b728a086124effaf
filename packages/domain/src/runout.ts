import { fromDec, toDec, type DecimalString } from './decimal';

/** Below this share of the contracted volume (percent), what would remain is clicked too. */
export const RUNOUT_THRESHOLD_PERCENTAGE = '1';

export interface RunoutInput {
  /** The contracted (total) volume of the contract part for the position, MWh. */
  contractedVolume: DecimalString;
  /** The open volume of the contract part for the position, MWh. */
  openVolume: DecimalString;
  /** The volume the user asks to click, MWh. */
  requestedVolume: DecimalString;
}

export type RunoutResult =
  | {
      ok: true;
      /** The volume to click: the requested volume, or all open volume when runout applies. */
      volume: DecimalString;
      runoutApplied: boolean;
      /** The open volume after the click. */
      remainingVolume: DecimalString;
    }
  | { ok: false; reason: 'VOLUME_NOT_POSITIVE' | 'VOLUME_EXCEEDS_OPEN' };

/**
 * Applies the runout rule to a requested click volume: when less than 1% of the contracted volume
 * would remain open after the click (but more than nothing), the remainder is included in the
 * click. E.g. contracted 1000, open 15, requested 10: 5 would remain, below 10 (1%), so 15 is
 * clicked.
 */
export function applyRunout(input: RunoutInput): RunoutResult {
  const requested = toDec(input.requestedVolume);
  const open = toDec(input.openVolume);
  if (requested.lte(0)) return { ok: false, reason: 'VOLUME_NOT_POSITIVE' };
  if (requested.gt(open)) return { ok: false, reason: 'VOLUME_EXCEEDS_OPEN' };
  const remainder = open.minus(requested);
  const threshold = toDec(input.contractedVolume).times(RUNOUT_THRESHOLD_PERCENTAGE).div(100);
  if (remainder.gt(0) && remainder.lt(threshold)) {
    return { ok: true, volume: fromDec(open), runoutApplied: true, remainingVolume: '0' };
  }
  return {
    ok: true,
    volume: fromDec(requested),
    runoutApplied: false,
    remainingVolume: fromDec(remainder),
  };
}

/** The smallest open volume that still counts as more than a runout remainder (1% of contracted). */
export function runoutThreshold(contractedVolume: DecimalString): DecimalString {
  return fromDec(toDec(contractedVolume).times(RUNOUT_THRESHOLD_PERCENTAGE).div(100));
}
