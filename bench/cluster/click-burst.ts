// The burst of clicks of bench:cluster, in a process of its own (so its HTTP work does not share
// an event loop with the probes or the clients): quote and confirm, through HAProxy, as the
// customer users the seed made, each on positions no other click touches (seed.ts). A user has
// one click at a time; `concurrency` users click at once.
import { randomUUID } from 'node:crypto';
import { PURCHASE_PATHS, pathTo } from '@klik/api';
import { CLICK_YEAR, type ClickPlan } from './seed';

export interface BurstCommand {
  cmd: 'run';
  base: string;
  clickers: ClickPlan[][];
  concurrency: number;
}

export interface BurstResult {
  event: 'burst-done';
  /** Milliseconds from sending the quote to the confirmation's answer, per executed click. */
  quoteExecuteMs: number[];
  executed: number;
  /**
   * Failed attempts and refusals by step, status and code (`quote 503`, `execute 409 DC_12`,
   * `quote ECONNRESET`); a failed attempt may have been followed by one that succeeded.
   */
  errors: Record<string, number>;
  /** Epoch ms of the first quote sent and the last answer. */
  startedAt: number;
  endedAt: number;
}

/** An answer that has not come by then counts as a failure (and the worker goes on). */
const REQUEST_TIMEOUT_MS = 30_000;
const ATTEMPTS = 3;
const RETRY_PAUSE_MS = 1000;

async function post(
  base: string,
  path: string,
  token: string,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // HAProxy's own error pages are HTML: the status says it all.
  }
  return { status: response.status, json };
}

type Answer = { status: number; json: Record<string, unknown> };

/**
 * A call as a browser would make it: tried again (at most ATTEMPTS times, a second apart) when no
 * answer came or the balancer answered 5xx; a confirmation is tried again with the same
 * idempotency key, so a click whose answer was lost is answered, not made twice. Every failed
 * attempt is counted; null when none succeeded.
 */
async function attempt(
  step: string,
  count: (key: string) => void,
  call: () => Promise<Answer>,
): Promise<Answer | null> {
  for (let n = 1; n <= ATTEMPTS; n += 1) {
    try {
      const answer = await call();
      if (answer.status < 500) return answer;
      count(`${step} ${answer.status}`);
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      count(`${step} ${cause ?? (error as Error).name}`);
    }
    if (n < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS));
  }
  return null;
}

async function run(command: BurstCommand): Promise<BurstResult> {
  const result: BurstResult = {
    event: 'burst-done',
    quoteExecuteMs: [],
    executed: 0,
    errors: {},
    startedAt: Date.now(),
    endedAt: 0,
  };
  const count = (key: string) => {
    result.errors[key] = (result.errors[key] ?? 0) + 1;
  };
  const click = async (plan: ClickPlan) => {
    const started = performance.now();
    const quote = await attempt('quote', count, () =>
      post(command.base, PURCHASE_PATHS.quote, plan.token, {
        customerId: plan.customerId,
        contractId: plan.contractId,
        yearOfSupply: CLICK_YEAR,
        maturity: plan.maturity,
        market: 'OTC',
        percentage: '50',
      }),
    );
    if (!quote) return;
    if (quote.status !== 200) return count(`quote ${quote.status} ${String(quote.json.code)}`);
    const quoteId = String(quote.json.quoteId);
    const idempotencyKey = randomUUID();
    const execute = await attempt('execute', count, () =>
      post(command.base, PURCHASE_PATHS.execute, plan.token, { quoteId, idempotencyKey }),
    );
    if (execute?.status !== 200) {
      if (execute) count(`execute ${execute.status} ${String(execute.json.code)}`);
      // As a user cancels a click that failed: the quote is let go, so the user's next click is
      // not refused as another click in progress.
      await fetch(`${command.base}${pathTo(PURCHASE_PATHS.cancelQuote, { quoteId })}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${plan.token}` },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }).catch(() => null);
      return;
    }
    result.quoteExecuteMs.push(performance.now() - started);
    result.executed += 1;
  };
  const workers = Math.max(1, Math.min(command.concurrency, command.clickers.length));
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      const mine = command.clickers.filter((_, index) => index % workers === w);
      const rounds = Math.max(0, ...mine.map((plans) => plans.length));
      for (let round = 0; round < rounds; round += 1) {
        for (const plans of mine) {
          const plan = plans[round];
          if (plan) await click(plan);
        }
      }
    }),
  );
  result.endedAt = Date.now();
  return result;
}

process.on('message', (command: BurstCommand) => {
  if (command.cmd !== 'run') return;
  run(command).then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ event: 'failed', message: String(error) }),
  );
});

process.on('disconnect', () => process.exit(0));

process.send?.({ event: 'ready' });
