import { z } from 'zod';
import { duplicateMarginLine } from '@klik/domain';
import {
  decimalString,
  DaySchema,
  IdParamSchema,
  IdSchema,
  InstantSchema,
  TextSchema,
  YearOfSupplySchema,
} from './bounded.schemas';
import {
  NameSchema,
  PageQuerySchema,
  PageSchema,
  SearchParamSchema,
  VersionSchema,
} from './admin.schemas';
import { MarketProductSchema } from './market.schemas';
import {
  CommoditySchema,
  ContractPartNameSchema,
  DecimalStringSchema,
  MaturitySchema,
} from './positions.schemas';

/*
 * managemargins (docs/margins.md): margin scenarios (named, versioned grids of mark-ups and
 * transaction fees), their assignment to customers and contracts, the pricing IDs (which market
 * product prices which part of which contract product) and the price preview. Administrators only.
 */

export const MARGIN_PATHS = {
  scenarios: '/rest/admin/margins/scenarios',
  scenario: '/rest/admin/margins/scenarios/:scenarioId',
  version: '/rest/admin/margins/scenarios/:scenarioId/versions/:version',
  assignments: '/rest/admin/margins/scenarios/:scenarioId/assignments',
  contracts: '/rest/admin/margins/contracts',
  pricingIds: '/rest/admin/margins/pricing-ids',
  preview: '/rest/admin/margins/preview',
} as const;

/** EUR/MWh as NUMERIC(12, 4) holds it: at most 8 digits before the point and 4 after, not negative. */
export const MarginAmountSchema = decimalString(
  z.string().regex(/^\d{1,8}(\.\d{1,4})?$/, 'a decimal from 0 with at most 4 decimals'),
);

/** MWh as NUMERIC(18, 3) holds it. */
export const BandVolumeSchema = decimalString(
  z.string().regex(/^\d{1,15}(\.\d{1,3})?$/, 'a volume from 0 with at most 3 decimals'),
);

export const MaturityTypeSchema = z.enum(['YEAR', 'QUARTER', 'MONTH']);

const PART_OF_COMMODITY = { Gas: ['Gas'], Power: ['Peak', 'OffPeak'] } as const;

export const MarginLineSchema = z
  .object({
    commodity: CommoditySchema,
    part: ContractPartNameSchema,
    maturityType: MaturityTypeSchema,
    /** The volume band's lower bound: the part's total volume in the position, MWh; null = all. */
    minVolume: BandVolumeSchema.nullable(),
    markUp: MarginAmountSchema,
    transactionFee: MarginAmountSchema,
  })
  .refine((line) => (PART_OF_COMMODITY[line.commodity] as readonly string[]).includes(line.part), {
    error: 'the part must belong to the commodity',
    path: ['part'],
  });
export type MarginLineBody = z.infer<typeof MarginLineSchema>;

/** A scenario's content as it is edited: name, validity (Amsterdam days, until inclusive), grid. */
export const MarginDraftSchema = z
  .object({
    name: NameSchema,
    validFrom: DaySchema,
    validUntil: DaySchema.nullable(),
    lines: z.array(MarginLineSchema).max(500),
  })
  .refine((draft) => draft.validUntil === null || draft.validUntil >= draft.validFrom, {
    error: 'validUntil must not be before validFrom',
    path: ['validUntil'],
  })
  .refine((draft) => duplicateMarginLine(draft.lines) === null, {
    error: 'two lines for the same commodity, part, maturity type and band',
    path: ['lines'],
  });
export type MarginDraft = z.infer<typeof MarginDraftSchema>;

export const CreateScenarioBodySchema = MarginDraftSchema;

/**
 * A change is a new version on top of `version` (else 409 VERSION_CONFLICT). It prices quotes made
 * from effectiveAt on (default: now; never in the past, so no quote already made changes).
 */
export const SaveScenarioBodySchema = z.object({
  version: VersionSchema,
  draft: MarginDraftSchema,
  effectiveAt: InstantSchema.optional(),
});
export type SaveScenarioBody = z.infer<typeof SaveScenarioBodySchema>;

export const ScenarioVersionSchema = z.object({
  scenarioId: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  effectiveAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  createdBy: z.string().nullable(),
  lines: z.array(
    z.object({
      commodity: CommoditySchema,
      part: ContractPartNameSchema,
      maturityType: MaturityTypeSchema,
      minVolume: DecimalStringSchema.nullable(),
      markUp: DecimalStringSchema,
      transactionFee: DecimalStringSchema,
    }),
  ),
});
export type ScenarioVersion = z.infer<typeof ScenarioVersionSchema>;

