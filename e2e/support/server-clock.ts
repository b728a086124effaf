import type { APIRequestContext } from '@playwright/test';

/**
 * The browser tests run the portal with CLOCK_START (playwright.config.ts) so that trading is open at
 * any hour; anything a test stamps for the server (a pushed price) uses the portal's time, not the
 * machine's.
 */
export async function serverNow(request: APIRequestContext): Promise<Date> {
  const answer = await request.get('/healthz');
  const body = (await answer.json()) as { now: string };
  return new Date(body.now);
}
