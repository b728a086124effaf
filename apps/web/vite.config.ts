import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const server = 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    proxy: {
      '/rest': server,
      '/env.json': server,
      '/docs': server,
      '/ws': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // Whole screens render in jsdom; on a loaded two-core machine one can take several seconds.
    testTimeout: 15_000,
  },
});
