import { expect, test } from '@playwright/test';
import { jobNames, jobsLed, killInstance, liveInstances, type Instance } from '../support/cluster';

const FEED = 'market feed';

/** Per once-only job, the instances that say they run it now. */
async function leaders(instances: Instance[]): Promise<Map<string, string[]>> {
  const byJob = new Map<string, string[]>();
  for (const job of await jobNames(instances[0]!)) byJob.set(job, []);
  for (const instance of instances) {
    for (const job of await jobsLed(instance)) byJob.get(job)?.push(instance.name);
  }
  return byJob;
}

/** How many instances run each job, e.g. { "market feed": 1, "click desk": 1, … }. */
async function leaderCounts(instances: Instance[]): Promise<Record<string, number>> {
  return Object.fromEntries(
    [...(await leaders(instances))].map(([job, names]) => [job, names.length]),
  );
}

test('every once-only job runs on exactly one instance, and another takes the price feed over when that one is killed', async () => {
  const instances = await liveInstances();
  expect(instances.length, 'instances running').toBeGreaterThan(1);
  const jobs = await jobNames(instances[0]!);
  expect(jobs).toContain(FEED);
  expect(jobs).toContain('click desk');
  const once = Object.fromEntries(jobs.map((job) => [job, 1]));

  // Each job's lock is taken within a few seconds of start-up.
  await expect.poll(() => leaderCounts(instances)).toEqual(once);
  const feedLeader = (await leaders(instances)).get(FEED)![0]!;
  const victim = instances.find((instance) => instance.name === feedLeader)!;

  await killInstance(victim);
  const survivors = instances.filter((instance) => instance !== victim);
  // Its locks went with its database sessions; the survivors take every job over, once each.
  await expect.poll(() => leaderCounts(survivors), { timeout: 30_000 }).toEqual(once);
  const newLeader = (await leaders(survivors)).get(FEED)![0];
  expect(survivors.map((instance) => instance.name)).toContain(newLeader);
});
