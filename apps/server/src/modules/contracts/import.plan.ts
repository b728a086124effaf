import {
  ContractInputSchema,
  type ContractImportContractColumn,
  type ContractImportIssue,
  type ContractImportIssueCode,
  type ContractImportLine,
  type ContractInput,
} from '@klik/api';
import {
  checkContractChange,
  monthlyVolumes,
  type ClickedMonth,
  toDec,
  type PlannedMonth,
} from '@klik/domain';
import { issueOf, type ImportContractValues, type ImportRow } from './import.rows';

/*
 * What an import would do: the file's rows grouped into contracts, each contract checked as the
 * single edit checks it (the contract input schema, then the rules clicks protect), and compared
 * with what is stored. Pure: the stored state comes in, the plan goes out.
 */

/** A stored contract as far as the import reads and writes it. */
export interface StoredContract {
  id: number;
  contractId: string;
  customerId: number;
  commodity: 'Power' | 'Gas';
  product: string;
  clickType: 'ALL' | 'YEAR' | 'QUARTER' | 'MONTH' | null;
  marketOption: 'OTC_ONLY' | 'PRE_EOD' | 'PRE_EOD_AND_OVERNIGHT';
  /** The Gas or Peak part's; the OffPeak part's when it has none of its own. */
  markUp: string;
  transactionFee: string;
  /** The OffPeak part's own price (0018); null: as markUp/transactionFee. */
  offPeakMarkUp: string | null;
  offPeakTransactionFee: string | null;
  lumpSum: string;
  runOut: boolean;
  maxClicksPerYear: number | null;
  minClickPercentage: string;
  maxClickPercentage: string;
  /** Every month of the ledger with its volume and what is clicked of it. */
  months: (PlannedMonth & { clickedVolume: string })[];
  /** Years of supply with any click, also pending or ended ones. */
  clickYears: number[];
}

export interface StoredState {
  contracts: Map<string, StoredContract>;
  customerIds: Set<number>;
}

export interface PlannedContract {
  line: ContractImportLine;
  input: ContractInput;
  months: PlannedMonth[];
  before: StoredContract | null;
}

export interface ImportPlan {
  contracts: PlannedContract[];
  issues: ContractImportIssue[];
}

/** Defaults of a new contract for the columns a file leaves out (as managecontract's form). */
const NEW_CONTRACT_DEFAULTS = {
  clickType: null,
  lumpSum: '0',
  runOut: true,
  maxClicksPerYear: null,
  minClickPercentage: '0',
  maxClickPercentage: '100',
} as const;

/** Contract values whose columns must be given for a contract the file creates. */
const REQUIRED_FOR_NEW = ['customerId', 'commodity', 'product', 'marketOption'] as const;

export function groupByContract(rows: readonly ImportRow[]): Map<string, ImportRow[]> {
  const groups = new Map<string, ImportRow[]>();
  for (const row of rows) {
    const group = groups.get(row.contract.contractId);
    if (group) group.push(row);
    else groups.set(row.contract.contractId, [row]);
  }
  return groups;
}

/** The contract values of the first row; a later row that says otherwise is an issue. */
function agreedValues(
  rows: readonly ImportRow[],
  columns: readonly ContractImportContractColumn[],
  issues: ContractImportIssue[],
): ImportContractValues {
  const first = rows[0] as ImportRow;
  for (const row of rows.slice(1)) {
    for (const column of columns) {
      const value = row.contract[column];
      if (value !== first.contract[column]) {
        issues.push(issueOf(row.row, column, 'CONTRACT_ROWS_DIFFER', String(value ?? '')));
      }
    }
  }
  return first.contract;
}

/** What is stored for a part: the OffPeak part may have a price of its own. */
function storedPrice(
  before: StoredContract,
  part: string,
  key: 'markUp' | 'transactionFee',
): string {
  if (part !== 'OffPeak') return before[key];
  const own = key === 'markUp' ? before.offPeakMarkUp : before.offPeakTransactionFee;
  return own ?? before[key];
}

/** A part's mark-up and fee: the first row of the part that gives them, else what is stored. */
function pricingOf(
  rows: readonly ImportRow[],
  before: StoredContract | null,
  issues: ContractImportIssue[],
): ContractInput['pricing'] {
  const parts = [...new Set(rows.map((row) => row.part))];
  return parts.map((part) => {
    const ofPart = rows.filter((row) => row.part === part);
    const pick = (key: 'markUp' | 'transactionFee'): string => {
      const given = ofPart.find((row) => row[key] !== undefined);
      for (const row of ofPart) {
        if (given && row[key] !== undefined && row[key] !== given[key]) {
          issues.push(issueOf(row.row, key, 'CONTRACT_ROWS_DIFFER', row[key] ?? ''));
        }
      }
      const value = given?.[key] ?? (before ? storedPrice(before, part, key) : undefined);
      if (value === undefined) issues.push(issueOf(ofPart[0]?.row ?? null, key, 'VALUE_REQUIRED'));
      return value ?? '0';
    };
    return { part, markUp: pick('markUp'), transactionFee: pick('transactionFee') };
  });
}

