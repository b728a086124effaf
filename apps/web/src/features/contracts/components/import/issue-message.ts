import {
  ErrorCodeSchema,
  type ContractImportAction,
  type ContractImportIssueCode,
} from '@klik/api';
import type { MessageKey } from '../../../../shared/i18n/catalogues';
import { errorMessageKey } from '../../../../shared/i18n/message-keys';

const FILE_ISSUE_KEYS = {
  FILE_UNREADABLE: 'contracts.import.issue.fileUnreadable',
  FILE_EMPTY: 'contracts.import.issue.fileEmpty',
  TOO_MANY_ROWS: 'contracts.import.issue.tooManyRows',
  COLUMN_UNKNOWN: 'contracts.import.issue.columnUnknown',
  COLUMN_MISSING: 'contracts.import.issue.columnMissing',
  COLUMN_DUPLICATE: 'contracts.import.issue.columnDuplicate',
  VALUE_REQUIRED: 'contracts.import.issue.valueRequired',
  VALUE_INVALID: 'contracts.import.issue.valueInvalid',
  NUMBER_INVALID: 'contracts.import.issue.numberInvalid',
  CONTRACT_ROWS_DIFFER: 'contracts.import.issue.contractRowsDiffer',
  CUSTOMER_UNKNOWN: 'contracts.import.issue.customerUnknown',
  PROFILE_INCOMPLETE: 'contracts.import.issue.profileIncomplete',
} as const satisfies Record<string, MessageKey>;

/**
 * An issue's text: the file's own codes have the import's texts; the contract's field codes and
 * the rules clicks protect are the error codes managecontract shows, with the same texts.
 */
export function issueMessageKey(code: ContractImportIssueCode): MessageKey {
  if (code in FILE_ISSUE_KEYS) return FILE_ISSUE_KEYS[code as keyof typeof FILE_ISSUE_KEYS];
  const known = ErrorCodeSchema.safeParse(code);
  return errorMessageKey(known.success ? known.data : 'VALIDATION_FAILED');
}

export const ACTION_KEYS = {
  create: 'contracts.import.action.create',
  change: 'contracts.import.action.change',
  unchanged: 'contracts.import.action.unchanged',
} as const satisfies Record<ContractImportAction, MessageKey>;
