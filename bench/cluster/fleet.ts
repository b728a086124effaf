// bench:cluster's websocket clients, in a few processes of their own (clients.ts), all through
// HAProxy; and one socket straight on each instance's port, whose keep-alive stamps tell which
// instance each client landed on.
import WebSocket from 'ws';
import { Driven } from '../fanout/processes';
import type { Arrivals, ClientEntry, Collected } from './clients';

export interface FleetTotals {
  arrivals: Arrivals;
  unwanted: number;
  duplicates: number;
  closed: number;
  connectRetries: number;
  messages: Record<string, number>;
}

export class ClusterFleet {
  readonly #processes: Driven[];

  private constructor(processes: Driven[]) {
    this.#processes = processes;
  }

  /** Starts the processes and opens every entry's socket, dealt out in turn. */
  static async connect(entries: ClientEntry[], processes: number): Promise<ClusterFleet> {
    const count = Math.max(1, Math.min(processes, entries.length));
    const fleet = new ClusterFleet(
      Array.from(
        { length: count },
        (_, i) => new Driven('../cluster/clients.ts', `cluster clients ${i}`),
      ),
    );
    await Promise.all(
      fleet.#processes.map(async (child, i) => {
        await child.waitFor('ready');
        const connected = child.waitFor('connected');
        child.send({ cmd: 'connect', entries: entries.filter((_, index) => index % count === i) });
        await connected;
      }),
    );
    return fleet;
  }

  /** Labels every client with its instance; answers how many clients each instance holds. */
  async identify(instanceOf: Record<string, string>): Promise<Record<string, number>> {
    const answers = await Promise.all(
      this.#processes.map((child) => {
        const identified = child.waitFor<{ counts: Record<string, number> }>('identified');
        child.send({ cmd: 'identify', instanceOf });
        return identified;
      }),
    );
    const counts: Record<string, number> = {};
    for (const { counts: part } of answers) {
      for (const [name, n] of Object.entries(part)) counts[name] = (counts[name] ?? 0) + n;
    }
    return counts;
  }

  async collect(): Promise<FleetTotals> {
    const all = await Promise.all(
      this.#processes.map((child) => {
        const collected = child.waitFor<Collected>('collected');
        child.send({ cmd: 'collect' });
        return collected;
      }),
    );
    const totals: FleetTotals = {
      arrivals: {},
      unwanted: 0,
      duplicates: 0,
      closed: 0,
      connectRetries: 0,
      messages: {},
    };
    for (const part of all) {
      totals.unwanted += part.unwanted;
      totals.duplicates += part.duplicates;
      totals.closed += part.closed;
      totals.connectRetries += part.connectRetries;
      for (const [name, n] of Object.entries(part.messages)) {
        totals.messages[name] = (totals.messages[name] ?? 0) + n;
      }
      for (const [key, perInstance] of Object.entries(part.arrivals)) {
        const into = (totals.arrivals[key] ??= {});
        for (const [instance, times] of Object.entries(perInstance)) {
          (into[instance] ??= []).push(...times);
        }
      }
    }
    return totals;
  }

  close(): void {
    for (const child of this.#processes) child.send({ cmd: 'exit' });
  }
}

/** One socket straight on each instance, noting the keep-alive stamps each instance sends. */
export class InstanceStamps {
  readonly #sockets: WebSocket[] = [];
  readonly #stamps = new Map<string, Set<string>>();

  constructor(instances: { name: string; port: number }[], token: string) {
    for (const { name, port } of instances) {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/${token}`, {
        perMessageDeflate: false,
      });
      socket.on('message', (data) => {
        const text = String(data);
        if (!text.startsWith('{"name":"socketUpdate"')) return;
        const stamp = /\\"at\\":\\"([^\\]+)\\"/.exec(text)?.[1];
        if (stamp)
          (this.#stamps.get(stamp) ?? this.#stamps.set(stamp, new Set()).get(stamp))?.add(name);
      });
      this.#sockets.push(socket);
    }
  }

  /** Stamp to instance; a stamp two instances happened to send alike names neither. */
  instanceOf(): Record<string, string> {
    const map: Record<string, string> = {};
    for (const [stamp, names] of this.#stamps) {
      if (names.size === 1) map[stamp] = [...names][0] as string;
    }
    return map;
  }

  close(): void {
    for (const socket of this.#sockets) socket.terminate();
  }
}
