import {
  ContractInputSchema,
  isFieldErrorCode,
  type ContractDetail,
  type ContractInput,
  type FieldErrorCode,
} from '@klik/api';
import { partsOf, type Commodity, type ContractPartName } from '@klik/domain';

/*
 * managecontract's form as plain texts (what the inputs hold) and how it becomes the contract
 * input the server checks with the same schema (packages/api contracts.schemas.ts).
 */

export type Override = 'customer' | 'yes' | 'no';
export type ClickTypeChoice = 'NONE' | 'ALL' | 'YEAR' | 'QUARTER' | 'MONTH';

export interface VolumeRow {
  yearOfSupply: number;
  part: ContractPartName;
  volume: string;
  /** false: flat; true: the 12 shares below. */
  profiled: boolean;
  profile: string[];
}

export interface ContractFormValues {
  customerId: number | null;
  contractId: string;
  commodity: Commodity;
  product: string;
  clickType: ClickTypeChoice;
  marketOption: ContractInput['marketOption'];
  volumes: VolumeRow[];
  pricing: { part: ContractPartName; markUp: string; transactionFee: string }[];
  lumpSum: string;
  runOut: boolean;
  maxClicksPerYear: string;
  minClickPercentage: string;
  maxClickPercentage: string;
  deadline: { YEAR: string; QUARTER: string; MONTH: string };
  requireSms: Override;
  requireApproval: Override;
  dashboardIds: number[];
  /** Kept as it was: managemargins assigns it. */
  marginScenarioId: number | null;
}

const FLAT_SHARES = Array.from({ length: 12 }, () => '');

export function volumeRowsFor(commodity: Commodity, yearOfSupply: number): VolumeRow[] {
  return partsOf(commodity).map((part) => ({
    yearOfSupply,
    part,
    volume: '',
    profiled: false,
    profile: [...FLAT_SHARES],
  }));
}

export function pricingFor(commodity: Commodity): ContractFormValues['pricing'] {
  return partsOf(commodity).map((part) => ({ part, markUp: '', transactionFee: '0' }));
}

export function emptyContractForm(nextYear: number): ContractFormValues {
  return {
    customerId: null,
    contractId: '',
    commodity: 'Gas',
    product: '',
    clickType: 'NONE',
    marketOption: 'PRE_EOD',
    volumes: volumeRowsFor('Gas', nextYear),
    pricing: pricingFor('Gas'),
    lumpSum: '0',
    runOut: true,
    maxClicksPerYear: '',
    minClickPercentage: '5',
    maxClickPercentage: '100',
    deadline: { YEAR: '1', QUARTER: '1', MONTH: '1' },
    requireSms: 'customer',
    requireApproval: 'customer',
    dashboardIds: [],
    marginScenarioId: null,
  };
}

const overrideOf = (value: boolean | null): Override =>
  value === null ? 'customer' : value ? 'yes' : 'no';
const booleanOf = (value: Override): boolean | null =>
  value === 'customer' ? null : value === 'yes';

export function formOfContract(contract: ContractDetail): ContractFormValues {
  return {
    customerId: contract.customerId,
    contractId: contract.contractId,
    commodity: contract.commodity,
    product: contract.product,
    clickType: contract.clickType ?? 'NONE',
    marketOption: contract.marketOption,
    volumes: contract.volumes.map((v) => ({
      yearOfSupply: v.yearOfSupply,
      part: v.part,
      volume: v.volume,
      profiled: v.profile !== null,
      profile: v.profile ?? [...FLAT_SHARES],
    })),
    pricing: contract.pricing.map((p) => ({ ...p })),
    lumpSum: contract.lumpSum,
    runOut: contract.runOut,
    maxClicksPerYear:
      contract.clickLimits.maxClicksPerYear === null
        ? ''
        : String(contract.clickLimits.maxClicksPerYear),
    minClickPercentage: contract.clickLimits.minClickPercentage,
    maxClickPercentage: contract.clickLimits.maxClickPercentage,
    deadline: {
      YEAR: String(contract.deadlineRule.YEAR),
      QUARTER: String(contract.deadlineRule.QUARTER),
      MONTH: String(contract.deadlineRule.MONTH),
    },
    requireSms: overrideOf(contract.requireSms),
    requireApproval: overrideOf(contract.requireApproval),
    dashboardIds: [...contract.dashboardIds],
    marginScenarioId: contract.marginScenarioId ?? null,
  };
}

/** A whole number as typed, or NaN (which the schema refuses with the field's code). */
const wholeOf = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : NaN);

/** The input the form would send, before the schema's checks. */
export function inputOfForm(values: ContractFormValues): unknown {
  return {
    customerId: values.customerId ?? 0,
    contractId: values.contractId,
    commodity: values.commodity,
    product: values.product,
    clickType: values.clickType === 'NONE' ? null : values.clickType,
    marketOption: values.marketOption,
    volumes: values.volumes.map((v) => ({
      yearOfSupply: v.yearOfSupply,
      part: v.part,
      volume: v.volume,
      profile: v.profiled ? v.profile : null,
    })),
    pricing: values.pricing,
    marginScenarioId: values.marginScenarioId,
    lumpSum: values.lumpSum,
    runOut: values.runOut,
    clickLimits: {
      maxClicksPerYear:
        values.maxClicksPerYear.trim() === '' ? null : wholeOf(values.maxClicksPerYear),
      minClickPercentage: values.minClickPercentage,
      maxClickPercentage: values.maxClickPercentage,
    },
    deadlineRule: {
      YEAR: wholeOf(values.deadline.YEAR),
      QUARTER: wholeOf(values.deadline.QUARTER),
      MONTH: wholeOf(values.deadline.MONTH),
    },
    requireSms: booleanOf(values.requireSms),
    requireApproval: booleanOf(values.requireApproval),
    dashboardIds: values.dashboardIds,
  };
}

/** Field errors by path ("volumes.0.volume", "customerId"), each a field code or null. */
export type FieldErrors = Record<string, FieldErrorCode | 'invalid'>;

/** Checks the form with the server's schema: the contract input, or the errors by field. */
export function validateContractForm(
  values: ContractFormValues,
): { ok: true; input: ContractInput } | { ok: false; errors: FieldErrors } {
  const parsed = ContractInputSchema.safeParse(inputOfForm(values));
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    if (errors[path] !== undefined) continue;
    errors[path] = isFieldErrorCode(issue.message) ? issue.message : 'invalid';
  }
  return { ok: false, errors };
}

/** Whether the form holds anything the last saved (or empty) form did not. */
export function isDirty(values: ContractFormValues, saved: ContractFormValues): boolean {
  return JSON.stringify(values) !== JSON.stringify(saved);
}

/** The year after the newest one in the form, or next year for an empty form. */
export function nextYearOf(values: ContractFormValues, today: Date): number {
  const years = values.volumes.map((v) => v.yearOfSupply);
  return years.length === 0 ? today.getFullYear() + 1 : Math.max(...years) + 1;
}
