import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig, REPOSITORY_ROOT } from './kernel/config/config';
import { MACHINE_API_DOCS } from './modules/integrations/integrations.plugin';

// npm run lint:api: builds the machine API's OpenAPI document in-process (an in-memory embedded
// database, nothing listens) as GET /docs/api answers it, and lints it with Redocly's rules
// (redocly.yaml at the repository root). The exit code is Redocly's.

async function main(): Promise<number> {
  const config = {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      DOCS: 'true',
      MARKET_FEED: 'none',
      WEB_DIST_DIR: '/nonexistent/klik-web-dist',
      PUBLIC_URL: 'https://klik.example.nl',
    }),
    dataDir: null,
  };
  const app = await buildApp(config);
  let document: string;
  try {
    await app.ready();
    const response = await app.inject({ method: 'GET', url: MACHINE_API_DOCS });
    if (response.statusCode !== 200) {
      console.error(`GET ${MACHINE_API_DOCS} answered ${response.statusCode}: ${response.body}`);
      return 2;
    }
    document = response.body;
  } finally {
    await app.close();
  }
  const dir = mkdtempSync(join(tmpdir(), 'klik-api-'));
  try {
    const file = join(dir, 'klik-integration-api.json');
    writeFileSync(file, document);
    const redocly = join(REPOSITORY_ROOT, 'node_modules', '.bin', 'redocly');
    const run = spawnSync(
      redocly,
      ['lint', file, '--config', join(REPOSITORY_ROOT, 'redocly.yaml')],
      {
        stdio: 'inherit',
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
    );
    return run.status ?? 2;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
