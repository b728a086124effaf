import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const CHECK = resolve(import.meta.dirname, '..', '..', '..', 'scripts', 'check-web-budget.mjs');

/**
 * Ends every web build with the login page's JavaScript budget (scripts/check-web-budget.mjs),
 * so `npm run build:web` and `npm start`'s build print the figure and fail when the page grew.
 */
export function loginBudget(): Plugin {
  let outDir = '';
  return {
    name: 'klik-login-budget',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const result = spawnSync(process.execPath, [CHECK, outDir], {
        stdio: 'inherit',
      });
      if (result.status !== 0) {
        throw new Error(`the login page is over its JavaScript budget (exit ${result.status})`);
      }
    },
  };
}
