// The positions contract (packages/api/src/positions.schemas.ts) is not exported from the
// package entry yet; this is the one place that reaches it, so the switch to `@klik/api` is a
// one-line change.
export {
  ContractDataListSchema,
  ContractDataSchema,
  ContractSummaryListSchema,
  ContractSummarySchema,
  type Click,
  type ContractData,
  type ContractPart,
  type ContractSummary,
  type Status,
} from '../../../../../../packages/api/src/positions.schemas';