function inputOf(
  rows: readonly ImportRow[],
  values: ImportContractValues,
  before: StoredContract | null,
  issues: ContractImportIssue[],
): ContractInput {
  const firstRow = (rows[0] as ImportRow).row;
  if (before === null) {
    for (const column of REQUIRED_FOR_NEW) {
      if (values[column] === undefined) issues.push(issueOf(firstRow, column, 'VALUE_REQUIRED'));
    }
  }
  const base = before ?? { ...NEW_CONTRACT_DEFAULTS, customerId: 0 };
  return {
    customerId: values.customerId ?? base.customerId,
    contractId: values.contractId,
    commodity: values.commodity ?? before?.commodity ?? 'Gas',
    product: values.product ?? before?.product ?? '',
    clickType: values.clickType !== undefined ? values.clickType : base.clickType,
    marketOption: values.marketOption ?? before?.marketOption ?? 'OTC_ONLY',
    volumes: rows.map((row) => ({
      yearOfSupply: row.yearOfSupply,
      part: row.part,
      volume: row.volume,
      profile: row.profile,
    })),
    pricing: pricingOf(rows, before, issues),
    lumpSum: values.lumpSum ?? base.lumpSum,
    runOut: values.runOut ?? base.runOut,
    clickLimits: {
      maxClicksPerYear:
        values.maxClicksPerYear !== undefined ? values.maxClicksPerYear : base.maxClicksPerYear,
      minClickPercentage: values.minClickPercentage ?? base.minClickPercentage,
      maxClickPercentage: values.maxClickPercentage ?? base.maxClickPercentage,
    },
    deadlineRule: { YEAR: 1, QUARTER: 1, MONTH: 1 },
    requireSms: null,
    requireApproval: null,
    dashboardIds: [],
  };
}

const COLUMN_OF_PATH: Record<string, string> = {
  lumpSum: 'lumpSum',
  runOut: 'runOut',
  product: 'product',
  contractId: 'contractId',
  customerId: 'customerId',
  clickLimits: 'maxClickPercentage',
};

/** The row and column a schema issue is about: a volume's own row, else the contract's first. */
function placeOf(
  path: readonly PropertyKey[],
  rows: readonly ImportRow[],
  input: ContractInput,
): { row: number; column: string } {
  const [head, index, field, share] = path;
  const firstRow = (rows[0] as ImportRow).row;
  if (head === 'volumes' && typeof index === 'number') {
    const row = rows[index]?.row ?? firstRow;
    if (field === 'profile')
      return { row, column: typeof share === 'number' ? `m${share + 1}` : 'm12' };
    return { row, column: typeof field === 'string' ? field : 'part' };
  }
  if (head === 'volumes') return { row: firstRow, column: 'part' };
  if (head === 'pricing' && typeof index === 'number') {
    const part = input.pricing[index]?.part;
    const row = rows.find((candidate) => candidate.part === part)?.row ?? firstRow;
    return { row, column: typeof field === 'string' ? field : 'part' };
  }
  if (head === 'pricing') return { row: firstRow, column: 'part' };
  if (head === 'clickLimits' && typeof index === 'string') return { row: firstRow, column: index };
  return { row: firstRow, column: COLUMN_OF_PATH[String(head)] ?? String(head) };
}

function codeOf(message: string, known: ReadonlySet<string>): ContractImportIssueCode {
  return (known.has(message) ? message : 'VALUE_INVALID') as ContractImportIssueCode;
}

