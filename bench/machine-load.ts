import { cpus, loadavg } from 'node:os';

/**
 * The machine's load around a benchmark. Other work on the machine moves every figure, so each
 * run prints the load average before and after, and a run during which it rose above the number
 * of cores is neither a pass nor a failure: its verdict is "no pass" (exit code 3).
 */
export interface MachineLoad {
  /** Notes the load now (e.g. between phases): the highest note decides. */
  note(): void;
  /**
   * Waits (up to `maxWaitMs`) until the load average is at most half the cores: a benchmark whose
   * short runs each lift the load (a browser, say) lets it settle between them, so one run's
   * work does not count as the next run's busy machine.
   */
  settle(maxWaitMs?: number): Promise<void>;
  /** Prints the load after measuring and the verdict; answers the exit code. */
  verdict(met: boolean, passed?: string, missed?: string): number;
}

export const NO_PASS_EXIT_CODE = 3;

export function machineLoad(): MachineLoad {
  const cores = cpus().length;
  const now = () => loadavg()[0] ?? 0;
  const notes = [now()];
  console.info(`${cores} CPUs, load average ${now().toFixed(1)} before measuring`);
  return {
    note: () => {
      notes.push(now());
    },
    async settle(maxWaitMs = 90_000) {
      const until = Date.now() + maxWaitMs;
      while (now() > cores / 2 && Date.now() < until) {
        await new Promise((done) => setTimeout(done, 2000));
      }
    },
    verdict(met, passed = 'targets met', missed = 'TARGETS MISSED') {
      notes.push(now());
      const highest = Math.max(...notes);
      console.info(
        `load average ${now().toFixed(1)} after measuring (highest ${highest.toFixed(1)})`,
      );
      if (highest > cores) {
        console.info(
          `NOT A PASS: the load average rose above the ${cores} CPUs; run again on a quiet machine`,
        );
        return NO_PASS_EXIT_CODE;
      }
      console.info(met ? passed : missed);
      return met ? 0 : 1;
    },
  };
}
