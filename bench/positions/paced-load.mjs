// A fixed-rate load, run in a worker thread: requests leave at evenly spaced instants whatever
// the answers do (an open loop), and each latency is measured from the instant the request was
// due, so a slow answer that delays the next request is counted against the server too.
// autocannon's own rate limit sends each second's quota back to back, which measures bursts.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

// timeoutMs (optional): a request without an answer by then is given up and counted as an error.
const { url, headers, rate, durationMs, connections, timeoutMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const interval = 1000 / rate;
const latencies = [];
let errors = 0;
let inFlight = 0;
let sent = 0;
const start = performance.now();
const total = Math.floor(durationMs / interval);

function fire(due) {
  inFlight += 1;
  // Exactly one outcome per request: an answer, or a failure of the request or of its answer (a
  // connection cut while the body streams fails the answer, not the request).
  let settled = false;
  const fail = () => {
    if (settled) return;
    settled = true;
    errors += 1;
    settle();
  };
  const request = http.get(url, { agent, headers }, (response) => {
    response.on('data', () => {});
    response.on('error', fail);
    response.on('aborted', fail);
    response.on('end', () => {
      if (settled) return;
      settled = true;
      latencies.push(performance.now() - due);
      if (response.statusCode !== 200) errors += 1;
      settle();
    });
  });
  if (timeoutMs) request.setTimeout(timeoutMs, () => request.destroy(new Error('timed out')));
  request.on('error', fail);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function settle() {
  inFlight -= 1;
  if (sent === total && inFlight === 0) {
    const elapsed = (performance.now() - start) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    agent.destroy();
    parentPort.postMessage({
      requestsPerSecond: latencies.length / elapsed,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      errors,
    });
  }
}

function tick() {
  const now = performance.now();
  while (sent < total && start + sent * interval <= now) {
    fire(start + sent * interval);
    sent += 1;
  }
  if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
}

tick();
