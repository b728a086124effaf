// Measures how long a start command takes to answer 200 on /readyz and how much memory the
// started processes hold once idle. Usage:
//   node scripts/measure-start.mjs [--idle-seconds 10] -- <command...>
// The command gets PORT (default 3300) and every other variable of this process's environment.
import { spawn, execFileSync } from 'node:child_process';

const args = process.argv.slice(2);
const separator = args.indexOf('--');
if (separator < 0 || separator === args.length - 1) {
  console.error('usage: node scripts/measure-start.mjs [--idle-seconds N] -- <command...>');
  process.exit(2);
}
const options = args.slice(0, separator);
const command = args.slice(separator + 1);
const idleIndex = options.indexOf('--idle-seconds');
const idleSeconds = idleIndex >= 0 ? Number(options[idleIndex + 1]) : 10;
const port = Number(process.env.PORT ?? 3300);

/** Every process below pid with its resident memory in kB (Linux `ps`). */
function tree(pid) {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,rss=,args='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [p, pp, rss, ...rest] = line.trim().split(/\s+/);
      return { pid: Number(p), ppid: Number(pp), rss: Number(rss), args: rest.join(' ') };
    });
  const found = [];
  const walk = (parent) => {
    for (const row of rows) {
      if (row.ppid === parent) {
        found.push(row);
        walk(row.pid);
      }
    }
  };
  const self = rows.find((row) => row.pid === pid);
  if (self) found.push(self);
  walk(pid);
  return found;
}

const started = performance.now();
const child = spawn(command[0], command.slice(1), {
  env: { ...process.env, PORT: String(port) },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});
let exited = false;
child.on('exit', () => (exited = true));

let readyMs = null;
while (readyMs === null && !exited && performance.now() - started < 180_000) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    if (response.status === 200) readyMs = performance.now() - started;
  } catch {
    // not listening yet
  }
  if (readyMs === null) await new Promise((resolve) => setTimeout(resolve, 50));
}
if (readyMs === null) {
  console.error('never answered 200 on /readyz');
  process.kill(-child.pid, 'SIGKILL');
  process.exit(1);
}
await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
const processes = tree(child.pid);
const total = processes.reduce((sum, row) => sum + row.rss, 0);
const largest = processes.reduce((max, row) => (row.rss > max.rss ? row : max), processes[0]);
console.info(
  JSON.stringify(
    {
      command: command.join(' '),
      readySeconds: Number((readyMs / 1000).toFixed(2)),
      idleSeconds,
      rssTotalMB: Math.round(total / 1024),
      rssLargestMB: Math.round(largest.rss / 1024),
      processes: processes.map(
        (row) => `${row.pid} ${Math.round(row.rss / 1024)} MB ${row.args.slice(0, 80)}`,
      ),
    },
    null,
    2,
  ),
);
process.kill(-child.pid, 'SIGTERM');
await new Promise((resolve) => setTimeout(resolve, 3000));
try {
  process.kill(-child.pid, 'SIGKILL');
} catch {
  // gone
}
