import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { prepareDatabase } from './db/prepare-database';

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

  const app = await buildApp(config);
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

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void close('SIGINT'));
  process.on('SIGTERM', () => void close('SIGTERM'));

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
