import { buildApp } from './app';
import { ConfigError, loadConfig } from './kernel/config/config';
import { prepareDatabase } from './demo/prepare-database';
import { claimInstance, InstanceConflictError } from './instance-guard';
import { shutdownOnSignal } from './shutdown';
import { unreachableDependency } from './reachability';
import { serveBackups } from './operations/backup-socket';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Another Klik on this DATA_DIR or port: one line, before the database is opened.
  let lock;
  try {
    lock = await claimInstance(config);
  } catch (error) {
    if (error instanceof InstanceConflictError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  process.on('exit', () => lock?.release());

  const app = await buildApp(config);
  // PostgreSQL or Redis out of reach at start: one line naming the variable, not a stack.
  const unreachable = await unreachableDependency(config, app.deps);
  if (unreachable) {
    console.error(unreachable);
    await app.close().catch(() => {});
    process.exit(1);
  }
  const { applied, seeded } = await prepareDatabase(app.deps.db, {
    seedDemo: config.seedDemo,
    now: app.deps.now,
  });
  if (applied.length > 0) app.log.info({ applied }, 'database migrated');
  if (config.clockStart) {
    app.log.warn(
      { clockStart: config.clockStart.toISOString() },
      'the portal clock is shifted (CLOCK_START): never in production',
    );
  }
  if (seeded) {
    app.log.warn('empty database filled with demo data (set SEED_DEMO=false in production)');
  }

  // `npm run backup` asks this process for a consistent copy of the embedded database.
  const backups =
    config.dataDir && !config.databaseUrl
      ? await serveBackups(config.dataDir, app.deps.db, app.log)
      : null;
  process.on('exit', () => void backups?.close());

  const shutdown = shutdownOnSignal(app, { timeoutMs: config.shutdownTimeoutMs, log: app.log });
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.startBackgroundJobs();
  app.log.info(
    { database: config.databaseUrl ? 'postgresql' : `pglite in ${config.dataDir}` },
    'Klik is running',
  );
}

main().catch((error: unknown) => {
  console.error('Klik failed to start:', error);
  process.exit(1);
});
