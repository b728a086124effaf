import { request } from '@playwright/test';
import { E2E_INGEST_KEY, baseURL } from '../playwright.config';
import { MARKET_PATHS } from '@klik/api';

export interface PushedPrice {
  product: 'NL_POWER_BASE' | 'NL_POWER_PEAK' | 'NL_POWER_OFFPEAK' | 'TTF_GAS';
  yearOfSupply: number;
  maturity: string;
  market: 'OTC' | 'ICE';
  price: string;
  at: string;
}

/**
 * Pushes a batch of prices as an external feed does (POST /rest/market/prices), into the e2e
 * portal or the address given (e.g. one instance of the cluster).
 */
export async function pushPrices(prices: PushedPrice[], into = baseURL): Promise<void> {
  const feed = await request.newContext({ baseURL: into });
  try {
    const response = await feed.post(MARKET_PATHS.ingest, {
      headers: { authorization: `Bearer ${E2E_INGEST_KEY}` },
      data: { prices },
    });
    if (!response.ok()) {
      throw new Error(`Ingest refused: ${response.status()} ${await response.text()}`);
    }
  } finally {
    await feed.dispose();
  }
}
