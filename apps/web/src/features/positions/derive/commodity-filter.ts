import type { Commodity } from '@klik/domain';

/**
 * The commodity route's URL values (spec section 2: dashboard/{commodity}): the spec's own
 * values `Power` and `Gas` (section 9), which a client written from the spec links to, and the
 * lower-case forms the portal's own links use.
 */
export const COMMODITY_ROUTE_VALUES = {
  power: 'Power',
  gas: 'Gas',
  Power: 'Power',
  Gas: 'Gas',
} as const;
export type CommodityRouteValue = keyof typeof COMMODITY_ROUTE_VALUES;

/**
 * The commodity a dashboard URL asks for: null for all of them (no segment), 'unknown' for a
 * segment that names no commodity (`water`, or `POWER`), which the screen answers as not found.
 */
export function commodityFromRoute(segment: string | undefined): Commodity | null | 'unknown' {
  if (segment === undefined) return null;
  return Object.hasOwn(COMMODITY_ROUTE_VALUES, segment)
    ? COMMODITY_ROUTE_VALUES[segment as CommodityRouteValue]
    : 'unknown';
}

export function filterByCommodity<T extends { commodity: Commodity }>(
  contracts: readonly T[],
  commodity: Commodity | null,
): T[] {
  return commodity === null
    ? [...contracts]
    : contracts.filter((contract) => contract.commodity === commodity);
}