export const AssignedCustomerSchema = z.object({ id: z.number().int(), name: z.string() });
export const AssignedContractSchema = z.object({
  id: z.number().int(),
  contractId: z.string(),
  customerName: z.string(),
  commodity: CommoditySchema,
});
export type AssignedContract = z.infer<typeof AssignedContractSchema>;

export const ScenarioSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The newest version (it may take effect later than now). */
  version: z.number().int(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  effectiveAt: z.iso.datetime(),
  customers: z.number().int(),
  contracts: z.number().int(),
});
export type ScenarioSummary = z.infer<typeof ScenarioSummarySchema>;

export const ScenarioListQuerySchema = PageQuerySchema.extend({
  search: SearchParamSchema.optional(),
});
export const ScenarioPageSchema = PageSchema(ScenarioSummarySchema);
export type ScenarioPage = z.infer<typeof ScenarioPageSchema>;

export const ScenarioDetailSchema = z.object({
  current: ScenarioVersionSchema,
  /** Every version, newest first, without their grids (GET the version for its grid). */
  versions: z.array(ScenarioVersionSchema.omit({ lines: true })),
  customers: z.array(AssignedCustomerSchema),
  contracts: z.array(AssignedContractSchema),
});
export type ScenarioDetail = z.infer<typeof ScenarioDetailSchema>;

export const ScenarioParamsSchema = z.object({ scenarioId: IdParamSchema });
export const ScenarioVersionParamsSchema = ScenarioParamsSchema.extend({ version: IdParamSchema });

/**
 * The customers and contracts the scenario prices from now on. A customer or contract has at most
 * one scenario: naming it here moves it from any other scenario.
 */
export const AssignmentsBodySchema = z.object({
  customerIds: z.array(IdSchema).max(1000),
  contractIds: z.array(IdSchema).max(1000),
});
export type AssignmentsBody = z.infer<typeof AssignmentsBodySchema>;

export const MarginContractQuerySchema = z.object({ search: SearchParamSchema.optional() });
export const MarginContractListSchema = z.object({ data: z.array(AssignedContractSchema) });
export type MarginContractList = z.infer<typeof MarginContractListSchema>;

/** '*' is the row for every product that has no row of its own. */
export const PricingIdSchema = z.object({
  product: TextSchema(200).trim().min(1),
  part: ContractPartNameSchema,
  marketProduct: MarketProductSchema,
});
export type PricingId = z.infer<typeof PricingIdSchema>;
export const PricingIdListSchema = z.object({ data: z.array(PricingIdSchema) });
export type PricingIdList = z.infer<typeof PricingIdListSchema>;
/** Replaces the whole table; the '*' rows for every part must stay. */
export const SavePricingIdsBodySchema = z.object({
  data: z
    .array(PricingIdSchema)
    .max(1000)
    .refine(
      (rows) => new Set(rows.map((row) => `${row.product}\u0000${row.part}`)).size === rows.length,
      'one row per product and part',
    )
    .refine(
      (rows) =>
        ['Gas', 'Peak', 'OffPeak'].every((part) =>
          rows.some((row) => row.product === '*' && row.part === part),
        ),
      "a '*' row for every part",
    ),
});
export type SavePricingIdsBody = z.infer<typeof SavePricingIdsBodySchema>;

/** The click price of one contract position today, as it is and under an edited scenario. */
export const MarginPreviewBodySchema = z.object({
  contractId: IdSchema,
  yearOfSupply: YearOfSupplySchema,
  maturity: MaturitySchema,
  /** The scenario being edited (unsaved), priced as if assigned to the contract and in effect now. */
  draft: MarginDraftSchema,
});
export type MarginPreviewBody = z.infer<typeof MarginPreviewBodySchema>;

export const MarginSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('scenario'),
    scenarioId: z.number().int(),
    version: z.number().int(),
    assignedTo: z.enum(['contract', 'customer']),
  }),
  z.object({ kind: z.literal('contract') }),
  z.object({ kind: z.literal('draft') }),
]);
export type MarginSource = z.infer<typeof MarginSourceSchema>;

export const PreviewPriceSchema = z.object({
  markUp: DecimalStringSchema,
  transactionFee: DecimalStringSchema,
  /** null while the market has no price for the part. */
  clickPrice: DecimalStringSchema.nullable(),
  source: MarginSourceSchema,
});

export const MarginPreviewSchema = z.object({
  contractId: z.string(),
  yearOfSupply: z.number().int(),
  maturity: MaturitySchema,
  at: z.iso.datetime(),
  parts: z.array(
    z.object({
      name: ContractPartNameSchema,
      marketProduct: MarketProductSchema,
      marketPrice: DecimalStringSchema.nullable(),
      totalVolume: DecimalStringSchema,
      current: PreviewPriceSchema,
      edited: PreviewPriceSchema,
    }),
  ),
});
export type MarginPreview = z.infer<typeof MarginPreviewSchema>;
