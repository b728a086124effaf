// One mode of the fan-out run: the portal (one instance, or two over Redis) and the bare floor,
// each with the same clients, then rounds in which each price enters both alike.
import { MARKET_PRODUCTS, MARKET_PATHS } from '@klik/api';
import type { ClientEntry } from './clients';
import { ClientFleet } from './fleet';
import { startBareServer, startKlik, type KlikInstance } from './processes';
import type { ModeResult, SideResult } from './report';
import type { BenchClient } from './seed';

export interface ModeSettings {
  mode: 'single' | 'redis';
  databaseUrl: string;
  clients: BenchClient[];
  rounds: number;
  warmupRounds: number;
  intervalMs: number;
  roundTimeoutMs: number;
  /** Client processes per server side. */
  clientProcesses: number;
  redis: { url: string; prefix: string };
  ingestKey: string;
  /**
   * Notes the machine's load after the rounds. Not after connecting: that burst is this bench's
   * own work (thousands of upgrades at once), not other work on the machine.
   */
  noteLoad: () => void;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const preciseNow = () => performance.timeOrigin + performance.now();

// Each price sent in the whole run has a price of its own: clients tell rounds apart by it.
let priceSequence = 0;

function emptySide(): SideResult {
  return {
    latencies: [],
    firsts: [],
    expected: 0,
    missing: 0,
    unwanted: 0,
    duplicates: 0,
    late: 0,
    closed: 0,
  };
}

interface Side {
  name: 'klik' | 'bare';
  fleet: ClientFleet;
  ingestUrl: string;
  headers: Record<string, string>;
  result: SideResult;
}

export async function runMode(settings: ModeSettings): Promise<ModeResult> {
  const { clients } = settings;
  const instanceCount = settings.mode === 'redis' ? 2 : 1;
  const instances: KlikInstance[] = [];
  const bare = await startBareServer();
  let klikFleet: ClientFleet | null = null;
  let bareFleet: ClientFleet | null = null;
  try {
    for (let i = 0; i < instanceCount; i += 1) {
      instances.push(
        await startKlik({
          databaseUrl: settings.databaseUrl,
          ingestKey: settings.ingestKey,
          redis: settings.mode === 'redis' ? settings.redis : null,
          name: `Klik instance ${i + 1}`,
        }),
      );
    }
    const started = Date.now();
    // Client i goes to instance i % n, so every audience is on every instance.
    const klikEntries: ClientEntry[] = clients.map((client, i) => ({
      url: `${(instances[i % instanceCount] as KlikInstance).base.replace('http', 'ws')}/ws/${client.token}`,
      products: client.products,
    }));
    klikFleet = await ClientFleet.connect('Klik', klikEntries, settings.clientProcesses, true);
    const bareEntries: ClientEntry[] = clients.map((client) => ({
      url: `${bare.base.replace('http', 'ws')}/?products=${client.products.join(',')}`,
      products: client.products,
    }));
    bareFleet = await ClientFleet.connect('bare', bareEntries, settings.clientProcesses, false);
    console.info(
      `${settings.mode}: connected ${2 * clients.length} clients in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const sides: Side[] = [
      {
        name: 'klik',
        fleet: klikFleet,
        // Prices always enter on the first instance; in redis mode the second hears them on the bus.
        ingestUrl: `${(instances[0] as KlikInstance).base}${MARKET_PATHS.ingest}`,
        headers: { authorization: `Bearer ${settings.ingestKey}` },
        result: emptySide(),
      },
      {
        name: 'bare',
        fleet: bareFleet,
        ingestUrl: `${bare.base}${MARKET_PATHS.ingest}`,
        headers: {},
        result: emptySide(),
      },
    ];

    for (let round = -settings.warmupRounds; round < settings.rounds; round += 1) {
      const product = MARKET_PRODUCTS[
        (round + settings.warmupRounds) % MARKET_PRODUCTS.length
      ] as (typeof MARKET_PRODUCTS)[number];
      const expected = clients.filter((client) => client.products.includes(product)).length;
      // Alternate which server goes first so drift on the machine hits both alike.
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        priceSequence += 1;
        const key = `${1000 + priceSequence}.25`;
        await side.fleet.expect(key, product);
        const body = JSON.stringify({
          prices: [
            {
              product,
              yearOfSupply: 2027,
              maturity: 'Y',
              market: 'OTC',
              price: key,
              at: new Date().toISOString(),
            },
          ],
        });
        const enteredAt = preciseNow();
        const answer = fetch(side.ingestUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...side.headers },
          body,
        });
        const outcome = await side.fleet.round(key, settings.roundTimeoutMs);
        const response = await answer;
        if (!response.ok) {
          throw new Error(
            `${side.name} ingest answered ${response.status}: ${await response.text()}`,
          );
        }
        if (outcome.expected !== expected) {
          throw new Error(
            `${side.name}: the clients expected ${outcome.expected} deliveries, the seed ${expected}`,
          );
        }
        if (round >= 0) {
          side.result.expected += expected;
          side.result.missing += expected - outcome.arrivals.length;
          let first = Infinity;
          for (const arrival of outcome.arrivals) {
            side.result.latencies.push(arrival - enteredAt);
            first = Math.min(first, arrival - enteredAt);
          }
          if (first !== Infinity) side.result.firsts.push(first);
        }
        await wait(settings.intervalMs);
      }
    }
    settings.noteLoad();
    for (const side of sides) Object.assign(side.result, await side.fleet.totals());
    return {
      mode: settings.mode,
      instances: instanceCount,
      clients: clients.length,
      klik: sides[0]?.result as SideResult,
      bare: sides[1]?.result as SideResult,
    };
  } finally {
    klikFleet?.close();
    bareFleet?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    bare.stop();
  }
}
