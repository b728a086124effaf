import type { Commodity, ContractPartName } from './contract';
import { toDec, type DecimalString } from './decimal';
import type { PeriodType } from './maturity';

/**
 * One cell of a margin scenario's grid: the mark-up and transaction fee (EUR/MWh) for a commodity's
 * part and a maturity type, from a volume band's lower bound on. minVolume is the part's total
 * volume in the position (MWh) from which the line applies; null (or "0") is the line for every
 * volume.
 */
export interface MarginLine {
  commodity: Commodity;
  part: ContractPartName;
  maturityType: PeriodType;
  minVolume: DecimalString | null;
  markUp: DecimalString;
  transactionFee: DecimalString;
}

/** One saved version of a margin scenario. Instants as Date; validUntil null = open-ended. */
export interface MarginScenarioVersion {
  scenarioId: number;
  version: number;
  /** Quotes from this instant on are priced by this version (until a newer one takes effect). */
  effectiveAt: Date;
  /** The period the scenario applies to: validFrom inclusive, validUntil exclusive. */
  validFrom: Date;
  validUntil: Date | null;
  lines: readonly MarginLine[];
}

/** What a click part is priced for. */
export interface MarginQuestion {
  commodity: Commodity;
  part: ContractPartName;
  maturityType: PeriodType;
  /** The part's total volume in the position (MWh): picks the volume band. */
  volume: DecimalString;
}

/**
 * The version of one scenario that prices a quote made at `at`: the newest version that had taken
 * effect by then, provided its validity covers `at`. Null when none had taken effect yet or the
 * scenario is not valid at that instant; a version that takes effect later never prices an earlier
 * quote, so old quotes stay explained by the version that priced them.
 */
export function scenarioVersionAt(
  versions: readonly MarginScenarioVersion[],
  at: Date,
): MarginScenarioVersion | null {
  let current: MarginScenarioVersion | null = null;
  for (const candidate of versions) {
    if (candidate.effectiveAt.getTime() > at.getTime()) continue;
    if (!current || candidate.version > current.version) current = candidate;
  }
  if (!current) return null;
  if (current.validFrom.getTime() > at.getTime()) return null;
  if (current.validUntil && current.validUntil.getTime() <= at.getTime()) return null;
  return current;
}

/**
 * The grid line for one part: the line of its commodity, part and maturity type whose volume band
 * starts highest at or below the part's volume. Null when the grid has no such line.
 */
export function marginLineFor(
  lines: readonly MarginLine[],
  question: MarginQuestion,
): MarginLine | null {
  const volume = toDec(question.volume);
  let best: MarginLine | null = null;
  for (const line of lines) {
    if (line.commodity !== question.commodity || line.part !== question.part) continue;
    if (line.maturityType !== question.maturityType) continue;
    const from = toDec(line.minVolume ?? '0');
    if (from.gt(volume)) continue;
    if (!best || from.gt(toDec(best.minVolume ?? '0'))) best = line;
  }
  return best;
}

/** Where a part's mark-up and fee came from: a scenario's version, or the contract itself. */
export type MarginSource =
  | { kind: 'scenario'; scenarioId: number; version: number; assignedTo: 'contract' | 'customer' }
  | { kind: 'contract' };

export interface ResolvedMargin {
  markUp: DecimalString;
  transactionFee: DecimalString;
  source: MarginSource;
}

/**
 * The mark-up and transaction fee of one part of a quote made at `at`. Precedence: the scenario
 * assigned to the contract, then the one assigned to its customer, then the contract's own mark-up
 * and fee. A level counts only when its scenario is valid at `at` and its grid has a line for the
 * part; otherwise the next level decides.
 */
export function resolveMargin(input: {
  at: Date;
  question: MarginQuestion;
  contractScenario: readonly MarginScenarioVersion[] | null;
  customerScenario: readonly MarginScenarioVersion[] | null;
  contractTerms: { markUp: DecimalString; transactionFee: DecimalString };
}): ResolvedMargin {
  const levels = [
    { assignedTo: 'contract', versions: input.contractScenario },
    { assignedTo: 'customer', versions: input.customerScenario },
  ] as const;
  for (const { assignedTo, versions } of levels) {
    if (!versions) continue;
    const version = scenarioVersionAt(versions, input.at);
    const line = version ? marginLineFor(version.lines, input.question) : null;
    if (version && line) {
      return {
        markUp: line.markUp,
        transactionFee: line.transactionFee,
        source: {
          kind: 'scenario',
          scenarioId: version.scenarioId,
          version: version.version,
          assignedTo,
        },
      };
    }
  }
  return { ...input.contractTerms, source: { kind: 'contract' } };
}

/** Why a grid cannot be saved: two lines for the same cell and band. */
export function duplicateMarginLine(lines: readonly MarginLine[]): MarginLine | null {
  const seen = new Set<string>();
  for (const line of lines) {
    const key = [
      line.commodity,
      line.part,
      line.maturityType,
      toDec(line.minVolume ?? '0').toString(),
    ].join('/');
    if (seen.has(key)) return line;
    seen.add(key);
  }
  return null;
}
