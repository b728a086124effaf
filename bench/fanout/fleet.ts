// One server's websocket clients, spread over a few processes of their own (clients.ts).
import type { ClientEntry, RoundReport, Totals } from './clients';
import { Driven } from './processes';

export interface RoundOutcome {
  arrivals: number[];
  expected: number;
  /** Whether the round was given up before every expected client had its message. */
  partial: boolean;
}

export class ClientFleet {
  readonly #processes: Driven[];

  private constructor(processes: Driven[]) {
    this.#processes = processes;
  }

  /** Starts `processes` client processes and opens every entry's socket, dealt out in turn. */
  static async connect(
    name: string,
    entries: ClientEntry[],
    processes: number,
    greeting: boolean,
  ): Promise<ClientFleet> {
    const count = Math.max(1, Math.min(processes, entries.length));
    const fleet = new ClientFleet(
      Array.from({ length: count }, (_, i) => new Driven('./clients.ts', `${name} clients ${i}`)),
    );
    await Promise.all(
      fleet.#processes.map(async (child, i) => {
        await child.waitFor('ready');
        const connected = child.waitFor('connected');
        child.send({
          cmd: 'connect',
          entries: entries.filter((_, index) => index % count === i),
          greeting,
        });
        await connected;
      }),
    );
    return fleet;
  }

  /** Tells every process the next round's price (its key) and product; resolves once all know. */
  async expect(key: string, product: string): Promise<void> {
    await Promise.all(
      this.#processes.map((child) => {
        const expecting = child.waitFor('expecting', (m) => m.key === key);
        child.send({ cmd: 'expect', key, product });
        return expecting;
      }),
    );
  }

  /** Every process's arrivals for the round; after `timeoutMs` what has arrived so far. */
  async round(key: string, timeoutMs: number): Promise<RoundOutcome> {
    const reports = await Promise.all(
      this.#processes.map(async (child) => {
        const done = child.waitFor<RoundReport>('round-done', (m) => m.key === key);
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        });
        const first = await Promise.race([done, late]);
        clearTimeout(timer);
        if (first) return first;
        child.send({ cmd: 'collect' });
        return done;
      }),
    );
    return {
      arrivals: reports.flatMap((report) => report.arrivals),
      expected: reports.reduce((sum, report) => sum + report.expected, 0),
      partial: reports.some((report) => report.partial),
    };
  }

  async totals(): Promise<Omit<Totals, 'event'>> {
    const all = await Promise.all(
      this.#processes.map((child) => {
        const totals = child.waitFor<Totals>('totals');
        child.send({ cmd: 'totals' });
        return totals;
      }),
    );
    return {
      unwanted: all.reduce((sum, t) => sum + t.unwanted, 0),
      duplicates: all.reduce((sum, t) => sum + t.duplicates, 0),
      late: all.reduce((sum, t) => sum + t.late, 0),
      closed: all.reduce((sum, t) => sum + t.closed, 0),
    };
  }

  close(): void {
    for (const child of this.#processes) child.send({ cmd: 'exit' });
  }
}