export function planImport(
  rows: readonly ImportRow[],
  columns: readonly ContractImportContractColumn[],
  stored: StoredState,
  knownCodes: ReadonlySet<string>,
): ImportPlan {
  const issues: ContractImportIssue[] = [];
  const contracts: PlannedContract[] = [];
  for (const [contractId, group] of groupByContract(rows)) {
    const ownIssues: ContractImportIssue[] = [];
    const values = agreedValues(group, columns, ownIssues);
    const before = stored.contracts.get(contractId) ?? null;
    const input = inputOf(group, values, before, ownIssues);
    const firstRow = (group[0] as ImportRow).row;
    if (values.customerId !== undefined && !stored.customerIds.has(values.customerId)) {
      ownIssues.push(
        issueOf(firstRow, 'customerId', 'CUSTOMER_UNKNOWN', String(values.customerId)),
      );
    }
    const parsed = ContractInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const place = placeOf(issue.path, group, input);
        ownIssues.push(issueOf(place.row, place.column, codeOf(issue.message, knownCodes)));
      }
    }
    if (ownIssues.length > 0) {
      issues.push(...dedupe(ownIssues));
      continue;
    }
    const valid = (parsed as { data: ContractInput }).data;
    const months = valid.volumes.flatMap((volume) =>
      monthlyVolumes(volume.volume, volume.profile).map((totalVolume, month) => ({
        yearOfSupply: volume.yearOfSupply,
        part: volume.part,
        month: month + 1,
        totalVolume,
      })),
    );
    if (before !== null) {
      const refusal = checkContractChange(
        before,
        { customerId: valid.customerId, commodity: valid.commodity, months },
        before.months as ClickedMonth[],
        before.clickYears,
      );
      if (refusal !== null) {
        issues.push(refusalIssue(refusal, group, firstRow));
        continue;
      }
    }
    const changedFields = before === null ? [] : changesOf(before, valid, months);
    contracts.push({
      before,
      input: valid,
      months,
      line: {
        contractId,
        customerId: valid.customerId,
        action: before === null ? 'create' : changedFields.length > 0 ? 'change' : 'unchanged',
        row: firstRow,
        rowCount: group.length,
        yearsOfSupply: [...new Set(valid.volumes.map((volume) => volume.yearOfSupply))].sort(),
        changedFields,
      },
    });
  }
  return { contracts, issues };
}

function dedupe(issues: ContractImportIssue[]): ContractImportIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.row}/${issue.column}/${issue.code}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function refusalIssue(
  refusal: NonNullable<ReturnType<typeof checkContractChange>>,
  rows: readonly ImportRow[],
  firstRow: number,
): ContractImportIssue {
  if (refusal.code === 'CONTRACT_HAS_CLICKS') return issueOf(firstRow, refusal.field, refusal.code);
  const row =
    rows.find(
      (candidate) =>
        candidate.yearOfSupply === refusal.yearOfSupply && candidate.part === refusal.part,
    )?.row ?? firstRow;
  if (refusal.code === 'YEAR_HAS_CLICKS') {
    return issueOf(row, 'yearOfSupply', refusal.code, String(refusal.yearOfSupply));
  }
  return issueOf(row, 'volume', refusal.code, `M${refusal.month}: ${refusal.clickedVolume}`);
}

function sameDecimal(a: string, b: string): boolean {
  return toDec(a).eq(toDec(b));
}

/** The contract columns and volumes a change alters. */
function changesOf(before: StoredContract, after: ContractInput, months: PlannedMonth[]): string[] {
  const changed: string[] = [];
  // Per part as the file names it: markUp and transactionFee for Gas/Peak, with the OffPeak
  // part's named apart, since each is stored apart (0018).
  const priceChanges: [string, boolean][] = after.pricing.flatMap((price) => {
    const suffix = price.part === 'OffPeak' ? ' (OffPeak)' : '';
    return [
      [`markUp${suffix}`, sameDecimal(storedPrice(before, price.part, 'markUp'), price.markUp)],
      [
        `transactionFee${suffix}`,
        sameDecimal(storedPrice(before, price.part, 'transactionFee'), price.transactionFee),
      ],
    ] satisfies [string, boolean][];
  });
  const compare: [string, boolean][] = [
    ['customerId', before.customerId === after.customerId],
    ['commodity', before.commodity === after.commodity],
    ['product', before.product === after.product],
    ['clickType', before.clickType === after.clickType],
    ['marketOption', before.marketOption === after.marketOption],
    ...priceChanges,
    ['lumpSum', sameDecimal(before.lumpSum, after.lumpSum)],
    ['runOut', before.runOut === after.runOut],
    ['maxClicksPerYear', before.maxClicksPerYear === after.clickLimits.maxClicksPerYear],
    [
      'minClickPercentage',
      sameDecimal(before.minClickPercentage, after.clickLimits.minClickPercentage),
    ],
    [
      'maxClickPercentage',
      sameDecimal(before.maxClickPercentage, after.clickLimits.maxClickPercentage),
    ],
  ];
  for (const [column, same] of compare) if (!same) changed.push(column);
  if (!sameMonths(before.months, months)) changed.push('volume');
  return changed;
}

function sameMonths(before: readonly PlannedMonth[], after: readonly PlannedMonth[]): boolean {
  if (before.length !== after.length) return false;
  const key = (month: PlannedMonth) => `${month.yearOfSupply}/${month.part}/${month.month}`;
  const stored = new Map(before.map((month) => [key(month), month.totalVolume]));
  return after.every((month) => {
    const volume = stored.get(key(month));
    return volume !== undefined && sameDecimal(volume, month.totalVolume);
  });
}
