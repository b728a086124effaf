import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run covers every workspace; each project keeps its own environment.
// Under CI each run also writes a JSON report that scripts/test-summary.mjs adds up.
const reportName = process.env.TEST_DATABASE_URL ? 'vitest-postgres' : 'vitest';
const reporters = process.env.CI
  ? ['default', ['json', { outputFile: `.reports/${reportName}.json` }] as [string, object]]
  : ['default'];

export default defineConfig({
  test: {
    reporters,
    // Vitest keeps one core free by default, which on a two-core CI machine means one test file
    // at a time. The main process mostly waits, and the tests wait on PostgreSQL, Redis and
    // sockets, so every core runs a worker.
    maxWorkers: Math.max(availableParallelism(), 2),
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          root: 'packages/api',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./test/setup.ts'],
          // A file's first test often builds its app; on a busy two-core machine that alone has
          // taken 30 s.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vite.config.ts',
    ],
    coverage: {
      provider: 'v8',
      reporter: ['text-summary', 'text', ['text', { file: 'coverage.txt' }]],
      // CI prints the table again at its end, also after a failing test.
      reportsDirectory: '.reports/coverage',
      reportOnFailure: true,
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/index.ts'],
      thresholds: {
        lines: 100,
        branches: 100,
        functions: 100,
        statements: 100,
      },
    },
  },
});
