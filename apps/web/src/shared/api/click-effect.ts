import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ClickEffectSchema, RISK_PATHS, pathTo, type ClickEffectBodySchema } from '@klik/api';
import type { ContractPartName, Maturity } from '@klik/domain';
import { useApiClient } from './use-api-client';

/** The click being prepared as it is sent. */
export type ClickEffectRequest = z.input<typeof ClickEffectBodySchema>;

/**
 * The year's P95 and cost-at-risk now and after a click being prepared (docs/risk.md): the click
 * flow's preview and confirm step and the consultant's multi-click ask it. Asked
 * again when the click changes, keeping the last answer on screen meanwhile. Null: no click yet.
 */
export function useClickEffect(customerId: number, body: ClickEffectRequest | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ['risk', 'clickEffect', customerId, body] as const,
    queryFn: () =>
      api.call(
        'POST',
        pathTo(RISK_PATHS.clickEffect, { customerId }),
        ClickEffectSchema,
        body ?? undefined,
      ),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/** A click of a position with the volumes it would fix per part; null without any volume. */
export function clickEffectRequest(
  draft: { contractId: string; yearOfSupply: number; maturity: Maturity },
  parts: readonly { name: ContractPartName; volume: string | null }[],
): ClickEffectRequest | null {
  const fixed = parts.flatMap((part) =>
    part.volume === null ? [] : [{ name: part.name, volume: part.volume }],
  );
  if (fixed.length === 0) return null;
  return {
    contractId: draft.contractId,
    yearOfSupply: draft.yearOfSupply,
    maturity: draft.maturity,
    parts: fixed,
  };
}
