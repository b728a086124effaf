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
          testTimeout: 30_000,
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
