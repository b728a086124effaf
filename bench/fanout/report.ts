// Figures of a fan-out run: latency distributions, the deliveries check, and the tables printed.

export const P99_TARGET_RATIO = 1.5;

/** One side of a mode (the portal or the bare floor) over all measured rounds. */
export interface SideResult {
  /** Milliseconds from just before the ingest call to each expected client's arrival. */
  latencies: number[];
  /**
   * Per round, the first client's latency: the path from the call to the sockets (for the
   * portal: database, bus, filter) before the clients' reading of thousands of messages adds up.
   */
  firsts: number[];
  /** Deliveries the clients' products called for, counted from the seed. */
  expected: number;
  /** Expected deliveries that never came (within the round's time limit). */
  missing: number;
  /** Deliveries to clients whose customer does not hold the price's product. */
  unwanted: number;
  duplicates: number;
  late: number;
  /** Sockets that closed during the run. */
  closed: number;
}

export interface ModeResult {
  mode: 'single' | 'redis';
  instances: number;
  clients: number;
  klik: SideResult;
  bare: SideResult;
}

export interface Distribution {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

export function distribution(values: number[]): Distribution {
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  return {
    count: list.length,
    p50: percentile(list, 50),
    p90: percentile(list, 90),
    p99: percentile(list, 99),
    max: list.at(-1) ?? NaN,
  };
}

/** Whether every expected client got every price exactly once and no other client got it. */
export function deliveredExactly(side: SideResult): boolean {
  return (
    side.missing === 0 &&
    side.unwanted === 0 &&
    side.duplicates === 0 &&
    side.late === 0 &&
    side.closed === 0
  );
}

export function p99Ratio(result: ModeResult): number {
  return distribution(result.klik.latencies).p99 / distribution(result.bare.latencies).p99;
}

const ms = (value: number) => value.toFixed(1).padStart(7);

/** Prints one mode's table and check; answers whether its targets were met. */
export function printMode(result: ModeResult): boolean {
  const title =
    result.mode === 'single'
      ? `one instance, ${result.clients} clients`
      : `${result.instances} instances over Redis, ${result.clients} clients (half on each)`;
  console.info('');
  console.info(`### ${title}`);
  console.info('');
  console.info(
    '| server                 | deliveries | first p50 ms |  p50 ms |  p90 ms |  p99 ms |  max ms | missing | unwanted | dup/late/closed |',
  );
  console.info(
    '| ---------------------- | ---------: | -----------: | ------: | ------: | ------: | ------: | ------: | -------: | --------------: |',
  );
  const row = (name: string, side: SideResult) => {
    const d = distribution(side.latencies);
    const other = `${side.duplicates}/${side.late}/${side.closed}`;
    console.info(
      `| ${name.padEnd(22)} | ${String(d.count).padStart(10)} | ${ms(distribution(side.firsts).p50).padStart(12)} | ${ms(d.p50)} | ${ms(d.p90)} | ${ms(d.p99)} | ${ms(d.max)} | ${String(side.missing).padStart(7)} | ${String(side.unwanted).padStart(8)} | ${other.padStart(15)} |`,
    );
  };
  row('bare ws (floor)', result.bare);
  row(result.mode === 'single' ? 'Klik' : 'Klik, 2 instances', result.klik);
  const ratio = p99Ratio(result);
  const p50Ratio =
    distribution(result.klik.latencies).p50 / distribution(result.bare.latencies).p50;
  const exact = deliveredExactly(result.klik) && deliveredExactly(result.bare);
  console.info('');
  console.info(
    `p99 ratio Klik / bare: ${ratio.toFixed(2)} (target <= ${P99_TARGET_RATIO}); p50 ratio ${p50Ratio.toFixed(2)}`,
  );
  console.info(
    exact
      ? `deliveries: every one of the ${result.klik.expected} expected arrived once, and no other`
      : 'DELIVERIES WRONG: see missing / unwanted / dup/late/closed above',
  );
  return exact && ratio <= P99_TARGET_RATIO;
}

/** With both modes: what two instances over Redis cost against one. */
export function printComparison(single: ModeResult, redis: ModeResult): void {
  const one = distribution(single.klik.latencies);
  const two = distribution(redis.klik.latencies);
  console.info('');
  console.info(
    `two instances over Redis against one: p50 ${(two.p50 / one.p50).toFixed(2)}x, p99 ${(two.p99 / one.p99).toFixed(2)}x ` +
      `(floor moved ${(distribution(redis.bare.latencies).p99 / distribution(single.bare.latencies).p99).toFixed(2)}x between the two)`,
  );
}
