import type { MarginDraft, MarginLineBody, ScenarioVersion } from '@klik/api';
import { amsterdamInstant } from '@klik/domain';

/*
 * The scenario as the editor holds it: texts as typed (a decimal comma is fine), one base line per
 * cell of the grid (commodity part x maturity type) and any volume bands below it. A cell whose
 * base line stays empty has no line: the next level of the precedence prices it (docs/margins.md).
 */

export type MaturityType = MarginLineBody['maturityType'];
export const MATURITY_TYPES: readonly MaturityType[] = ['YEAR', 'QUARTER', 'MONTH'];

export const GRID_PARTS = [
  { commodity: 'Gas', part: 'Gas' },
  { commodity: 'Power', part: 'Peak' },
  { commodity: 'Power', part: 'OffPeak' },
] as const;

export interface EditLine {
  key: string;
  commodity: MarginLineBody['commodity'];
  part: MarginLineBody['part'];
  maturityType: MaturityType;
  /** null: the cell's base line (every volume); a text: a band from that many MWh. */
  minVolume: string | null;
  markUp: string;
  transactionFee: string;
}

export interface EditDraft {
  name: string;
  validFrom: string;
  /** '' = open-ended. */
  validUntil: string;
  lines: EditLine[];
}

let counter = 0;
export function lineKey(): string {
  counter += 1;
  return `line-${counter}`;
}

export function cellOf(line: Pick<EditLine, 'part' | 'maturityType'>): string {
  return `${line.part}-${line.maturityType}`;
}

/** The editor's state for a version, or for a new scenario starting on `today`. */
export function editDraftOf(version: ScenarioVersion | null, today: string): EditDraft {
  const lines: EditLine[] = [];
  for (const { commodity, part } of GRID_PARTS) {
    for (const maturityType of MATURITY_TYPES) {
      const saved = (version?.lines ?? []).filter(
        (line) => line.part === part && line.maturityType === maturityType,
      );
      const base = saved.find((line) => line.minVolume === null);
      lines.push({
        key: lineKey(),
        commodity,
        part,
        maturityType,
        minVolume: null,
        markUp: base?.markUp ?? '',
        transactionFee: base?.transactionFee ?? '',
      });
      for (const band of saved.filter((line) => line.minVolume !== null)) {
        lines.push({
          key: lineKey(),
          commodity,
          part,
          maturityType,
          minVolume: band.minVolume,
          markUp: band.markUp,
          transactionFee: band.transactionFee,
        });
      }
    }
  }
  return {
    name: version?.name ?? '',
    validFrom: version?.validFrom ?? today,
    validUntil: version?.validUntil ?? '',
    lines,
  };
}

const AMOUNT = /^\d{1,8}(\.\d{1,4})?$/;
const VOLUME = /^\d{1,15}(\.\d{1,3})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A typed decimal as the API wants it (comma read as the decimal point), or null. */
export function plainDecimal(text: string, pattern: RegExp = AMOUNT): string | null {
  const value = text.trim().replace(',', '.');
  return pattern.test(value) ? value : null;
}

/** The id of a field the editor marks: 'name', 'validFrom', 'validUntil' or `${key}.${field}`. */
export type FieldId = string;

/** The draft as the API takes it, or the fields that are not right yet. */
export function draftBody(
  edit: EditDraft,
): { ok: true; draft: MarginDraft } | { ok: false; invalid: FieldId[] } {
  const invalid: FieldId[] = [];
  const name = edit.name.trim();
  if (name === '') invalid.push('name');
  if (!DAY.test(edit.validFrom)) invalid.push('validFrom');
  if (edit.validUntil !== '' && (!DAY.test(edit.validUntil) || edit.validUntil < edit.validFrom)) {
    invalid.push('validUntil');
  }
  const lines: MarginLineBody[] = [];
  const bands = new Set<string>();
  for (const line of edit.lines) {
    const empty = line.markUp.trim() === '' && line.transactionFee.trim() === '';
    if (empty && (line.minVolume === null || line.minVolume.trim() === '')) continue;
    const markUp = plainDecimal(line.markUp);
    const transactionFee = plainDecimal(line.transactionFee);
    const minVolume = line.minVolume === null ? null : plainDecimal(line.minVolume, VOLUME);
    if (markUp === null) invalid.push(`${line.key}.markUp`);
    if (transactionFee === null) invalid.push(`${line.key}.transactionFee`);
    const band = `${cellOf(line)}/${minVolume === null ? '0' : Number(minVolume)}`;
    if (line.minVolume !== null && (minVolume === null || bands.has(band))) {
      invalid.push(`${line.key}.minVolume`);
    }
    bands.add(band);
    if (markUp === null || transactionFee === null) continue;
    lines.push({
      commodity: line.commodity,
      part: line.part,
      maturityType: line.maturityType,
      minVolume,
      markUp,
      transactionFee,
    });
  }
  if (invalid.length > 0) return { ok: false, invalid };
  return {
    ok: true,
    draft: {
      name,
      validFrom: edit.validFrom,
      validUntil: edit.validUntil === '' ? null : edit.validUntil,
      lines,
    },
  };
}

/**
 * When a saved version takes effect, from the editor's Amsterdam wall-clock field
 * (`YYYY-MM-DDTHH:mm`): empty is at once (null); otherwise an instant after `now`, because a change
 * never reprices a quote already made (the server refuses it too).
 */
export function effectiveInstant(
  value: string,
  now: Date,
): { ok: true; effectiveAt: string | null } | { ok: false } {
  if (value.trim() === '') return { ok: true, effectiveAt: null };
  const [date = '', time = ''] = value.split('T');
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  if (!DAY.test(date) || !/^\d{2}:\d{2}$/.test(time) || hour > 23 || minute > 59) {
    return { ok: false };
  }
  const at = amsterdamInstant(date, { hour, minute });
  return at.getTime() > now.getTime() ? { ok: true, effectiveAt: at.toISOString() } : { ok: false };
}
