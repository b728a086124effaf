// Figures of a bench:cluster run: what each cluster size measured, the checks, and the tables.
import { distribution, type Distribution } from '../fanout/report';
import type { BenchClient } from '../fanout/seed';
import type { FleetTotals } from './fleet';
import type { VolumeCheck } from './verify';

/** bench/positions' paced load's answer. */
export interface PositionsFigures {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface DeliveryFigures {
  /** The instance the probe prices entered on. */
  ingestInstance: string;
  probes: number;
  expected: number;
  missing: number;
  unwanted: number;
  duplicates: number;
  /** Sockets that closed during the run. */
  closed: number;
  /** Sockets that failed to open (through HAProxy) and were tried again. */
  connectRetries: number;
  /** Milliseconds from just before the ingest call to each arrival, per instance that delivered. */
  byInstance: Record<string, number[]>;
}

export interface PhaseResult {
  instances: number;
  clients: number;
  /** Clients per instance, as their keep-alives told. */
  spread: Record<string, number>;
  positions: PositionsFigures;
  clicks: {
    planned: number;
    executed: number;
    perSecond: number;
    seconds: number;
    quoteExecuteMs: number[];
    errors: Record<string, number>;
    /** Executed clicks the click desk had not completed when the run ended. */
    inProgress: number;
  };
  delivery: DeliveryFigures;
  probeFailures: number;
  /** Times HAProxy took each instance out during the run (connecting, measuring, checking). */
  takenOut: Record<string, number>;
  volumes: VolumeCheck;
  messages: Record<string, number>;
}

export function deliveryFigures(
  probes: { key: string; product: string; enteredAt: number }[],
  clients: BenchClient[],
  totals: FleetTotals,
  ingestInstance: string,
): DeliveryFigures {
  const figures: DeliveryFigures = {
    ingestInstance,
    probes: probes.length,
    expected: 0,
    missing: 0,
    unwanted: totals.unwanted,
    duplicates: totals.duplicates,
    closed: totals.closed,
    connectRetries: totals.connectRetries,
    byInstance: {},
  };
  for (const probe of probes) {
    const expected = clients.filter((client) =>
      (client.products as string[]).includes(probe.product),
    ).length;
    let arrived = 0;
    for (const [instance, times] of Object.entries(totals.arrivals[probe.key] ?? {})) {
      const latencies = (figures.byInstance[instance] ??= []);
      for (const time of times) latencies.push(time - probe.enteredAt);
      arrived += times.length;
    }
    figures.expected += expected;
    figures.missing += Math.max(0, expected - arrived);
  }
  return figures;
}

/** Errors of any kind: refused or failed requests, wrong deliveries, volume broken. */
export function errorCount(result: PhaseResult): number {
  const { delivery, volumes } = result;
  return (
    result.positions.errors +
    Object.values(result.clicks.errors).reduce((n, count) => n + count, 0) +
    (result.clicks.planned - result.clicks.executed) +
    result.clicks.inProgress +
    result.probeFailures +
    delivery.missing +
    delivery.unwanted +
    delivery.duplicates +
    delivery.closed +
    delivery.connectRetries +
    volumes.overfilledMonths +
    (volumes.ledgerMinusClicks === 0 ? 0 : 1) +
    volumes.positionsClickedTwice +
    (volumes.clicks === result.clicks.executed ? 0 : 1)
  );
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '-').padStart(7);

function deliveryRows(result: PhaseResult): [string, Distribution][] {
  const { byInstance, ingestInstance } = result.delivery;
  const all = Object.values(byInstance).flat();
  const others = Object.entries(byInstance)
    .filter(([name]) => name !== ingestInstance)
    .flatMap(([, values]) => values);
  const rows: [string, Distribution][] = [['all clients', distribution(all)]];
  for (const name of Object.keys(byInstance).sort()) {
    const label = name === ingestInstance ? `${name} (prices enter here)` : name;
    rows.push([`clients on ${label}`, distribution(byInstance[name] ?? [])]);
  }
  if (result.instances > 1) rows.push(['clients on the other instances', distribution(others)]);
  return rows;
}

export function printPhase(result: PhaseResult): void {
  const { positions, clicks, delivery, volumes } = result;
  const spread = Object.entries(result.spread)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
  const click = distribution(clicks.quoteExecuteMs);
  console.info('');
  console.info(`### ${result.instances} instance(s) behind HAProxy, ${result.clients} clients`);
  console.info(`clients per instance: ${spread}`);
  console.info('');
  console.info(`| ${'what'.padEnd(47)} |   count |  p50 ms |  p99 ms |  max ms |`);
  console.info(`| ${'-'.repeat(47)} | ------: | ------: | ------: | ------: |`);
  console.info(
    `| positions requests (${positions.requestsPerSecond.toFixed(0)}/s answered)`.padEnd(50) +
      `| ${'-'.padStart(7)} | ${ms(positions.p50)} | ${ms(positions.p99)} | ${'-'.padStart(7)} |`,
  );
  console.info(
    `| quote + execute`.padEnd(50) +
      `| ${String(click.count).padStart(7)} | ${ms(click.p50)} | ${ms(click.p99)} | ${ms(click.max)} |`,
  );
  for (const [label, d] of deliveryRows(result)) {
    console.info(
      `| price to ${label}`.padEnd(50) +
        `| ${String(d.count).padStart(7)} | ${ms(d.p50)} | ${ms(d.p99)} | ${ms(d.max)} |`,
    );
  }
  console.info('');
  console.info(
    `clicks: ${clicks.executed} of ${clicks.planned} executed in ${clicks.seconds.toFixed(1)} s: ` +
      `${clicks.perSecond.toFixed(1)} executions/s; failed attempts and refusals: ${JSON.stringify(clicks.errors)}; ` +
      `${clicks.inProgress} not completed by the desk`,
  );
  console.info(
    `positions: ${positions.errors} errors; probes: ${delivery.probes} into ${delivery.ingestInstance}, ` +
      `${result.probeFailures} failed; deliveries ${delivery.expected} expected, ${delivery.missing} missing, ` +
      `${delivery.unwanted} unwanted, ${delivery.duplicates} twice, ${delivery.closed} sockets closed, ` +
      `${delivery.connectRetries} sockets opened only at a later attempt`,
  );
  console.info(
    `volumes: ${volumes.clicks} clicks stored, ${volumes.positionsClickedTwice} positions clicked twice, ` +
      `${volumes.overfilledMonths} months over-filled, ledger minus clicks ${volumes.ledgerMinusClicks}`,
  );
  const outs = Object.entries(result.takenOut);
  console.info(
    outs.length === 0
      ? 'HAProxy kept every instance in'
      : `HAProxy TOOK INSTANCES OUT (health check failed, their websockets cut): ${outs
          .map(([name, n]) => `${name} ${n}x`)
          .join(', ')}`,
  );
  console.info(`messages the clients received: ${JSON.stringify(result.messages)}`);
  console.info(`errors: ${errorCount(result)}`);
}

/** The cluster against one instance, figure by figure. */
export function printComparison(cluster: PhaseResult, single: PhaseResult): void {
  const p = (result: PhaseResult) => ({
    positions: result.positions,
    click: distribution(result.clicks.quoteExecuteMs),
    delivery: distribution(Object.values(result.delivery.byInstance).flat()),
  });
  const a = p(cluster);
  const b = p(single);
  const ratio = (x: number, y: number) => `${(x / y).toFixed(2)}x`;
  console.info('');
  console.info(`${cluster.instances} instances against 1 (same load, same run):`);
  console.info(
    `  positions p50 ${ratio(a.positions.p50, b.positions.p50)}, p99 ${ratio(a.positions.p99, b.positions.p99)}; ` +
      `quote + execute p50 ${ratio(a.click.p50, b.click.p50)}, p99 ${ratio(a.click.p99, b.click.p99)}; ` +
      `executions/s ${ratio(cluster.clicks.perSecond, single.clicks.perSecond)}; ` +
      `price delivery p50 ${ratio(a.delivery.p50, b.delivery.p50)}, p99 ${ratio(a.delivery.p99, b.delivery.p99)}`,
  );
}
