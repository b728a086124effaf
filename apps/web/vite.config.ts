import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { firstRequests } from './build/first-requests.ts';
import { loginBudget } from './build/login-budget.ts';
import { mantineStyles } from './build/mantine-styles.ts';
import { precompiledMessages } from './build/precompiled-messages.ts';
import { precompress } from './build/precompress.ts';

const server = 'http://localhost:3000';
const WORKSPACE_PACKAGE_SOURCE = /[\\/]packages[\\/](api|domain)[\\/]src[\\/]/;

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    precompiledMessages(),
    mantineStyles(import.meta.dirname),
    react(),
    firstRequests(),
    precompress(),
    loginBudget(),
  ],
  server: {
    proxy: {
      '/rest': server,
      '/env.json': server,
      '/healthz': server,
      '/docs': server,
      '/ws': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each route loads (scripts/check-web-budget.mjs).
    manifest: true,
    // No list of files to load beside each lazy screen: inserting those links cost a phone about
    // 20 ms on every signed-in page load, and the lists 4 KB of the login page. The screens most
    // sessions start on are loaded while the login page is idle instead (app/warm-route.ts).
    modulePreload: false,
    rollupOptions: {
      treeshake: {
        // Our workspace packages define schemas and rules at the top of their modules and do
        // nothing else there: a page keeps only the modules it uses, not every schema in zod.
        moduleSideEffects: (id: string) => !WORKSPACE_PACKAGE_SOURCE.test(id),
      },
      output: {
        codeSplitting: {
          // What the first page needs comes in one file beside the entry, not in a score of
          // small shared ones: a browser opens six connections to a server, and on a slow line
          // every further round of requests delays the first screen (docs/performance.md).
          groups: [{ name: 'portal', tags: ['$initial'] }],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Whole screens render in jsdom; on a loaded two-core machine one can take several seconds.
    testTimeout: 30_000,
  },
});
