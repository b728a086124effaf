import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  /** After this long the process exits even if requests are still running. */
  timeoutMs: number;
  log: FastifyBaseLogger;
  exit?: (code: number) => void;
}

/**
 * Returns the handler for SIGTERM and SIGINT. Closing the app drains it: new requests are answered
 * 503 SHUTTING_DOWN with `Connection: close` (http/refuse-while-closing.ts) while running ones (a
 * click being confirmed) finish, the background jobs stop after their current round, websockets
 * are closed with 1001 (going away) so browsers reconnect, to another instance behind a load
 * balancer; then the database and the bus close. If that takes longer than timeoutMs, the process
 * exits with 1 anyway.
 */
export function shutdownOnSignal(
  app: FastifyInstance,
  { timeoutMs, log, exit = (code) => process.exit(code) }: ShutdownOptions,
): (signal: string) => void {
  let closing = false;
  return (signal) => {
    // Ctrl+C reaches the server twice (from the terminal and forwarded by npm): one shutdown.
    if (closing) return;
    closing = true;
    log.info({ signal, timeoutMs }, 'shutting down: new requests get 503, running ones finish');
    const timer = setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown took too long (SHUTDOWN_TIMEOUT_SECONDS): exiting anyway');
      exit(1);
    }, timeoutMs);
    app.close().then(
      () => {
        clearTimeout(timer);
        log.info('shut down');
        exit(0);
      },
      (error: unknown) => {
        clearTimeout(timer);
        log.error({ err: error }, 'shutdown failed');
        exit(1);
      },
    );
  };
}
