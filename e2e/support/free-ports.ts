import { spawnSync } from 'node:child_process';

/*
 * The first of `count` consecutive ports that are free on 127.0.0.1 now. Playwright reads its
 * config in the runner and again in every worker, so the caller keeps the answer in the
 * environment, which the workers inherit: all of them then agree on the ports. Synchronous,
 * because the config is: a child process does the asynchronous listening.
 */
const PROBE = `
const net = require('node:net');
const count = Number(process.argv[1]);
const listen = (port) => new Promise((resolve) => {
  const server = net.createServer();
  server.once('error', () => resolve(null));
  server.listen(port, '127.0.0.1', () => resolve(server));
});
(async () => {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const base = 20000 + Math.floor(Math.random() * 40000);
    const held = [];
    for (let offset = 0; offset < count; offset += 1) {
      const server = await listen(base + offset);
      if (!server) break;
      held.push(server);
    }
    await Promise.all(held.map((server) => new Promise((resolve) => server.close(resolve))));
    if (held.length === count) {
      process.stdout.write(String(base));
      return;
    }
  }
  process.exitCode = 1;
})();
`;

export function freeBasePort(count: number): number {
  const probe = spawnSync(process.execPath, ['-e', PROBE, String(count)], { encoding: 'utf8' });
  const base = Number(probe.stdout);
  if (probe.status !== 0 || !Number.isInteger(base) || base <= 0) {
    throw new Error(`No ${count} consecutive free ports found on 127.0.0.1`);
  }
  return base;
}
